"""The event log: one flat list underneath, read as one list of events per step."""
import random

import pytest

from chililab import loco
from chililab.engine.eventlog import EventLog


def test_the_log_reads_as_a_list_of_steps():
    log = EventLog([["a"], [], ["b", "c"]])
    assert len(log) == 3 and log[0] == ["a"] and log[1] == [] and log[-1] == ["b", "c"] and log[-3] == ["a"]
    assert list(log) == [["a"], [], ["b", "c"]] and log[1:] == [[], ["b", "c"]] and log == [["a"], [], ["b", "c"]]
    with pytest.raises(IndexError):
        log[3]
    with pytest.raises(IndexError):
        log[-4]
    log[2].append("x")  # each read is a new list: the log is not changed through it
    assert log[2] == ["b", "c"]
    copy = log.copy()
    log.keep(1)
    assert list(log) == [["a"]] and list(copy) == [["a"], [], ["b", "c"]]
    log.flat.append("d")  # what the rules' event() does, then the step is closed
    log.close()
    assert list(log) == [["a"], ["d"]] and log != copy


def test_a_games_log_follows_its_moves_through_undo_goto_and_copies():
    g = loco.new_game(players=3, seed=8)
    rng = random.Random(8)
    steps = [g.log[0]]
    for _ in range(120):
        steps.append(g.apply(rng.choice(g.legal_moves())))
    assert list(g.log) == steps and len(g.log) == g.step + 1
    assert g.events() == [e for s in steps for e in s]
    c = g.copy()
    g.goto(50)
    assert list(g.log) == steps[:51] and g.events(50) == steps[50]
    g.undo()
    assert list(g.log) == steps[:50]
    assert list(c.log) == steps  # the copy kept its own
    g.goto(120)  # redo replays the same moves: the same events again
    assert list(g.log) == steps
    p = g.playout(listen=True)
    p.play(p.legal_moves()[0])
    assert list(p.log)[:121] == steps and len(p.log) == 122 and list(g.log) == steps
