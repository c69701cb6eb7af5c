"""A Chili Mafia seat's knowledge and the worlds dealt from it (chililab/games/mafia/rules/unseen.py, issue 26).

Positions come from seeded random games at 2-8 players with the options varied (team mode, Advanced Mode,
Goodfellas peppers and Hot Properties, the promos, the Dawn Raid's depth, the interrupt order). For every
seat: a world agrees with everything the seat sees (MAFIA-HP-2, MAFIA-TEAM-2: its view is the real one), holds
the same cards, offers the same moves, really deals, and plays on to the end; a scrambler of this file's own
(not ``deal_unseen``) moves the cards the seat cannot see, and the seat's knowledge and a search bot's choice
do not change.
"""
from __future__ import annotations

import random

import pytest

from chililab.agents import play_game
from chililab.agents.search import SearchAgent
from chililab.engine import registry
from chililab.engine.worlds import Knowledge

SPEC = registry.get("mafia")


def table(seed: int) -> tuple[int, dict]:
    """A seeded table: players 2-8 and options (MAFIA-SETUP-1, MAFIA-TEAM-1)."""
    r = random.Random(f"worlds-{seed}")
    n = 2 + seed % 7
    o: dict = {}
    kind = seed % 6
    if kind == 1 and n in (4, 6, 8):
        o.update(mode="team", teams=3 if n == 6 and r.random() < 0.5 else 2)
    elif kind == 1:
        o.update(advanced=True)
    if kind == 2:
        o.update(goodfellas_peppers=True, hot_properties=True, advanced=r.random() < 0.5)
    if kind == 3:
        o.update(taste_me=True, rumble=True, yatsufusa=True)
    if kind == 4:
        o.update(advanced=True, hot_properties=True, taste_me=True)
    if kind == 5:
        o.update(hot_properties=True, goodfellas_peppers=True, interrupt_order="seeded_random")
    if r.random() < 0.2:
        o["dawn_raid_below_fraction"] = r.choice(("0", "1/2", "1"))
    if r.random() < 0.2:
        o["pinch_insert"] = "exact_middle"
    return n, o


def positions(seeds, every: int):
    """(seed, step, state) every ``every`` steps of random games (the state is the game's own: do not change it)."""
    for seed in seeds:
        n, o = table(seed)
        p = SPEC.new_playout(players=n, seed=seed, **o)
        rng = random.Random(seed)
        step = 0
        while not p.over:
            if step % every == every // 2:
                yield seed, step, p.state
            p.play(rng.choice(p.legal_moves()))
            step += 1


def fields(view) -> dict:
    return dict(view.__dict__)


def same_view(real, world, knowledge) -> bool:
    """``world``'s view of the seat is the real one (a hidden answer taken back is drawn again in the world, so
    who is asked is the same too); in a team's relayed Dawn Raid the other teams answer again (deal_unseen takes
    their drafts back), so only who is asked may differ there."""
    a, b = fields(real), fields(world)
    da, db = a.pop("decision"), b.pop("decision")
    if a != b:
        return False
    if knowledge.state.relay or da.phase == "DAWN_RAID":  # a team's relayed raid: other teams answer again
        return da._replace(players=()) == db._replace(players=())
    return da == db


def card_places(st) -> dict:
    return {i: len(places) for i, places in st.locations().items()}


@pytest.mark.rule("MAFIA-HP-2")
@pytest.mark.rule("MAFIA-TEAM-2")
def test_worlds_agree_with_the_view_keep_every_card_and_offer_the_same_moves():
    """MAFIA-HP-2, MAFIA-TEAM-2, MAFIA-DRAFT-1, MAFIA-DAWN-6, MAFIA-HP-SNOOP-1, MAFIA-HP-LIFELINE-1: over hundreds
    of positions, for every seat, a world's view of the seat is the real one, every card is in exactly one place
    as in the real game (conservation), and the seat's legal moves are the same."""
    checked = 0
    phases = set()
    for seed, step, st in positions(range(60), 11):
        places = card_places(st)
        for seat in range(st.n):
            k = Knowledge(st, seat)
            w = k.world(random.Random(step * 8 + seat))
            where = f"seed {seed} step {step} seat {seat} phase {st.phase}"
            assert same_view(st.view(seat), w.view(seat), k), where
            assert card_places(w) == places, where
            assert all(v == 1 for v in card_places(w).values()), where
            assert w.legal_moves(seat) == st.legal_moves(seat), where
            checked += 1
        phases.add(st.phase)
    assert checked > 1000
    assert {"DRAFT", "TURN_MAIN", "DEFENSE", "END_DRAW"} <= phases, phases


# ---------------------------------------------------------------- an independent scrambler

def public_by_rule(st) -> set[int]:
    """Cards no view lists but whose place is public by rule (unseen.py's docstring): the Dawn Raid in the deck
    (MAFIA-SETUP-7), a resolving Hot card's targets (MAFIA-HOT-PINCH-1), the card a Snoop goes with."""
    ids = {c.id for c in st.draw if c.kind == "dawn_raid"}
    if st.attack is not None:
        ids |= {c.id for c in st.attack.targets} | {c.id for c in st.hit}
    if st.hp_card is not None:
        ids.add(st.hp_card.id)
    return ids


def scramble(st, seat: int, rng: random.Random):
    """A copy of ``st`` in which every card ``seat`` cannot see has swapped places at random with others of its
    kind (chili cards among other hands, packets and the draw deck, a Taste Me card only within the deck; Hot
    Properties among other seats' and the deck; set-aside cards among themselves), and a new random generator."""
    s = st.clone()
    seen = s.view(seat).visible_card_ids() | public_by_rule(s)
    packets = [list(p) for p in s.packets]
    hps = [list(h) for h in s.hps]
    hp_deck, aside = list(s.hp_deck), list(s.aside)
    dime = s.current if s.hp_drawn and s.current != seat else None
    before = list(s.hands[dime]) if dime is not None else None
    chili = [(s.hands[q], i) for q in range(s.n) if q != seat for i in range(len(s.hands[q]))]
    chili += [(packets[q], i) for q in range(s.n) if q != seat for i in range(len(packets[q]))]
    chili += [(s.draw, i) for i in range(len(s.draw))]
    pools = [chili, [(hps[q], i) for q in range(s.n) if q != seat for i in range(len(hps[q]))]
             + [(hp_deck, i) for i in range(len(hp_deck))], [(aside, i) for i in range(len(aside))]]
    for pool in pools:
        slots = [(place, i) for place, i in pool if place[i].id not in seen]
        for _ in range(4 * len(slots)):
            (a, i), (b, j) = rng.choice(slots), rng.choice(slots)
            x, y = a[i], b[j]
            if (x.kind == "taste_me" and b is not s.draw) or (y.kind == "taste_me" and a is not s.draw):
                continue
            a[i], b[j] = y, x
    s.packets = [tuple(p) for p in packets]
    s.hps = [tuple(h) for h in hps]
    s.hp_deck, s.aside = tuple(hp_deck), tuple(aside)
    if before is not None:  # a derived field: the cards a Lucky Dime drew are that hand's (MAFIA-HP-LUCKYDIME-1)
        s.hp_drawn = tuple(s.hands[dime][before.index(c)] for c in s.hp_drawn)
    s.rng = random.Random(rng.getrandbits(32))
    s._lcache = s._lall = None
    return s


@pytest.mark.rule("MAFIA-HP-2")
def test_scrambled_hidden_cards_change_nothing_the_seat_knows():
    """MAFIA-HP-2, MAFIA-TEAM-2, MAFIA-SETUP-6, MAFIA-SETUP-7: whatever the cards a seat cannot see are, its view,
    its knowledge (``Knowledge.key()``) and a search bot's choice from it are the same."""
    rng = random.Random(5)
    searched = 0
    for seed, step, st in positions(range(100, 130), 17):
        for seat in range(st.n):
            s = scramble(st, seat, rng)
            where = f"seed {seed} step {step} seat {seat} phase {st.phase}"
            assert s.view(seat) == st.view(seat), where
            assert card_places(s) == card_places(st), where
            assert Knowledge(s, seat).key() == Knowledge(st, seat).key(), where
            legal = st.legal_moves(seat)
            if len(legal) > 1 and searched < 40 and rng.random() < 0.3:
                searched += 1
                # a fresh bot each time: a bot that has decided in a position plays the rule bot's move there
                a = SearchAgent(30, game="mafia").choose(Knowledge(st, seat), legal, random.Random(7))
                b = SearchAgent(30, game="mafia").choose(Knowledge(s, seat), s.legal_moves(seat), random.Random(7))
                assert a == b, where
    assert searched >= 20


def hidden_parts(st, seat: int) -> tuple:
    others = [q for q in range(st.n) if q != seat]
    return (tuple(tuple(c.id for c in st.hands[q]) for q in others),
            tuple(tuple(c.id for c in st.packets[q]) for q in others), tuple(c.id for c in st.draw),
            tuple(tuple(c.id for c in st.hps[q]) for q in others), tuple(c.id for c in st.hp_deck))


def test_worlds_really_deal():
    """Across rng seeds the worlds' hidden parts (other hands and packets, the draw deck, Hot Properties) differ."""
    tried = 0
    for seed, step, st in positions(range(200, 212), 23):
        if not st.draw:
            continue
        for seat in range(st.n):
            k = Knowledge(st, seat)
            worlds = {hidden_parts(k.world(random.Random(r)), seat) for r in range(4)}
            assert len(worlds) > 1, f"seed {seed} step {step} seat {seat}"
            tried += 1
    assert tried > 50


@pytest.mark.rule("MAFIA-HOT-TURNCOAT-2")
def test_worlds_play_to_the_end():
    """MAFIA-HOT-TURNCOAT-2 (a rival's declared Turncoat can place its pepper in every world), MAFIA-END-1: worlds
    dealt for every seat play on with random moves to a result, with a move open at every decision."""
    played = 0
    for seed, step, st in positions(range(300, 340), 29):
        for seat in range(st.n):
            w = Knowledge(st, seat).world(random.Random(seat))
            rng = random.Random(seed + seat)
            while w.result is None:
                legal = w.legal_moves(w.decision.players[0])
                assert legal, f"seed {seed} step {step} seat {seat}: no move at {w.phase}"
                w.play(rng.choice(legal))
            played += 1
    assert played > 100


def test_estimate_is_a_share():
    """``estimate`` gives each seat a share in [0, 1]; the shares of all seats add up to 1 (MAFIA-SCORE-3: a team
    shares its side's)."""
    for _seed, _step, st in positions(range(400, 412), 31):
        shares = [st.estimate(s) for s in range(st.n)]
        assert all(0 <= x <= 1 for x in shares)
        assert sum(shares) == pytest.approx(1.0)


def test_search_bot_plays_whole_games():
    """``agent("search:20")`` plays a whole game against rule bots through ``play_game``."""
    game = SPEC.new_game(seed=1, players=4)
    agents = [SPEC.agent("rules") for _ in range(4)]
    agents[1] = SPEC.agent("search:20")
    play_game(game, agents, rng=random.Random(1), max_steps=5000)
    assert game.result is not None


def test_search_bot_plays_a_team_game_MAFIA_SWEET_1():
    """The same in team mode with Hot Properties: a Sweet Chili move is free and may be made again and again;
    the search bot once found moving it back and forth worth as much as ending the turn and never ended it. In
    a position it has decided in before it now plays the rule bot's move."""
    game = SPEC.new_game(seed=2, players=4, mode="team", teams=2, hot_properties=True)
    agents = [SPEC.agent("rules") for _ in range(4)]
    agents[2] = SPEC.agent("search:20")
    play_game(game, agents, rng=random.Random(2), max_steps=3000)
