"""TupleMove: moves whose fields are a typing.NamedTuple behave like the kernel's frozen dataclass moves."""
import pickle
from dataclasses import dataclass
from typing import NamedTuple

import pytest

from chililab.engine import Move, move_from_dict
from chililab.engine.core import move_fields
from chililab.engine.tuplemove import TupleMove


class _Take(NamedTuple):
    player: int
    card: int
    count: int = 1


class Take(TupleMove, _Take):
    __slots__ = ()

    def __str__(self):
        return f"P{self.player} takes {self.count} x {self.card}"


class _Drop(NamedTuple):
    player: int
    card: int
    count: int = 1


class Drop(TupleMove, _Drop):
    __slots__ = ()


@dataclass(frozen=True)
class TakeDC(Move):
    player: int
    card: int
    count: int = 1


def test_like_a_frozen_dataclass_move():
    m = Take(0, 7)
    assert isinstance(m, Move) and isinstance(m, tuple)
    assert repr(m) == "Take(player=0, card=7, count=1)" == repr(TakeDC(0, 7)).replace("TakeDC", "Take")
    assert str(m) == "P0 takes 1 x 7"
    assert m == Take(0, 7, 1) == Take(player=0, card=7) and m != Take(1, 7) and not (m != Take(0, 7))
    assert hash(m) == hash(Take(0, 7)) and len({m, Take(0, 7), Take(0, 8)}) == 2
    assert m._replace(card=8) == Take(0, 8) and type(m._replace(card=8)) is Take
    assert tuple.__new__(Take, (0, 7, 1)) == m  # the rules' fast way to build one
    assert pickle.loads(pickle.dumps(m)) == m


def test_a_move_equals_no_other_class_of_the_same_values_nor_a_plain_tuple():
    assert Take(0, 7) != Drop(0, 7) and not Take(0, 7) == Drop(0, 7)
    assert Take(0, 7) != (0, 7, 1) and Take(0, 7) not in [Drop(0, 7), (0, 7, 1)]
    with pytest.raises(TypeError):
        _ = Take(0, 7) < Take(0, 8)  # no order, as dataclasses without order=True


def test_no_field_can_be_set_and_no_attribute_added():
    m = Take(0, 7)
    with pytest.raises(AttributeError):
        m.card = 8
    with pytest.raises(AttributeError):
        object.__setattr__(m, "card", 8)
    with pytest.raises(AttributeError):
        m.note = "x"
    assert m.card == 7


def test_records_round_trip_with_the_same_names_and_fields():
    m = Take(2, 5, 3)
    d = m.to_dict()
    assert d == {"move": "Take", "player": 2, "card": 5, "count": 3} == {**TakeDC(2, 5, 3).to_dict(), "move": "Take"}
    assert move_from_dict(d, {"Take": Take}, lambda i: i) == m
    assert move_fields(Take) == ("player", "card", "count") == move_fields(TakeDC)
    with pytest.raises(ValueError, match="unknown fields"):
        move_from_dict({**d, "extra": 1}, {"Take": Take}, lambda i: i)


def test_a_declaration_that_is_not_a_tuple_move_is_refused():
    with pytest.raises(TypeError, match="__slots__"):
        class NoSlots(TupleMove, _Take):
            pass
    with pytest.raises(TypeError, match="NamedTuple"):
        class NoFields(TupleMove):
            __slots__ = ()

    class _NoPlayer(NamedTuple):
        card: int

    with pytest.raises(TypeError, match="first field is player"):
        class NoPlayer(TupleMove, _NoPlayer):
            __slots__ = ()


def test_dataclasses_functions_work_as_on_the_dataclass_moves():
    import dataclasses

    m = Take(0, 7)
    assert dataclasses.is_dataclass(m) and [f.name for f in dataclasses.fields(m)] == ["player", "card", "count"]
    assert [f.default for f in dataclasses.fields(Take)][2] == 1 and dataclasses.fields(Take)[0].type in (int, "int")
    assert dataclasses.replace(m, count=2) == Take(0, 7, 2) and type(dataclasses.replace(m, count=2)) is Take
