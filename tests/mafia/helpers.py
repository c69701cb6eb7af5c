"""Small helpers for exact Chili Mafia scenarios in tests, reading the game through its public API.

Tests read a game through ``g.view(None)`` (the teacher's view), ``g.view(p)``,
``g.decision``, ``g.phase``, ``g.events()`` and ``g.locations()``, never through ``g.state``.
"""
from chililab.games import mafia
from chililab.games.mafia.rules.cards import CardPicker, deck
from chililab.games.mafia.rules.options import normalize_options

rule = __import__("pytest").mark.rule


def opts(players=4, **kw):
    return normalize_options({"players": players, **kw})


def keys(cards):
    return [c.key for c in cards]


def count(cards, key, icon=None):
    return sum(c.key == key and (icon is None or c.icon == icon) for c in cards)


def deal_order(hands, rest=()):
    """A deck order (top first) that deals ``hands`` (6 codes per seat): one card at a time from seat 0."""
    n = len(hands)
    return [hands[k % n][k // n] for k in range(6 * n)] + list(rest)


def cards_of(players, codes, **options):
    """Physical cards for codes, from the deck of this table."""
    pick = CardPicker(deck(players, opts(players, **options)))
    return [pick.take(c) for c in codes]


def draft(g, choose=lambda packet: packet[0]):
    """Play the whole draft: each seat picks ``choose(its packet)``; returns the packets seen, per pick."""
    seen = []
    while g.phase == "DRAFT":
        packets = {s: g.view(s).packet for s in range(g.view(None).players)}
        seen.append(packets)
        for s, p in packets.items():
            g.apply(mafia.Pick(s, choose(p)))
    return seen


# ---------------------------------------------------------------- turns

def two(p0, p1, rest=(), raid_after=None, seed=0, **options):
    """A 2-player game (no draft) from explicit hands, P0 first; ``rest`` tops the draw deck.

    ``raid_after``: how many draw cards lie above the Dawn Raid (default: the usual third from the bottom).
    """
    if raid_after is not None:
        o = opts(2, **{k: v for k, v in options.items() if k != "hp_deck"})
        below = len(deck(2, o)) - 12 + 6 * o["taste_me"] - raid_after
        options["dawn_raid_table"] = {"2": below}
    return mafia.new_game(players=2, seed=seed, deck=deal_order([p0, p1], rest), first_player=0, **options)


def in_hand(g, seat, *codes):
    """Cards of ``seat``'s hand for codes (each a distinct copy), read from the teacher's view."""
    pick = CardPicker(g.view(None).hands[seat])
    return tuple(pick.take(c) for c in codes)


def gangs(g, seat):
    """``seat``'s gangs as lists of keys."""
    return [keys(gang) for gang in g.view(None).gangs[seat]]


def pass_turn(g, discard=None):
    """The active player ends the turn; a pass discards ``discard`` (default: the first card offered);
    hand-limit discards take the first card of the hand; a Dawn Raid keeps everyone's gangs if it may."""
    p = g.decision.players[0]
    g.apply(mafia.EndTurn(p))
    if g.phase == "PASS_DISCARD":
        g.apply(mafia.Discard(p, discard) if discard is not None else g.legal_moves()[0])
    settle(g)


def settle(g):
    """Answer hand-limit discards and Dawn Raids (first offer) until a turn, or the end, is reached."""
    while g.phase in ("END_DRAW", "DAWN_RAID"):
        for s in g.decision.players:
            g.apply(g.legal_moves(s)[0])
