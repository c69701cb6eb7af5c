"""What one seat cannot see in All You Can Chili, dealt again for a search bot's worlds (:mod:`chililab.engine.worlds`).

Hidden from a seat (aycc.md section 0, Information; AYCC-SETUP-4/5/6), three pools that never mix:

- **dishes**: the other players' hands and the dish deck (order and content); piles, the box and a dish
  being served are public;
- **identities**: every other player's character not yet revealed, and the Neutral (never revealed,
  AYCC-NEUTRAL-1); a character is revealed by a withdrawal or a burn-out (AYCC-WITHDRAW-2, AYCC-BURN-1)
  or in Inferno Mode (AYCC-INFERNO-1);
- **tolerances**: every other player's tolerance not revealed and not seen with the seat's own Eye
  (AYCC-ICON-EYE-1: ``peeks`` keeps what the seat saw, and a card seen stays where it is in every world),
  the undealt tolerance deck and the cards Fuego Fred put out of the round (AYCC-INFERNO-FUEGO-1); the top
  undealt cards the seat itself is looking at now (Fuego's ability, the view's ``looking``) stay in place.

The model is the odds calculator's (:mod:`chililab.games.aycc.odds.posterior`): every deal of identities and
tolerances consistent with what the seat sees is equally likely, and what it sees includes that every active
player character stands its heat (AYCC-BURN-1: a character still in has an owner whose tolerance is at least
its heat; the Neutral has no tolerance). So the identities and tolerances are drawn together: each way of
giving the hidden characters to the hidden seats (and the Neutral) is weighted by the number of tolerance deals
that fit it, then the tolerances are dealt uniformly among those. What a seat remembers beyond its view
(a wrong Savage Diss guess, the cards Fuego saw, a higher heat that a Fork took away) is forgotten, as the
calculator forgets it.

Derived fields follow the deal: ``owner`` (from the identities) and the other seats' ``peeks`` (what another
seat saw is that seat's card in this world). The heats depend on the piles only, which are public.
"""
from __future__ import annotations

import math
from bisect import bisect_left
from itertools import permutations

from chililab.engine.worlds import deal_back

from .base import ACTIVE
from .cards import EXACT_BONUS

#: the most identity/tolerance weightings kept (a search asks for the same one at every iteration)
_CACHE_SIZE = 512
_weights: dict = {}
#: the share of an active character's withdrawal value counted as its seat's in :func:`estimate`
_KEEP = 0.5


def deal_unseen(st, seat: int, rng) -> None:
    """Deal every card ``seat`` cannot see into the places such a card may be (``rng=None``: in order)."""
    n = st.n
    # dishes: the other hands and the deck (one pool)
    deal_back([h for q, h in enumerate(st.hands) if q != seat] + [st.deck], rng)
    # identities and tolerances
    peeked = {s: t for s, t in st.peeks[seat]}
    hid_id = [s for s in range(n) if s != seat and not st.id_revealed[s]]
    hid_tol = [s for s in range(n) if s != seat and not st.tol_revealed[s] and s not in peeked]
    look = len(st._looking(seat))  # the undealt cards the seat looks at now stay on top
    deck_tail = st.tol_deck[look:]
    chars = sorted([st.identity[s] for s in hid_id] + [st.neutral])
    pool = sorted([st.tol[s] for s in hid_tol] + deck_tail + st.tol_out)
    if rng is None:
        ids, tols = chars, pool
    else:
        ids, tols = _draw(st, seat, hid_id, hid_tol, peeked, chars, pool, rng)
    for s, c in zip(hid_id, ids):
        st.identity[s] = c
    st.neutral = ids[-1]
    k = len(hid_tol)
    for s, t in zip(hid_tol, tols):
        st.tol[s] = t
    st.tol_deck[look:] = tols[k:k + len(deck_tail)]
    st.tol_out[:] = tols[k + len(deck_tail):]
    # what follows from the deal
    owner: list[int | None] = [None] * len(st.owner)
    for s, c in enumerate(st.identity):
        owner[c] = s
    st.owner = owner
    tol = st.tol
    for q in range(n):
        if q != seat and st.peeks[q]:
            st.peeks[q] = [(s, tol[s]) for s, _ in st.peeks[q]]
    st._lcache = st._lall = None  # another seat's listed moves read its old hand


def _draw(st, seat, hid_id, hid_tol, peeked, chars, pool, rng) -> tuple[list, list]:
    """Identities (for ``hid_id`` then the Neutral) and tolerances (for ``hid_tol``, then the undealt deck's
    hidden part, then the cards out) drawn uniformly among the deals consistent with the heats."""
    heats = st.heats
    # a seat whose identity is known but tolerance hidden: its character is active (an out one is revealed)
    fixed = tuple(sorted((heats[st.identity[s]] for s in hid_tol if st.id_revealed[s]
                          and st.status[st.identity[s]] == ACTIVE), reverse=True))
    caps = tuple(peeked.get(s) for s in hid_id)  # a tolerance the seat saw: its character's heat fits under it
    free = tuple(s in hid_tol for s in hid_id)
    key = (tuple(heats[c] for c in chars), caps, free, fixed, tuple(pool))
    table = _weights.get(key)
    if table is None:
        table = _weights[key] = _table(key)
        if len(_weights) > _CACHE_SIZE:
            _weights.pop(next(iter(_weights)))
    orders, cum = table
    if orders:
        order = rng.choices(orders, cum_weights=cum)[0]
    else:  # no deal fits (a position the game could not reach): the heats are not read
        order = list(range(len(chars)))
        rng.shuffle(order)
    ids = [chars[i] for i in order]
    # tolerances: the most constrained seat first, each uniform among the values left at or above its bound
    bounds = {s: 0 for s in hid_tol}
    for s, c in zip(hid_id, ids):
        if s in bounds:
            bounds[s] = heats[c]
    for s in hid_tol:
        if st.id_revealed[s] and st.status[st.identity[s]] == ACTIVE:
            bounds[s] = heats[st.identity[s]]
    left = list(pool)
    got = {}
    for s in sorted(hid_tol, key=lambda s: -bounds[s]):
        lo = bisect_left(left, bounds[s]) if orders else 0
        i = lo + rng.randrange(len(left) - lo) if lo < len(left) else rng.randrange(len(left))
        got[s] = left.pop(i)
    rng.shuffle(left)
    return ids, [got[s] for s in hid_tol] + left


def _table(key) -> tuple[list, list]:
    """Every order of the hidden characters (indices into them: the hidden seats', then the Neutral) that fits,
    with cumulative weights: the number of tolerance deals each allows."""
    char_heats, caps, free, fixed, pool = key
    m = len(char_heats)
    orders: list = []
    cum: list = []
    total = 0
    for order in permutations(range(m)):
        bounds = list(fixed)
        ok = True
        for j, cap in enumerate(caps):
            h = char_heats[order[j]]
            if free[j]:
                bounds.append(h)
            elif cap is not None and h > cap:
                ok = False
                break
        if not ok:
            continue
        w = _count(sorted(bounds, reverse=True), pool)
        if w:
            total += w
            orders.append(order)
            cum.append(total)
    return orders, cum


def _count(bounds: list, values: tuple) -> int:
    """The ways to give each bound a different value of ``values`` (sorted) at least as high (bounds descending)."""
    ways = 1
    size = len(values)
    for i, b in enumerate(bounds):
        choices = size - bisect_left(values, b) - i
        if choices <= 0:
            return 0
        ways *= choices
    return ways


def estimate(st, seat: int) -> float:
    """A rough share of the win for ``seat`` in an unfinished game (a rollout cut short): a softmax of each seat's
    score (this round's points are banked in it already) plus half what its character would score by withdrawing
    now if it is still in (in a world every tolerance is known), with a spread that grows with what is left."""
    o = st.opts
    scores = list(st.scores)
    for s, c in enumerate(st.identity):
        if st.status[c] == ACTIVE:
            pile = st.piles[c]
            value = sum(d.score for d in pile) + (EXACT_BONUS if st.heats[c] == st.tol[s] else 0)
            scores[s] += value * _KEEP
    if o["game_end"] == "three_rounds":
        left = max(o["rounds"] - st.round, 0) + 0.5
    else:
        left = max(o["target_points"] - max(scores), 0) / 25 + 0.5
    spread = 10.0 * math.sqrt(left)
    top = max(scores)
    weights = [math.exp((v - top) / spread) for v in scores]
    return weights[seat] / sum(weights)
