"""All You Can Chili's plugs for the shared random-play harness (``tests/harness.py``), and its runs.

- :func:`make_factory`: a seed's table: 2 to 6 players (``seed % 5``), both game ends, now and then a
  fixed first player or another dish composition; ``inferno`` on or off for the whole run (Inferno Mode's abilities are offered
  once ``inferno.py`` provides them; until then an Inferno game plays as the base game);
- :func:`card_count`: every dish, the 9 tolerance cards, the 7 identity cards and the 3 tokens
  (check (a): each in exactly one place, read from ``g.locations()``);
- :func:`hidden_check`: no seat's view holds another hand, another identity or tolerance (unless revealed,
  or seen with that seat's own Eye), the undealt tolerances, the Neutral or the deck's order; a private
  event reaches the others only as its public text (check (d));
- :func:`plausible_moves`: moves that look possible but break a rule (check (c));
- :func:`run_chunk`: ``CHUNK`` seeded games, every check after every step.
"""
from __future__ import annotations

import random

from chililab.games import aycc
from chililab.games.aycc import Decline, Eye, Fork, Serve, Withdraw

from ..harness import check_random_games

CHUNK = 25  # games per test item
TOKENS_AND_CARDS = 9 + 7 + 3  # tolerance cards, identity cards, tokens
#: another composition of 47 dishes (AYCC-COMP-2), for some games: its own card objects and session class
OTHER_DISHES = [{"name": "Mild", "flame": 2, "count": 20}, {"name": "Hot", "flame": 6, "count": 15},
                {"name": "Eye", "flame": 3, "icon": "eye", "count": 3}, {"name": "Lock", "flame": 4, "icon": "lock",
                                                                         "count": 3},
                {"name": "Fork", "flame": 5, "icon": "fork", "count": 3}, {"name": "Chili", "flame": 1,
                                                                           "icon": "chili", "count": 2},
                {"name": "Espresso", "flame": 2, "score": 9, "icon": "star", "count": 1}]


def options(seed: int, inferno: bool) -> dict:
    """A seed's table: 2-6 players; now and then first_to_50, a fixed first player, another dish composition."""
    r = random.Random(f"aycc-{seed}")
    o: dict = {"players": 2 + seed % 5, "inferno": inferno}
    if r.random() < 0.3:
        o["game_end"] = "first_to_50"
    if r.random() < 0.3:
        o["first_player"] = r.randrange(o["players"])
    if r.random() < 0.15:
        o["dish_composition"] = OTHER_DISHES
    return o


def make_factory(inferno: bool):
    def make(seed):
        return aycc.new_game(seed=seed, **options(seed, inferno))
    return make


def card_count(g) -> int:
    return len(g.view(None).dishes) + TOKENS_AND_CARDS


def hidden_check(g):
    """Section 0, Information: what each seat's view may hold (see the module docstring)."""
    t = g.view(None)
    n = t.players
    events = g.log[-1]
    for s in range(n):
        w = g.view(s)
        assert w.hands.keys() == {s} and w.hands[s] == t.hands[s], f"P{s} sees a hand other than its own"
        assert w.hand_counts == t.hand_counts and w.piles == t.piles and w.heats == t.heats
        assert w.neutral is None and w.tolerance_deck is None and w.deck is None, f"P{s} sees a hidden deck"
        assert w.undealt_count == t.undealt_count and w.deck_size == t.deck_size
        seen = {x for x, _ in w.peeks}
        assert set(w.identities) <= {s} | {x for x in range(n) if t.id_revealed[x]}, f"P{s} sees a hidden identity"
        assert all(t.identities[x] == c for x, c in w.identities.items())
        assert set(w.tolerances) <= {s} | {x for x in range(n) if t.tol_revealed[x]} | seen, \
            f"P{s} sees a hidden tolerance: {w.tolerances}"
        assert all(t.tolerances[x] == v for x, v in w.tolerances.items() if x == s or t.tol_revealed[x])
        assert w.visible_dish_ids() <= {d.id for d in t.hands[s]} | {d.id for p in t.piles for d in p} | {
            d.id for d in t.box}, f"P{s} sees a hidden dish"
        for e in events:
            if e.audience is not None and s not in e.audience:
                e2 = e.for_viewer(s)
                assert e2 is None or (e2.data is None and e2.text == e.public_text), f"P{s} sees {e.text!r}"


def plausible_moves(g, rng):
    """Moves that look possible but break a rule: another seat's dish or turn, the Last Target holder, an out or
    absent character, a locked or out withdrawal, an Eye on oneself, a Fork from an empty or out pile."""
    t = g.view(None)
    n = t.players
    p = g.decision.players[0] if g.decision and g.decision.players else 0
    other = (p + 1) % n
    row = list(t.row)
    if t.hands[other]:
        yield Serve(p, t.hands[other][0], row[0])  # a dish from another hand
    if t.hands[p]:
        d = t.hands[p][0]
        if t.last_target is not None:
            yield Serve(p, d, t.last_target)  # AYCC-SERVE-2
        outs = [c for c in row if t.status[c] != "active"]
        if outs:
            yield Serve(p, d, outs[0])  # AYCC-SERVE-3
        absent = [c for c in range(7) if c not in row]
        if absent:
            yield Serve(p, d, absent[0])
        yield Serve(other, d, row[0])  # not your turn
    yield Withdraw(other)
    yield Withdraw(p)  # refused when out, locked, or not the moment
    yield Eye(p, p)
    yield Eye(p, rng.randrange(n))
    yield Decline(other)
    empty = [c for c in row if not t.piles[c]]
    if empty:
        yield Fork(p, empty[0], row[-1])
    yield Fork(p, row[0], row[0])


def run_chunk(inferno: bool, chunk: int, chunk_size: int = CHUNK):
    """Games ``chunk*chunk_size ..`` through the harness, every check after every step.

    Check (b) tries every legal move on a copy at every step in one game of five and one sampled move in the
    others; (c) 2 plausible illegal moves a step; (e) the record replays at every step in the first game of
    each chunk, and at the end of every game; (f) undo and redo after every move.
    """
    start = (1_000_000 if inferno else 0) + chunk * chunk_size
    report = check_random_games(make_factory(inferno), range(start, start + chunk_size), card_count=card_count,
                                replay=aycc.replay, illegal_moves=plausible_moves, hidden_check=hidden_check,
                                state_key=lambda g: g.state.key(), illegal_per_step=2,
                                replay_every_step_every=chunk_size)
    assert report.games == chunk_size and report.steps > 20 * chunk_size
    print(f"inferno={inferno} chunk {chunk}: {report.summary()}")
    return report
