"""From an engine view to a player's :class:`~chililab.games.aycc.odds.knowledge.Knowledge`.

:func:`knowledge_from_view` reads only what ``game.view(seat)`` shows that seat (aycc.md section 0):
its own character, tolerance and hand; the row, piles, statuses and tokens; the identities and
tolerances revealed or seen with its Eye; the deck size and hand sizes; the box and the composition; the
Siestas in force (Inferno Mode).
It refuses the teacher's view. Characters become their keys (``"king_naga"``).

The view has no history, so a character's floor is its heat now: when a Fork has taken a dish off a
character, the player's memory of the higher heat it stood is not used (the answers are those of a
player who sees the table but does not remember). In Inferno Mode the model's deal ignores Fuego
Fred's tolerance swap (see :mod:`chililab.games.aycc.odds.posterior`); a tolerance seen with the Eye is the
seat's card now (the game forgets a peek when I Must Endure! replaces the card it saw).
"""
from __future__ import annotations

from chililab.games.aycc.rules.cards import CHARACTERS

from .knowledge import Knowledge


def knowledge_from_view(view) -> Knowledge:
    """What the seat of ``view`` (an All You Can Chili view of one seat) knows; ValueError for the teacher's view."""
    seat = view.seat
    if seat is None:
        raise ValueError("the teacher's view shows everything: give the view of one seat")

    def key(c):
        return None if c is None else CHARACTERS[c].key

    return Knowledge(
        seat=seat, character=key(view.identities[seat]), tolerance=view.tolerances[seat],
        row=tuple(key(c) for c in view.row), piles={key(c): view.piles[c] for c in view.row},
        active={key(c) for c in view.row if view.status[c] == "active"}, hand=view.hands.get(seat, ()),
        identities={s: key(c) for s, c in view.identities.items() if s != seat},
        tolerances={s: t for s, t in view.tolerances.items() if s != seat},
        hand_sizes={s: n for s, n in enumerate(view.hand_counts) if s != seat}, deck_size=view.deck_size,
        chili=key(view.chili), lock=key(view.lock), last_target=key(view.last_target),
        composition=view.dishes, box=view.box, siestas={s: key(c) for s, c in view.siestas.items()})
