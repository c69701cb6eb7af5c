"""The cards one seat cannot see, dealt again for a search bot's worlds (:mod:`chililab.engine.worlds`).

What a Chili Mafia seat sees (``view.py``, MAFIA-HP-2, MAFIA-TEAM-2): its own hand, its own draft packet and its
own Hot Properties; every gang, the discard pile and the cards out of the game; a Turncoat's pepper; what it is
looking at now (a Snooped hand, MAFIA-HP-SNOOP-1; the deck's top 5 in its Lifeline look, MAFIA-HP-LIFELINE-1);
in team mode its teammates' Dawn Raid drafts (MAFIA-DAWN-6). Everything else is dealt again, in three pools
(a card of one never goes into a place of another):

- **chili cards** (peppers, Action and Hot cards, Taste Me): the other seats' hands, their draft packets
  (MAFIA-DRAFT-1) and the draw deck. A Taste Me card is never in a hand (it leaves the game when drawn,
  MAFIA-PROMO-TASTE-2), so the others are dealt first among every hidden slot that holds no Taste Me, then the
  draw deck's hidden slots are shuffled among themselves (the Taste Me cards anywhere in it, MAFIA-SETUP-6);
- **Hot Properties**: the other seats' face-down ones and the Hot Property deck (MAFIA-HP-2, MAFIA-SETUP-8);
- **cards set aside** before FINALIZE (the Dawn Raid, Taste Me and Hot Property cards: known by the options,
  in a fixed order).

Public by rule though no view lists them, so they stay where they are: the Dawn Raid in the draw deck (its
place, so many cards from the bottom, is the table's, MAFIA-SETUP-7); while a Hot card resolves, its targets
(a Pinched pepper in the deck, which Bribe takes back: MAFIA-HOT-PINCH-1, MAFIA-HP-BRIBE-1); the Shakedown or
Booster a Snoop goes with (named by the use, MAFIA-HP-SNOOP-1); cards on their way into a hand (``incoming``: a
Booster's, handed over in the open, MAFIA-ACT-BOOSTER-1; ``hp_gain``: a Bribe's, Reconsider's, Backup's or
Lifeline's, each revealed) are in no place dealt. ``hp_drawn`` (the cards a Lucky Dime drew, the whole hand
of the active player) follows that hand's new cards.

What a seat was shown privately earlier and the position does not record is forgotten, as
:mod:`chililab.engine.worlds` states: a Shakedown's card (MAFIA-ACT-SHAKEDOWN-1), a Snooped hand once the Snoop is
over, a Lifeline look once it is over, Make a Deal's gifts (MAFIA-HP-DEAL-1), the packets a seat passed in the
draft (MAFIA-DRAFT-1: which of them each neighbour picked is not recorded), a Pinched pepper once its Hot card
has resolved, and the Hot Properties used and put under their deck (MAFIA-HP-3). What it is shown now is kept.

A team's Dawn Raid window is relayed (MAFIA-DAWN-6): :class:`~chililab.engine.worlds.Knowledge` takes back no
answer there, so :func:`deal_unseen` takes back the other teams' (their drafts name cards of hands the seat
cannot see): each such team answers again from its first member. Its own team's drafts are kept.
"""
from __future__ import annotations

import math

from chililab.engine.worlds import deal_back

from .checks import side_tallies, valid

#: estimate(): the points a side's lead is worth, on a logistic scale: a lead of SCALE points is e to 1
SCALE = 12.0
#: deals tried before the pepper a rival's Turncoat takes is given a place in its hand by a swap
TRIES = 30


def _retake_relay(st, seat: int) -> None:
    """In a team's Dawn Raid (relayed): the other teams' drafts are taken back; each answers again from its head."""
    answers = st.answers
    team_of = st.team_of
    mine = team_of[seat]
    hidden = [s for s in answers if team_of[s] != mine]
    if not hidden:
        return
    later = {b for _, b in st.relay}
    d = st.decision
    players = set(d.players)
    for side in {team_of[s] for s in hidden}:
        members = [s for s in range(st.n) if team_of[s] == side]
        head = next(s for s in members if s not in later)
        players -= set(members)
        players.add(head)
    st.answers = {s: m for s, m in answers.items() if team_of[s] == mine}
    st.decision = tuple.__new__(type(d), (d.kind, tuple(sorted(players)), d.phase, tuple.__getitem__(d, 3), d.public))


def _fixed_ids(st, seat: int) -> set[int]:
    """Ids of cards in a hidden place (another hand, the draw deck) that ``seat`` sees or knows by rule."""
    ids = {c.id for c in st._hp_looking(seat)}  # a Snooped hand, a Lifeline look
    if st.phase == "DAWN_RAID" and st.answers:  # its own and its teammates' drafts (MAFIA-DAWN-6)
        team_of = st.team_of
        for s, m in st.answers.items():
            if team_of[s] == team_of[seat]:
                ids.update(c.id for g in m.gangs for c in g)
    if st.attack is not None:  # the Hot card's targets (a Pinched pepper in the deck)
        ids.update(c.id for c in st.attack.targets)
        ids.update(c.id for c in st.hit)
    if st.hp_card is not None:  # the Shakedown or Booster a Snoop goes with
        ids.add(st.hp_card.id)
    return ids


def _deal_chili(st, hidden_places, fixed: set[int], rng) -> None:
    """Deal the chili cards of ``hidden_places`` (other hands, other packets) and the draw deck among their
    slots that hold a card the seat cannot see (not in ``fixed``, not the Dawn Raid); Taste Me only in the deck."""
    places: list[list] = []  # the cards of each place's hidden slots, in slot order
    slots: list[tuple[list, list[int]]] = []  # (the place's list, the indexes of its hidden slots)
    for place in hidden_places:
        idx = [i for i, c in enumerate(place) if c.id not in fixed]
        if idx:
            places.append([place[i] for i in idx])
            slots.append((place, idx))
    draw = st.draw
    draw_idx = [i for i, c in enumerate(draw) if c.id not in fixed and c.kind != "dawn_raid"]
    plain = [i for i in draw_idx if draw[i].kind != "taste_me"]
    if plain:
        places.append([draw[i] for i in plain])
        slots.append((draw, plain))
    if places:
        deal_back(places, rng)
        for (place, idx), cards in zip(slots, places):
            for i, c in zip(idx, cards):
                place[i] = c
    if len(draw_idx) > 1 and len(plain) < len(draw_idx):  # Taste Me cards: anywhere among the hidden draw slots
        pile = [draw[i] for i in draw_idx]
        deal_back([pile], rng)
        for i, c in zip(draw_idx, pile):
            draw[i] = c


def _turncoat(st, seat: int):
    """(attacker, the pepper it takes) while another seat's Turncoat is answered or resolves, else None."""
    a = st.attack
    if a is None or a.card.key != "turncoat" or a.player == seat:
        return None
    pepper = st.taken or (st.hit[0] if st.hit else a.targets[0])
    return a.player, pepper


def _give_placement(st, seat: int, p: int, pepper, fixed: set[int], rng) -> None:
    """Swap hidden peppers into ``p``'s hand so that it can place ``pepper`` (a rare hand the deals missed):
    two that form a valid gang with it, from another hidden hand or the draw deck."""
    hand = st.hands[p]
    mine = [i for i, c in enumerate(hand) if c.id not in fixed]
    if len(mine) < 2:
        return
    pool = [(place, i) for q in range(st.n) if q not in (seat, p) for place in (st.hands[q],)
            for i, c in enumerate(place) if c.pepper and c.id not in fixed]
    pool += [(st.draw, i) for i, c in enumerate(st.draw) if c.pepper and c.id not in fixed]
    rng.shuffle(pool)
    for x in range(len(pool)):
        for y in range(x + 1, len(pool)):
            a, b = pool[x][0][pool[x][1]], pool[y][0][pool[y][1]]
            if valid((pepper, a, b)):
                i, j = rng.sample(mine, 2)
                for (place, k), h in ((pool[x], i), (pool[y], j)):
                    place[k], hand[h] = hand[h], place[k]
                return


def deal_unseen(st, seat: int, rng) -> None:
    """Deal every card ``seat`` cannot see into the places such a card may be (``rng=None``: in order)."""
    if st.relay:
        _retake_relay(st, seat)
    fixed = _fixed_ids(st, seat)
    n = st.n
    hands = st.hands
    others = [q for q in range(n) if q != seat]
    dime = st.current if st.hp_drawn and st.current is not None and st.current != seat else None
    before = list(hands[dime]) if dime is not None else None

    packets = [list(st.packets[q]) for q in range(n)]
    _deal_chili(st, [hands[q] for q in others] + [packets[q] for q in others if packets[q]], fixed, rng)
    turncoat = _turncoat(st, seat)
    if turncoat is not None and rng is not None:  # MAFIA-HOT-TURNCOAT-2: the attacker can place the pepper
        p, pepper = turncoat
        for _ in range(TRIES):
            if st._placements(p, pepper):
                break
            _deal_chili(st, [hands[q] for q in others], fixed, rng)
        if not st._placements(p, pepper):
            _give_placement(st, seat, p, pepper, fixed, rng)
    for q in others:
        if packets[q]:
            st.packets[q] = tuple(packets[q])

    # Hot Properties: the others' face-down ones and the deck
    hp_places = [list(st.hps[q]) for q in others if st.hps[q]]
    if st.hp_deck:
        hp_places.append(list(st.hp_deck))
    if hp_places:
        deal_back(hp_places, rng)
        k = 0
        for q in others:
            if st.hps[q]:
                st.hps[q] = tuple(hp_places[k])
                k += 1
        if st.hp_deck:
            st.hp_deck = tuple(hp_places[k])

    if st.aside:  # set aside until FINALIZE: known by the options; a fixed order
        aside = list(st.aside)
        deal_back([aside], rng)
        st.aside = tuple(aside)

    if before is not None:  # the cards a Lucky Dime drew are the active player's hand: its new cards
        new = {a.id: b for a, b in zip(before, hands[dime])}
        st.hp_drawn = tuple(new.get(c.id, c) for c in st.hp_drawn)
    st._lcache = st._lall = None


def estimate(st, seat: int) -> float:
    """A rough share of the win for ``seat`` in an unfinished game (a search cut short).

    Each side (a seat, or a team: MAFIA-SCORE-3) is worth the points its complete gangs would score now
    (MAFIA-SCORE-2) plus half the strength of its incomplete gangs and of the peppers in its members' hands
    (what they may still become); a side's chance is a logistic (softmax) of that worth, over :data:`SCALE`
    points. A seat's share is its side's chance over the side's seats (a shared win, as a finished game
    scores it)."""
    team_of = st.team_of
    tallies = side_tallies(st.gangs, team_of)
    worth = {side: float(t.points) for side, t in tallies.items()}
    for q in range(st.n):
        side = team_of[q]
        extra = sum(c.power for g in st.gangs[q] if len(g) < 3 for c in g)
        extra += sum(c.power for c in st.hands[q] if c.pepper)
        worth[side] += 0.5 * extra
    top = max(worth.values())
    weights = {side: math.exp((w - top) / SCALE) for side, w in worth.items()}
    mine = team_of[seat]
    size = sum(1 for q in range(st.n) if team_of[q] == mine)
    return weights[mine] / sum(weights.values()) / size
