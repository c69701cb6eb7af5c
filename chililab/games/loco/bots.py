"""A rule-of-thumb Chili Loco bot: the habits of a sensible human player.

It reads only its seat's :class:`~chililab.loco.LocoView` and its legal moves:

- **LOCO!** It shouts whenever it may, and calls LOCO on every other seat with
  an open obligation (``view.loco_open``); it never makes a false call.
- **Jump-ins.** It always jumps in when it holds the top card's twin.
- **Pending effects.** It stacks a Hot Sauce when it can, lays Milk Chaser
  against a big effect (a draw of 4 or more, or a Reaper), lays a wild
  against a Personal Recipe's "wild or draw 3", and otherwise accepts.
- **Laying.** A card that empties its hand first; then twins; then action
  cards that hurt the next player (Hot Sauce, Heat Stroke, more so when that
  player is close to winning); then peppers, preferring its strongest colour.
  Wilds are kept for later: laid only when nothing else fits, or a Reaper
  when the next player is down to two cards; Milk Chaser last of all.
  Taco Trade, Hot Potato and Blender are judged by the hand sizes they would
  bring.
- **Colour.** It names the colour it holds most of.
- **Help.** It never really helps: asked for help it offers junk (a pepper or
  Stir the Pot that matches neither the active colour nor the top card, from
  its weakest colour, never breaking a twin) or nothing - except its very last
  card, which it always offers (win by giving). It asks for help only when it
  can neither lay nor draw, touches an offer only when it holds no playable
  card, and never touches a giver's last card (that would make the giver win).
- **Taco Trade** partner: the opponent with the fewest cards. **Table vote**:
  the opponent with the fewest cards (a penalty hurts the leader most).
- **Otherwise** it draws when it cannot lay.
"""
from __future__ import annotations

from collections import Counter

from chililab.agents.base import Agent

from .rules.checks import matches, may_lay
from .rules.moves import (
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
)


def _first(moves, cls):
    for m in moves:
        if type(m) is cls:
            return m
    return None


def _playable(view, card, hand) -> bool:
    """Could this card be laid on the current top card on one's own turn? (the rules' own test)"""
    return may_lay(card, len(hand), view.colour, view.top)


class LocoRuleAgent(Agent):
    """Rule-of-thumb Chili Loco player (see the module docstring for its rules)."""

    name = "rules"
    lazy_view = True  # reads the view's fields only while choosing

    #: how many times a turn it asks for help when it can neither lay nor draw
    max_help_asks = 2

    def choose(self, view, legal_moves, rng):
        if len(legal_moves) == 1:
            return legal_moves[0]
        # one pass over the moves: LOCO! first (shout when we may, call on open obligations of others), then
        # jump in; the lays are kept for the turn and the pending effect
        calls, jump, lays = [], None, []
        for m in legal_moves:
            t = type(m)
            if t is Lay:
                lays.append(m)
            elif t is Shout:
                return m
            elif t is Call:
                calls.append(m)
            elif t is Jump and jump is None:
                jump = m
        if calls:
            calls = [m for m in calls if m.target in view.loco_open]
            if len(calls) == 1:
                return calls[0]
            if calls:
                return min(calls, key=lambda m: (view.hand_counts[m.target], m.target))
        if jump is not None:
            return jump
        ph = view.phase
        if ph == "TURN_MAIN":
            if view.seat != view.current:
                return _first(legal_moves, Pass) or legal_moves[0]
            return self._turn(view, legal_moves, lays)
        if ph == "RESPONSE":
            return self._response(view, legal_moves, lays)
        if ph == "HELP_OFFERS":
            return self._offer(view, legal_moves)
        if ph == "HELP_ACCEPT":
            return self._touch(view, legal_moves)
        if ph == "COLOUR":
            return self._colour(view, legal_moves, rng)
        if ph == "TARGET":
            targets = [m for m in legal_moves if type(m) is ChooseTarget]
            if targets:
                return min(targets, key=lambda m: (view.hand_counts[m.target], self._distance(view, m.target)))
        if ph == "SLAP_RACE":
            me = view.seat
            votes = [m for m in legal_moves if type(m) is Vote and m.target != me] or legal_moves
            return min(votes, key=lambda m: (view.hand_counts[m.target], self._distance(view, m.target)))
        return _first(legal_moves, Pass) or legal_moves[0]

    # ------------------------------------------------------------ helpers

    @staticmethod
    def _distance(view, seat):
        """How many turns until ``seat`` plays, counting from the viewer in the current direction."""
        return ((seat - view.seat) * view.direction) % view.players

    # ------------------------------------------------------------ own turn

    def _turn(self, view, legal, lays):
        """Our own turn; ``lays``: the Lay moves of ``legal``."""
        if lays:
            if len(lays) == 1:
                return lays[0]
            hand = view.hand
            size = len(hand)
            for m in lays:
                if len(m.cards) == size:  # empties the hand: wins
                    return m
            held: dict[str, int] = {}  # coloured cards held per colour
            milk = 0  # Milk Chasers held
            for x in hand:
                if not x.wild:
                    held[x.colour] = held.get(x.colour, 0) + 1
                elif x.name == "Milk Chaser":
                    milk += 1
            counts, me, d, n = view.hand_counts, view.seat, view.direction, view.players
            nxt, prev = counts[(me + d) % n], counts[(me - d) % n]  # the next player's cards, the previous one's
            best, top, score_of = None, 0.0, self._lay_score
            for m in lays:  # the first of the best scores (as max() would pick)
                score = score_of(view, m, size, held, milk, nxt, prev)
                if best is None or score > top:
                    best, top = m, score
            return best
        draw = _first(legal, Draw)
        if draw is not None:
            return draw
        ask = _first(legal, AskHelp)
        stall = _first(legal, StallPass)
        if ask is not None and (view.help_count < self.max_help_asks or stall is None):
            return ask
        return stall or legal[0]

    def _lay_score(self, view, m, size, held, milk, next_count, prev):
        """How good laying ``m`` is, from a hand of ``size`` cards holding ``held[colour]`` coloured cards
        and ``milk`` Milk Chasers (what the hand keeps is counted as those less the cards laid), the next
        player holding ``next_count`` cards and the previous one ``prev``."""
        cards = m.cards
        c = cards[0]
        laid = len(cards)
        after = size - laid
        score = 0.0
        if after and milk and milk - sum(1 for x in cards if x.name == "Milk Chaser") == after:
            score -= 60  # Milk Chaser can never be the last card: do not strand it
        if laid == 2:
            score += 100  # twins shed two cards in one play
        if c.wild:
            return score + self._wild_score(view, c, after, next_count)
        if c.kind == "action":
            if c.name in ("Hot Sauce", "Heat Stroke"):
                score += 30 + (40 if next_count <= 2 else 0)
            elif c.name == "Salsa Slap":
                score += 12
            else:  # Stir the Pot: good when the player before us is further from winning than the next one
                score += 8 + (15 if next_count <= 2 and prev > next_count else 0)
        else:
            score += 10
        # keep playing our strongest colour (as many as the hand keeps)
        same = 1 if laid == 1 else sum(1 for x in cards if not x.wild and x.colour == c.colour)
        return score + 3 * (held.get(c.colour, 0) - same)

    @staticmethod
    def _wild_score(view, c, after, next_count):
        """Wilds are kept for later: negative unless the situation makes them pay."""
        n = view.players
        me = view.seat
        counts = view.hand_counts
        name = c.name
        if name == "Milk Chaser":
            return -80
        if name == "Reaper":
            return 60 if next_count <= 2 else -40
        if name == "Taco Trade":
            gain = after - min(counts[s] for s in range(n) if s != me)
            return -45 + 12 * gain
        if name == "Hot Potato":
            gain = after - counts[(me - 1) % n]  # we receive our right neighbour's hand
            return -45 + 12 * gain
        if name == "Blender":
            total = sum(counts) - 1
            gain = after - total / n
            return -45 + 12 * gain
        return -50  # New Recipe, Personal Recipe

    # ------------------------------------------------------------ pending effect

    def _response(self, view, legal, lays):
        """A pending effect to answer; ``lays``: the Lay moves of ``legal``."""
        pend = view.pending if lays else None  # (without a lay to answer with, the effect is accepted anyway)
        if pend is not None:
            if pend.kind == "hot_sauce":
                stacks = [m for m in lays if m.cards[0].name == "Hot Sauce"]
                if stacks:
                    return stacks[0]
            milk = [m for m in lays if m.cards[0].name == "Milk Chaser"]
            if pend.kind == "pr_wild_or_draw3":
                wilds = [m for m in lays if m.cards[0].name != "Milk Chaser"]
                if wilds:
                    return max(wilds, key=lambda m: self._wild_score(view, m.cards[0], len(view.hand) - 1, 99))
            big = pend.draw >= 4 or pend.kind == "reaper"
            if milk and (big or pend.kind == "pr_wild_or_draw3"):
                return milk[0]
        return _first(legal, Accept) or legal[-1]

    # ------------------------------------------------------------ help

    def _offer(self, view, legal):
        hand = view.hand
        offers = [m for m in legal if type(m) is Offer]
        if len(hand) == 1 and offers:
            return offers[0]  # our last card: if the asker touches it, we win (LOCO-WIN-4)
        top = view.top
        colours = Counter(c.colour for c in hand if not c.wild)
        names = Counter((c.name, c.colour) for c in hand)

        def junk(c):
            if c.wild or c.kind == "action" and c.name != "Stir the Pot":
                return False
            if matches(c, view.colour, top):
                return False
            return names[(c.name, c.colour)] < 2  # never break a twin

        candidates = [m for m in offers if junk(m.card)]
        if not candidates:
            return _first(legal, Pass) or legal[-1]
        return min(candidates, key=lambda m: (colours[m.card.colour], m.card.kind != "pepper", m.card.id))

    def _touch(self, view, legal):
        touch, leave = _first(legal, Touch), _first(legal, Leave)
        if touch is None or leave is None:
            return _first(legal, Pass) or legal[0]
        giver = view.offers[view.current_offer][0] if view.current_offer is not None else None
        if giver is not None and view.hand_counts[giver] == 0:
            return leave  # the giver's last card: touching it makes them win
        hand = view.hand
        if any(_playable(view, c, hand) for c in hand):
            return leave
        return touch

    # ------------------------------------------------------------ colour

    @staticmethod
    def _colour(view, legal, rng):
        options = [m for m in legal if type(m) is ChooseColour]
        if not options:
            return legal[0]
        held: dict = {}
        for c in view.hand:
            if not c.wild:
                held[c.colour] = held.get(c.colour, 0) + 1
        best, tied = -1, []  # the colours held most, in the moves' order (one pass)
        for m in options:
            k = held.get(m.colour, 0)
            if k > best:
                best, tied = k, [m]
            elif k == best:
                tied.append(m)
        return tied[0] if len(tied) == 1 else rng.choice(tied)


__all__ = ["LocoRuleAgent"]
