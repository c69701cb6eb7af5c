"""A behaviour fingerprint of Chili Mafia: one sha256 over a few hundred seeded random games.

Modelled on ``tests/loco/fingerprint.py``. Games come in the seven option categories of issue 9
(2 players, 3-4, 5-8, team mode, advanced mode, Goodfellas with Hot Properties, every promo), each
with seeded extras (interrupt order, Pinch placement, Dawn Raid share, Sweet Chili count, the literal
empty-hand pass, the first player), built as the random-play harness builds them (``random_play.py``:
changing its categories changes this digest) but from other seeds. What goes into the hash, at every step:

- the decision (kind, seats, phase, prompt, public part);
- the whole legal-move list in order (``m.to_dict()``), and each asked seat's own list;
- the refusal (clause and learner sentence) of plausible illegal moves (``random_play.plausible_moves``),
  or that one was accepted;
- the move chosen (``random_play.weighted_agent``) and every event of the step (kind, text, rules,
  audience, public text, data);
- every ``VIEW_EVERY``-th step, and at the end, every seat's view and the teacher's, field by field.

Views, moves and cards are written as plain JSON (card ids, move dicts), never through a class name
or a ``repr``, so rewriting the rules' internal types leaves the digest alone while any change of
behaviour (a move listed or not, their order, a refusal's wording, an event, the RNG sequence)
changes it.

``python3 -m tests.mafia.fingerprint`` prints the digest (and its time).
"""
from __future__ import annotations

import hashlib
import json
import random

from chililab.engine import IllegalMove, Move, Result
from chililab.games import mafia

from .random_play import CATEGORIES as HARNESS_CATEGORIES
from .random_play import extras, plausible_moves, weighted_agent

GAMES_PER_CATEGORY = 40
VIEW_EVERY = 10
STEP_CAP = 4000
ILLEGAL_PER_STEP = 2


#: the option categories of issue 9, as the random-play harness builds them (``random_play.CATEGORIES``)
CATEGORIES = tuple(HARNESS_CATEGORIES)


def options_for(index: int) -> dict:
    """Seeded table options of game ``index``: its category (index mod 7) and the harness's seeded extras."""
    seed = _seed(index)
    o = HARNESS_CATEGORIES[CATEGORIES[index % len(CATEGORIES)]](seed)
    o.update(extras(seed, o["players"]))
    return o


#: names as the recorded digest has them. A rename for the one vocabulary of docs/game-folder.md is no change
#: of behaviour (issue 20: ``start_player`` became ``first_player``, the option and the view field it fills),
#: so the digest hashes the old name; anything else about the option or the field still changes the digest.
LEGACY_NAMES = {"first_player": "start_player"}


def _legacy(name: str) -> str:
    return LEGACY_NAMES.get(name, name)


def _seed(index: int) -> int:
    """Game ``index``'s seed, drawn (categories choose table sizes and options by the seed's remainders)."""
    return random.Random(f"mafia-fingerprint-{index}").randrange(2**32)


def _plain(x):
    """A JSON-able copy of a view field: cards as ids, moves as dicts, results and decisions by their fields."""
    if x is None or isinstance(x, (bool, int, str)):
        return x
    if isinstance(x, mafia.Card):
        return x.id
    if isinstance(x, Move):
        return x.to_dict()
    if isinstance(x, dict):
        return sorted([_plain(k), _plain(v)] for k, v in x.items())
    if isinstance(x, (tuple, list)):
        return [_plain(v) for v in x]
    if isinstance(x, Result):
        return [_plain(x.winners), _plain(x.scores), x.how, x.turns]
    raise TypeError(f"no plain form for {type(x).__name__}")


def _decision(d) -> list | None:
    return None if d is None else [d.kind, list(d.players), d.phase, d.prompt, _plain(d.public)]


def view_data(v) -> list:
    """A view as plain data, field by field (no class names, no reprs)."""
    return [[_legacy(name), _decision(val) if name == "decision" else _plain(val)]
            for name, val in sorted(vars(v).items(), key=lambda kv: _legacy(kv[0]))]


def event_data(e) -> list:
    aud = None if e.audience is None else sorted(e.audience)
    return [e.kind, e.text, list(e.rules), aud, e.public_text, _plain(e.data)]


def _put(h, obj) -> None:
    h.update(json.dumps(obj, sort_keys=True, ensure_ascii=False).encode())
    h.update(b"\n")


def _views(h, g) -> None:
    for p in [None, *range(g.options["players"])]:
        _put(h, view_data(g.view(p)))


def play_into(h, index: int) -> int:
    """Play game ``index`` with the weighted random agent, hashing into ``h`` everything the module names."""
    seed = _seed(index)
    g = mafia.new_game(seed=seed, **options_for(index))
    rng = random.Random(seed)
    probe = random.Random(f"probe-{seed}")
    _put(h, ["game", index, _plain({_legacy(k): v for k, v in g.options.items()})])
    for e in g.events(0):
        _put(h, event_data(e))
    _views(h, g)
    while not g.over and g.step < STEP_CAP:
        legal = g.legal_moves()
        _put(h, ["decision", _decision(g.decision), [m.to_dict() for m in legal]])
        if len(g.decision.players) > 1:
            for p in g.decision.players:
                _put(h, [p, [m.to_dict() for m in g.legal_moves(p)]])
        tried = 0
        for m in plausible_moves(g, probe):
            if tried == ILLEGAL_PER_STEP:
                break
            if m in legal:
                continue
            tried += 1
            err = g.state.check(m)
            _put(h, [m.to_dict(), None if err is None else [err.rule, err.reason]])
            assert err is None or isinstance(err, IllegalMove)
        m = weighted_agent(g, legal, rng)
        _put(h, m.to_dict())
        for e in g.apply(m):
            _put(h, event_data(e))
        if g.step % VIEW_EVERY == 0:
            _views(h, g)
    _views(h, g)
    _put(h, ["end", g.step, _plain(g.result)])
    return g.step


def digest(games: int = GAMES_PER_CATEGORY * len(CATEGORIES)) -> tuple[str, int]:
    """The sha256 of ``games`` games, and how many steps they took."""
    h = hashlib.sha256()
    steps = sum(play_into(h, i) for i in range(games))
    return h.hexdigest(), steps


if __name__ == "__main__":
    import time

    t = time.perf_counter()
    d, n = digest()
    print(f"{d}  ({GAMES_PER_CATEGORY * len(CATEGORIES)} games, {n} steps, {time.perf_counter() - t:.1f} s)")
