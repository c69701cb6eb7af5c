"""Chili Loco's plugs for the shared random-play harness (tests/harness.py).

- :func:`options_for`: seeded table options, house rules included;
- :func:`weighted_agent`: a random agent that picks a seat, then a kind of move
  by weight, then a move of that kind uniformly. Uniform random over all legal
  moves makes games of thousands of steps (help requests: every helper offers,
  the asker touches or leaves each card), so help and LOCO calls are rarer
  here, but every kind of move keeps a positive weight;
- :func:`plausible_moves`: random moves by random seats with random cards from
  anywhere (own hand, other hands, pile, draw pile, offers), for check (c);
- :func:`hidden_check`: no view holds another seat's hidden card, check (d).
"""
from __future__ import annotations

import random

from chililab.loco import (
    ALL_CARDS,
    COLOURS,
    PRESETS,
    Accept,
    AskHelp,
    Call,
    ChooseColour,
    ChooseTarget,
    Draw,
    Jump,
    Lay,
    Leave,
    Offer,
    Pass,
    Shout,
    StallPass,
    Touch,
    Vote,
    card_by_id,
)

from chililab import loco

from ..harness import check_random_games, pick_weighted

TIE_METHODS = ("coin_flip", "table_talk", "rock_paper_scissors", "table_vote")
PRESET_NAMES = sorted(PRESETS)

# weight of each kind of move (summed over the seat's moves of that kind)
WEIGHTS = {"Lay": 40.0, "Jump": 4.0, "Draw": 1.0, "AskHelp": 0.35, "StallPass": 1.0, "Accept": 2.0,
           "Offer": 0.8, "Pass": 2.0, "Touch": 1.0, "Leave": 1.0, "Shout": 3.0, "Call": 0.3,
           "ChooseColour": 1.0, "ChooseTarget": 1.0, "Vote": 1.0}
# a chattier table: help and calls much more often (every 7th game)
CHATTY = dict(WEIGHTS, AskHelp=1.5, Offer=2.0, Call=1.0, Shout=1.0)


def options_for(players: int, seed: int) -> dict:
    """Seeded options: house rules on in about half of the games, each independently."""
    r = random.Random(f"opts-{players}-{seed}")
    o: dict = {"players": players}
    if r.random() < 0.35:
        o["personal_recipes"] = [r.choice(PRESET_NAMES), r.choice(PRESET_NAMES)]
        if r.random() < 0.3:
            o["reveal_hand_audience"] = "layer_only"
    if r.random() < 0.3:
        o["tie_method"] = r.choice(TIE_METHODS)
    if r.random() < 0.2:
        o["allow_self_jump_in"] = False
    if players == 2 and r.random() < 0.5:
        o["two_player_stir_skips"] = True
    if r.random() < 0.2:
        o["milk_requires_pending"] = True
    if r.random() < 0.15:
        o["help_requests_per_turn_cap"] = r.choice((0, 1, 2))
    x = r.random()
    if x < 0.1:
        o["reaction_model"] = {"model": "skill", "mu": [r.random() for _ in range(players)], "sigma": 0.2}
    elif x < 0.2:  # fixed order with exact ties: LOCO-TIE-1 runs often
        seats = list(range(players))
        r.shuffle(seats)
        o["reaction_model"] = {"model": "fixed", "order": [seats[:2]] + seats[2:]}
    if r.random() < 0.5:
        o["dealer"] = r.randrange(players)
    return o


def make_game_factory(players: int):
    def make(seed):
        return loco.new_game(seed=seed, **options_for(players, seed))
    return make


def card_count(g) -> int:
    return 114 if g.options["personal_recipes"] != "off" else 112


def weighted_agent(g, legal, rng):
    return pick_weighted(legal, rng, CHATTY if g.seed % 7 == 3 else WEIGHTS)


def plausible_moves(g, rng, k: int = 12):
    """Up to ``k`` random moves of every kind, by any seat (sometimes an out-of-range one), with any card."""
    v = g.view(None)  # the teacher's view: every card (illegal moves change nothing, so it stays current)
    n = v.players
    pools = [c for h in v.hands.values() for c in h] + list(v.pile) + list(v.draw_pile) + [c for _, c in v.offers]
    pools = pools or list(ALL_CARDS)
    asked = g.decision.players
    for _ in range(k):
        x = rng.random()
        p = rng.randrange(-1, n + 1) if x < 0.1 else asked[rng.randrange(len(asked))] if x < 0.6 and asked \
            else rng.randrange(n)
        hand = v.hands[p] if 0 <= p < n and v.hands[p] and rng.random() < 0.6 else pools
        c = hand[rng.randrange(len(hand))]
        t = rng.randrange(-1, n + 1)
        kind = rng.randrange(15)
        if kind == 0:
            yield Lay(p, (c,))
        elif kind == 1:
            c2 = pools[rng.randrange(len(pools))]
            yield Lay(p, (c, c2)) if c2 is not c else Lay(p, (c,))
        elif kind == 2:
            yield Jump(p, (c,))
        elif kind == 3:
            yield Offer(p, c)
        elif kind == 4:
            yield ChooseColour(p, rng.choice(COLOURS + ("blue", "Red")))
        elif kind == 5:
            yield ChooseTarget(p, t)
        elif kind == 6:
            yield Call(p, t)
        elif kind == 7:
            yield Vote(p, t)
        else:
            yield [Draw, AskHelp, Accept, StallPass, Touch, Leave, Shout, Pass][kind - 8](p)


def hidden_check(g):
    """LOCO-INFO-1: a seat's view holds no card hidden from it; secret decisions stay secret.

    Hidden from seat p: the draw pile, other seats' hands, cards others slid face down.
    """
    owner = {}  # card id -> the one seat that may see it, or -1 for nobody (from g.locations(), not the views)
    hands = g.view(None).hands  # every hand in order, to compare each seat's own view with
    in_hand = {s: set() for s in hands}  # seat -> ids in its hand, from g.locations()
    for i, places in g.locations().items():
        for place in places:
            if place == "draw":
                owner[i] = -1
            elif place.startswith("hand"):
                owner[i] = int(place[4:])
                in_hand[owner[i]].add(i)
            elif place.startswith("offer"):
                owner[i] = int(place[5:])
    problems = []
    d = g.decision
    last_events = g.log[-1]
    for p in range(len(hands)):
        v = g.view(p)
        leak = [i for i in v.visible_card_ids() if owner.get(i, p) != p]
        if leak:
            problems.append(f"view({p}) shows hidden cards {sorted(leak)}")
        if set(v.hands) != {p} or v.draw_pile is not None:
            problems.append(f"view({p}) holds hands {sorted(v.hands)} / the draw pile")
        if tuple(v.hand) != hands[p] or {c.id for c in v.hand} != in_hand[p]:
            problems.append(f"view({p}) shows a hand other than P{p}'s")
        if d is not None and d.public is not None and v.decision is not None:
            secret = set(d.players) - set(d.public) - {p}
            if secret & set(v.decision.players):
                problems.append(f"view({p}) reveals that {sorted(secret)} are asked in secret")
        if set(v.answered) - {p}:
            problems.append(f"view({p}) shows who else has answered: {v.answered}")
        # a private event (a draw, a face-down offer, a touch) reaches others only as its public text,
        # which names none of its cards
        for e in last_events:
            if e.audience is not None and p not in e.audience:
                e2 = e.for_viewer(p)
                if e2 is not None and (e2.data is not None or e2.text != e.public_text):
                    problems.append(f"P{p} sees the private event {e.text!r}")
                elif e2 is not None and e.data:
                    named = [str(card_by_id(i)) for i in e.data.get("cards") or []]
                    named = [x for x in named if x in e2.text]
                    if named:
                        problems.append(f"the public text {e2.text!r} names private cards {named}")
    return problems


CHUNK = 5  # games per test item (many items: xdist --dist loadfile starts the files with the most items first)


def run_chunk(players: int, chunk: int):
    """Play games ``chunk*CHUNK ..`` at this table size through the shared harness, every check on."""
    seeds = range(1000 * players + chunk * CHUNK, 1000 * players + (chunk + 1) * CHUNK)
    report = check_random_games(
        make_game_factory(players), seeds,
        card_count=card_count, replay=loco.replay, agent=weighted_agent,
        illegal_moves=plausible_moves, hidden_check=hidden_check,
        step_cap=5000, illegal_per_step=3,
        all_moves_every=1,  # every game: every legal move is applied on a copy at every step
        replay_every_step_every=CHUNK if chunk * CHUNK % 200 == 0 else 0,  # one game in 200: replay every step
        state_key=lambda g: g.state.key(),
    )
    assert report.games == len(seeds)
    print(f"{players}p chunk {chunk}: {report.summary()}")
    return report


def chunk_params(games: dict):
    """pytest params (players, chunk) for ``{players: number of games}``."""
    import pytest

    return [pytest.param(n, c, id=f"{n}p-{c}") for n, total in games.items() for c in range(total // CHUNK)]
