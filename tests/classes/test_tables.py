"""Game tables students share (chililab.classes.tables), on SQLite and PostgreSQL (conftest.py): opening and
joining, a game of Chili Loco played to the end by two students and bots through the store, the refusals
(another seat's move, a stale step, a move at the wrong moment) that change nothing, two pages racing for one
step, a table surviving a new Store, the finished record, and a seat's view without anyone else's cards."""
from __future__ import annotations

import random
import threading

import pytest

from chililab.classes.codes import ClassError
from chililab.classes.store import Store
from chililab.classes.tables import StaleStep
from chililab.engine import IllegalMove
from chililab.engine.errors import ConfigError
from chililab.engine.registry import get

SEED = 11


def _class(store):
    c = store.start_class("Tables")
    t = store.teacher(c.code, c.teacher_token)
    ana, _ = store.join(c.code, "Ana")
    ben, _ = store.join(c.code, "Ben")
    return c, t, ana, ben


def _loco_table(store, ana, ben, seats=4, seed=SEED):
    """A Loco table Ana opened (seat 0), Ben at seat 1, started: the other seats are bots."""
    table = store.open_table(ana, "loco", {"tie_method": "coin_flip"}, seats=seats, bots="rules", seed=seed)
    assert store.join_table(ben, table) == 1
    store.start_table(ana, table)
    return table


def _snapshot(store, t, table):
    """What a refusal must leave unchanged: the step, the fingerprint and the stored record."""
    state = store.table_state(t, table)
    return state["step"], state["fingerprint"], store.table_record(t, table)


def _students_turn(store, table, *who):
    """Play bots until one of ``who`` must choose: that student and their table state (None: the game is over)."""
    store.play_bots(who[0], table)
    for s in who:
        state = store.table_state(s, table)
        if state["legal"]:
            return s, state
    assert store.table_state(who[0], table)["status"] == "finished"
    return None, None


def _two_pages_at_once(store_url, act) -> list:
    """``act(store, k)`` run by two pages at the same moment (threads, each with its own Store): their results."""
    pages = [Store.open(store_url) for _ in range(2)]
    start = threading.Barrier(2)
    results: list = [None, None]

    def page(k):
        start.wait()
        results[k] = act(pages[k], k)

    threads = [threading.Thread(target=page, args=(k,)) for k in range(2)]
    for th in threads:
        th.start()
    for th in threads:
        th.join(timeout=300)
    for p in pages:
        p.close()
    return results


def test_open_join_and_a_full_or_closed_table(store):
    c, t, ana, ben = _class(store)
    carl, _ = store.join(c.code, "Carl")
    table = store.open_table(ana, "loco", {}, seats=2, seed=SEED)
    assert store.tables(t)[0]["sitting"] == [
        {"seat": 0, "taken": True, "you": False, "student": "Ana", "bot": "rules", "away": False},
        {"seat": 1, "taken": False, "you": False, "student": None, "bot": "rules", "away": False}]
    assert [(x["taken"], x["you"], x["student"]) for x in store.tables(ben)[0]["sitting"]] == [
        (True, False, None), (False, False, None)]  # a student's page names no other student
    assert store.table_state(ana, table)["status"] == "open"
    with pytest.raises(ClassError, match="seat 0 of table .* is taken"):
        store.join_table(ben, table, seat=0)
    with pytest.raises(ClassError, match="has seats 0 to 1"):
        store.join_table(ben, table, seat=5)
    assert store.join_table(ben, table) == 1
    assert store.join_table(ben, table) == 1  # sitting there already: the same seat
    state = store.table_state(ben, table)
    assert state["status"] == "playing"  # the last free seat started the game
    assert [(x["taken"], x["you"], x["student"]) for x in state["seats"]] == [(True, False, None), (True, True, None)]
    with pytest.raises(ClassError, match="is full: all its 2 seats are taken"):
        store.join_table(carl, table)
    # a table started with free seats (bots play them) takes nobody; a closed one neither
    other = store.open_table(t, "loco", {}, seats=3, seed=SEED)
    assert store.table_state(t, other)["seats"][0]["student"] is None  # the teacher sits at no table
    with pytest.raises(ClassError, match="only whoever opened this table"):
        store.start_table(ana, other)
    store.start_table(t, other)
    with pytest.raises(ClassError, match="is playing: no one may join it now"):
        store.join_table(carl, other)
    third = store.open_table(carl, "loco", {}, seats=3, seed=SEED)
    store.close_table(carl, third)
    with pytest.raises(ClassError, match="is closed"):
        store.join_table(ana, third)
    with pytest.raises(ClassError, match="no table"):
        store.join_table(ana, 10_000)


def test_opening_checks_the_game_its_options_and_bots(store):
    _, t, ana, _ = _class(store)
    with pytest.raises(ConfigError, match="unknown game"):
        store.open_table(ana, "poker")
    with pytest.raises(ConfigError, match="needs 2 to 10 players"):
        store.open_table(ana, "loco", seats=11)
    with pytest.raises(ConfigError, match="tie_method"):
        store.open_table(ana, "loco", {"tie_method": "arm wrestling"})
    with pytest.raises(ConfigError, match="unknown agent"):
        store.open_table(ana, "loco", bots="genius")
    with pytest.raises(ClassError, match="only by whoever runs chililab"):
        store.open_table(ana, "loco", {"sign_registry": "/tmp/x"})
    assert store.tables(t) == []


def test_a_game_of_loco_played_to_the_end_by_two_students_and_bots(store):
    _, t, ana, ben = _class(store)
    table = _loco_table(store, ana, ben)
    agent, rng = get("loco").agent("rules"), random.Random(SEED)
    moves = {0: 0, 1: 0}
    while True:
        s, state = _students_turn(store, table, ana, ben)
        if s is None:
            break
        assert {m.player for m in state["legal"]} == {state["seat"]}
        move = agent.choose(state["view"], state["legal"], rng)
        assert store.submit_move(s, table, state["next_step"], move.to_dict()) == state["next_step"]
        moves[state["seat"]] += 1
    assert moves[0] > 0 and moves[1] > 0
    end = store.table_state(ana, table)
    assert end["status"] == "finished" and end["result"] is not None and end["legal"] == []
    assert store.play_bots(t, table) == 0
    with pytest.raises(ClassError, match="is finished"):
        store.submit_move(ana, table, end["next_step"], {"move": "Draw", "player": 0})
    # the record is kept and replays to the same game
    record = store.table_record(ana, table)
    assert record == store.table_record(t, table) and len(record["moves"]) == end["step"]
    game = get("loco").replay(record)
    assert game.over and game.fingerprint() == store.table_state(t, table)["fingerprint"]
    with Store.open(store.url) as fresh:  # another process's store rebuilds it from the moves alone
        assert fresh.table_state(t, table)["fingerprint"] == game.fingerprint()


def test_a_move_for_another_seat_or_at_the_wrong_moment_is_refused_and_nothing_changes(store):
    _, t, ana, ben = _class(store)
    table = _loco_table(store, ana, ben)
    s, state = _students_turn(store, table, ana, ben)
    other = ben if s is ana else ana
    before = _snapshot(store, t, table)
    move = state["legal"][0]
    with pytest.raises(ClassError, match=f"you play seat {1 - state['seat']} at this table: this move is seat "
                                         f"{state['seat']}'s"):
        store.submit_move(other, table, state["next_step"], move.to_dict())
    assert _snapshot(store, t, table) == before
    # the other student's own move now: not their turn, by the rules
    waiting = store.table_state(other, table)
    assert waiting["legal"] == []
    with pytest.raises(IllegalMove) as refused:
        store.submit_move(other, table, state["next_step"], {"move": "Draw", "player": waiting["seat"]})
    assert refused.value.rule.startswith("LOCO-") and refused.value.reason
    assert _snapshot(store, t, table) == before
    with pytest.raises(ClassError, match="not a move of loco"):
        store.submit_move(s, table, state["next_step"], {"move": "Teleport", "player": state["seat"]})
    with pytest.raises(ClassError, match="not a move of loco"):
        store.submit_move(s, table, state["next_step"], "draw")
    assert _snapshot(store, t, table) == before
    # a student of another class, or without a seat, plays nothing here
    with pytest.raises(ClassError, match="no seat"):
        carl, _ = store.join(store.info(t)["code"], "Carl")
        store.submit_move(carl, table, state["next_step"], move.to_dict())
    assert _snapshot(store, t, table) == before


def test_a_stale_or_replayed_step_is_refused(store):
    _, t, ana, ben = _class(store)
    table = _loco_table(store, ana, ben)
    s, state = _students_turn(store, table, ana, ben)
    move = state["legal"][0]
    with pytest.raises(StaleStep, match=f"at step {state['step']}"):
        store.submit_move(s, table, state["next_step"] + 1, move)  # a step the table has not reached
    store.submit_move(s, table, state["next_step"], move)
    before = _snapshot(store, t, table)
    with pytest.raises(StaleStep) as stale:  # the same move sent again (a retry, an old page)
        store.submit_move(s, table, state["next_step"], move)
    assert stale.value.step == state["next_step"]
    assert _snapshot(store, t, table) == before


def test_two_pages_sending_the_same_step_at_once_store_one(store_url):
    with Store.open(store_url) as store:
        _, t, ana, ben = _class(store)
        table = _loco_table(store, ana, ben)
        s, state = _students_turn(store, table, ana, ben)
    moves = [state["legal"][0], state["legal"][-1]]

    def page(store, k):
        try:
            return store.submit_move(s, table, state["next_step"], moves[k])
        except StaleStep as e:
            return e

    outcomes = _two_pages_at_once(store_url, page)
    assert sorted(type(o).__name__ for o in outcomes) == ["StaleStep", "int"]
    won = outcomes.index(state["next_step"])
    with Store.open(store_url) as store:
        record = store.table_record(t, table)
        assert len(record["moves"]) == state["next_step"]
        assert record["moves"][-1] == moves[won].to_dict()


def test_the_step_is_unique_in_the_database_itself(store):
    """The ordering authority is the UNIQUE (table, step) constraint, whatever a writer read before."""
    import sqlalchemy as sa

    from chililab.classes.schema import table_moves

    _, t, ana, ben = _class(store)
    table = _loco_table(store, ana, ben)
    s, state = _students_turn(store, table, ana, ben)
    store.submit_move(s, table, state["next_step"], state["legal"][0])
    row = {"table_id": table, "step": 1, "seat": 0, "move": "{}", "at": 0.0}
    with pytest.raises(sa.exc.IntegrityError), store.engine.begin() as conn:
        conn.execute(table_moves.insert().values(**row))


def test_a_table_survives_a_new_store(store_url):
    with Store.open(store_url) as store:
        _, t, ana, ben = _class(store)
        table = _loco_table(store, ana, ben)
        s, state = _students_turn(store, table, ana, ben)
        store.submit_move(s, table, state["next_step"], state["legal"][0])
        before = store.table_state(t, table)
    with Store.open(store_url) as store:  # a restarted server: nothing but the database
        again = store.table_state(t, table)
        assert (again["step"], again["fingerprint"], again["status"]) == (before["step"], before["fingerprint"],
                                                                          "playing")
        s, state = _students_turn(store, table, ana, ben)
        assert store.submit_move(s, table, state["next_step"], state["legal"][0]) == state["next_step"]


def test_a_students_read_shows_only_their_seats_cards(store):
    c, t, ana, ben = _class(store)
    table = _loco_table(store, ana, ben)
    store.play_bots(t, table)
    everything = store.table_state(t, table)["view"]
    for s, seat in ((ana, 0), (ben, 1)):
        state = store.table_state(s, table)
        view = state["view"]
        assert state["seat"] == seat and view.seat == seat and "fingerprint" not in state
        assert set(view.hands) == {seat} and view.hand == everything.hands[seat]
        assert view.draw_pile is None and everything.draw_pile  # the draw pile: the teacher's view only
        assert view.hand_counts == everything.hand_counts  # the others' hands: counts only
        others = {card.id for k, hand in everything.hands.items() if k != seat for card in hand}
        assert others and not others & {card.id for card in view.hand}
    with pytest.raises(ClassError, match="still playing: its record is shown once it is over"):
        store.table_record(ana, table)
    carl, _ = store.join(c.code, "Carl")  # in the class, not at the table: no seat's view at all
    state = store.table_state(carl, table)
    assert state["view"] is None and state["legal"] == [] and state["events"] == []


def test_a_removed_students_seat_is_played_by_its_bot_and_a_deleted_class_takes_its_tables(store):
    _, t, ana, ben = _class(store)
    table = _loco_table(store, ana, ben)
    store.remove(t, ben.student_id)
    seats = store.table_state(t, table)["seats"]
    assert [(x["student"], x["bot"]) for x in seats[:2]] == [("Ana", "rules"), (None, "rules")]
    with pytest.raises(ClassError, match="no longer in this class"):
        store.table_state(ben, table)
    s, state = _students_turn(store, table, ana)  # the bots play Ben's seat too now
    assert s is None or s is ana
    store.delete_class(t)
    import sqlalchemy as sa

    with store.engine.connect() as conn:
        for name in ("tables", "table_seats", "table_moves"):
            assert conn.execute(sa.text(f"SELECT count(*) FROM {name}")).scalar_one() == 0


def test_the_class_export_holds_each_table_and_its_record(store, tmp_path):
    import csv
    import json

    from chililab.classes.export import export

    _, t, ana, ben = _class(store)
    table = _loco_table(store, ana, ben, seats=3)
    store.play_bots(t, table)
    export(store, t, tmp_path, formats=("csv",))
    with (tmp_path / f"class-{t.code}-tables.csv").open(encoding="utf-8") as f:
        rows = list(csv.DictReader(f))
    assert [(r["id"], r["game"], r["status"], json.loads(r["sitting"])) for r in rows] == [
        (str(table), "loco", "playing", ["Ana", "Ben", None])]
    game = get("loco").replay(json.loads(rows[0]["record"]))
    assert game.fingerprint() == store.table_state(t, table)["fingerprint"]


@pytest.mark.parametrize("game", ["aycc", "loco", "mafia"])
def test_every_game_plays_at_a_table_of_bots_and_its_record_replays(store, game):
    _, t, _, _ = _class(store)
    table = store.open_table(t, game, {}, seed=SEED)
    store.start_table(t, table)
    played = store.play_bots(t, table)
    state = store.table_state(t, table)
    assert state["status"] == "finished" and played == state["step"] > 0
    assert get(game).replay(store.table_record(t, table)).fingerprint() == state["fingerprint"]


def test_two_pages_playing_the_bots_at_once_store_each_step_once(store_url):
    """A bot's move depends on the table's seed and the step only: two pages playing the bots of one table at
    once store the same game as one page alone."""
    with Store.open(store_url) as store:
        _, t, _, _ = _class(store)
        alone, raced = (store.open_table(t, "loco", {}, seats=4, seed=SEED) for _ in range(2))
        for table in (alone, raced):
            store.start_table(t, table)
        store.play_bots(t, alone)
    played = _two_pages_at_once(store_url, lambda store, k: store.play_bots(t, raced))
    with Store.open(store_url) as store:
        one, two = store.table_state(t, alone), store.table_state(t, raced)
        assert two["status"] == "finished" and sum(played) == two["step"] == one["step"]
        assert store.table_record(t, raced)["moves"] == store.table_record(t, alone)["moves"]


def test_the_teacher_seats_the_class_at_tables_and_bots_fill_the_rest(store):
    c, t, ana, ben = _class(store)
    others = [store.join(c.code, name)[0] for name in ("Carl", "Dee", "Eve", "Fay")]
    order = [ana, ben, *others]
    tables = store.seat_class(t, "loco", 4, {"tie_method": "coin_flip"}, bots="random", answer_secs=30)
    assert len(tables) == 2
    listed = {x["id"]: x for x in store.tables(t)}
    assert sorted(listed) == sorted(tables)
    first, second = (listed[k] for k in tables)
    assert [x["student"] for x in first["sitting"]] == ["Ana", "Ben", "Carl", "Dee"]  # in the order they joined
    assert [x["student"] for x in second["sitting"]] == ["Eve", "Fay", None, None]
    assert {x["bot"] for x in first["sitting"] + second["sitting"]} == {"random"}
    for x in (first, second):
        assert (x["game"], x["seats"], x["status"], x["answer_secs"], x["mine"]) == ("loco", 4, "playing", 30, False)
    assert store.table_record(t, tables[0])["options"]["tie_method"] == "coin_flip"
    assert store.table_record(t, tables[0])["seed"] != store.table_record(t, tables[1])["seed"]
    # each student is at their seat and plays it; the bots play Eve's table's empty seats
    for k, s in enumerate(order):
        state = store.table_state(s, tables[k // 4])
        assert state["seat"] == k % 4 and state["status"] == "playing"
    store.play_bots(t, tables[1])  # until Eve or Fay must choose
    state = store.table_state(t, tables[1])
    assert state["status"] == "playing" and set(state["view"].decision.players) <= {0, 1}
    # seated students are skipped: a newcomer gets a table of their own (three bots); then nobody is left
    gus, _ = store.join(c.code, "Gus")
    (third,) = store.seat_class(t, "mafia", 3)
    assert [x["student"] for x in store.table_state(t, third)["seats"]] == ["Gus", None, None]
    with pytest.raises(ClassError, match="every student is at a table already"):
        store.seat_class(t, "loco", 2)
    # a table ended frees its students; given ids are seated in the order given
    store.close_table(t, tables[0])
    again = store.seat_class(t, "aycc", 2, students=[ben.student_id, ana.student_id, gus.student_id])
    assert [[x["student"] for x in store.table_state(t, k)["seats"]] for k in again] == [["Ben", "Ana"]]


def test_seating_the_class_refuses_and_stores_nothing(store, monkeypatch):
    from chililab.classes import tables as tables_module

    c = store.start_class("Empty")
    t = store.teacher(c.code, c.teacher_token)
    with pytest.raises(ClassError, match="nobody to seat: no student has joined the class yet"):
        store.seat_class(t, "loco", 4)
    ana, _ = store.join(c.code, "Ana")
    for bad in (1, 11, "4", 4.0, True):
        with pytest.raises(ClassError, match="Chili Loco is played by 2 to 10 players"):
            store.seat_class(t, "loco", bad)
    with pytest.raises(ClassError, match="no student 99999"):
        store.seat_class(t, "loco", 4, students=[ana.student_id, 99999])
    with pytest.raises(ClassError, match="time to answer"):
        store.seat_class(t, "loco", 4, answer_secs=7)
    with pytest.raises(ConfigError, match="unknown agent"):
        store.seat_class(t, "loco", 4, bots="genius")
    with pytest.raises(ClassError, match="only the teacher"):
        store.seat_class(ana, "loco", 4)
    assert store.tables(t) == []
    for name in ("Ben", "Carl"):
        store.join(c.code, name)
    monkeypatch.setattr(tables_module, "MAX_LIVE_TABLES", 2)
    store.open_table(t, "loco", seats=2)
    with pytest.raises(ClassError, match="2 more tables would make 3 open or playing, and a class has at most 2"):
        store.seat_class(t, "loco", 2)
    assert len(store.tables(t)) == 1
    assert len(store.seat_class(t, "loco", 3)) == 1  # one more table fits


def test_two_pages_seating_the_class_at_once_seat_each_student_once(store_url):
    get("loco")  # the registry loaded before the threads (its first load is not safe from two threads at once)
    with Store.open(store_url) as store:
        c, t, _, _ = _class(store)
        for name in ("Carl", "Dee", "Eve"):
            store.join(c.code, name)

    def page(store, k):
        try:
            return store.seat_class(t, "loco", 2)
        except ClassError as e:
            return e

    results = _two_pages_at_once(store_url, page)
    assert sorted(type(r).__name__ for r in results) == ["ClassError", "list"]
    assert "every student is at a table already" in str(next(r for r in results if isinstance(r, ClassError)))
    with Store.open(store_url) as store:
        sitting = [x["student"] for r in store.tables(t) for x in r["sitting"] if x["taken"]]
        assert sorted(sitting) == ["Ana", "Ben", "Carl", "Dee", "Eve"] and len(store.tables(t)) == 3


def test_a_table_at_a_lessons_position_plays_on_from_it(store):
    """The teacher seats the class at a lesson's prepared position: the table's record is the lesson's (setup and
    the moves that reach it), so every seat starts where the lesson explains."""
    from chililab.engine import registry

    c, t, ana, ben = _class(store)
    [table] = store.seat_class(t, "mafia", 2, lesson="fuggedaboutit")
    le = registry.get("mafia").lesson("fuggedaboutit")
    want = le.build()
    state = store.table_state(t, table)
    assert state["status"] == "playing" and state["fingerprint"] == want.fingerprint()
    assert store.table_record(t, table)["setup"] == want.record["setup"]
    seat = le.seat
    me = ana if store.table_state(ana, table)["seat"] == seat else ben
    mine = store.table_state(me, table)
    assert mine["seat"] == seat and mine["legal"] == want.legal_moves(seat)
    store.submit_move(me, table, mine["next_step"], mine["legal"][0])
    assert store.table_state(t, table)["step"] == want.step + 1
    with pytest.raises(ClassError, match="has no lesson"):
        store.seat_class(t, "mafia", 2, lesson="no-such-lesson")
    with pytest.raises(ClassError, match="played by 2 players, not 4"):
        store.open_table(t, "mafia", seats=4, lesson="fuggedaboutit")
