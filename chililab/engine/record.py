"""Loading saved games: records as dicts or JSON, checked before anything is built.

A record may come from anybody (a dashboard's "load a game" box), so loading it
is bounded and raises one kind of error: :class:`RecordError`, with the reason
and, when a recorded move is at fault, its number. Limits: a record's JSON text
is at most :data:`MAX_RECORD_CHARS` characters (checked before it is parsed) and
holds at most :data:`MAX_MOVES` moves (a trusted caller may lift them); its options,
setup and every move are bounded in shape (:func:`~chililab.engine.bounds.check_bounds`:
texts of at most 200 characters, lists of at most 1,000 items, 12 levels deep, whole
numbers within a seed's range) before a game reads them, and an error quotes at most
a short prefix of what was pasted. Options marked
``host`` in the game's registration (a file to write ...) are never taken from
a record: one that sets them to anything but their default is refused.
"""
from __future__ import annotations

import json

from .bounds import QUOTE_CHARS, brief, check_bounds
from .core import move_from_dict
from .errors import ChililabError, RecordError
from .registry import get as game_spec
from .registry import host_options

#: the longest record text (characters) a load reads, checked before parsing: :data:`MAX_MOVES` moves of the
#: wordiest game as saved (All You Can Chili, ~54 characters a move, indented: 540,000) with room for the
#: options (a dish composition of 999 entries: ~80,000) and the setup
MAX_RECORD_CHARS = 1_000_000
#: the most moves a loaded record may hold: twice the longest of the random games measured (Loco, 2 players:
#: 4,713 moves, 183,000 characters), and replaying them takes under a second (~45 us a move)
MAX_MOVES = 10_000
#: seeds are whole numbers from 0 to this (a negative seed would play as its absolute value)
MAX_SEED = 2**64 - 1
#: the fields a record has ("setup" may be absent or null)
FIELDS = ("format", "version", "game", "options", "seed", "setup", "moves")


def _brief(x) -> str:
    """A short, safe text for any value of a record (bounded however big or deep it is)."""
    return brief(x)


def _reason(e: BaseException) -> str:
    """The words of an error, short; a non-chililab error is named by its type."""
    try:
        text = str(e)
    except Exception:  # noqa: BLE001
        text = ""
    text = text if len(text) <= 300 else text[:297] + "..."
    return text if isinstance(e, ChililabError) else f"{type(e).__name__}: {text}"


def _no_constant(name):
    raise RecordError(f"this saved game is not valid JSON: {name} is not a number JSON allows")


def _text(data, max_chars):
    """The record as a dict (parsed from bytes or JSON text when it is text)."""
    if isinstance(data, (bytes, bytearray, str)) and max_chars is not None and len(data) > max_chars:
        raise RecordError(f"this saved game is too long: {len(data):,} characters, more than the "
                          f"{max_chars:,} a saved game may have")
    if isinstance(data, (bytes, bytearray)):
        try:
            data = data.decode("utf-8")
        except UnicodeDecodeError:
            raise RecordError("this saved game is not UTF-8 text") from None
    if isinstance(data, str):
        try:
            data = json.loads(data, parse_constant=_no_constant)
        except json.JSONDecodeError as e:
            raise RecordError(f"this saved game is not valid JSON ({e.msg} at line {e.lineno}, "
                              f"column {e.colno})") from None
        except RecordError:
            raise
        except RecursionError:
            raise RecordError("this saved game is not a record: its JSON is nested too deep") from None
        except ValueError as e:  # e.g. an integer of more than 4,300 digits
            raise RecordError(f"this saved game is not valid JSON: {_reason(e)}") from None
    return data


def _whole(v) -> bool:
    return type(v) is int


def parse_record(data, game_cls, max_moves: int | None = MAX_MOVES, max_chars: int | None = MAX_RECORD_CHARS) -> dict:
    """Check a record (dict or JSON text) for ``game_cls`` and return it as a new dict.

    ``max_moves`` / ``max_chars``: the limits (``None``: none). Options marked ``host``
    are dropped when at their default and refused otherwise.
    """
    data = _text(data, max_chars)
    if not isinstance(data, dict):
        raise RecordError("a saved game must be a JSON object with format, version, game, options, seed and moves")
    if data.get("format") != game_cls.FORMAT:
        raise RecordError(f"this is not a chililab saved game (format {_brief(data.get('format'))})")
    if data.get("game") != game_cls.GAME:
        raise RecordError(f"this saved game is for {_brief(data.get('game'))}, not {game_cls.GAME!r}")
    v = data.get("version")
    if not _whole(v):
        raise RecordError("this saved game has no valid format version")
    if v > game_cls.VERSION:
        raise RecordError(f"this saved game uses format version {v}, newer than this chililab understands "
                          f"({game_cls.VERSION}); upgrade chililab")
    if v != game_cls.VERSION:
        raise RecordError(f"this saved game claims format version {_brief(v)}; chililab writes version "
                          f"{game_cls.VERSION} only")
    unknown = [k for k in data if k not in FIELDS]
    if unknown:
        raise RecordError(f"this saved game has unknown fields {_brief(sorted(map(str, unknown)))}; a record has "
                          f"{', '.join(FIELDS)}")
    missing = {"options", "seed", "moves"} - set(data)
    if missing:
        raise RecordError(f"this saved game lacks {sorted(missing)}")
    if not isinstance(data["options"], dict) or not isinstance(data["moves"], list):
        raise RecordError("options must be an object and moves a list")
    if not _whole(data["seed"]):
        raise RecordError("seed must be a whole number")
    if not 0 <= data["seed"] <= MAX_SEED:
        raise RecordError(f"seed must be a whole number from 0 to {MAX_SEED}, not {_brief(data['seed'])}")
    if max_moves is not None and len(data["moves"]) > max_moves:
        raise RecordError(f"this saved game has {len(data['moves']):,} moves, more than {max_moves:,} moves: "
                          "too long to load here")
    _check_shape(data)
    return dict(data, options=_without_host_options(data["options"], game_cls.GAME))


def _check_shape(data: dict) -> None:
    """Bound the options, the setup and each move (:func:`~chililab.engine.bounds.check_bounds`) before a game
    reads them: a RecordError naming the place (and the move's number) otherwise."""
    check_bounds(data["options"], "options", RecordError)
    check_bounds(data.get("setup"), "setup", RecordError)
    for i, md in enumerate(data["moves"]):
        try:
            check_bounds(md, "", RecordError)
        except RecordError as e:
            raise RecordError(f"cannot be read: {e.reason}", move=i + 1) from None


def _without_host_options(options: dict, game: str) -> dict:
    """``options`` without those marked ``host``; RecordError when one is set to anything but its default."""
    host = host_options(game)
    if not host.intersection(options):
        return options
    spec = game_spec(game)
    for k in sorted(host.intersection(options)):
        if options[k] != spec.options[k].default:
            raise RecordError(f"this saved game sets {k} to {_brief(options[k])}: a saved game may not set {k} "
                              f"({spec.options[k].help}); only whoever runs chililab sets it")
    return {k: v for k, v in options.items() if k not in host}


def replay_record(data, game_cls, new_game, max_moves: int | None = MAX_MOVES,
                  max_chars: int | None = MAX_RECORD_CHARS):
    """Rebuild a game from a record. ``new_game(options, seed, setup)`` builds the start.

    Any fault of the record raises :class:`RecordError` (never another error).
    """
    rec = parse_record(data, game_cls, max_moves, max_chars)
    try:
        game = new_game(rec["options"], rec["seed"], rec.get("setup"))
    except Exception as e:  # noqa: BLE001 - whatever a bad record trips on, the caller gets a RecordError
        raise RecordError(f"this saved game cannot be set up (its options or its starting position): {_reason(e)}") from None
    game._replaying = True
    for i, md in enumerate(rec["moves"]):
        n = i + 1
        if not isinstance(md, dict):
            raise RecordError("is not an object", move=n)
        try:
            move = move_from_dict(md, game_cls.MOVES, game_cls.card_by_id)
        except Exception as e:  # noqa: BLE001
            raise RecordError(f"cannot be read ({_brief(md)}): {_reason(e)}", move=n) from None
        try:
            game.apply(move)
        except Exception as e:  # noqa: BLE001
            raise RecordError(f"({_brief_move(move)}) is illegal in this game: {_reason(e)}", move=n) from None
    game._replaying = False
    return game


def _brief_move(move) -> str:
    """A move's words, cut to a short prefix (a move read from a record may hold anything its class takes)."""
    try:
        text = str(move)
    except Exception:  # noqa: BLE001 - a hand-made move whose text fails is still named
        return _brief(move)
    return text if len(text) <= QUOTE_CHARS else text[:QUOTE_CHARS - 1] + "…"
