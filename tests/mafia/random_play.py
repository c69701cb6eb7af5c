"""Chili Mafia's plugs for the shared random-play harness (tests/harness.py), and its seven categories.

- :data:`CATEGORIES`: how a seed becomes a table for each category of issue 9's Tests section
  (2 players, 3-4, 5-8, team mode, advanced mode, Goodfellas with Hot Properties, every promo
  together); :func:`extras` varies the options every category shares (interrupt order, Pinch
  placement, Dawn Raid share, Sweet Chili count, the literal empty-hand pass, the first player);
- :func:`card_count`: the cards at this table (every card in exactly one place, check (a));
- :func:`hidden_check`: no view holds another seat's hand, packet or Hot Property, nor the
  draw pile, and a private event reaches the others only as its public text, check (d);
- :func:`plausible_moves`: moves that look possible but break a rule, check (c);
- :func:`run_chunk`: one test item, ``CHUNK`` seeded games of a category, every check after every step.
"""
from __future__ import annotations

import random
import weakref

from chililab.games import mafia
from chililab.games.mafia.rules.cards import table_cards

from ..harness import check_random_games, pick_weighted

CHUNK = 10  # games per test item (many items: xdist --dist loadfile starts the files with the most items first)


def extras(seed: int, players: int) -> dict:
    """Seeded options every category shares, each on in some games."""
    r = random.Random(f"mafia-extras-{seed}")
    o: dict = {}
    if r.random() < 0.3:
        o["interrupt_order"] = r.choice(("target_first", "seeded_random"))
    if r.random() < 0.2:
        o["pinch_insert"] = "exact_middle"
    if r.random() < 0.2:
        o["empty_hand_pass_discard"] = True
    if r.random() < 0.2:
        o["dawn_raid_below_fraction"] = r.choice(("0", "1/2", "1"))
    if players <= 4 and r.random() < 0.2:
        o["sweet_chili_2to4"] = r.choice((5, 7, 8))
    if r.random() < 0.3:
        o["first_player"] = r.randrange(players)
    return o


def _players(seed: int, low: int, high: int) -> int:
    return low + seed % (high - low + 1)


def _team(seed: int) -> dict:
    players = (4, 6, 8)[seed % 3]
    teams = 3 if players == 6 and seed % 2 else 2
    return {"players": players, "mode": "team", "teams": teams}


#: category -> seed -> the table's options (players included), before :func:`extras`
CATEGORIES = {
    "2p": lambda s: {"players": 2},
    "3-4p": lambda s: {"players": _players(s, 3, 4)},
    "5-8p": lambda s: {"players": _players(s, 5, 8)},
    "team": _team,
    "advanced": lambda s: {"players": _players(s, 2, 8), "advanced": True},
    "goodfellas": lambda s: {"players": _players(s, 2, 8), "goodfellas_peppers": True, "hot_properties": True,
                             "goodfellas_abilities": s % 5 != 0, "advanced": s % 3 == 0},
    "promos": lambda s: {"players": _players(s, 2, 8), "taste_me": True, "rumble": True, "yatsufusa": True,
                         "samurai_ability": s % 4 != 0, "rumble_count_2to4": s % 6},
}
#: the first seed of each category (seeds of different categories never meet)
BASE = {name: 100_000 * (k + 1) for k, name in enumerate(CATEGORIES)}


def make_factory(category: str):
    def make(seed):
        o = CATEGORIES[category](seed)
        o.update(extras(seed, o["players"]))
        return mafia.new_game(seed=seed, **o)
    return make


_COUNTS: weakref.WeakKeyDictionary = weakref.WeakKeyDictionary()


def card_count(g) -> int:
    """Every card at this table: the deck, the Dawn Raid, Taste Me and Hot Properties as chosen (once per game)."""
    n = _COUNTS.get(g)
    if n is None:
        n = _COUNTS[g] = len(table_cards(g.view(None).players, g.options))
    return n


def hidden_check(g):
    """MAFIA-TEAM-2 and section 0: a seat sees its own hand, packet and Hot Properties, every gang, the discard pile
    and removed cards; never another seat's hand, packet or Hot Property (counts only), nor the draw pile or the Hot
    Property deck; a private event (a draw, a pick, a Shakedown) reaches the others only as its public text.

    Every seat's view is checked field by field at every step; one seat a step (in turn) has every card id its
    view holds (``visible_card_ids``, which knows every field that carries cards) checked against what it may see.
    """
    t = g.view(None)
    n = t.players
    events = g.log[-1]
    spot = g.step % n
    for s in range(n):
        v = g.view(s)
        assert v.hands.keys() == {s} and v.hands[s] == t.hands[s], f"P{s} sees a hand other than its own"
        assert v.hand_counts == t.hand_counts and v.draw_pile is None and v.hp_deck is None
        assert v.hot_properties.keys() <= {s} and v.packets.keys() <= {s}, f"P{s} sees another seat's HP or packet"
        assert v.gangs == t.gangs and v.discard == t.discard and v.removed == t.removed and v.draw_size == t.draw_size
        assert v.current == t.current and v.attack == t.attack and v.turncoat == t.turncoat
        team = next((tm for tm in t.teams or () if s in tm), (s,))  # MAFIA-DAWN-6: a team's raid drafts
        assert set(v.answered) <= set(team), f"P{s} sees who else has answered: {v.answered}"
        assert set(v.looking) <= {s}, f"P{s} sees what another seat is looking at"
        if s == spot:
            public = {c.id for gs in t.gangs for gang in gs for c in gang} | {c.id for c in t.discard + t.removed}
            public |= {t.turncoat.id} if t.turncoat is not None else set()
            own = {c.id for c in t.hands[s] + t.packets.get(s, ()) + t.hot_properties[s]}
            own |= {c.id for c in t.looking.get(s, ())}  # a Snooped hand or a Lifeline look, while it lasts
            own |= {c.id for a, m in t.arrangements.items() if a in team for gang in m.gangs for c in gang}
            assert v.visible_card_ids() <= own | public, f"P{s} sees a hidden card"
        for e in events:
            if e.audience is not None and s not in e.audience:
                e2 = e.for_viewer(s)
                assert e2 is None or (e2.data is None and e2.text == e.public_text), f"P{s} sees {e.text!r}"


#: weight of each kind of move (summed over the seat's moves of that kind); kinds not named weigh 1. Uniform random
#: play spends whole turns moving Sweet Chilis back and forth (a free move) and answering defence windows, so those
#: are rarer here, but every kind keeps a positive weight
WEIGHTS = {"Form": 3.0, "Add": 3.0, "EndTurn": 2.0, "PlayHot": 1.5, "PlayAction": 1.5, "MovePepper": 0.3}


def weighted_agent(g, legal, rng):
    """A random agent that picks a seat, then a kind of move by :data:`WEIGHTS`, then a move of that kind uniformly."""
    return pick_weighted(legal, rng, WEIGHTS)


def plausible_moves(g, rng):
    """Moves that look possible but break a rule: another seat's cards, a gang in front of a rival or that
    is not there, a turn move by the wrong seat, a pepper moved between gangs, a raid arrangement that
    drops a pepper, a Hot card with a rival's attacker, a Fuggedaboutit out of turn."""
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


FULL_EVERY = 5  #: the first game of every 5th chunk (one game in 50) tries EVERY legal move on a copy at every step


def run_chunk(category: str, chunk: int):
    """Play games ``chunk*CHUNK ..`` of a category through the shared harness, every check after every step.

    Check (b) applies one sampled legal move to a copy at every step, and EVERY legal move in one game of 50
    (the first of every ``FULL_EVERY``-th chunk; 8-player turns list over a hundred moves). Check (c) tries 3
    plausible illegal moves a step in that game, 1 in the others. Check (e) replays the record at the end of every
    game, and at every step in one game of 200. Moves are chosen by :func:`weighted_agent`.
    """
    start = BASE[category] + chunk * CHUNK
    seeds = range(start, start + CHUNK)
    common = {"card_count": card_count, "replay": mafia.replay, "illegal_moves": plausible_moves, "agent": weighted_agent,
              "hidden_check": hidden_check, "state_key": lambda g: g.state.key()}
    full = 1 if chunk % FULL_EVERY == 0 else 0
    report = check_random_games(make_factory(category), seeds[:full], all_moves_every=1, illegal_per_step=3,
                                replay_every_step_every=1 if chunk * CHUNK % 200 == 0 else 0, **common)
    report.merge(check_random_games(make_factory(category), seeds[full:], all_moves_every=0, illegal_per_step=1,
                                    replay_every_step_every=0, **common))
    assert report.games == CHUNK and report.steps > 20 * CHUNK and report.full_move_games == full
    print(f"{category} chunk {chunk}: {report.summary()}")
    return report


def chunk_params(category: str, games: int = 1000):
    """pytest params (category, chunk) for ``games`` games of a category."""
    import pytest

    return [pytest.param(category, c, id=f"{category}-{c}") for c in range(games // CHUNK)]
