"""Complete example games (tests/games/*.json, expected numbers worked out by hand from
each game's rules file in ../shared/rules/) scored by the registry and by `python -m scoring score`
(../shared/rules/records.md), and the command line's refusals."""

import json
import subprocess
import sys
from pathlib import Path

import pytest

from builders import BY_GAME
from scoring.gate import MAX_BYTES
from scoring.registry import GAMES, score

pytestmark = pytest.mark.pure
ROOT = Path(__file__).resolve().parent.parent
GAME_FILES = sorted((ROOT / "tests" / "games").glob("*.json"))


def load(path):
    data = json.loads(path.read_text(encoding="utf-8"))
    return {k: v for k, v in data.items() if k != "expected"}, data["expected"]


def run(path):
    return subprocess.run([sys.executable, "-m", "scoring", "score", str(path)],
                          cwd=ROOT, capture_output=True, text=True, timeout=60)


def test_there_are_example_games():
    assert len(GAME_FILES) >= 2


@pytest.mark.parametrize("path", GAME_FILES, ids=[p.stem for p in GAME_FILES])
def test_example_game_breakdown(path):
    record, expected = load(path)
    result = score(record)
    assert result.final == BY_GAME[record["game"]].over(record)
    categories = GAMES[record["game"]].categories
    got = {s.player: {c: s.breakdown[c] for c in categories} | {"total": s.total, "rank": s.rank}
           for s in result.standings}
    want = {p: {c: e[c] for c in (*categories, "total", "rank")} for p, e in expected.items()}
    assert got == want
    for p, e in expected.items():  # the hand-written file is itself consistent
        assert sum(e[c] for c in categories) == e["total"]


@pytest.mark.parametrize("path", GAME_FILES, ids=[p.stem for p in GAME_FILES])
def test_example_game_command_line(path):
    record, expected = load(path)
    done = run(path)
    assert (done.returncode, done.stderr) == (0, "")
    output = json.loads(done.stdout)
    assert (output["game"], output["final"]) == (record["game"], BY_GAME[record["game"]].over(record))
    assert {s["player"]: (s["total"], s["rank"]) for s in output["standings"]} == {
        p: (e["total"], e["rank"]) for p, e in expected.items()}
    assert [s["rank"] for s in output["standings"]] == sorted(e["rank"] for e in expected.values())
    for s in output["standings"]:
        assert sum(s["breakdown"].values()) == s["total"]
        assert s["breakdown"] == {c: expected[s["player"]][c] for c in GAMES[record["game"]].categories}


VALID = next(iter(BY_GAME.values())).complete()
"""A complete record of a game of the registry (any: the refusals below are the gate's and the file's)."""


def row(name, content, field, marks=()):
    return pytest.param(content, field, id=name, marks=marks)


# name, file content (bytes), field named in the one stderr line
REFUSALS = [
    row("truncated JSON", json.dumps(VALID).encode()[:-7], "file"),
    row("empty file", b"", "file"),
    row("not UTF-8", b'{"game": "\xff"}', "file"),
    row("unknown game", json.dumps(VALID | {"game": "catan"}).encode(), "game"),
    row("no game", json.dumps({"players": ["Anna", "Ben"]}).encode(), "game"),
    row("not an object", b"[1, 2]", "record"),
    row("unknown colour", json.dumps(VALID | {"colours": {VALID["players"][0]: "purple"}}).encode(),
        f"colours.{VALID['players'][0]}"),
    row("over 1 MB", json.dumps(VALID | {"notes": "x" * MAX_BYTES}).encode(), "file"),
    row("deeply nested JSON", b"[" * 100_000, "file"),
    row("game not a text", json.dumps(VALID | {"game": [VALID["game"]]}).encode(), "game"),
]


@pytest.mark.parametrize(("content", "field"), REFUSALS)
def test_command_line_refusals(tmp_path, content, field):
    path = tmp_path / "record.json"
    path.write_bytes(content)
    done = run(path)
    assert done.returncode == 2
    assert done.stdout == ""
    lines = done.stderr.splitlines()
    assert len(lines) == 1, done.stderr
    assert field in lines[0]
    assert "Traceback" not in done.stderr


def test_command_line_missing_file(tmp_path):
    done = run(tmp_path / "nope.json")
    assert (done.returncode, done.stdout, len(done.stderr.splitlines())) == (2, "", 1)


def test_command_line_exactly_1_mb_is_read(tmp_path):
    text = json.dumps(VALID)
    path = tmp_path / "record.json"
    path.write_text(text + " " * (1_000_000 - len(text)))
    assert path.stat().st_size == 1_000_000
    done = run(path)
    assert done.returncode == 0, done.stderr
    assert json.loads(done.stdout) == score(VALID).to_dict()
