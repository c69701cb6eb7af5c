"""What one seat knows, and the worlds consistent with it: the hook a search bot samples from.

A search bot must not read the cards it cannot see. It gets a seat's :class:`Knowledge` instead of the
game: a copy of the position in which every card the seat cannot see has been gathered and put back in a
fixed order (sorted by card id), every hidden answer of another seat taken back, and the random generator
replaced by one that knows nothing of the real one. Whatever the hidden cards really are, the knowledge is
the same (``Knowledge.key()`` is equal), so nothing the bot decides can depend on them.

:meth:`Knowledge.world` deals those cards out again at random: a whole position the bot may play on, which
agrees with everything the seat sees now (its view of the world is its view of the real game).

The model, stated once: a world is drawn uniformly from the arrangements of the unseen cards that keep
every count the seat can see (hand sizes, pile sizes) and every card it can see where it is. A seat's
memory of a card it was shown privately earlier (and which has not been seen to move since) is kept where
the game tracks it in the position (All You Can Chili's peeks); where it does not, the world forgets it.
Another seat's hidden answer in a simultaneous decision is taken back: each world draws it again from that
seat's answers there (by the search bot's rollout policy). Nothing is inferred from how the others played.

A game supplies one hook on its rules state, ``deal_unseen(seat, rng)``: move every card ``seat`` cannot
see into the places such a card may be, with :func:`deal_back` (``rng=None``: in the fixed order). Games
without it have no search bot (:func:`has_worlds`).
"""
from __future__ import annotations

import random
from collections.abc import Callable, MutableSequence, Sequence
from typing import Any

#: the generator a seat's knowledge holds in place of the game's (its state says nothing of the real one)
_BLANK_SEED = 0


def card_key(card: Any) -> Any:
    """The fixed order of unseen cards: by ``id`` (cards of the games), else by the value itself."""
    i = getattr(card, "id", None)
    return card if i is None else i


def deal_back(places: Sequence[MutableSequence], rng: random.Random | None, key: Callable[[Any], Any] = card_key) -> None:
    """Gather the cards of ``places`` (lists, changed in place) and deal them back, each place keeping its size.

    ``rng=None``: sorted by ``key`` (the fixed order every knowledge holds), else shuffled by ``rng``.
    Every place may hold every card of the pool: call it once per kind of place (hands and the draw pile
    of one deck; tolerance cards apart from dishes).
    """
    pool = [c for place in places for c in place]
    pool.sort(key=key)
    if rng is not None:
        rng.shuffle(pool)
    i = 0
    for place in places:
        k = len(place)
        place[:] = pool[i:i + k]
        i += k


def has_worlds(state_class: type) -> bool:
    """True when a game's rules state can deal the cards a seat cannot see (its search bot can play)."""
    return callable(getattr(state_class, "deal_unseen", None))


class Knowledge:
    """What ``seat`` knows of a position: the position with every card it cannot see in a fixed order.

    ``state``: that position (a rules state; never the real one, and with no event list); ``seat``: whose
    knowledge it is. :meth:`world` samples a whole position from it; :meth:`view` is the seat's view.
    """

    __slots__ = ("seat", "state", "retaken")

    def __init__(self, state, seat: int):
        s = state.clone()
        s.events = None
        # another seat's hidden answer (a simultaneous decision): taken back; a world draws it again
        answers = s.answers
        retaken = tuple(sorted(q for q in answers if q != seat)) if not s.relay else ()
        if retaken:
            s.answers = {q: m for q, m in answers.items() if q not in retaken}
            s._lcache = s._lall = None
        s.deal_unseen(seat, None)
        s.rng = random.Random(_BLANK_SEED)
        self.seat = seat
        self.state = s
        self.retaken = retaken

    def world(self, rng: random.Random, answer: Callable[[Any, int, list], Any] | None = None):
        """A whole position consistent with this knowledge: the unseen cards dealt by ``rng``, a generator of
        its own seeded from ``rng`` (the world's future shuffles), no events.

        Each answer taken back is drawn again from that seat's answers in the world: by
        ``answer(world, seat, legal)`` when given (a search bot's rollout policy), else uniformly.
        """
        w = self.state.clone()
        w.events = None
        w.rng = random.Random(rng.getrandbits(64))
        w.deal_unseen(self.seat, rng)
        if self.retaken:
            listing = w._legal_in[w.phase]
            for q in self.retaken:
                legal = listing(w, q)
                w.answers[q] = answer(w, q, legal) if answer is not None else rng.choice(legal)
            w._lcache = w._lall = None
        return w

    def view(self):
        """The seat's view (the same as its view of the real game)."""
        return self.state.view(self.seat)

    def key(self) -> tuple:
        """Equal for two positions that differ only in what the seat cannot see."""
        return self.state.key()

    def __repr__(self) -> str:
        return f"<Knowledge of seat {self.seat} at phase {self.state.phase}>"
