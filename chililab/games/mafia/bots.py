"""A rule-of-thumb Chili Mafia bot: the habits of a sensible player.

It reads only its seat's :class:`~chililab.mafia.MafiaView` (in simulations the lazy
:class:`~chililab.games.mafia.rules.view.MafiaSeatView`) and its legal moves, and judges gangs with the
rules' own pure scoring (:mod:`chililab.games.mafia.rules.checks`), whose answers it remembers (gangs
recur from decision to decision; the choices are the same as without):

- **Draft and discards.** A card is worth more the more it helps a gang: a pepper by its
  strength plus a bonus per copy of it already held (Brotherhoods score double); a Sweet
  Chili while it holds none; Fuggedaboutit, Hot cards and Action cards by a fixed worth.
  It picks the most valuable card and discards the least valuable one from its hand
  (a pass takes a hand card before a pepper of a gang, unless the hand is empty).
- **Its turn, in order.** Action cards first: an Earner while its hand has room and the
  deck can still give (not in the final round), a Shakedown on the rival holding most cards,
  a Bagman keeping the best of the top discards, a Booster naming the pepper it collects.
  Then the gang that scores most (Brotherhoods first, as they double), then any add or Sweet
  Chili move that raises its score. Then a Hot card on the **strongest target it can beat**:
  the attack that costs a rival most points (the leading rival's count more), with its
  weakest attacker that may; an attack that costs nothing is not worth a card. Then it ends
  the turn (a pass only when nothing above was worth doing).
- **Defence.** It keeps Fuggedaboutit for its strongest gang: it neutralizes an attack on
  its side's highest-scoring gang, or one that would cost 15 points or more; else it lets it pass.
- **Turncoat.** The placement that scores most.
- **Dawn Raid.** Of the arrangements offered, and a Brotherhood-first arrangement of its own
  when the rules accept it, the one that scores most (then the most Brotherhoods).
- **Otherwise** (decisions it has no habit for): a random legal move.
"""
from __future__ import annotations

from collections import Counter
from functools import lru_cache
from itertools import groupby

from chililab.agents.base import Agent
from chililab.games.mafia.rules.checks import dawn_raid_problem, gang_type, score_keys, tally, valid
from chililab.games.mafia.rules.moves import (
    Add,
    Arrange,
    Decline,
    Discard,
    EndTurn,
    Form,
    MovePepper,
    Neutralize,
    Pick,
    Place,
    PlayAction,
    PlayHot,
)

#: worth of a card that is not a pepper (draft picks, discards, Bagman)
WORTH = {"fuggedaboutit": 9, "whack": 7, "whackem": 7, "turncoat": 7, "pinch": 6, "rumble": 5, "earner": 6,
         "shakedown": 5, "bagman": 4, "booster": 4}
#: a Fuggedaboutit is spent on an attack costing at least this many points, even off the strongest gang
SAVE_AT = 15
HAND_ROOM = 6  #: an Earner is played while the hand holds at most this many cards

#: the points of a gang written as pepper keys (:func:`~chililab.games.mafia.rules.checks.score_keys`: a card's strength
#: is its name's), remembered: gangs of the same names recur from game to game (tuples of strings, which Python's
#: garbage collector does not walk)
_points_of_keys = lru_cache(maxsize=8192)(score_keys)


def fresh_points(cards) -> int:
    """The points of a gang of ``cards`` (any iterable) made up for one question: a gang grown or cut to see what
    it would score (by its names only, so that it takes no room among the gangs :func:`points` keeps)."""
    return _points_of_keys(tuple([c.key for c in cards]))


#: a gang's points (:func:`~chililab.games.mafia.rules.checks.score`), remembered: the bot scores the same gangs at every
#: decision of a turn (cards are singletons, so a gang's tuple is its own key). Small, as the rules' caches are
points = lru_cache(maxsize=1024)(fresh_points)


kind = lru_cache(maxsize=1024)(gang_type)  #: a gang's type (:func:`~chililab.games.mafia.rules.checks.gang_type`), remembered


@lru_cache(maxsize=1024)
def loss(gang: tuple, cards: tuple) -> int:
    """The points ``gang`` loses when ``cards`` leave it (remembered: the same attacks are weighed turn after turn)."""
    if len(gang) - len(cards) < 3 and all(c in gang for c in cards):  # what is left is incomplete: no points
        return points(gang)
    return points(gang) - fresh_points(c for c in gang if c not in cards)


@lru_cache(maxsize=1024)
def joins(gang: tuple, pepper) -> int | None:
    """The points ``pepper`` adds to ``gang`` where the gang stays valid, else None (remembered, as :func:`loss`)."""
    grown = gang + (pepper,)
    return fresh_points(grown) - points(gang) if valid(grown) else None


def card_value(card, hand) -> float:
    """How much ``card`` is worth to a player holding ``hand`` (the card itself left out of the count)."""
    if not card.pepper:
        return WORTH.get(card.key, 3)
    same = sum(1 for c in hand if c.key == card.key and c is not card)
    if card.sweet:
        return 6 if same == 0 else 1
    return card.power + 4 * min(same, 4)


def side_gangs(view, seat) -> list:
    """The gangs in front of ``seat`` and its teammates."""
    team = next((t for t in view.teams or () if seat in t), (seat,))
    return [g for s in team for g in view.gangs[s]]


def _rivals(view, seat):
    team = next((t for t in view.teams or () if seat in t), (seat,))
    return [s for s in range(view.players) if s not in team]


def _without(gang, cards):
    return tuple([c for c in gang if c not in cards])


def _gang_holding(view, card):
    """(seat, gang) of the gang on the table that holds ``card``, or None."""
    for s, gangs in enumerate(view.gangs):
        for g in gangs:
            if card in g:
                return s, g
    return None


def _holders(gangs) -> dict:
    """card -> (seat, gang) for every pepper on the table (``gangs``: the view's, per seat)."""
    return {c: (s, g) for s, gs in enumerate(gangs) for g in gs for c in g}


def _attack_value(holders, targets, leader, mine, floor) -> float | None:
    """What an attack on ``targets`` is worth: the points it costs their owner (``leader``'s count 1.5×) plus a
    fifth of the targets' strength; a Turncoat's (``mine``: its side's gangs, else None) also what the pepper adds
    to the best of them where it fits. None when the targets are off the table or it is worth less than ``floor``
    (then no more is worked out than shows it: a gang cannot lose more than its points)."""
    where = holders.get(targets[0])
    if where is None:
        return None
    owner, gang = where
    weight = 1.5 if owner == leader else 1.0
    strength = 0.2 * sum([t.power for t in targets])
    if mine is None and points(gang) * weight + strength < floor:
        return None
    value = loss(gang, targets) * weight + strength
    if mine is not None:
        t = targets[0]
        value += max((x for g in mine if (x := joins(g, t)) is not None), default=0)
    return value if value >= floor else None


def _brotherhood_first(peppers) -> list:
    """An arrangement of ``peppers``: Brotherhoods of each name held 3+ times (2 with a Sweet Chili), then Mixed
    gangs of different names, strongest first; what is left over in small gangs of its own."""
    by_key: dict = {}
    for c in sorted(peppers, key=lambda c: -c.power):
        by_key.setdefault(c.key, []).append(c)
    sweets = by_key.pop("sweet", [])
    gangs, rest = [], []
    for _key, cards in sorted(by_key.items(), key=lambda kv: -kv[1][0].power):
        if len(cards) >= 3:
            gangs.append(cards)
        elif len(cards) == 2 and sweets:
            gangs.append(cards + [sweets.pop()])
        else:
            rest += cards
    while rest:
        gang: list = []
        left: list = []
        for c in rest:
            (left if any(x.key == c.key for x in gang) else gang).append(c)
        if len(gang) < 3 and sweets:
            gang.append(sweets.pop())
        gangs.append(gang)
        rest = left
    for s in sweets:  # a Sweet Chili joins the first gang without one, else stands alone
        home = next((g for g in gangs if not any(c.sweet for c in g) and valid(g + [s])), None)
        if home is None:
            gangs.append([s])
        else:
            home.append(s)
    return [tuple(g) for g in gangs]


class MafiaRuleAgent(Agent):
    """Rule-of-thumb Chili Mafia player (see the module docstring for its habits)."""

    name = "rules"
    lazy_view = True  # reads the view's fields only while choosing

    def choose(self, view, legal_moves, rng):
        if len(legal_moves) == 1:
            return legal_moves[0]
        kinds = set(map(type, legal_moves))
        if Pick in kinds:
            hand = view.hand
            return max(legal_moves, key=lambda m: card_value(m.card, hand))
        if Arrange in kinds:
            return self._arrange(view, legal_moves)
        if Decline in kinds:
            return self._defend(view, legal_moves)
        if Place in kinds:
            return max(legal_moves, key=lambda m: self._place_gain(view, m))
        if EndTurn in kinds:
            return self._turn(view, legal_moves)
        if kinds == {Discard}:
            return self._discard(view, legal_moves)
        return rng.choice(legal_moves)

    # ------------------------------------------------------------ discards

    def _discard(self, view, moves):
        hand = view.hand
        in_hand = [m for m in moves if m.card in hand]
        if in_hand:
            return min(in_hand, key=lambda m: (card_value(m.card, hand), m.card.id))
        mine = side_gangs(view, view.seat)
        if not any(m.card in g for m in moves for g in mine):  # a Rumble's choice in a rival gang: the strongest
            return max(moves, key=lambda m: (m.card.power, -m.card.id))

        def cost(m):
            g = next(g for g in mine if m.card in g)
            return loss(g, (m.card,)), m.card.power
        return min(moves, key=cost)

    # ------------------------------------------------------------ the turn

    def _turn(self, view, moves):
        by: dict = {}
        for kind, run in groupby(moves, type):  # the rules list moves kind by kind: a few runs
            by.setdefault(kind, []).extend(run)
        action = self._action(view, by.get(PlayAction, ()))
        if action is not None:
            return action
        forms = by.get(Form, ())
        if forms:
            return max(forms, key=lambda m: (fresh_points(m.cards), kind(m.cards) == "brotherhood", m.owner is None))
        gains = [(self._gain(view, m), m) for m in (*by.get(Add, ()), *by.get(MovePepper, ()))]
        gains = [x for x in gains if x[0] > 0]
        if gains:
            return max(gains, key=lambda x: x[0])[1]
        attack = self._attack(view, by.get(PlayHot, ()))
        if attack is not None:
            return attack
        return by[EndTurn][0]

    def _action(self, view, plays):
        """An Earner with room in hand, else a Shakedown on the rival holding most cards, else a Bagman keeping a
        good card, else a Booster naming the pepper it holds most of; None when none is worth it."""
        if not plays:
            return None
        hand, me = view.hand, view.seat
        by: dict = {}
        for m in plays:
            by.setdefault(m.card.key, []).append(m)
        if by.get("earner") and len(hand) <= HAND_ROOM and view.final_turns_left is None and view.draw_size:
            return by["earner"][0]
        if "shakedown" in by:
            rivals = _rivals(view, me)
            shakes = [m for m in by["shakedown"] if m.target in rivals]
            if shakes:
                counts = view.hand_counts
                return max(shakes, key=lambda m: (counts[m.target], -m.target))
        keeps = [m for m in by.get("bagman", ()) if m.take is not None and card_value(m.take, hand) >= 8]
        if keeps:
            return max(keeps, key=lambda m: card_value(m.take, hand))
        if not by.get("booster"):
            return None
        held = Counter(c.key for c in hand if c.pepper and not c.sweet)
        held.update(c.key for g in view.gangs[me] for c in g if not c.sweet)
        if held:
            want = max(held, key=lambda k: (held[k], k))
            return next((m for m in by["booster"] if m.pepper == want), None)
        return None

    def _gain(self, view, m) -> int:
        """Points an Add or a Sweet Chili move adds to the player's side."""
        owner = view.seat if m.owner is None else m.owner
        if type(m) is Add:
            g = view.gangs[owner][m.gang]
            return fresh_points(g + m.cards) - points(g)
        src = _gang_holding(view, m.card)
        if src is None:
            return 0
        old, new = src[1], view.gangs[owner][m.to]
        return fresh_points(_without(old, (m.card,))) + fresh_points(new + (m.card,)) - points(old) - points(new)

    def _attack(self, view, hots):
        """The Hot card that costs a rival most (the leader's points count 1.5×), by the weakest attacker that may.

        Many declarations share their targets (one per attacker, and Hot cards alike): an attack's value is worked
        out once per targets and kind of card, and only where it may still beat the best so far (a value below it
        could not be chosen, nor tie); each declaration costs a comparison."""
        if not hots:
            return None
        gangs, me = view.gangs, view.seat
        rivals = _rivals(view, me)
        leader = max(rivals, key=lambda s: sum(map(points, gangs[s]))) if rivals else None
        mine = side_gangs(view, me)
        holders = _holders(gangs)
        values: dict = {}  # (targets, a Turncoat?) -> the attack's value, None when it cannot be chosen
        best, best_value, best_power = None, 0.0, 0
        last_targets = last_card = value = None  # the declarations come in runs of one card and targets (an attacker each)
        for m in hots:
            targets, card = m.targets, m.card
            if targets is not last_targets or card is not last_card:
                last_targets, last_card = targets, card
                turncoat = card.key == "turncoat"
                at = targets, turncoat
                if at in values:
                    value = values[at]
                else:
                    value = values[at] = _attack_value(holders, targets, leader, mine if turncoat else None,
                                                       3 if best is None else best_value)
            if value is None:
                continue
            power = m.attacker.power
            if best is None or value > best_value or value == best_value and power < best_power:
                best, best_value, best_power = m, value, power
        return best

    # ------------------------------------------------------------ answers

    def _defend(self, view, moves):
        fugg = next((m for m in moves if type(m) is Neutralize), None)
        decline = next(m for m in moves if type(m) is Decline)
        attack = view.attack
        if fugg is None or attack is None:
            return decline
        where = _gang_holding(view, attack.targets[0])
        if where is None or where[0] in _rivals(view, view.seat):
            return decline
        gang = where[1]
        lost = loss(gang, attack.targets)
        strongest = max(points(g) for g in side_gangs(view, view.seat))
        if lost > 0 and (points(gang) >= strongest or lost >= SAVE_AT):
            return fugg
        return decline

    def _place_gain(self, view, m) -> float:
        t = view.turncoat
        if m.gang is None:
            hand = view.hand
            return fresh_points((t, *m.cards)) - sum(card_value(c, hand) for c in m.cards) // 4
        g = view.gangs[view.seat if m.owner is None else m.owner][m.gang]
        return fresh_points(g + (t,)) - points(g)

    def _arrange(self, view, moves):
        me = view.seat
        table = [c for g in view.gangs[me] for c in g]
        hand = list(view.hand)
        options = list(moves)
        for pool in () if view.teams else (table, table + [c for c in hand if c.pepper]):  # teams: the listed ones
            gangs = _brotherhood_first(pool)
            if dawn_raid_problem(table, hand, gangs) is None:
                options.append(Arrange.of(me, gangs))
        return max(options, key=lambda m: (tuple(tally(m.gangs or ())), -sum(map(len, m.gangs or ()))))
