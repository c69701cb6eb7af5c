"""The note under a random-bot summary points to a better bot only where the game has one."""
from __future__ import annotations

from chililab.sim import simulate, summary_text


def test_the_note_names_the_games_usual_bot_and_never_the_random_one_again():
    loco = summary_text(simulate("loco", n=2, agents="random", progress=False, workers=1))
    assert "note: random bots" in loco and "usual bot: --agents rules." in loco
    aycc = summary_text(simulate("aycc", n=2, agents="random", progress=False, workers=1))  # its usual bot is random
    assert "note: random bots" in aycc and "--agents random" not in aycc
