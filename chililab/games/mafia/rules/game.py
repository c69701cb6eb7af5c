"""The Chili Mafia game session: ``new_game``, ``scenario`` and ``replay``."""
from __future__ import annotations

from typing import cast

from chililab.engine import ConfigError, Game, replay_record
from chililab.engine.seeds import game_seed

from .cards import CardPicker, hot_property_deck
from .cards import deck as table_deck
from .flow import FLOW
from .moves import MOVES
from .options import normalize_options
from .scenario import check_scenario, resolve_scenario
from .state import MafiaState


class MafiaGame(Game):
    """A game of Chili Mafia. Build one with :func:`new_game`, :func:`scenario` or :func:`replay`."""

    GAME = "mafia"
    MOVES = MOVES
    flow = FLOW

    def _make_state(self):
        return MafiaState.new(self.options, self.seed, self.setup)

    @classmethod
    def card_by_id(cls, i):
        from .cards import card_by_id

        return card_by_id(i)

    def copy(self):
        """An independent copy at the current step, which knows this position's legal moves already.

        Its rules state is a clone of this one, so the moves are the same; they are dropped at the copy's first
        move like any position's (a search bot or a check trying each legal move on a copy lists them once)."""
        g = super().copy()
        src, dst = cast(MafiaState, self.state), cast(MafiaState, g.state)
        dst._lall = src._lall
        dst._lcache = None if src._lcache is None else dict(src._lcache)
        return g

    def __repr__(self):
        st = self.state
        who = ", ".join(f"P{p}" for p in st.decision.players) if st.decision else "nobody"
        return f"<Chili Mafia: {st.n} players, step {self.step}, phase {st.phase}, waiting for {who}>"


def _ids(cards, pool, what):
    """Card ids for an explicit order (codes like ``"Ghost*"``, ids or Cards), each from ``pool`` once."""
    pick = CardPicker(pool)
    try:
        return [pick.take(c).id for c in cards]
    except ValueError as e:
        raise ConfigError(f"bad {what}: {e}") from None


def new_game(players: int = 4, seed: int | None = None, deck=None, hp_deck=None, *, deck_order=None, hp_order=None,
             **options) -> MafiaGame:
    """Start a game: build, deal, draft (3+ players), finalize; it waits for the first turn's move.

    ``deck``: the shuffled deck, top first (codes like ``"Ghost*"`` or ``"Whack"``, ids or
    cards), dealt one card at a time from seat 0 clockwise; cards not listed follow in a seeded
    shuffle, and the rest becomes the draw deck. ``hp_deck``: the Hot Property deck, top first.
    ``deck_order`` and ``hp_order`` are their old names (docs/game-folder.md: one vocabulary), still accepted.
    """
    opts = normalize_options({"players": players, **options})
    seed = game_seed(seed)
    if deck_order is not None or hp_order is not None:  # the old names
        if deck is not None and deck_order is not None or hp_deck is not None and hp_order is not None:
            raise ConfigError("give the deck once: deck= (deck_order= is its old name), hp_deck= (hp_order=)")
        deck = deck if deck_order is None else deck_order
        hp_deck = hp_deck if hp_order is None else hp_order
    deck_order, hp_order = deck, hp_deck
    setup = {}
    if deck_order is not None:
        setup["deck"] = _ids(deck_order, table_deck(players, opts), "deck")
    if hp_order is not None:
        if not opts["hot_properties"]:
            raise ConfigError("hp_deck orders the Hot Property deck: it needs hot_properties=True")
        setup["hp_deck"] = _ids(hp_order, hot_property_deck(), "hp_deck")
    return MafiaGame(opts, seed, setup or None)


def scenario(hands, current: int = 0, *, gangs=None, discard=(), draw=(), hps=None, hp_deck=(), turn: int = 1,
             seed: int = 0, **options) -> MafiaGame:
    """Start from an explicit position (mafia.md section 0, Tests): ``current``'s turn begins, no deal, no draft.

    ``hands``: per seat, its cards (codes like ``"Ghost*"``, ``"Jimmy"``, ``"Whack"``, ids or cards);
    ``gangs``: per seat, its gangs (each a list of peppers; incomplete ones too); ``discard``: the discard pile,
    bottom first; ``draw``: the draw deck, top first (the Dawn Raid where it lies: not placed, it has been
    drawn); ``hps``: per seat, its face-down Hot Properties, and ``hp_deck``, top first (both need
    ``hot_properties=True``); ``turn``: the turn number (MAFIA-TURN-1's counter: 1 is the first turn); any other
    keyword is a game option (``first_player`` defaults to ``current``). A card not placed is out of play.
    The record keeps the position (``setup["scenario"]``, card ids), so the game replays.
    """
    opts = normalize_options({"players": len(hands) if isinstance(hands, (list, tuple)) else 0, **options})
    sc = resolve_scenario(opts, hands, current, gangs, discard, draw, hps, hp_deck, turn)
    return MafiaGame(opts, game_seed(seed), {"scenario": sc})


def _from_record(options, seed, setup):
    opts = normalize_options(options)
    if isinstance(setup, dict) and "scenario" in setup:
        if set(setup) != {"scenario"}:
            raise ConfigError("a setup with a scenario holds nothing else")
        check_scenario(setup["scenario"], opts)
    elif setup is not None:
        if not isinstance(setup, dict) or set(setup) - {"deck", "hp_deck"}:
            raise ConfigError("setup must be an object with deck and/or hp_deck, or a scenario")
        pools = {"deck": table_deck(opts["players"], opts), "hp_deck": hot_property_deck()}
        for key, ids in setup.items():
            if not isinstance(ids, list) or any(type(i) is not int for i in ids):
                raise ConfigError(f"the recorded {key} must be a list of card ids")
            _ids(ids, pools[key], key)
    return MafiaGame(opts, seed, setup)


def replay(record) -> MafiaGame:
    """Rebuild a game from its record (dict or JSON text): same moves, same fingerprint."""
    return replay_record(record, MafiaGame, _from_record)
