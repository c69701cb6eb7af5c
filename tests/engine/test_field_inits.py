"""FIELDS carrying initial values: RulesBase.new_state sets every declared field (tests/engine/toy.py)."""
import random

import pytest

from chililab.engine import RulesBase
from chililab.engine.fields import Field, Init, option, per_seat, undeclared
from chililab.engine.reaction import reaction_from_spec

from .toy import FLOW, ToyGame, ToyState


class Declared(RulesBase):
    flow = FLOW
    FIELDS = {"hands": Field("lists", per_seat([])), "counts": ("list", per_seat(0)), "colour": ("value", None),
              "seen": ("dict", {}), "deck": ("list", [1, 2, 3]), "grid": ("lists", [[0], [1]]),
              "teams": ("const", option("teams", "none")), "size": ("value", Init(lambda n, o: 2 * n)),
              "later": "value"}  # a plain kind: the game sets it


def new(n=3, **options):
    return Declared.new_state(n, random.Random(1), reaction_from_spec(None), options)


def test_every_field_with_an_initial_value_is_set_and_the_rest_left_to_the_game():
    s = new(3, teams=[[0, 2], [1]])
    assert s.hands == [[], [], []] and s.counts == [0, 0, 0] and s.colour is None and s.seen == {}
    assert s.deck == [1, 2, 3] and s.grid == [[0], [1]] and s.teams == [[0, 2], [1]] and s.size == 6
    assert not hasattr(s, "later")
    assert new(2).teams == "none" and new(2).hands == [[], []]
    assert s.n == 3 and s.phase == FLOW.start and s.answers == {}  # the kernel's fields too
    assert Declared.FIELDS["hands"] == "lists" and Declared.FIELDS["later"] == "value"  # kinds, as before
    assert set(Declared.FIELD_INITS) == set(Declared.FIELDS) - set(RulesBase.KERNEL_FIELDS) - {"later"}


def test_no_two_states_share_a_mutable_initial_value():
    a, b = new(), new()
    a.hands[0].append(5)
    a.counts[1] += 1
    a.seen[0] = 1
    a.deck.append(4)
    a.grid[0].append(9)
    assert b.hands == [[], [], []] and b.counts == [0, 0, 0] and b.seen == {} and b.deck == [1, 2, 3]
    assert b.grid == [[0], [1]] and Declared.FIELD_INITS["deck"] == [1, 2, 3]


def test_clone_and_key_follow_the_kinds_whatever_the_declaration():
    s = new()
    s.later = 1
    c = s.clone()
    c.hands[0].append(1)
    c.counts[0] = 4
    assert s.hands[0] == [] and s.counts[0] == 0 and c.key() != s.key() and s.clone().key() == s.key()


def test_a_bad_declaration_is_refused_when_the_class_is_made():
    with pytest.raises(ValueError, match="declare a kind"):
        class Bad(RulesBase):
            flow = FLOW
            FIELDS = {"x": ["list", []]}
    with pytest.raises(ValueError, match="unknown field kind"):
        class Bad2(RulesBase):
            flow = FLOW
            FIELDS = {"x": ("listt", [])}


def test_a_subclass_adds_to_its_bases_fields():
    class More(ToyState):
        FIELDS = {"extra": ("value", 7)}

    class G(ToyGame):
        def _make_state(self):
            return More.new(self.options, self.seed)

    g = G({"players": 3}, 1)
    assert g.state.extra == 7 and g.state.scores == [0, 0, 0] and undeclared(g.state) == set()
    assert list(More.FIELDS)[:len(ToyState.FIELDS)] == list(ToyState.FIELDS)


def test_the_toy_game_declares_every_field_once():
    g = ToyGame({"players": 4}, 2)
    assert undeclared(g.state) == set() and g.state.scores == [0] * 4 and g.state.teams is None
