"""``chililab class``: start and run a class from the command line (the store is chililab.classes.store).

    chililab class start "Year 10 maths"      # a join code for the board, and the teacher's own link
    chililab class list
    chililab class students K7P2QX
    chililab class rename K7P2QX "old nick" "new nick"
    chililab class remove K7P2QX "nick"        # the student and everything they submitted
    chililab class close K7P2QX                # no new joiners (``open`` opens it again)
    chililab class teacher-link K7P2QX         # a new teacher link (the old one stops working)
    chililab class export K7P2QX --out DIR     # CSV and Parquet: students, attempts, trials, games
    chililab class delete K7P2QX --yes         # the class and all its data

Every command takes ``--store URL`` (a PostgreSQL address, or a SQLite file) or ``--data DIR`` (the folder of the
default SQLite file); without them, ``CHILILAB_STORE`` or the default data folder. Whoever can run these on the
machine can read the store, so the commands need no teacher token.
"""
from __future__ import annotations

import argparse
import sys
from pathlib import Path

DEFAULT_BASE = "http://127.0.0.1:8866/"
TEACHER_PAGE = "class_teacher.ipynb"
STUDENT_PAGE = "index.ipynb"


def teacher_link(base: str, code: str, token: str) -> str:
    """The teacher page's address. The code and token ride in the part after ``#``, which a browser never
    sends to a server: they stay out of server logs and of the address a proxy sees."""
    return f"{base.rstrip('/')}/voila/render/{TEACHER_PAGE}#class={code}&teacher={token}"


def student_link(base: str) -> str:
    return f"{base.rstrip('/')}/voila/render/{STUDENT_PAGE}"


def _plain(text: str) -> str:
    """Docstring text as a terminal shows it (no reST quotes)."""
    return text.replace("``", "")


def add_parser(sub) -> None:
    p = sub.add_parser("class", help="start and run a class: join codes, students, export, delete",
                       description=_plain(__doc__.split("\n\n")[0]),
                       formatter_class=argparse.RawDescriptionHelpFormatter,
                       epilog=_plain("\n\n".join(__doc__.split("\n\n")[1:])))
    actions = p.add_subparsers(dest="action", metavar="ACTION", parser_class=type(p))

    def action(name: str, help: str, *args: tuple[str, str]):
        a = actions.add_parser(name, help=help, description=help)
        for arg, text in args:
            a.add_argument(arg, help=text)
        a.add_argument("--store", metavar="URL", help="postgresql://user:password@host/db, or a SQLite file")
        a.add_argument("--data", metavar="DIR", help="the folder of the default SQLite file")
        a.set_defaults(func=run, class_action=name)
        return a

    a = action("start", "start a class and print its join code and teacher link", ("name", "the class's name"))
    a.add_argument("--url", default=DEFAULT_BASE, help=f"the dashboards' address (default {DEFAULT_BASE})")
    action("list", "every class in the store")
    action("students", "the students of a class", ("code", "the class's join code"))
    action("rename", "give a student another nickname", ("code", "the class's join code"),
           ("nickname", "their nickname now"), ("new", "their new nickname"))
    action("remove", "take a student out of the class, with everything they submitted",
           ("code", "the class's join code"), ("nickname", "the student's nickname"))
    action("close", "let nobody new join the class", ("code", "the class's join code"))
    action("open", "let new students join the class again", ("code", "the class's join code"))
    a = action("teacher-link", "a new teacher link for a class (the old link stops working)",
               ("code", "the class's join code"))
    a.add_argument("--url", default=DEFAULT_BASE, help=f"the dashboards' address (default {DEFAULT_BASE})")
    a = action("export", "write a class's data as CSV and Parquet files", ("code", "the class's join code"))
    a.add_argument("--out", default=".", metavar="DIR", help="the folder to write into (default: here)")
    a.add_argument("--format", choices=("csv", "parquet", "both"), default="both")
    a = action("delete", "delete a class and all its data", ("code", "the class's join code"))
    a.add_argument("--yes", action="store_true", help="really delete (without it nothing is deleted)")
    p.set_defaults(func=run, class_action=None)


def _store(args):
    from .store import Store, default_url

    if args.store and args.data:
        raise _Usage("give --store or --data, not both")
    return Store.open(args.store or default_url(args.data))


class _Usage(Exception):
    pass


def _student_id(store, t, nickname: str) -> int:
    from .codes import ClassError, nickname_key

    key = nickname_key(" ".join(nickname.split()))
    for r in store.roster(t):
        if nickname_key(r["nickname"]) == key:
            return r["id"]
    raise ClassError(f"no student of class {t.code} has the nickname {nickname}")


def run(args, out=None) -> int:
    """Run one ``chililab class`` action; 0 when done, 2 when refused (the reason on stderr)."""
    from .codes import ClassError

    out = out or sys.stdout
    if args.class_action is None:
        print("chililab class: choose an action: start, list, students, rename, remove, close, open, "
              "teacher-link, export, delete", file=sys.stderr)
        return 2
    try:
        with _store(args) as store:
            return _ACTIONS[args.class_action](store, args, out)
    except (ClassError, _Usage) as e:
        print(f"chililab class: {e}", file=sys.stderr)
        return 2


def _start(store, args, out) -> int:
    c = store.start_class(args.name)
    _print_links(store, c.name, c.code, c.teacher_token, args.url, out, started=True)
    return 0


def _print_links(store, name, code, token, base, out, started: bool) -> None:
    print(f"Class {name!r} {'started' if started else 'has a new teacher link'}.", file=out)
    print(f"  Join code (write it on the board):  {code}", file=out)
    print(f"  Students open {student_link(base)} and type the code and a nickname.", file=out)
    print("  Your teacher page (keep this link to yourself: it holds your secret teacher token):", file=out)
    print(f"    {teacher_link(base, code, token)}", file=out)
    print(f"  Kept in {store.describe()}.", file=out)


def _list(store, args, out) -> int:
    import datetime as dt

    rows = store.classes()
    if not rows:
        print(f"No classes in {store.describe()}.", file=out)
    for r in rows:
        when = dt.datetime.fromtimestamp(r["created"]).strftime("%Y-%m-%d %H:%M")
        state = "open" if r["open"] else "closed"
        print(f"{r['code']}  {r['name']}  ({r['students']} students, {state}, started {when})", file=out)
    return 0


def _students(store, args, out) -> int:
    t = store.admin(args.code)
    rows = store.roster(t)
    print(f"{t.name} ({t.code}): {len(rows)} students", file=out)
    for r in rows:
        print(f"  {r['nickname']}", file=out)
    return 0


def _rename(store, args, out) -> int:
    t = store.admin(args.code)
    store.rename(t, _student_id(store, t, args.nickname), args.new)
    print(f"{args.nickname} is now {' '.join(args.new.split())} in {t.name}.", file=out)
    return 0


def _remove(store, args, out) -> int:
    t = store.admin(args.code)
    store.remove(t, _student_id(store, t, args.nickname))
    print(f"{args.nickname} and everything they submitted are removed from {t.name}.", file=out)
    return 0


def _set_open(is_open: bool):
    def action(store, args, out) -> int:
        t = store.admin(args.code)
        store.set_open(t, is_open)
        print(f"{t.name} is {'open to new students' if is_open else 'closed: nobody new can join'}.", file=out)
        return 0
    return action


def _teacher_link(store, args, out) -> int:
    t = store.admin(args.code)
    token = store.new_teacher_token(t)
    _print_links(store, t.name, t.code, token, args.url, out, started=False)
    return 0


def _export(store, args, out) -> int:
    from .export import export

    t = store.admin(args.code)
    formats = ("csv", "parquet") if args.format == "both" else (args.format,)
    for p in export(store, t, Path(args.out), formats):
        print(p, file=out)
    return 0


def _delete(store, args, out) -> int:
    t = store.admin(args.code)
    if not args.yes:
        n = len(store.roster(t))
        print(f"This would delete {t.name} ({t.code}) with its {n} students and everything they submitted. "
              "Nothing was deleted: add --yes to delete it.", file=out)
        return 2
    store.delete_class(t)
    print(f"{t.name} ({t.code}) and all its data are deleted.", file=out)
    return 0


_ACTIONS = {"start": _start, "list": _list, "students": _students, "rename": _rename, "remove": _remove,
            "close": _set_open(False), "open": _set_open(True), "teacher-link": _teacher_link,
            "export": _export, "delete": _delete}
