"""A seat's worlds in All You Can Chili (``rules/unseen.py``, :mod:`chililab.engine.worlds`): what the search bot plays on.

Hidden from a seat (aycc.md section 0, Information): the other hands and the dish deck, the identities not
revealed and the Neutral (AYCC-SETUP-4, AYCC-NEUTRAL-1), the tolerances not revealed nor seen with the seat's
own Eye (AYCC-SETUP-5, AYCC-SETUP-6, AYCC-ICON-EYE-1), the undealt and discarded tolerance cards
(AYCC-INFERNO-FUEGO-1). A world deals those again and agrees with everything the seat sees; every active
player character stands its heat in it (AYCC-BURN-1), and its deal follows the odds calculator's posterior.
"""
from __future__ import annotations

import random
from collections import Counter

import pytest

from chililab.agents import play_game
from chililab.agents.search import SearchAgent, share
from chililab.engine import registry
from chililab.engine.worlds import Knowledge
from chililab.games.aycc.odds import burn_chance, knowledge_from_view, posterior
from chililab.games.aycc.rules.cards import CHARACTERS

from .random_play import OTHER_DISHES

SPEC = registry.get("aycc")
rule = pytest.mark.rule

#: tables over every option of the spec: 2-6 players, Inferno Mode, both game ends, rounds, target points,
#: a first player, another dish composition and deck size, Siesta and swaps
TABLES = [
    {"players": 2},
    {"players": 3, "inferno": True},
    {"players": 4, "game_end": "first_to_50", "target_points": 40},
    {"players": 5, "inferno": True, "siesta_blocks_swap": False, "rounds": 2},
    {"players": 6, "inferno": True, "first_player": 2},
    {"players": 4, "inferno": True, "dish_composition": OTHER_DISHES},
    {"players": 3, "dish_composition": [{"name": "Hot", "flame": 6, "count": 20},
                                        {"name": "Eye", "flame": 4, "icon": "eye", "count": 20}], "deck_size": 40},
    {"players": 6, "rounds": 1},
]


def positions(seed: int, options: dict, every: int = 1):
    """Every ``every``-th position of a seeded game played half by the threshold bot, half at random (the bot
    keeps characters in long enough for high heats and Eyes), with the game's options."""
    p = SPEC.new_playout(seed=seed, **options)
    rng = random.Random(seed)
    bot = SPEC.agent("threshold")
    st = p.state
    i = 0
    while st.result is None:
        if i % every == 0:
            yield st.clone()
        i += 1
        seat = st.decision.players[0]
        legal = st.legal_moves(seat)
        if rng.random() < 0.5:
            move = rng.choice(legal)
        else:
            view = st.seat_view(seat)
            move = bot.choose(view, legal, rng)
            view._close()
        p.play(move)


def all_positions(every: int = 3):
    for t, options in enumerate(TABLES):
        for seed in range(3):
            yield from positions(100 * t + seed, options, every)


def contents(st) -> tuple:
    """Every card of a position as multisets: dishes, tolerance cards, identity cards (with the Neutral)."""
    dishes = Counter(d.id for place in (*st.hands, *st.piles, st.deck, st.box) for d in place)
    if st.serving is not None:
        dishes[st.serving[1].id] += 1
    return dishes, Counter(st.tol + st.tol_deck + st.tol_out), Counter(st.identity + [st.neutral])


def stands(st) -> bool:
    """Every active player character stands its heat: its owner's tolerance is at least its heat (AYCC-BURN-1)."""
    return all(st.heats[c] <= st.tol[s] for s, c in enumerate(st.identity) if st.status[c] == "active")


# ---------------------------------------------------------------- a world agrees with what the seat sees


@rule("AYCC-SETUP-4")
@rule("AYCC-SETUP-5")
@rule("AYCC-SETUP-6")
@rule("AYCC-ICON-EYE-1")
@rule("AYCC-BURN-1")
def test_a_world_agrees_with_everything_the_seat_sees():
    seen = Counter()
    for i, st in enumerate(all_positions()):
        assert stands(st)
        for seat in range(st.n):
            w = Knowledge(st, seat).world(random.Random(i * 7 + seat))
            assert w.view(seat) == st.view(seat)
            assert contents(w) == contents(st)
            assert w.legal_moves(seat) == st.legal_moves(seat)
            for s, t in st.peeks[seat]:  # a card the seat saw with its Eye is where it was
                assert w.tol[s] == t
                seen["peek"] += 1
            for q in range(st.n):  # another seat's peek is what that seat's card is in this world
                assert all(w.tol[s] == t for s, t in w.peeks[q])
            assert [w.owner[c] for c in w.identity] == list(range(w.n))
            assert w.heats == [sum(d.flame for d in pile) for pile in w.piles]
            assert stands(w)  # AYCC-BURN-1: nobody in the world should have burnt out already
            seen["world"] += 1
            if st._looking(seat):
                seen["looking"] += 1
                assert w.tol_deck[:3] == st.tol_deck[:3]
    assert seen["world"] > 1000 and seen["peek"] > 50 and seen["looking"] > 0, seen


@rule("AYCC-SETUP-4")
@rule("AYCC-SETUP-5")
def test_worlds_differ_and_play_to_the_end():
    rng = random.Random(5)
    for t, options in enumerate(TABLES):
        st = next(s for i, s in enumerate(positions(t, options)) if i == 6)
        k = Knowledge(st, 0)
        worlds = [k.world(random.Random(seed)) for seed in range(5)]
        hidden = {(tuple(map(tuple, w.hands[1:])), tuple(w.deck), tuple(w.identity[1:]), w.neutral, tuple(w.tol[1:]))
                  for w in worlds}
        assert len(hidden) == 5
        for w in worlds:
            while w.result is None:
                w.play(rng.choice(w.legal_moves()))


# ---------------------------------------------------------------- nothing hidden reaches the knowledge


def scramble(st, seat: int, rng: random.Random):
    """A copy of ``st`` in which every item ``seat`` cannot see is permuted among the places of its kind (written
    here from the rules' Information list, not from ``unseen.py``), with another random generator."""
    s = st.clone()
    n = s.n
    # dishes: the other hands and the deck
    places = [h for q, h in enumerate(s.hands) if q != seat] + [s.deck]
    pool = [d for h in places for d in h]
    rng.shuffle(pool)
    for h in places:
        h[:], pool = pool[:len(h)], pool[len(h):]
    # identities: the hidden ones and the Neutral
    hidden = [q for q in range(n) if q != seat and not s.id_revealed[q]]
    ids = [s.identity[q] for q in hidden] + [s.neutral]
    rng.shuffle(ids)
    for q, c in zip(hidden, ids):
        s.identity[q] = c
    s.neutral = ids[-1]
    s.owner = [s.identity.index(c) if c in s.identity else None for c in range(len(CHARACTERS))]
    # tolerances: hidden and not seen by the seat, the undealt ones it is not looking at, the discarded ones
    saw = {q for q, _ in s.peeks[seat]}
    tq = [q for q in range(n) if q != seat and not s.tol_revealed[q] and q not in saw]
    top = len(s._looking(seat))
    vals = [s.tol[q] for q in tq] + s.tol_deck[top:] + s.tol_out
    rng.shuffle(vals)
    for q in tq:
        s.tol[q] = vals.pop()
    s.tol_deck[top:] = vals[:len(s.tol_deck) - top]
    s.tol_out[:] = vals[len(s.tol_deck) - top:]
    for q in range(n):
        s.peeks[q] = [(x, s.tol[x]) for x, _ in s.peeks[q]]
    s.rng = random.Random(rng.getrandbits(32))
    s._lcache = s._lall = None
    return s


@rule("AYCC-SETUP-6")
@rule("AYCC-NEUTRAL-1")
@rule("AYCC-INFERNO-FUEGO-1")
def test_scrambling_what_the_seat_cannot_see_changes_nothing_it_knows():
    rng = random.Random(11)
    searched = 0
    for i, st in enumerate(all_positions(every=5)):
        for seat in range(st.n):
            other = scramble(st, seat, rng)
            assert other.view(seat) == st.view(seat)
            assert contents(other) == contents(st)
            k1, k2 = Knowledge(st, seat), Knowledge(other, seat)
            assert k1.key() == k2.key()
            legal = st.legal_moves(seat)
            if len(legal) > 1 and (i + seat) % 4 == 0:
                # a fresh bot each time: a bot that has decided in a position plays the rule bot's move there
                assert SearchAgent(30, game="aycc").choose(k1, legal, random.Random(7)) == \
                    SearchAgent(30, game="aycc").choose(k2, legal, random.Random(7))
                searched += 1
    assert searched > 20


# ---------------------------------------------------------------- the deal follows the exact posterior


@rule("AYCC-BURN-1")
@rule("AYCC-NEUTRAL-1")
def test_worlds_follow_the_exact_posterior():
    """The worlds' burn-out frequency of a dish on each opponent character, and how often each character is the
    Neutral, agree with the odds calculator's exact values (:mod:`chililab.games.aycc.odds`) inside 99%
    intervals (Bonferroni over the comparisons), in a late position where the heats rule many deals out."""
    st, seat = _late_position()
    view = st.view(seat)
    kn = knowledge_from_view(view)
    post = posterior(kn)
    dish = view.hands[seat][0]
    key = {c.key: c.id for c in CHARACTERS}
    targets = [c for c in view.row if view.status[c] == "active" and c != view.identities[seat]]
    exact = {c: burn_chance(kn, CHARACTERS[c].key, dish=dish, post=post) for c in targets}
    neutral = {key[c]: p for c, p in post.neutral().items()}
    samples = 4000
    burns, neutrals = Counter(), Counter()
    k = Knowledge(st, seat)
    rng = random.Random(3)
    for _ in range(samples):
        w = k.world(rng)
        neutrals[w.neutral] += 1
        for c in targets:
            s = w.owner[c]
            if s is not None and w.heats[c] + dish.flame > w.tol[s]:
                burns[c] += 1
    checks = [(exact[c], burns[c]) for c in targets] + [(neutral.get(c, 0), neutrals[c]) for c in view.row]
    z = 3.3  # two-sided 99% over up to a dozen comparisons (Bonferroni: 1 - 0.01 / 12 per comparison)
    assert any(0 < p < 1 for p, _ in checks)
    for p, hits in checks:
        p = float(p)
        half = z * (p * (1 - p) / samples) ** 0.5 + 1e-9
        assert abs(hits / samples - p) <= half, (p, hits / samples, checks)


def _late_position():
    """The first position of a seeded 4-player game where seat 0, to play, faces two or more opponents still in
    with hidden tolerances and a heat of 14 or more (the posterior is far from the plain deal)."""
    for seed in range(50):
        for st in positions(seed, {"players": 4}):
            seat = st.decision.players[0] if st.decision else None
            if seat != 0 or st.phase != "ACTION" or not st.hands[0]:
                continue
            hot = [s for s in range(1, 4) if not st.tol_revealed[s] and st.status[st.identity[s]] == "active"
                   and st.heats[st.identity[s]] >= 14]
            if len(hot) >= 2:
                return st, 0
    raise AssertionError("no late position found")


# ---------------------------------------------------------------- the search bot plays whole games


def test_the_search_bot_plays_whole_games_with_rule_bots():
    for seed, options, others in ((1, {"players": 3}, ("threshold", "exact")),
                                  (2, {"players": 4, "inferno": True}, ("exact", "threshold", "random"))):
        game = SPEC.new_game(seed=seed, **options)
        agents = [SPEC.agent("search:20"), *(SPEC.agent(a) for a in others)]
        play_game(game, agents, rng=random.Random(seed))
        assert game.result is not None
        assert 0 <= share(game.result, 0) <= 1


@rule("AYCC-ROUND-5")
def test_estimate_is_a_share_of_the_win():
    for st in positions(4, {"players": 5, "game_end": "first_to_50"}, every=10):
        shares = [st.estimate(s) for s in range(st.n)]
        assert all(0 < x < 1 for x in shares) and abs(sum(shares) - 1) < 1e-9
        ahead = st.clone()
        ahead.scores[0] += 10
        assert ahead.estimate(0) > shares[0]  # more points, a larger share
