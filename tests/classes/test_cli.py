"""``chililab class``: start, list, students, rename, remove, close/open, teacher-link, export, delete."""
from __future__ import annotations

import re

import pytest

from chililab.classes.store import Store
from chililab.cli import main


def _run(capsys, *args):
    rc = main(["class", *args])
    out = capsys.readouterr()
    return rc, out.out, out.err


def test_a_class_from_the_command_line(tmp_path, capsys):
    data = str(tmp_path)
    rc, out, _ = _run(capsys, "start", "Year 10 maths", "--data", data)
    assert rc == 0
    code = re.search(r"Join code \(write it on the board\):\s+(\w{6})", out).group(1)
    link = re.search(r"(http://127\.0\.0\.1:8866/voila/render/class_teacher\.ipynb#class=\w+&teacher=\S+)", out).group(1)
    token = link.split("teacher=")[1]
    with Store.open(str(tmp_path / "classes.sqlite3")) as store:
        t = store.teacher(code, token)
        store.join(code, "Ana")
        store.join(code, "Bo")
    assert _run(capsys, "list", "--data", data)[1].startswith(f"{code}  Year 10 maths  (2 students, open")
    assert _run(capsys, "rename", code, "ana", "Ana K.", "--data", data)[0] == 0
    assert _run(capsys, "remove", code, "Bo", "--data", data)[0] == 0
    assert _run(capsys, "students", code, "--data", data)[1].splitlines()[1:] == ["  Ana K."]
    assert _run(capsys, "close", code, "--data", data)[0] == 0
    rc, out, _ = _run(capsys, "teacher-link", code, "--data", data)
    new = re.search(r"teacher=(\S+)", out).group(1)
    with Store.open(str(tmp_path / "classes.sqlite3")) as store:
        assert store.teacher(code, new) == t and not store.info(t)["open"]
    rc, out, _ = _run(capsys, "export", code, "--out", str(tmp_path / "out"), "--data", data)
    assert rc == 0 and len(out.split()) == 10
    rc, out, _ = _run(capsys, "delete", code, "--data", data)
    assert rc == 2 and "Nothing was deleted" in out
    assert _run(capsys, "delete", code, "--yes", "--data", data)[0] == 0
    assert "No classes" in _run(capsys, "list", "--data", data)[1]


@pytest.mark.parametrize("args, words", [
    (["students", "ZZZZZZ"], "no class has the code ZZZZZZ"), (["students", "x"], "a class code is 6"),
    (["start", ""], "the class name is empty"), (["start", "x" * 81], "too long"),
    (["list", "--store", "mysql://h/db"], "SQLite file or a postgresql:// address"),
])
def test_bad_input_is_refused_in_one_line(tmp_path, capsys, args, words):
    rc, out, err = _run(capsys, *args, *([] if "--store" in args else ["--data", str(tmp_path)]))
    assert rc == 2 and words in err and err.count("\n") == 1
