"""Loading saved games: records as dicts or JSON, checked before anything is built."""
from __future__ import annotations

import json

from .core import move_from_dict
from .errors import ChililabError, RecordError


def parse_record(data, game_cls) -> dict:
    """Check a record (dict or JSON text) for ``game_cls`` and return it as a dict."""
    if isinstance(data, (bytes, bytearray)):
        try:
            data = data.decode("utf-8")
        except UnicodeDecodeError:
            raise RecordError("this saved game is not UTF-8 text") from None
    if isinstance(data, str):
        try:
            data = json.loads(data)
        except json.JSONDecodeError as e:
            raise RecordError(f"this saved game is not valid JSON ({e.msg} at line {e.lineno}, column {e.colno})") from None
    if not isinstance(data, dict):
        raise RecordError("a saved game must be a JSON object with format, version, game, options, seed and moves")
    if data.get("format") != game_cls.FORMAT:
        raise RecordError(f"this is not a chililab saved game (format {data.get('format')!r})")
    if data.get("game") != game_cls.GAME:
        raise RecordError(f"this saved game is for {data.get('game')!r}, not {game_cls.GAME!r}")
    v = data.get("version")
    if not isinstance(v, int) or isinstance(v, bool):
        raise RecordError("this saved game has no valid format version")
    if v > game_cls.VERSION:
        raise RecordError(f"this saved game uses format version {v}, newer than this chililab understands ({game_cls.VERSION}); upgrade chililab")
    missing = {"options", "seed", "moves"} - set(data)
    if missing:
        raise RecordError(f"this saved game lacks {sorted(missing)}")
    if not isinstance(data["options"], dict) or not isinstance(data["moves"], list):
        raise RecordError("options must be an object and moves a list")
    if not isinstance(data["seed"], int) or isinstance(data["seed"], bool):
        raise RecordError("seed must be a whole number")
    return data


def replay_record(data, game_cls, new_game):
    """Rebuild a game from a record. ``new_game(options, seed, setup)`` builds the start."""
    rec = parse_record(data, game_cls)
    try:
        game = new_game(rec["options"], rec["seed"], rec.get("setup"))
    except ChililabError as e:
        raise RecordError(f"this saved game's options are invalid: {e}") from None
    game._replaying = True
    for i, md in enumerate(rec["moves"]):
        if not isinstance(md, dict):
            raise RecordError(f"move {i + 1} is not an object")
        try:
            move = move_from_dict(md, game_cls.MOVES, game_cls.card_by_id)
        except (KeyError, ValueError, TypeError, IndexError) as e:
            raise RecordError(f"move {i + 1} cannot be read ({md!r}): {e}") from None
        try:
            game.apply(move)
        except ChililabError as e:
            raise RecordError(f"move {i + 1} ({move}) is illegal in this game: {e}") from None
    game._replaying = False
    return game
