"""The search bot (issue 26): worlds consistent with a seat's view, hidden cards never read, fixed seeds.

Chili Loco and the Crazy Eights example here; Chili Mafia and All You Can Chili in their own folders
(``tests/mafia/test_worlds.py``, ``tests/aycc/test_worlds.py``).
"""
from __future__ import annotations

import pickle
import random
from collections import Counter

import pytest

from chililab.agents import play_game
from chililab.agents.search import LEVELS, MAX_ITERATIONS, SearchAgent, parse_budget, share, wilson
from chililab.engine import ConfigError, registry
from chililab.engine.worlds import Knowledge

pytestmark = pytest.mark.filterwarnings("ignore::RuntimeWarning")

LOCO_OPTIONS = ({}, {"allow_self_jump_in": True}, {"milk_requires_pending": True},
                {"help_requests_per_turn_cap": 3}, {"personal_recipes": ["reveal_hand", "terrible_accent"]})


def positions(game, count, players=(2, 3, 4, 5), options=({},), seed=0):
    """``count`` positions of random seeded games (a playout each, stopped at a random step)."""
    spec = registry.get(game)
    rng = random.Random(seed)
    out = []
    while len(out) < count:
        n = rng.choice(players)
        p = spec.new_playout(players=n, seed=rng.randrange(10**6), **rng.choice(options))
        for _ in range(rng.randrange(1, 150)):
            if p.over:
                break
            p.play(rng.choice(p.legal_moves()))
        if not p.over:
            out.append(p.state)
    return out


# ---------------------------------------------------------------- scramblers written apart from deal_unseen
def loco_scrambled(st, seat, rng):
    """``st`` with every card ``seat``'s view does not show moved among the places holding such cards."""
    s = st.clone()
    seen = s.view(seat).visible_card_ids()
    slots = [(h, i) for h in [*s.hands, s.draw, s.box] for i, c in enumerate(h) if c.id not in seen]
    offers = [i for i, (_, c) in enumerate(s.offers) if c.id not in seen]
    cards = [h[i] for h, i in slots] + [s.offers[i][1] for i in offers]
    rng.shuffle(cards)
    for (h, i), c in zip(slots, cards):
        h[i] = c
    s.offers = list(s.offers)
    for i, c in zip(offers, cards[len(slots):]):
        s.offers[i] = (s.offers[i][0], c)
    s.rng = random.Random(rng.random())
    return s


def c8_scrambled(st, seat, rng):
    s = st.clone()
    seen = {c.id for c in s.hands[seat]} | {c.id for c in s.discard}
    slots = [(h, i) for h in [*s.hands, s.stock] for i, c in enumerate(h) if c.id not in seen]
    cards = [h[i] for h, i in slots]
    rng.shuffle(cards)
    for (h, i), c in zip(slots, cards):
        h[i] = c
    s.held = [sum(1 << c.id for c in h) for h in s.hands]
    s.rng = random.Random(rng.random())
    return s


def loco_cards(st):
    return Counter(c.id for c in [*(c for h in st.hands for c in h), *st.draw, *st.pile, *st.box,
                                  *(c for _, c in st.offers)])


def c8_cards(st):
    return Counter(c.id for c in [*(c for h in st.hands for c in h), *st.stock, *st.discard])


CASES = {"loco": (loco_scrambled, loco_cards, LOCO_OPTIONS), "crazy_eights": (c8_scrambled, c8_cards, ({},))}


@pytest.mark.parametrize("game", sorted(CASES))
def test_every_world_agrees_with_what_the_seat_sees(game):
    """LOCO-INFO-1 (C8-DEAL-1 for Crazy Eights): a world dealt from a seat's knowledge shows that seat exactly
    its view of the real game (its hand, the pile, every count), holds every card once, and gives it the same
    legal moves; worlds differ from each other where the seat cannot see."""
    scrambled, cards, options = CASES[game]
    rng = random.Random(11)
    checked = 0
    for st in positions(game, 120, options=options):
        for seat in range(st.n):
            k = Knowledge(st, seat)
            worlds = [k.world(random.Random(rng.random())) for _ in range(3)]
            for w in worlds:
                assert w.view(seat) == st.view(seat)
                assert cards(w) == cards(st)
                if seat in st.decision.players:
                    assert w.legal_moves(seat) == st.legal_moves(seat)
                checked += 1
            if game == "loco" and sum(map(len, st.hands)) - len(st.hands[seat]) + len(st.draw) > 8:
                assert len({repr(w.key()) for w in worlds}) > 1, "worlds must be dealt, not copied"
    assert checked > 1000


@pytest.mark.parametrize("game", sorted(CASES))
def test_the_bot_never_reads_what_its_seat_cannot_see(game):
    """LOCO-INFO-1: scrambling every card the seat cannot see (and the game's random generator) changes
    neither its knowledge nor the search bot's decision for the same seed."""
    scrambled, _, options = CASES[game]
    rng = random.Random(5)
    decided = 0
    for st in positions(game, 80, options=options, seed=1):
        seat = st.decision.players[0]
        other = scrambled(st, seat, rng)
        assert other.view(seat) == st.view(seat)
        assert Knowledge(other, seat).key() == Knowledge(st, seat).key()
        legal = st.legal_moves(seat)
        if len(legal) > 1 and decided < 25:
            # a fresh bot each time: a bot that has decided in a position plays the rule bot's move there
            assert SearchAgent(12, game=game).choose(Knowledge(st, seat), legal, random.Random(7)) == \
                SearchAgent(12, game=game).choose(Knowledge(other, seat), other.legal_moves(seat), random.Random(7))
            decided += 1
    assert decided == 25


def test_a_different_hidden_deal_is_a_different_game_but_the_same_knowledge():
    """The check above can fail: scrambling does change the real position (hands differ), only not what the
    seat knows."""
    st = positions("loco", 1, players=(4,), seed=3)[0]
    seat = st.decision.players[0]
    other = loco_scrambled(st, seat, random.Random(1))
    assert other.key() != st.key()
    assert Knowledge(other, seat).key() == Knowledge(st, seat).key()
    assert Knowledge(other, (seat + 1) % st.n).key() != Knowledge(st, (seat + 1) % st.n).key()


@pytest.mark.parametrize("game", sorted(CASES))
def test_fixed_seeds_give_fixed_decisions_and_estimates(game):
    st = next(s for s in positions(game, 40, players=(4,), seed=2) if len(s.legal_moves(s.decision.players[0])) > 2)
    seat = st.decision.players[0]
    bot = SearchAgent(40, game=game)
    a = bot.analyse(Knowledge(st, seat), st.legal_moves(seat), random.Random(3))
    b = bot.analyse(Knowledge(st, seat), st.legal_moves(seat), random.Random(3))
    assert a == b
    assert {e.playouts for e in a} == {40 // len(a)}  # every move on the same deals: a round plays each once
    assert all(0 <= e.low <= e.mean <= e.high <= 1 for e in a)
    c = bot.analyse(Knowledge(st, seat), st.legal_moves(seat), random.Random(4))
    assert [e.mean for e in c] != [e.mean for e in a]  # another seed deals other worlds


@pytest.mark.parametrize("game", sorted(CASES))
def test_search_bots_play_whole_games_beside_rule_bots(game):
    spec = registry.get(game)
    seen = []

    class Watch(SearchAgent):
        def choose(self, knowledge, legal, rng):
            seen.append(type(knowledge))
            return super().choose(knowledge, legal, rng)

    bot = Watch(4, game=game, depth=20)
    for seed in range(2):
        agents = [spec.agent(spec.bot) for _ in range(3)]
        agents.insert(seed, bot)
        g = play_game(spec.new_playout(players=4, seed=seed), agents)
        assert g.over
    assert seen and set(seen) == {Knowledge}  # handed its seat's knowledge, never a view of the game


def test_agent_names_and_budgets():
    spec = registry.get("loco")
    assert "search" in spec.agent_names
    assert spec.agent("search:400").iterations == 400
    assert spec.agent("Search : Hard").iterations == LEVELS["hard"]
    assert spec.agent("search").iterations == LEVELS["medium"]
    assert parse_budget("easy") == LEVELS["easy"]
    for bad in ("search:abc", "search:0", f"search:{MAX_ITERATIONS + 1}", "search:-3", "random:3", "rules:5"):
        with pytest.raises(ConfigError):
            spec.agent(bad)
    with pytest.raises(ConfigError):
        SearchAgent(10, rollout="fast")
    with pytest.raises(ConfigError):
        SearchAgent(10, depth=0)
    with pytest.raises(ConfigError):
        SearchAgent(True)


def test_a_search_bot_travels_to_worker_processes():
    bot = registry.get("loco").agent("search:30")
    st = positions("loco", 1, players=(3,), seed=9)[0]
    seat = st.decision.players[0]
    bot.choose(Knowledge(st, seat), st.legal_moves(seat), random.Random(1))  # builds its rule bot
    copy = pickle.loads(pickle.dumps(bot))
    assert copy.iterations == 30 and copy._policy is None


def test_wilson_interval_and_shares():
    lo, hi = wilson(5, 10)
    assert round(lo, 4) == 0.2366 and round(hi, 4) == 0.7634  # the Wilson interval of 5/10 at 95 %
    assert wilson(0, 0) == (0.0, 1.0)
    lo, hi = wilson(0, 20)
    assert lo == 0.0 and 0.16 < hi < 0.17

    class R:
        winners = (1, 3)
    assert share(R, 1) == 0.5 and share(R, 0) == 0.0


def test_a_position_met_again_gets_the_rule_bots_move():
    """MAFIA-SWEET-1 made a search bot go round in a circle (free moves that undo each other): in a position it
    has decided in before, it plays the rule bot's move; a fresh bot (or a copy sent to a worker) remembers
    nothing."""
    from chililab.agents.search import Search

    st = next(s for s in positions("crazy_eights", 30, players=(4,), seed=6) if len(s.legal_moves(s.decision.players[0])) > 2)
    seat = st.decision.players[0]
    legal = st.legal_moves(seat)
    bot = SearchAgent(20, game="crazy_eights")
    bot.choose(Knowledge(st, seat), legal, random.Random(1))
    anchor = Search(bot, Knowledge(st, seat), legal, random.Random(1)).anchor
    for seed in range(5):
        assert bot.choose(Knowledge(st, seat), legal, random.Random(seed)) == legal[anchor]
    assert pickle.loads(pickle.dumps(bot))._seen == {}
