"""Seeded random Chili Mafia games at 2-8 players, played to GAME_OVER through the shared harness.

``tests/harness.py`` checks after every step: cards conserved (every card of the table in
exactly one place, the Dawn Raid and Taste Me cards included), legal moves unique and
applicable, plausible illegal moves refused with the state unchanged, no view holding
another seat's hand, undo/redo, record -> JSON -> replay, and that every game ends.
Options vary by seed: base, Goodfellas peppers with Hot Properties, the promos (Taste Me,
Rumble, Yatsufusa), the literal empty-hand pass (DEC-6), and team mode at 4, 6 and 8.
Hot cards are played (with the Fuggedaboutit defence window). The harness plugs are in
``random_play.py``, which also runs the 1,000-game categories (``test_random_play_<category>.py``).
"""
import pytest

from chililab.games import mafia

from ..harness import check_random_games
from .random_play import card_count, hidden_check, plausible_moves

OPTION_SETS = [{}, {"goodfellas_peppers": True, "hot_properties": True},
               {"taste_me": True, "rumble": True, "yatsufusa": True}, {"empty_hand_pass_discard": True}]
GAMES = 6  # per table size


def make_factory(players):
    def make(seed):
        options = dict(OPTION_SETS[seed % len(OPTION_SETS)])
        if players in (4, 6, 8) and seed % 3 == 2:
            options["mode"] = "team"
        return mafia.new_game(players=players, seed=seed, **options)
    return make


@pytest.mark.rule("MAFIA-TURN-5")
@pytest.mark.parametrize("players", range(2, 9))
def test_random_play_to_game_over(players):
    report = check_random_games(make_factory(players), range(GAMES), card_count=card_count, replay=mafia.replay,
                                illegal_moves=plausible_moves, hidden_check=hidden_check,
                                state_key=lambda g: g.state.key(), replay_every_step_every=GAMES)
    assert report.games == GAMES and report.steps > 50 * GAMES
    print(players, report.summary())
