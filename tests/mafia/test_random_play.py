"""Seeded random Chili Mafia games at 2-8 players, played to GAME_OVER through the shared harness.

``tests/harness.py`` checks after every step: cards conserved (every card of the table in
exactly one place, the Dawn Raid and Taste Me cards included), legal moves unique and
applicable, plausible illegal moves refused with the state unchanged, no view holding
another seat's hand, undo/redo, record -> JSON -> replay, and that every game ends.
Options vary by seed: base, Goodfellas peppers with Hot Properties, the promos (Taste Me,
Rumble, Yatsufusa), the literal empty-hand pass (DEC-6), and team mode at 4, 6 and 8.
Hot cards are played (with the Fuggedaboutit defence window); other Action cards are only held
and discarded.
"""
import pytest

from chililab.games import mafia
from chililab.games.mafia.cards import table_cards

from ..harness import check_random_games

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


def card_count(g):
    return len(table_cards(g.view(None).players, g.options))


def hidden_check(g):
    """MAFIA-TEAM-2 and section 0: a seat sees its own hand, every gang, the discard pile and removed cards;
    never another seat's hand (hand counts only), nor the draw pile; team mode: its team's Dawn Raid drafts
    (MAFIA-DAWN-6)."""
    t = g.view(None)
    public = {c.id for gs in t.gangs for gang in gs for c in gang} | {c.id for c in t.discard + t.removed}
    public |= {t.turncoat.id} if t.turncoat is not None else set()  # a Turncoat's catch, until placed
    for s in range(t.players):
        v = g.view(s)
        own = {c.id for c in t.hands[s]} | {c.id for c in t.packets.get(s, ())} | {c.id for c in t.hot_properties[s]}
        own |= {c.id for c in t.looking.get(s, ())}  # a Snooped hand or a Lifeline look, while it lasts
        team = next((tm for tm in t.teams or () if s in tm), (s,))
        own |= {c.id for a, m in t.arrangements.items() if a in team for gang in m.gangs for c in gang}
        assert v.visible_card_ids() <= own | public, f"P{s} sees a hidden card"
        assert set(v.hands) == {s} and v.hand_counts == t.hand_counts and v.draw_pile is None
        assert v.gangs == t.gangs and v.discard_top == t.discard_top and v.draw_size == t.draw_size
        assert v.current == t.current and v.attack == t.attack and v.turncoat == t.turncoat
        assert set(v.hot_properties) == {s} and v.hp_counts == t.hp_counts and set(v.looking) <= {s}


def plausible_moves(g, rng):
    """Moves that look possible but break a rule: another seat's cards, a gang in front of a rival or that
    is not there, a turn move by the wrong seat, a pepper moved between gangs, a raid arrangement that
    drops a pepper."""
    t = g.view(None)
    n = t.players
    asked = g.decision.players[0] if g.decision and g.decision.players else 0
    other = (asked + 1) % n
    if t.hot_properties[other]:  # another seat's Hot Property (MAFIA-HP-2)
        yield mafia.UseHP(asked, t.hot_properties[other][0])
    if t.hot_properties[asked]:  # one's own, naming oneself: never a valid use (MAFIA-HP-3/4, the card's clause)
        yield mafia.UseHP(asked, t.hot_properties[asked][0], target=asked)
    theirs = t.hands[other][:3]
    if theirs:
        yield mafia.Form(asked, tuple(theirs))
        yield mafia.Discard(asked, theirs[0])
    mine = t.hands[asked][:3]
    if len(mine) == 3:
        yield mafia.Form(asked, tuple(mine), other)  # in front of a rival (or of nobody's team)
    yield mafia.EndTurn(other)
    yield mafia.Add(asked, len(t.gangs[asked]), tuple(t.hands[asked][:1]))
    table = [c for gang in t.gangs[asked] for c in gang]
    movers = [c for c in table if not c.sweet]
    if movers:
        yield mafia.MovePepper(asked, rng.choice(movers), 0)
    if table:
        yield mafia.Arrange.of(asked, [table[1:]] if len(table) > 1 else [])
    if t.draw_pile:
        yield mafia.Pick(asked, t.draw_pile[0])
    hots = [c for c in t.hands[asked] if c.kind == "hot"]
    rivals = [c for gs in t.gangs[other] for c in gs]
    if hots and table and rivals:  # the attacker named from a rival gang, the target from one's own
        yield mafia.PlayHot(asked, hots[0], rivals[0], (table[0],))
    if t.hands[other]:  # another seat's card as a Fuggedaboutit, by a seat not asked (or outside a window)
        yield mafia.Neutralize(other, t.hands[other][0])
    yield mafia.Decline(other)


@pytest.mark.rule("MAFIA-TURN-5")
@pytest.mark.parametrize("players", range(2, 9))
def test_random_play_to_game_over(players):
    report = check_random_games(make_factory(players), range(GAMES), card_count=card_count, replay=mafia.replay,
                                illegal_moves=plausible_moves, hidden_check=hidden_check,
                                state_key=lambda g: g.state.key(), replay_every_step_every=GAMES)
    assert report.games == GAMES and report.steps > 50 * GAMES
    print(players, report.summary())
