"""A behaviour fingerprint of Chili Loco: one sha256 over many seeded random games.

Every move (``m.to_dict()``), every event of every step (kind, text, rules,
audience, public text, data) and, every ``VIEW_EVERY``-th step, every seat's
view and the teacher's view go into one hash. The views are written out field
by field as plain JSON (card ids, counts, decision, result), never through a
class name or a ``repr``, so rewriting the engine's internal types leaves the
digest alone while any change of behaviour (a move, an event's wording, the
RNG sequence, the order of the legal moves) changes it.

``python3 -m tests.loco.fingerprint`` prints the digest (and its time);
``--mask-rules`` leaves the rule IDs events cite out of the hash, to show that a
commit which only changes cited rule IDs leaves every other behaviour alone.
"""
from __future__ import annotations

import hashlib
import json
import random

from chililab import loco

GAMES = 200
VIEW_EVERY = 10
STEP_CAP = 3000
PRESETS = ("everyone_else_draws_1", "next_wild_or_draw3", "reveal_hand", "terrible_accent")
TIES = ("coin_flip", "table_talk", "rock_paper_scissors", "table_vote")


def options_for(index: int) -> dict:
    """Seeded table options of game ``index``: 2-10 players, house rules mixed in."""
    r = random.Random(f"fingerprint-options-{index}")
    n = 2 + index % 9
    o: dict = {"players": n}
    if r.random() < 0.4:
        o["personal_recipes"] = [r.choice(PRESETS), r.choice(PRESETS)]
        if r.random() < 0.3:
            o["reveal_hand_audience"] = "layer_only"
    if r.random() < 0.35:
        o["tie_method"] = r.choice(TIES)
    if r.random() < 0.25:
        o["allow_self_jump_in"] = False
    if n == 2 and r.random() < 0.5:
        o["two_player_stir_skips"] = True
    if r.random() < 0.25:
        o["milk_requires_pending"] = True
    # uniform random play asks for help a lot: a cap keeps most games short
    o["help_requests_per_turn_cap"] = r.choice((0, 1, 1, 2, 3))
    x = r.random()
    if x < 0.15:
        o["reaction_model"] = {"model": "skill", "mu": [r.random() for _ in range(n)], "sigma": 0.2}
    elif x < 0.3:
        seats = list(range(n))
        r.shuffle(seats)
        o["reaction_model"] = {"model": "fixed", "order": [seats[:2]] + seats[2:]}
    if r.random() < 0.5:
        o["dealer"] = r.randrange(n)
    return o


def _cards(cards) -> list:
    return None if cards is None else [c.id for c in cards]


def _decision(d) -> list | None:
    if d is None:
        return None
    return [d.kind, list(d.players), d.phase, d.prompt, None if d.public is None else list(d.public)]


def _result(r) -> list | None:
    if r is None:
        return None
    return [list(r.winners), r.how, r.turns, getattr(r, "winning_card", None), list(getattr(r, "winning_cards", ()))]


def view_data(v) -> list:
    """A view as plain data, field by field (no class names, no reprs)."""
    pend = v.pending
    return [
        v.seat, v.players, v.dealer, v.current, v.direction, v.phase, v.colour,
        None if v.top is None else v.top.id, _cards(v.pile), v.draw_size, list(v.hand_counts),
        sorted([s, _cards(h)] for s, h in v.hands.items()),
        None if pend is None else [pend.kind, pend.draw, pend.skip, pend.target],
        list(v.loco_open), [[g, None if c is None else c.id] for g, c in v.offers], v.current_offer,
        v.help_count, v.help_cap, v.turn, v.accent, _decision(v.decision), _result(v.result),
        list(v.answered), _cards(v.draw_pile), _cards(v.hand),
    ]


def event_data(e, rules: bool = True) -> list:
    aud = None if e.audience is None else sorted(e.audience)
    return [e.kind, e.text, list(e.rules) if rules else None, aud, e.public_text, e.data]


def _put(h, obj) -> None:
    h.update(json.dumps(obj, sort_keys=True, ensure_ascii=False).encode())
    h.update(b"\n")


def play_into(h, index: int, rules: bool = True) -> int:
    """Play game ``index`` by a seeded uniform choice over ``legal_moves()``, hashing it into ``h``."""
    seed = 7919 * index + 1
    g = loco.new_game(seed=seed, **options_for(index))
    rng = random.Random(seed)
    _put(h, ["game", index, g.options])
    for e in g.events(0):
        _put(h, event_data(e, rules))
    seats = [None] + list(range(g.options["players"]))
    while not g.over and g.step < STEP_CAP:
        m = rng.choice(g.legal_moves())
        _put(h, m.to_dict())
        for e in g.apply(m):
            _put(h, event_data(e, rules))
        if g.step % VIEW_EVERY == 0 or g.over:
            for p in seats:
                _put(h, view_data(g.view(p)))
    _put(h, ["end", g.step, _result(g.result)])
    return g.step


def digest(games: int = GAMES, rules: bool = True) -> tuple[str, int]:
    """The sha256 of ``games`` games, and how many steps they took (``rules=False``: cited rule IDs masked)."""
    h = hashlib.sha256()
    steps = sum(play_into(h, i, rules) for i in range(games))
    return h.hexdigest(), steps


if __name__ == "__main__":
    import sys
    import time

    t = time.perf_counter()
    masked = "--mask-rules" in sys.argv[1:]
    d, n = digest(rules=not masked)
    print(f"{d}  ({GAMES} games, {n} steps, {time.perf_counter() - t:.1f} s){'  rule IDs masked' if masked else ''}")
