"""The one gate for data, rule by rule: clean input (`records.parse`, names in every game's reader), one-line
refusals, setup ticks, the store refusing what does not read (each game's refused records), injective widget
keys, the CSV export, the upload limit, and one direction between the pure packages. Each game's box limits
are in its own module (`test_<game>_integrity.py`)."""

from __future__ import annotations

import ast
import copy
import json
import tomllib
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from apptest import ROOT
from builders import BY_GAME, EXAMPLE, at
from unchecked import any_document
from schichtbuch.session.page import widget_key
from schichtbuch.sharing.export import spreadsheet_safe, standings_csv
from schichtbuch.store import SQLiteStore
from schichtbuch.store.written import written
from scoring.app_fields import tick
from scoring.errors import RecordError, shown
from scoring.fields import NAME_CHARS
from scoring.gate import MAX_BYTES, MAX_DEPTH, UPLOAD_BYTES, UPLOAD_MB, parse
from scoring.registry import GAMES, score

pytestmark = pytest.mark.store
THREE = ["Anna", "Ben", "Cleo"]
"""A seat count every game allows."""


def refusal(run: Any) -> tuple[str, str]:
    with pytest.raises(RecordError) as error:
        run()
    return error.value.field, error.value.code


# --- clean input ---------------------------------------------------------------------------------------

VALID = {"game": EXAMPLE, "players": ["Anna", "Ben"]}
GAME = json.dumps(EXAMPLE).encode()


@pytest.mark.parametrize(("data", "code"), [
    (b'{"game": ' + GAME + b', "players": [' + b"9" * 16 + b"]}", "number_too_long"),
    (b'{"game": ' + GAME + b', "players": [' + b"9" * 5000 + b"]}", "number_too_long"),
    (b'{"players": NaN}', "not_finite"),
    (b'{"players": Infinity}', "not_finite"),
    (b'{"players": -Infinity}', "not_finite"),
    (b'{"players": 1e999}', "not_finite"),
    (b'{"players": ["\\ud800"]}', "unprintable"),
    (b'{"pla\\nyers": 1}', "unprintable"),
    (b'{"players": ["A\\u0007"]}', "unprintable"),
    (b"[" * (MAX_DEPTH + 2) + b"]" * (MAX_DEPTH + 2), "too_deep"),
    (b"[" * 100_000, "too_deep"),
    (b"\xff\xfe{}", "not_utf8"),
    (b'{"game": ', "not_json"),
    (b" " * (MAX_BYTES + 1), "too_large"),
], ids=["16 digits", "5000 digits", "NaN", "Infinity", "-Infinity", "1e999", "lone surrogate", "line break in a key",
        "bell", "nested 34 deep", "nested 100000 deep", "not UTF-8", "truncated", "over 1 MB"])
def test_parse_refuses_what_no_record_needs(data: bytes, code: str) -> None:
    assert refusal(lambda: parse(data))[1] == code


def test_parse_keeps_the_deepest_nesting_allowed_and_exact_names() -> None:
    deep = json.dumps(VALID | {"x": json.loads("[" * (MAX_DEPTH - 1) + "]" * (MAX_DEPTH - 1))}).encode()
    assert parse(deep)["x"] is not None
    assert parse(json.dumps({"players": ["Jörg", "Zoë 🎲", "=A"]}).encode()) == {"players": ["Jörg", "Zoë 🎲", "=A"]}


@pytest.mark.parametrize(("name", "code"), [
    ("", "empty_name"), ("   ", "empty_name"), (" Anna", "untrimmed"), ("Anna ", "untrimmed"),
    ("A" * (NAME_CHARS + 1), "too_long"), ("An\tna", "unprintable"), (7, "empty_name"),
])
@pytest.mark.parametrize("game", GAMES)
def test_player_names_are_trimmed_and_bounded_in_the_reader(game: str, name: Any, code: str) -> None:
    assert refusal(lambda: score({"game": game, "players": ["Ben", name]})) == ("players.1", code)


@pytest.mark.parametrize("value", ["a\nb", "\ud800", "x" * 500, [[[[[1]]]]], 10**5000, float("nan"), {"k\r": 1}],
                         ids=["line break", "lone surrogate", "long", "nested", "huge number", "NaN", "odd key"])
def test_a_refusal_is_one_short_line_whatever_the_value(value: Any) -> None:
    text = str(RecordError("players.a\nb\ud800" + "x" * 300, "not_player", value=value))
    assert "\n" not in text and "\r" not in text and len(text) < 200
    text.encode("utf-8")  # no lone surrogate left to print


def test_shown_escapes_and_cuts() -> None:
    assert (shown("a\nb"), shown(12), shown("x" * 100)[-1]) == ("a\\nb", 12, "…")


@pytest.mark.parametrize("game", GAMES)
def test_a_setup_tick_must_be_a_step_name(game: str) -> None:
    doc = at(game, THREE, "created")
    assert refusal(lambda: tick(doc, 3, True))[0] == "setup_ticks"
    assert refusal(lambda: tick(doc, "board", "yes")) == ("setup_ticks", "not_bool")


# --- the store's gate -------------------------------------------------------------------------------

def broken(change: Any) -> Any:
    """An edit that applies one of a builder's refused changes to a copy of the document."""
    def edit(doc: dict[str, Any]) -> dict[str, Any]:
        doc = copy.deepcopy(doc)
        change(doc)
        return doc
    return edit


@pytest.mark.parametrize("game", GAMES)
def test_the_store_refuses_a_document_that_does_not_read_and_stores_nothing(game: str) -> None:
    """Odd JSON, and each record of the game's builder that breaks one of its rules (`REFUSED`)."""
    store = SQLiteStore(":memory:")
    assert refusal(lambda: store.create({"game": game, "players": ["A", "A"]}, {"key": "x"}))[1] == "names_twice"
    saved = store.create(BY_GAME[game].complete(), {"key": "change.start"})
    odd = [lambda d: d | {"players": ["\ud800", *d["players"][1:]]}, lambda d: d | {"notes": json.loads("[" * 40 + "]" * 40)},
           lambda d: d | {"notes": float("inf")}, lambda d: d | {"notes": {1: 2}},
           *(broken(change) for _, change, _ in BY_GAME[game].REFUSED)]
    for edit in odd:
        with pytest.raises(RecordError):
            store.change(saved.id, edit, {"key": "x"})
    assert (store.load(saved.id).version, store.load(saved.id).doc) == (1, saved.doc)


def test_undo_to_a_document_that_no_longer_reads_is_refused() -> None:
    path = ":memory:"
    store = SQLiteStore(path, gate=any_document)
    first = store.create({"game": EXAMPLE, "players": ["A", "A"]}, {"key": "x"})
    store.change(first.id, lambda d: at(EXAMPLE, THREE, "created"), {"key": "x"})
    store.gate = written  # the rules got stricter after the first document was stored
    assert refusal(lambda: store.undo(first.id, 2))[1] == "names_twice"
    assert store.load(first.id).version == 2


# --- widget keys, exports, uploads, package direction --------------------------------------------------

@given(st.lists(st.text(max_size=4), max_size=4), st.lists(st.text(max_size=4), max_size=4))
def test_widget_keys_differ_whenever_their_parts_differ(a: list[str], b: list[str]) -> None:
    assert (widget_key("end", *a) == widget_key("end", *b)) == (a == b)


def test_the_names_that_once_collided_have_their_own_keys() -> None:
    assert widget_key("roll", "A", "B_C") != widget_key("roll", "A_B", "C")


@pytest.mark.parametrize(("cell", "safe"), [
    ("=HYPERLINK(1)", "'=HYPERLINK(1)"), ("+1", "'+1"), ("-1", "'-1"), ("@SUM", "'@SUM"), ("\tx", "'\tx"),
    ("\rx", "'\rx"), ("\nx", "'\nx"), ("\n=1+1", "'\n=1+1"), ("\0x", "'\0x"), ("Anna", "Anna"), ("x\n=1", "x\n=1"), ("Zoë=1", "Zoë=1"), (-2, -2), (7, 7),
])
def test_spreadsheet_formulas_are_neutralised(cell: Any, safe: Any) -> None:
    assert spreadsheet_safe(cell) == safe


@pytest.mark.parametrize("game", GAMES)
def test_the_csv_export_neutralises_names_and_the_json_keeps_them(game: str) -> None:
    doc = at(game, ["=cmd", *THREE[1:]], "created")
    csv = standings_csv(score(doc), GAMES[game].categories, lambda key, **_: key)
    assert "'=cmd" in csv and "\n=cmd" not in csv
    assert json.loads(json.dumps(doc))["players"][0] == "=cmd"


def streamlit_upload_bytes(megabytes: int) -> dict[str, int]:
    """What Streamlit 1.67's uploader lets through for `server.maxUploadSize = megabytes`: its page counts a
    megabyte as 1000² bytes (1024² where `navigator.platform` starts with "Win"), its server as 1024²."""
    return {"page": megabytes * 1000 ** 2, "page on Windows": megabytes * 1024 ** 2, "server": megabytes * 1024 ** 2}


def test_streamlit_upload_limit_is_the_upload_limit() -> None:
    config = tomllib.loads((ROOT / ".streamlit" / "config.toml").read_text(encoding="utf-8"))
    assert config["server"]["maxUploadSize"] == UPLOAD_MB
    assert UPLOAD_BYTES == min(streamlit_upload_bytes(config["server"]["maxUploadSize"]).values()) == 16_000_000


def test_streamlit_page_still_counts_a_megabyte_as_a_million_bytes() -> None:
    """The conversion `streamlit_upload_bytes` reads from Streamlit's bundled page: a Windows test, then
    1024 or 1e3. When Streamlit changes it, this fails and UPLOAD_BYTES must be checked again."""
    import streamlit

    bundle = Path(streamlit.__file__).parent / "static" / "static" / "js"
    sources = [p.read_text(encoding="utf-8", errors="replace") for p in bundle.glob("*.js")]
    assert any("/^Win/i.test(navigator.platform)" in s for s in sources)
    assert any("?1024:1e3" in s and "Megabyte" in s for s in sources)


@pytest.mark.parametrize("path", sorted((ROOT / "scoring").glob("*.py")), ids=lambda p: p.name)
def test_scoring_does_not_import_setup(path: Path) -> None:
    tree = ast.parse(path.read_text(encoding="utf-8"))
    modules = {n.module for n in ast.walk(tree) if isinstance(n, ast.ImportFrom) and n.module}
    modules |= {a.name for n in ast.walk(tree) if isinstance(n, ast.Import) for a in n.names}
    assert not any(m == "setup" or m.startswith("setup.") for m in modules)
