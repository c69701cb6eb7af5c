"""A seat of a shared table as plain data a page draws: made where the whole game is (the table service), so the
page of a student (and its kernel) gets only what that seat may see.

:func:`seat_payload` turns :meth:`Tables.table_state <chililab.classes.tables.Tables.table_state>` (the seat's
view, its legal moves, its log) into JSON-ready values: the table picture (SVG, drawn from the seat's view), the
decision in words, the move buttons (their words, group titles and the move's record form, which the page sends
back), the log lines with their rule IDs, the seats (you, a classmate, a bot, away), the table's notes (who left,
came back, a pause) and the game's end in words. Nothing in it names another seat's hidden card: every part is
drawn from the seat's view and the events that seat may see (tests/classes/test_service.py checks the payload of
every seat of many seeded games against the other seats' hands).
"""
from __future__ import annotations

import inspect
from typing import Any

from chililab.control import game_over_words, group_moves, learner_text, move_label
from chililab.engine import registry
from chililab.engine.words import phase_label, seat_name

#: the log lines a page shows (newest last)
LOG_LINES = 80
#: the steps whose events the log is made of (the last ones): enough for LOG_LINES lines
LOG_STEPS = 60
TABLE_WIDTH = 900

STATUS_WORDS = {"open": "waiting for players", "playing": "playing", "finished": "finished",
                "closed": "ended early"}


def seat_words(s: dict) -> str:
    """Who plays a seat, as a student's page says it (never another student's name)."""
    if s.get("you"):
        return "you" + (" (away: a bot plays for you)" if s.get("away") else "")
    if s.get("taken"):
        return "a classmate" + (" (away: a bot plays)" if s.get("away") else "")
    return "a bot"


def _picture(spec, view, big: bool) -> str:
    draw = spec.picture("table")
    extra = {"big": True} if big and "big" in inspect.signature(draw).parameters else {}
    return draw(view, width=TABLE_WIDTH, **extra)


def seat_payload(state: dict[str, Any], notes: list[dict] = (), big: bool = False,  # type: ignore[assignment]
                 log: list | None = None) -> dict[str, Any]:
    """What a seat's page shows, from :meth:`~chililab.classes.tables.Tables.table_state` (with its ``events``
    of the last steps, or ``log``: (step, event) pairs) and the table's ``notes``."""
    spec = registry.get(state["game"])
    view = state["view"]
    seat = state["seat"]
    seats = [{"seat": s["seat"], "name": seat_name(s["seat"]), "who": seat_words(s), "you": bool(s.get("you")),
              "away": bool(s.get("away"))} for s in state["seats"]]
    out: dict[str, Any] = {
        "table": state["id"], "game": spec.name, "title": spec.title, "status": state["status"],
        "status_words": STATUS_WORDS.get(state["status"], state["status"]), "step": state["step"],
        "next_step": state["next_step"], "seat": seat, "seat_name": seat_name(seat) if seat is not None else "",
        "seats": seats, "paused": bool(state.get("paused")), "mine": bool(state.get("mine")),
        "answer_secs": state.get("answer_secs"), "over": state["result"] is not None,
        "picture": "", "prompt": "", "phase": "", "deciding": [], "yours": False, "race": False,
        "moves": [], "log": [], "notes": [{"step": n["step"], "text": n["text"]} for n in notes][-20:],
        "result": None,
    }
    if view is None:
        return out
    out["picture"] = _picture(spec, view, big)
    d = getattr(view, "decision", None)
    if state["result"] is not None:
        sentence, rows = game_over_words(spec, state["result"])
        out["result"] = {"sentence": sentence, "rows": [list(r) for r in rows]}
    elif d is not None:
        out["prompt"] = learner_text(spec, d.prompt)
        out["phase"] = phase_label(spec.flow, d.phase)
        out["deciding"] = list(d.players)
        out["yours"] = seat is not None and seat in d.players and bool(state["legal"])
        out["race"] = len(d.players) > 1 or d.kind == "window"  # answers that may cross another seat's
    if state["legal"]:
        groups = group_moves(spec, state["legal"], lambda _p: view)
        out["moves"] = [{"title": learner_text(spec, title), "rule": rule,
                         "moves": [{"label": move_label(spec, view, m), "move": m.to_dict()} for m in moves]}
                        for title, moves, rule in groups]
    events = log if log is not None else [(state["step"], e) for e in state["events"]]
    lines = [{"step": k, "text": learner_text(spec, e.text), "rules": list(e.rules)} for k, e in events]
    out["log"] = lines[-LOG_LINES:]
    return out
