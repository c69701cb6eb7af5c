"""The All You Can Chili game session: ``new_game``, ``scenario`` and ``replay``.

A game's dish cards depend on its ``dish_composition`` option, so each composition has its own
session class (:func:`game_class`) whose ``card_by_id`` reads that composition's cards: a record
names dishes by id, and its options say which composition the ids belong to.
"""
from __future__ import annotations

from typing import Any

from chililab.engine import ConfigError, Game, parse_record, replay_record
from chililab.engine.errors import RecordError
from chililab.engine.seeds import game_seed

from .cards import DEFAULT_DISHES, dish_by_id, dishes
from .flow import FLOW
from .moves import MOVES
from .options import normalize_options
from .scenario import check_setup, resolve_deal, resolve_scenario
from .state import AyccState


class AyccGame(Game):
    """A game of All You Can Chili. Build one with :func:`new_game`, :func:`scenario` or :func:`replay`."""

    GAME = "aycc"
    MOVES = MOVES
    flow = FLOW
    table = DEFAULT_DISHES  #: this class's dish cards (one class per composition: :func:`game_class`)

    def _make_state(self):
        return AyccState.new(self.options, self.table, self.seed, self.setup)

    @classmethod
    def card_by_id(cls, i):
        return dish_by_id(i, cls.table)

    def __repr__(self):
        st = self.state
        who = ", ".join(f"P{p}" for p in st.decision.players) if st.decision else "nobody"
        return f"<All You Can Chili: {st.n} players, step {self.step}, phase {st.phase}, waiting for {who}>"


def game_class(table) -> type:
    """The session class whose dishes are ``table`` (``AyccGame`` itself for the default composition), kept
    with the composition's cards (``Deck.extra``): it goes when they go."""
    if table is DEFAULT_DISHES or not table:
        return AyccGame
    extra = table[0].deck.extra
    cls = extra.get("class")
    if cls is None:
        cls = extra["class"] = type("AyccGame", (AyccGame,), {"table": table, "__module__": __name__})
    return cls


def _start(opts: dict, seed: int, setup: Any) -> AyccGame:
    table = dishes(opts["dish_composition"])
    check_setup(setup, opts, table)
    return game_class(table)(opts, seed, setup)


def new_game(players: int = 4, seed: int | None = None, deals=None, **options) -> AyccGame:
    """Start a game: set up round 1 and run until the first decision.

    ``deals``: explicit deals, one per round (``None`` entries are dealt at random), each a dict with any of
    ``row`` and ``identities`` (character names), ``tolerances`` (seats first, then the undealt deck's top),
    ``hands`` (dish codes per seat, e.g. ``["5", "3F", "Latte", "7"]``) and ``deck`` (dish codes, top first;
    without ``hands`` the deck is dealt one dish at a time from seat 0, then drawn from). What a deal leaves
    out is drawn at random from the seed.

    ``deals`` stays ``deals`` (not the vocabulary's ``deck=``, docs/game-folder.md): every round is dealt afresh
    (AYCC-SETUP-3), and a round's deal is more than a deck (the row, the identities, the tolerances, the hands);
    the dish deck inside a deal is its ``deck`` (top first).
    """
    opts = normalize_options({"players": players, **options})
    seed = game_seed(seed)
    setup = None
    if deals is not None:
        if not isinstance(deals, (list, tuple)):
            raise ConfigError("deals must be a list of deals, one per round")
        table = dishes(opts["dish_composition"])
        setup = {"deals": [resolve_deal(d, table) for d in deals]}
    return _start(opts, seed, setup)


def scenario(row, identities, tolerances, hands, seed: int = 0, deals=None, **kw) -> AyccGame:
    """Start from a round in progress (aycc.md section 0, Tests); it waits for ``current``'s turn.

    ``row``: the N+1 characters in play; ``identities``: each seat's character (the row's other one is the
    Neutral); ``tolerances``: each seat's; ``hands``: dish codes per seat. Keywords: ``piles``
    ({character: dish codes, bottom first}), ``deck`` (dish codes, top first; default: every dish not placed,
    shuffled; given, the dishes not placed are out of the round), ``undealt`` (tolerances, top first),
    ``out`` ({character: "withdrawn" or "burnt"}), ``revealed`` (seats whose identity is public),
    ``tokens`` ({"chili" | "last_target" | "lock": character}), ``current`` (default 0), ``start``, ``round``,
    ``scores``, ``round_points``; ``deals`` for later rounds (as in :func:`new_game`, indexed by round); any
    other keyword is a game option.
    """
    keys = {"piles", "deck", "undealt", "out", "revealed", "tokens", "current", "start", "round", "scores",
            "round_points"}
    spec = {k: kw.pop(k) for k in list(kw) if k in keys}
    opts = normalize_options({"players": len(identities), **kw})
    seed = game_seed(seed)
    table = dishes(opts["dish_composition"])
    setup: dict = {"scenario": resolve_scenario(table, seed, row, identities, tolerances, hands, **spec)}
    if deals is not None:
        setup["deals"] = [resolve_deal(d, table) for d in deals]
    return _start(opts, seed, setup)


def _from_record(options, seed, setup):
    return _start(normalize_options(options), seed, setup)


def replay(record) -> AyccGame:
    """Rebuild a game from its record (dict or JSON text): same moves, same fingerprint."""
    rec = parse_record(record, AyccGame)
    cls: type = AyccGame
    try:
        cls = game_class(dishes(normalize_options(rec["options"])["dish_composition"]))
    except (ConfigError, TypeError, ValueError, AttributeError):
        pass  # bad options: replay_record reports them as a RecordError
    except RecordError:  # pragma: no cover - parse_record raised already
        raise
    return replay_record(rec, cls, _from_record)
