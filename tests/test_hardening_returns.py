"""Nothing a game hands out lets a caller change it (issue 8 item 5).

Records are copies, options, setups and event data are read-only, the fingerprint
covers the options, a move altered behind its frozen dataclass is refused, bots
answer only for their own seat, and seat and step arguments are whole numbers in range.
"""
import contextlib
import random

import pytest

from chililab import loco
from chililab.agents import RandomAgent, play_game
from chililab.agents.base import AgentError
from chililab.control import Controller
from chililab.engine import IllegalMove


def _game(seed=7, players=4, steps=10, **options):
    g = loco.new_game(players=players, seed=seed, **options)
    rng = random.Random(seed)
    for _ in range(steps):
        g.apply(rng.choice(g.legal_moves()))
    return g


def _scenario():
    return loco.scenario(hands=[["G-Bell", "G-Ghost"], ["R-Ghost", "Y-Bell"], ["Y-Cayenne", "Y-Habanero"],
                                ["P-Jalapeno", "P-Habanero"]],
                         pile=["R-Cherry"], current=1, draw=["P-Cherry"])


# ------------------------------------------------------------ records, options, setup


def test_editing_the_returned_record_changes_nothing():
    g = loco.new_game(players=4, seed=7, deck=["R-Bell"])
    fp, text, legal = g.fingerprint(), g.to_json(), g.legal_moves()
    rec = g.record
    rec["options"]["help_requests_per_turn_cap"] = 0
    rec["options"]["reaction_model"]["model"] = "skill"
    rec["setup"]["deck"].reverse()
    rec["moves"].append({"move": "Pass", "player": 0})
    assert g.fingerprint() == fp and g.to_json() == text and g.legal_moves() == legal
    assert g.record["options"]["help_requests_per_turn_cap"] == 10


def test_options_and_setup_are_read_only():
    g = loco.new_game(players=4, seed=7, deck=["R-Bell"], personal_recipes=["reveal_hand", "terrible_accent"])
    fp, text = g.fingerprint(), g.to_json()
    with pytest.raises(TypeError):
        g.options["help_requests_per_turn_cap"] = 0
    with pytest.raises(TypeError):
        g.options["reaction_model"]["model"] = "skill"
    with pytest.raises((TypeError, AttributeError)):
        g.options["personal_recipes"].append("x")
    with pytest.raises((TypeError, AttributeError)):
        g.setup["deck"].reverse()
    with pytest.raises(TypeError):
        g.setup["deck"][0] = 3
    assert g.fingerprint() == fp and g.to_json() == text
    assert g.options["personal_recipes"] == ["reveal_hand", "terrible_accent"]


def test_options_given_to_the_game_are_not_shared_with_the_caller():
    from chililab.games.loco.rules.game import LocoGame
    from chililab.games.loco.rules.options import normalize_options

    opts = normalize_options({"players": 3})
    g = LocoGame(opts, 5)
    fp = g.fingerprint()
    opts["help_requests_per_turn_cap"] = 0
    assert g.fingerprint() == fp and g.options["help_requests_per_turn_cap"] == 10


def test_the_fingerprint_covers_the_options():
    a = loco.new_game(players=4, seed=7)
    b = loco.new_game(players=4, seed=7, help_requests_per_turn_cap=0)
    c = loco.new_game(players=4, seed=7, tie_method="table_vote")
    assert len({a.fingerprint(), b.fingerprint(), c.fingerprint()}) == 3
    assert loco.replay(b.to_json()).fingerprint() == b.fingerprint()


def test_event_data_is_read_only():
    g = _game(steps=30)
    events = [e for e in g.events() if e.data]
    assert events
    fp, log = g.fingerprint(), [list(e) for e in g.events()]
    for e in events:
        with pytest.raises(TypeError):
            e.data["seat"] = 99
        if "cards" in e.data:
            with pytest.raises((TypeError, AttributeError)):
                e.data["cards"].append(1)
    assert g.fingerprint() == fp and [list(e) for e in g.events()] == log


# ------------------------------------------------------------ a tampered move


@contextlib.contextmanager
def altered(move, field, value):
    """``move`` altered behind its frozen dataclass, restored afterwards (the rules reuse move objects)."""
    old = getattr(move, field)
    object.__setattr__(move, field, value)
    try:
        yield move
    finally:
        object.__setattr__(move, field, old)


@pytest.mark.parametrize("field, value", [("player", 3), ("player", 0)])
def test_a_move_altered_behind_its_frozen_dataclass_is_refused(field, value):
    g = _scenario()
    g.apply(loco.AskHelp(1))
    (m,) = [m for m in g.legal_moves() if isinstance(m, loco.Pass)]      # P2's Pass in the help window
    fp, step = g.fingerprint(), g.step
    with altered(m, field, value):
        with pytest.raises(IllegalMove, match="altered"):
            g.apply(m)
        assert not g.is_legal(m)
        # the rules hand the same object out in later games: it is refused there too
        later = _scenario()
        later.apply(loco.AskHelp(1))
        assert any(x is m for x in later.legal_moves())
        with pytest.raises(IllegalMove):
            later.apply(m)
    assert g.fingerprint() == fp and g.step == step and g.legal_moves()
    g.apply(m)                                         # restored: the move it always was
    assert g.step == step + 1


def test_a_tampered_card_is_refused_through_the_seat_list_too():
    g = _scenario()
    lay = next(m for m in g.legal_moves(1) if isinstance(m, loco.Lay))
    other = g.state.hands[2][0]
    fp = g.fingerprint()
    with altered(lay, "cards", (other,)):
        with pytest.raises(IllegalMove):
            g.apply(lay)
    assert g.fingerprint() == fp and other in g.state.hands[2]


# ------------------------------------------------------------ bots answer for their own seat


class Impostor:
    """Answers for the next seat when it can (a bot at seat 0 answering ``Pass(1)`` for seat 1)."""

    name = "impostor"

    def choose(self, view, legal_moves, rng):
        return type(legal_moves[0])(*((view.seat + 1) % view.players if f == "player" else getattr(legal_moves[0], f)
                                      for f in legal_moves[0].__dataclass_fields__))


def test_play_game_refuses_a_bot_move_for_another_seat():
    g = loco.new_game(players=4, seed=7)
    fp = g.fingerprint()
    with pytest.raises(AgentError, match="seat"):
        play_game(g, {0: Impostor(), 1: RandomAgent(), 2: Impostor(), 3: Impostor()})
    assert g.step == 0 and g.fingerprint() == fp


def test_the_stepper_refuses_a_bot_move_for_another_seat():
    c = Controller(loco.new_game(players=4, seed=7), seat=None, agent=Impostor())
    fp = c.game.fingerprint()
    with pytest.raises(AgentError, match="seat"):
        c.forward()
    assert c.game.step == 0 and c.game.fingerprint() == fp


# ------------------------------------------------------------ seats and steps are whole numbers in range


@pytest.mark.parametrize("call", [
    lambda g: g.goto(True), lambda g: g.goto(-1), lambda g: g.goto(1.0),
    lambda g: g.view(True), lambda g: g.view(-1), lambda g: g.view(4),
    lambda g: g.legal_moves(-1), lambda g: g.legal_moves(True), lambda g: g.legal_moves(4),
    lambda g: g.legal_moves("1"),
    lambda g: g.events(step=-1), lambda g: g.events(step=True), lambda g: g.events(step=11),
    lambda g: g.events(viewer=True), lambda g: g.events(viewer=-1),
])
def test_seat_and_step_arguments_out_of_range_are_refused(call):
    g = _game(steps=10)
    fp, step, legal = g.fingerprint(), g.step, g.legal_moves()
    with pytest.raises(ValueError) as e:
        call(g)
    assert "seat" in str(e.value) or "step" in str(e.value)
    assert g.fingerprint() == fp and g.step == step and g.legal_moves() == legal


def test_seat_and_step_arguments_in_range_still_work():
    g = _game(steps=10)
    assert g.events(step=10) == g.events(step=g.step)
    assert g.legal_moves(3) == [m for m in g.legal_moves() if m.player == 3]
    g.goto(0)
    g.goto(10)
    assert g.view(3).seat == 3 and g.step == 10
