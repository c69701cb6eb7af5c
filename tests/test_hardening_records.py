"""A saved game from anybody (a dashboard's "load a game" box) can only be refused with a RecordError.

Issue 8 items 1 and 4: a record never names a file the server writes (options marked
``host`` in the registry are the server's, not the record's), pasted records are bounded
in size and moves, and every bad record raises one kind of error, ``RecordError``, with
the move number (when a move is at fault) and the reason.
"""
import json

import pytest

from chililab import loco
from chililab.control import Controller
from chililab.engine import RecordError, registry
from chililab.engine import record as record_module


def _won_record(**options):
    """The record of a game P1 wins with the move it plays (LOCO-WIN-1)."""
    g = loco.scenario(hands=[["G-Bell", "G-Ghost"], ["R-Ghost"], ["Y-Cayenne", "Y-Habanero"], ["P-Jalapeno"]],
                      pile=["R-Cherry"], current=1, draw=["P-Cherry"], **options)
    return g


def _record_naming(path):
    """A record one move from P1's win, whose options ask to sign the winning card into ``path``."""
    rec = _won_record().record
    rec["options"]["sign_registry"] = str(path)
    return rec


@pytest.fixture(scope="module")
def record():
    g = loco.new_game(players=3, seed=7)
    for _ in range(12):
        g.apply(g.legal_moves()[0])
    return g.record


# ------------------------------------------------------------ item 1: records never name the server's files


def test_options_naming_files_are_marked_host_in_the_registry():
    spec = registry.get("loco")
    assert spec.options["sign_registry"].host
    assert not any(o.host for k, o in spec.options.items() if k != "sign_registry")
    assert registry.host_options("loco") == frozenset({"sign_registry"})


@pytest.mark.rule("LOCO-SIGN-1")
def test_a_record_naming_a_file_is_refused_and_writes_nothing(tmp_path):
    target = tmp_path / "written-by-a-visitor.jsonl"
    rec = _record_naming(target)
    with pytest.raises(RecordError, match="sign_registry"):
        loco.replay(rec)
    with pytest.raises(RecordError, match="sign_registry"):
        loco.replay(json.dumps(rec))
    assert not target.exists()


@pytest.mark.rule("LOCO-SIGN-1")
def test_the_stepper_load_box_refuses_a_record_naming_a_file_and_keeps_its_game(tmp_path):
    target = tmp_path / "reg.jsonl"
    rec = _record_naming(target)
    c = Controller(loco.new_game(players=4, seed=3), seat=0)
    before = c.game
    with pytest.raises(RecordError, match="sign_registry"):
        c.load_text(json.dumps(rec))
    assert c.game is before
    c.play_to_end()
    assert not target.exists()


@pytest.mark.rule("LOCO-SIGN-1")
def test_the_record_of_a_signing_game_carries_no_file_and_replays_without_signing(tmp_path):
    target = tmp_path / "signed.jsonl"
    g = _won_record(sign_registry=str(target))
    g.apply(loco.Lay(1, (g.state.hands[1][0],)))
    assert g.over and len(target.read_text().splitlines()) == 1   # the person running the code asked for it
    rec = g.record
    assert "sign_registry" not in rec["options"] and str(target) not in g.to_json()
    again = loco.replay(g.to_json())
    assert again.fingerprint() == g.fingerprint() and again.over
    assert again.options["sign_registry"] == "off"
    # a replayed record played on from before the win signs nowhere
    again.undo()
    again.apply(loco.Lay(1, (again.state.hands[1][0],)))
    assert len(target.read_text().splitlines()) == 1


def test_old_records_with_the_default_host_option_still_load(record):
    rec = dict(record, options=dict(record["options"], sign_registry="off"))
    assert loco.replay(rec).fingerprint() == loco.replay(record).fingerprint()


def test_a_record_with_too_many_moves_is_refused_before_playing(record):
    rec = dict(record, moves=[{"move": "Pass", "player": 0}] * (record_module.MAX_MOVES + 1))
    with pytest.raises(RecordError, match=f"more than {record_module.MAX_MOVES:,} moves"):
        loco.replay(rec)


def test_a_record_text_too_long_is_refused_before_parsing(record):
    text = json.dumps(record) + " " * record_module.MAX_RECORD_CHARS
    with pytest.raises(RecordError, match="too long"):
        loco.replay(text)
    with pytest.raises(RecordError, match="too long"):
        loco.replay(text.encode())


def test_a_trusted_caller_may_lift_the_move_limit(record):
    g = loco.replay(record, max_moves=len(record["moves"]))
    assert g.step == len(record["moves"])
    with pytest.raises(RecordError, match="more than 11 moves"):
        loco.replay(record, max_moves=11)


# ------------------------------------------------------------ item 4: one kind of error


def _with(record, **changes):
    rec = json.loads(json.dumps(record))
    for key, value in changes.items():
        if key.startswith("opt_"):
            rec["options"][key[4:]] = value
        else:
            rec[key] = value
    return rec


def _first_move(record, move):
    rec = json.loads(json.dumps(record))
    rec["moves"] = [move] + rec["moves"]
    return rec


BAD = {
    "empty Lay": (lambda r: _first_move(r, {"move": "Lay", "player": 0, "cards": []}), "move 1", None),
    "empty Jump": (lambda r: _first_move(r, {"move": "Jump", "player": 0, "cards": []}), "move 1", None),
    "infinite fixed order": (lambda r: _with(r, opt_reaction_model={"model": "fixed", "order": [1e400]}),
                             ("reaction", "Infinity"), None),
    "fractional fixed order": (lambda r: _with(r, opt_reaction_model={"model": "fixed", "order": [1.5]}),
                               "reaction", None),
    "huge fixed order": (lambda r: _with(r, opt_reaction_model={"model": "fixed", "order": [10 ** 400]}),
                         "reaction", None),
    "negative seed": (lambda r: _with(r, seed=-7), "seed", None),
    "huge seed": (lambda r: _with(r, seed=2 ** 64), "seed", None),
    "version 0": (lambda r: _with(r, version=0), "version", None),
    "version -1": (lambda r: _with(r, version=-1), "version", None),
    "unknown field": (lambda r: _with(r, comment="hi"), "comment", None),
    "setup not an object": (lambda r: _with(r, setup=[1, 2]), "setup", None),
}
TEXTS = {
    "nested 1000 deep": lambda r: '{"a":' * 1000 + "1" + "}" * 1000,
    "lists nested 100000 deep": lambda r: "[" * 100000 + "]" * 100000,
    "5000-digit seed": lambda r: json.dumps(r).replace(f'"seed": {r["seed"]}', '"seed": ' + "9" * 5000),
    "infinite order as text": lambda r: json.dumps(_with(r, opt_reaction_model={"model": "fixed", "order": [1]}))
    .replace('"order": [1]', '"order": [Infinity]'),
    "NaN seed": lambda r: json.dumps(r).replace(f'"seed": {r["seed"]}', '"seed": NaN'),
    "deep options": lambda r: json.dumps(r).replace('"tie_method": "coin_flip"',
                                                      '"tie_method": ' + "[" * 900 + "]" * 900),
}


@pytest.mark.parametrize("name", sorted(BAD))
def test_bad_records_raise_only_record_error_with_the_reason(record, name):
    make, words, _ = BAD[name]
    rec = make(record)
    for given in (rec, json.dumps(rec)):
        with pytest.raises(RecordError) as e:
            loco.replay(given)
        assert any(w in str(e.value) for w in ((words,) if isinstance(words, str) else words)), str(e.value)
        assert e.value.reason and len(str(e.value)) < 2000


@pytest.mark.parametrize("name", sorted(TEXTS))
def test_bad_record_texts_raise_only_record_error(record, name):
    with pytest.raises(RecordError) as e:
        loco.replay(TEXTS[name](record))
    assert str(e.value) and len(str(e.value)) < 2000


def test_a_bad_move_names_its_number_and_reason(record):
    rec = _first_move(record, {"move": "Lay", "player": 0, "cards": []})
    with pytest.raises(RecordError) as e:
        loco.replay(rec)
    assert e.value.move == 1 and "illegal" in e.value.reason
    rec = json.loads(json.dumps(record))
    rec["moves"][4] = {"move": "Pass", "player": "x"}
    with pytest.raises(RecordError) as e:
        loco.replay(rec)
    assert e.value.move == 5 and str(e.value).startswith("move 5 ")


def test_negative_seeds_are_refused_when_a_game_starts():
    with pytest.raises(loco.ConfigError, match="seed"):
        loco.new_game(players=3, seed=-7)
