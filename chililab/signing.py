"""LOCO-SIGN-1: the winner signs the winning card, written to a registry file (JSON lines).

The rules only report the winning card (``result.winning_card``, and the
``win`` event's data); writing the file is this module's job, above the rules.
:func:`install` (done when ``chililab`` is imported) asks the kernel to call
:func:`sign_on_win` whenever a game is won by a move just played (not on redo,
nor when a record is replayed): it signs when the game's ``sign_registry``
option names a file.

``sign_registry`` is a ``host`` option (:class:`chililab.engine.registry.Option`):
only whoever runs chililab sets it (``new_game(sign_registry=...)`` in their
own code, ``chililab play -o sign_registry=...``). A saved game never carries
it and loading one that sets it is refused, so a dashboard visitor pasting a
record cannot make the server write a file.
"""
from __future__ import annotations

import datetime
import json

from chililab.engine import on_game_over


def sign(game, path: str, note: str = "") -> dict:
    """Append the signed winning card of ``game`` to the registry at ``path``. No effect on play."""
    r = game.result
    if r is None or getattr(r, "winning_card", -1) < 0:
        raise ValueError("nobody has won yet: there is no card to sign")
    entry = {"card_id": r.winning_card, "card": str(game.card_by_id(r.winning_card)), "winner": r.winner,
             "date": datetime.date.today().isoformat(), "note": note}
    with open(path, "a", encoding="utf-8") as fh:
        fh.write(json.dumps(entry, ensure_ascii=False) + "\n")
    return entry


def sign_on_win(game) -> None:
    """Sign the winning card when the game's ``sign_registry`` option names a file."""
    path = game.options.get("sign_registry", "off")
    if path and path != "off" and hasattr(game.result, "winning_card"):
        sign(game, path)


def install() -> None:
    """Sign every game won from now on (idempotent)."""
    on_game_over(sign_on_win)
