"""Every lesson of every game can be finished from the page (issue 22): at each of the learner's turns the move
the hint asks for is one of the buttons the stepper shows, and clicking those buttons reaches "Done".

The games come from the registry (entry points), so a game added later is checked too. Unlike the games' own
teaching tests, which hand the scripted move to ``Stepper.click``, this clicks the button a visitor would click:
a move the engine accepts but the page does not offer (or offers as another move with the same words) fails here.
"""
from __future__ import annotations

import pytest

from chililab.engine import registry
from chililab.widgets import Stepper

from .lesson_helpers import (
    fresh_widgets,  # noqa: F401 - an autouse fixture: every test starts without widgets
    text_of,
)

LESSONS = [(spec.name, le) for spec in registry.specs() for le in spec.lesson_list()]
MAX_CLICKS = 30


def _button_for(stepper, move):
    """The one button showing ``move``'s words, or an AssertionError listing what the page offers."""
    labels = [b.description for b in stepper.move_buttons]
    want = stepper.ctl.label(move)  # the words the page writes on that move's button (under its group's title)
    button = stepper.button_for(move)
    assert button is not None, f"the hinted move {want!r} is not among the buttons {labels}"
    assert button.description == want
    return button


def play_from_buttons(stepper) -> list[str]:
    """Click the learner's scripted moves on their buttons (the bots answer by themselves) until the lesson
    leaves "playing"; the labels clicked. A turn where nothing is offered and forward changes nothing fails."""
    ctl, clicked = stepper.ctl, []
    for _ in range(MAX_CLICKS):
        if ctl.lesson_state() != "playing":
            break
        hit = ctl.scripted(ctl.you)
        if hit is None:  # the bots' turn (they follow the script): forward lets them move
            step = stepper.game.step
            stepper.w_forward.click()
            assert stepper.game.step != step, f"stalled: {text_of(stepper.w_decision.value)}"
            continue
        button = _button_for(stepper, hit[1])
        clicked.append(button.description)
        button.click()
        assert not stepper.w_error.value, text_of(stepper.w_error.value)
    return clicked


@pytest.mark.parametrize(("game", "le"), LESSONS, ids=[f"{g}-{le.key}" for g, le in LESSONS])
def test_every_lesson_is_finished_from_its_buttons(game, le):
    s = Stepper(lesson=le, auto=True)
    assert s.seat == le.seat
    clicked = play_from_buttons(s)
    assert clicked, "the learner clicked nothing"
    assert s.ctl.lesson_state() == "done", text_of(s.w_done.value) + text_of(s.w_status.value)
    assert "Done" in text_of(s.w_done.value) and "Not this lesson" not in text_of(s.w_done.value)


def test_the_check_fails_when_the_hinted_move_has_no_button():
    """The helper is not a tautology: a lesson whose script names a move the page does not show is caught."""
    spec = registry.get("mafia")
    le = spec.lesson("dawn-raid")
    s = Stepper(lesson=le, auto=True)
    _button_for(s, s.ctl.scripted(le.seat)[1]).click()  # end the turn: the Dawn Raid is drawn
    hinted = s.ctl.scripted(le.seat)[1]
    assert s.button_for(hinted) is not None
    # the hint this lesson had before issue 22: the rules accept it, but no button offers it
    s.ctl.script[1] = ("Arrange", 0, [["Ghost", "Ghost", "Ghost", "Ghost"], ["Habanero", "Tabasco", "Jimmy", "Sweet"]])
    unlisted = s.ctl.scripted(le.seat)[1]
    assert s.game.state.check(unlisted) is None
    with pytest.raises(AssertionError, match="not among the buttons"):
        _button_for(s, unlisted)
