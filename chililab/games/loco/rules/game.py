"""The Chili Loco game session: ``new_game``, ``scenario``, ``replay``."""
from __future__ import annotations

from chililab.engine import ConfigError, Game, parse_record, replay_record
from chililab.engine.errors import RecordError
from chililab.engine.record import MAX_MOVES, MAX_RECORD_CHARS
from chililab.engine.seeds import game_seed

from .cards import ALL_CARDS, CardPicker, card_by_id
from .cards import deck as make_deck
from .flow import FLOW
from .moves import MOVES
from .options import normalize_options
from .pending import EFFECTS
from .state import LocoState


class LocoGame(Game):
    """A game of Chili Loco. Build one with :func:`new_game`, :func:`scenario` or :func:`replay`."""

    GAME = "loco"
    MOVES = MOVES
    flow = FLOW

    def _make_state(self):
        return LocoState.new(self.options, self.seed, self.setup)

    @classmethod
    def card_by_id(cls, i):
        return card_by_id(i)

    def __repr__(self):
        st = self.state
        waiting = ", ".join(f"P{p}" for p in st.decision.players) if st.decision is not None else "nobody"
        return (f"<Chili Loco: {st.n} players, step {self.step}, phase {st.phase}, "
                f"{'over: ' + str(st.result) if st.result else 'waiting for ' + waiting}>")


def new_game(players: int = 4, seed: int | None = None, deck=None, **options) -> LocoGame:
    """Start a game: deal, flip the starter, run until the first decision.

    ``deck``: an explicit deck order, top card first (card codes like ``"R-Bell"``,
    card ids, or Cards). Cards not listed follow in a seeded shuffle. The deal
    goes one card at a time from the dealer's left (LOCO-SETUP-2), then the
    next card is the starter and the rest is the draw pile.
    """
    opts = normalize_options({"players": players, **options})
    seed = game_seed(seed)
    setup = None
    if deck is not None:
        setup = {"deck": explicit_deck(deck, opts, seed)}
    return LocoGame(opts, seed, setup)


def explicit_deck(deck, opts, seed):
    import random

    full = make_deck(opts["personal_recipes"] != "off")
    pick = CardPicker(full)
    try:
        head = [pick.take(c) for c in deck]
    except ValueError as e:
        raise ConfigError(f"bad deck: {e}") from None
    rest = list(pick.free)
    random.Random(seed).shuffle(rest)
    return [c.id for c in head + rest]


def scenario(hands, pile, current, draw=(), seed: int = 0, **kw) -> LocoGame:
    """Start from an explicit position (loco.md section 0, Tests).

    ``hands``: list of card-code lists per seat; ``pile``: bottom..top;
    ``draw``: top first. Keywords: ``dir``, ``dealer``, ``colour`` (required
    on a wild top), ``top_layer``, ``pending`` ({kind, draw, skip}, aimed at
    ``current``), ``obligations`` (seats with an open LOCO!), ``accent``; any
    other keyword is a game option. Cards not placed are out of play (box).
    """
    spec_keys = {"dir", "dealer", "colour", "top_layer", "pending", "obligations", "accent"}
    spec = {k: kw.pop(k) for k in list(kw) if k in spec_keys}
    opts = normalize_options({"players": len(hands), **kw})
    spec.update(hands=[list(h) for h in hands], pile=list(pile), draw=list(draw), current=current)
    _check_scenario(spec, opts)
    return LocoGame(opts, game_seed(seed), spec)


_SPEC_KEYS = {"hands", "pile", "draw", "current", "dir", "dealer", "colour", "top_layer", "pending", "obligations",
              "accent"}


def _check_scenario_shape(spec, n):
    """Types and ranges of a scenario spec (it may come from a saved game: trust nothing)."""
    from .cards import COLOURS

    def seat(v):
        return type(v) is int and 0 <= v < n

    unknown = set(spec) - _SPEC_KEYS
    if unknown:
        raise ConfigError(f"unknown scenario keys {sorted(map(str, unknown))}")
    missing = {"hands", "pile", "current"} - set(spec)
    if missing:
        raise ConfigError(f"a scenario needs {sorted(missing)}")
    spec.setdefault("draw", [])
    hands = spec["hands"]
    if not isinstance(hands, list) or not all(isinstance(h, list) for h in hands):
        raise ConfigError("hands must be a list of card lists, one per seat")
    if len(hands) != n:
        raise ConfigError(f"the scenario has {len(hands)} hands for {n} players")
    for key in ("pile", "draw"):
        if not isinstance(spec[key], list):
            raise ConfigError(f"{key} must be a list of cards")
    if not seat(spec["current"]):
        raise ConfigError(f"current must be a seat from 0 to {n - 1}")
    if spec.get("dir", 1) not in (1, -1) or type(spec.get("dir", 1)) is not int:
        raise ConfigError("dir must be 1 (clockwise) or -1")
    for key in ("dealer", "top_layer"):
        if spec.get(key) is not None and not seat(spec[key]):
            raise ConfigError(f"{key} must be a seat from 0 to {n - 1}")
    if spec.get("colour") is not None and spec["colour"] not in COLOURS:
        raise ConfigError(f"colour must be one of {COLOURS}")
    pend = spec.get("pending")
    if pend is not None:
        if not isinstance(pend, dict) or set(pend) - {"kind", "draw", "skip"}:
            raise ConfigError("pending must be {kind, draw, skip}")
        d, s = pend.get("draw", 0), pend.get("skip", False)
        if type(d) is not int or d < 0 or type(s) is not bool:
            raise ConfigError("pending draw must be a whole number >= 0 and skip True or False")
    obl = spec.get("obligations", [])
    if not isinstance(obl, (list, tuple)) or not all(seat(s) for s in obl) or len(set(obl)) != len(obl):
        raise ConfigError(f"obligations must list distinct seats from 0 to {n - 1}")
    if "obligations" in spec:
        spec["obligations"] = list(obl)
    if type(spec.get("accent", False)) is not bool:
        raise ConfigError("accent must be True or False")


def _check_scenario(spec, opts):
    n = opts["players"]
    _check_scenario_shape(spec, n)
    if not isinstance(spec["current"], int) or not 0 <= spec["current"] < n:
        raise ConfigError(f"current must be a seat from 0 to {n - 1}")
    if not spec["pile"]:
        raise ConfigError("the play pile needs at least its top card")
    if spec.get("dir", 1) not in (1, -1):
        raise ConfigError("dir must be 1 (clockwise) or -1")
    pend = spec.get("pending")
    if pend and pend.get("kind") not in EFFECTS:
        raise ConfigError(f"unknown pending effect {pend.get('kind')!r}")
    pick = CardPicker(make_deck(opts["personal_recipes"] != "off"))
    try:
        for h in spec["hands"]:
            for c in h:
                pick.take(c)
        for c in spec["draw"] + spec["pile"]:
            pick.take(c)
        top = CardPicker(ALL_CARDS).take(spec["pile"][-1])
    except ValueError as e:
        raise ConfigError(f"bad scenario: {e}") from None
    if top.wild and not spec.get("colour"):
        raise ConfigError("the top card is a wild: give the active colour with colour=...")
    # make every card id JSON-able (the record stores the spec)
    norm = lambda c: c.id if hasattr(c, "id") else c  # noqa: E731
    spec["hands"] = [[norm(c) for c in h] for h in spec["hands"]]
    spec["pile"] = [norm(c) for c in spec["pile"]]
    spec["draw"] = [norm(c) for c in spec["draw"]]


def _from_record(options, seed, setup):
    opts = normalize_options(options)
    if setup is not None:
        if not isinstance(setup, dict):
            raise ConfigError("setup must be an object")
        if "hands" in setup:
            setup = dict(setup)
            _check_scenario(setup, opts)
        elif "deck" in setup:
            ids = setup["deck"]
            full = {c.id for c in make_deck(opts["personal_recipes"] != "off")}
            if not isinstance(ids, list) or any(type(i) is not int for i in ids) or sorted(ids) != sorted(full):
                raise ConfigError("the recorded deck is not a complete deck for these options")
        else:
            raise ConfigError("unknown setup")
    return LocoGame(opts, seed, setup)


def replay(record, max_moves: int | None = MAX_MOVES, max_chars: int | None = MAX_RECORD_CHARS) -> LocoGame:
    """Rebuild a game from its record (dict or JSON text): same moves, same fingerprint.

    Any fault of the record raises :class:`RecordError`. ``max_moves`` and ``max_chars`` bound
    what a pasted record may cost (``None``: no bound, for records you trust).
    """
    return replay_record(record, LocoGame, _from_record, max_moves, max_chars)


def load(record, **limits) -> LocoGame:
    """Alias of :func:`replay`."""
    return replay(record, **limits)


__all__ = ["LocoGame", "new_game", "scenario", "replay", "load", "parse_record", "RecordError"]
