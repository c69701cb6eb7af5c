"""The Crazy Eights session: ``new_game`` and ``replay``.

An explicit deal (tests, lessons, replaying OpenSpiel's chance outcomes) is a ``setup``:
``{"dealer": seat, "draws": [faces]}``, the faces (OpenSpiel's card numbers, 0-51) in the order they
come out of the deck (the deal, the turned-up cards, every draw); once they run out (or one is not in the
deck any more) the seeded shuffle decides. :func:`new_game` builds it from card codes.
"""
from __future__ import annotations

from chililab.engine import ConfigError, Game, parse_record, replay_record
from chililab.engine.seeds import game_seed

from .cards import FACES, card_by_id, decks_for, face_of
from .flow import FLOW
from .moves import MOVES
from .options import normalize_options
from .state import C8State

GAME = "crazy_eights"


class C8Game(Game):
    """A game of Crazy Eights. Build one with :func:`new_game` or :func:`replay`."""

    GAME = GAME
    MOVES = MOVES
    flow = FLOW

    def _make_state(self):
        return C8State.new(self.options, self.seed, self.setup)

    @classmethod
    def card_by_id(cls, i):
        return card_by_id(i)

    def __repr__(self):
        st = self.state
        who = ", ".join(f"P{p}" for p in st.decision.players) if st.decision else "nobody"
        return f"<Crazy Eights: {st.n} players, step {self.step}, phase {st.phase}, waiting for {who}>"


def check_setup(setup, opts: dict) -> None:
    """A ConfigError unless ``setup`` is None or ``{"dealer": seat or None, "draws": [faces]}``."""
    if setup is None:
        return
    if not isinstance(setup, dict) or set(setup) - {"dealer", "draws"}:
        raise ConfigError(f"a Crazy Eights setup is {{'dealer': seat, 'draws': [card numbers]}}, not {setup!r}")
    d = setup.get("dealer")
    if d is not None and (type(d) is not int or not 0 <= d < opts["players"]):
        raise ConfigError(f"the dealer must be a seat from 0 to {opts['players'] - 1}, not {d!r} (C8-DEAL-1)")
    draws = setup.get("draws", [])
    if not isinstance(draws, (list, tuple)) or any(type(f) is not int or not 0 <= f < FACES for f in draws):
        raise ConfigError(f"draws must be a list of card numbers 0 to {FACES - 1}")


def deal_order(hands, dealer: int, players: int) -> list[int]:
    """The faces of explicit ``hands`` (per seat, each as long as the deal) in the order they are dealt
    (C8-DEAL-2: one at a time, from the dealer's left)."""
    size = 7 if players == 2 else 5
    if len(hands) != players or any(len(h) != size for h in hands):
        raise ConfigError(f"hands must give {players} hands of {size} cards (C8-DEAL-2)")
    faces = [[face_of(c) for c in h] for h in hands]
    out = []
    for k in range(size * players):
        seat = (dealer + 1 + k) % players
        out.append(faces[seat][k // players])
    return out


def new_game(players: int = 5, seed: int | None = None, *, dealer: int | None = None, hands=None, turn_up=(),
             deck=(), draws=None, **options) -> C8Game:
    """Start a game and run it to the first decision.

    Explicit cards (each a code like ``"8H"`` or a card number): ``hands`` (per seat, 5 cards, 7 with two
    players; needs ``dealer``), ``turn_up`` (the card(s) the dealer turns up, eights first), ``deck`` (the next
    cards to come out, top first); or ``draws``, every card number in the order it comes out (what a record's
    setup holds). What is not given comes from the seeded shuffle.
    """
    opts = normalize_options({"players": players, **options})
    seed = game_seed(seed)
    setup = None
    if dealer is not None or hands is not None or turn_up or deck or draws is not None:
        if hands is not None and dealer is None:
            raise ConfigError("explicit hands need an explicit dealer: who is dealt first depends on it")
        try:
            if draws is not None:
                order = [face_of(c) for c in draws]
            else:
                order = deal_order(hands, dealer, players) if hands is not None and dealer is not None else []
                order += [face_of(c) for c in (turn_up if isinstance(turn_up, (list, tuple)) else [turn_up])]
                order += [face_of(c) for c in deck]
        except (ValueError, TypeError) as e:
            raise ConfigError(str(e)) from None
        setup = {"dealer": dealer, "draws": order}
        check_setup(setup, opts)
        _check_counts(order if draws is None else order[:_dealt(opts)], opts)
    return C8Game(opts, seed, setup)


def scenario(hands, dealer: int, turn_up=(), deck=(), seed: int = 0, **options) -> C8Game:
    """An exact position (chililab's one name for it in every game): the hands dealt (per seat, 5 cards, 7 with
    two players), the ``dealer`` (the seat on their left plays first), the card(s) turned up and the next cards
    of the stock, top first; the rest of the stock comes from the seeded shuffle.
    """
    return new_game(players=options.pop("players", len(hands)), seed=seed, dealer=dealer, hands=hands,
                    turn_up=turn_up, deck=deck, **options)


def _dealt(opts) -> int:
    return (7 if opts["players"] == 2 else 5) * opts["players"]


def _check_counts(order, opts) -> None:
    """A ConfigError for explicit cards naming a card more often than the decks hold it (hands, turned-up cards
    and deck come out once each; a card coming out twice, an eight put back, is given with ``draws``)."""
    counts: dict[int, int] = {}
    for f in order:
        counts[f] = counts.get(f, 0) + 1
        if counts[f] > decks_for(opts["players"]):
            raise ConfigError(f"the cards given name the {card_by_id(f)} {counts[f]} times: the deck holds it "
                              f"{decks_for(opts['players'])} time(s)")


def _from_record(options, seed, setup):
    opts = normalize_options(dict(options))
    check_setup(setup, opts)
    return C8Game(opts, seed, setup)


def replay(record) -> C8Game:
    """Rebuild a game from its record (dict or JSON text): same moves, same fingerprint."""
    return replay_record(parse_record(record, C8Game), C8Game, _from_record)
