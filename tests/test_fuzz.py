"""Property-based tests (Hypothesis) of the one gate for data: whatever bytes, records or change arguments
come in, the answer is a result that satisfies the standings' invariants or one RecordError, never another
exception, and the store never holds a document its game's reader refuses.

- `parse` and the command line over arbitrary bytes and over valid records mutated as a fuzzer would;
- every game's reader and scorer (`registry.check`) over mutated records;
- every change function, called through the store with plausible and out-of-range arguments.

The default profile keeps the suite quick; `HYPOTHESIS_PROFILE=long` runs many more examples. The counts
of every run (tried, refused, failed) are printed at the end of the test session.
"""

from __future__ import annotations

import contextlib
import io
import json
import os
from collections import Counter
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from apptest import PAGE_FIXTURES, app, failure
from builders import BY_GAME
from fuzzing import ANYTHING, ODD_TEXT, Args, Change, change
from schichtbuch.shell.nav import page_path
from schichtbuch.store import SQLiteStore
from scoring import __main__ as cli
from scoring.app_fields import set_clock, with_start
from scoring.errors import RecordError
from scoring.gate import MAX_DEPTH, parse
from scoring.registry import GAMES, PALETTE, check
from scoring.standings import Result

pytestmark = pytest.mark.store
SCALES = {"default": 1, "long": 25}
"""Examples per property, as a multiple of the default's: the long profile tries 25 times as many."""
PROFILE = os.environ.get("HYPOTHESIS_PROFILE", "default")
SCALE = SCALES[PROFILE]
for name, scale in SCALES.items():
    settings.register_profile(name, max_examples=60 * scale, deadline=None,
                              suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])
settings.load_profile(PROFILE)

GAMES_DIR = Path(__file__).parent / "games"
EXAMPLES = [json.loads(p.read_text(encoding="utf-8")) for p in sorted(GAMES_DIR.glob("*.json"))]
FIGURES: Counter[str] = Counter()
"""How many inputs were tried, refused and accepted, per property; printed by conftest at the end."""

# --- values a fuzzer would try ----------------------------------------------------------------------

def nested(depth: int) -> Any:
    value: Any = 0
    for _ in range(depth):
        value = [value]
    return value


@st.composite
def mutated(draw: st.DrawFn, record: Any) -> Any:
    """A record with a few of its values replaced, removed, or added to, anywhere in it."""
    doc = json.loads(json.dumps(record))
    for _ in range(draw(st.integers(1, 3))):
        parent, key = draw(_place(doc))
        if parent is None:
            return draw(ANYTHING)
        action = draw(st.sampled_from(["replace", "remove", "add", "deep"]))
        if action == "remove" and isinstance(parent, dict):
            parent.pop(key, None)
        elif action == "add" and isinstance(parent, dict):
            parent[draw(st.text(max_size=4) | ODD_TEXT)] = draw(ANYTHING)
        elif action == "deep":
            parent[key] = nested(draw(st.sampled_from([MAX_DEPTH, MAX_DEPTH + 5, 600])))
        else:
            parent[key] = draw(ANYTHING)
    return doc


@st.composite
def _place(draw: st.DrawFn, doc: Any) -> tuple[Any, Any]:
    """A container somewhere in `doc` and one of its keys or indexes (None for the document itself)."""
    places: list[tuple[Any, Any]] = [(None, None)]
    stack = [doc]
    while stack:
        node = stack.pop()
        items = node.items() if isinstance(node, dict) else enumerate(node) if isinstance(node, list) else ()
        for k, v in items:
            places.append((node, k))
            stack.append(v)
    return draw(st.sampled_from(places))


# --- the invariants of a result ----------------------------------------------------------------------

def holds(result: Result) -> None:
    """The breakdown adds up to the total (by construction) and the ranks are competition ranks that
    follow the totals: best first, a higher total never ranked below a lower one."""
    ranks = [s.rank for s in result.standings]
    assert ranks == sorted(ranks) and ranks[0] == 1
    for s in result.standings:
        assert s.total == sum(s.breakdown.values())
        assert s.rank == 1 + sum(o.rank < s.rank for o in result.standings)
        assert all(o.rank < s.rank for o in result.standings if o.total > s.total)


def judged(name: str, run: Callable[[], Any]) -> Any:
    """Run one input: a RecordError counts as refused, anything else raised fails the test."""
    FIGURES[f"{name} tried"] += 1
    try:
        value = run()
    except RecordError as error:
        FIGURES[f"{name} refused"] += 1
        assert "\n" not in str(error) and len(str(error)) < 400
        return None
    FIGURES[f"{name} accepted"] += 1
    return value


# --- parse, the command line, the readers ------------------------------------------------------------

@given(st.binary(max_size=300))
def test_parse_takes_any_bytes(data: bytes) -> None:
    judged("parse bytes", lambda: parse(data))


@given(st.sampled_from(EXAMPLES).flatmap(mutated))
def test_every_reader_refuses_or_scores_a_mutated_record(doc: Any) -> None:
    result = judged("readers", lambda: check(doc))
    if result is not None:
        holds(result)


GAME = json.dumps(next(iter(GAMES))).encode()
"""A game of the registry, as JSON: any, since each file is refused whichever game it names."""
HOSTILE_FILES = [
    b'{"game": ' + GAME + b', "players": [' + b"1" * 5000 + b"]}",
    b'{"game": ' + GAME + b', "players": ["\\ud800", "B"]}',
    b'{"game": ' + GAME + b', "pla\\nyers": []}',
    b"[" * 982 + b"]" * 982,
    b'{"game": ' + GAME + b', "players": ["A", "B"], "x": NaN}',
    b'{"game": ' + GAME + b', "players": ["A", "B"], "x": 1e999}',
    b'\xff\xfe{"game": 1}',
    json.dumps({"game": json.loads(GAME), "players": ["A", "B"], "x": nested(600)}).encode(),
]


@pytest.mark.parametrize("data", HOSTILE_FILES, ids=["long integer", "lone surrogate", "line break in a key",
                                                      "nested 982 deep", "NaN", "infinity", "not UTF-8",
                                                      "unknown field nested 600 deep"])
def test_hostile_files_are_refused_in_one_line(tmp_path: Path, data: bytes) -> None:
    path = tmp_path / "record.json"
    path.write_bytes(data)
    status, out, err = run_cli(["score", str(path)])
    assert (status, out) == (2, "")
    assert err.count("\n") == 1 and err.startswith("error: ")


@given(st.sampled_from(EXAMPLES).flatmap(mutated), st.sampled_from(list(cli.COMMANDS)))
@settings(max_examples=30 * SCALE)
def test_the_command_line_answers_a_mutated_record_with_json_or_one_line(tmp_path_factory: pytest.TempPathFactory,
                                                                         doc: Any, command: str) -> None:
    path = tmp_path_factory.mktemp("cli") / "record.json"
    path.write_text(json.dumps(doc), encoding="utf-8")
    FIGURES["command line tried"] += 1
    status, out, err = run_cli([command, str(path)])
    assert status in (0, 2)
    if status == 2:
        FIGURES["command line refused"] += 1
        assert out == "" and err.count("\n") == 1
    else:
        json.loads(out)


def run_cli(args: list[str]) -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        status = cli.main(args)
    return status, out.getvalue(), err.getvalue()


# --- change functions through the store --------------------------------------------------------------
# Each change is drawn either sane (every argument one a phone could send, so that games get far) or
# hostile (any argument may be anything at all): each game's own from its builder (`changes`, `options`).

def clock_changes(a: Args) -> st.SearchStrategy[Change]:
    """The table clock, which every game has: paused or resumed at a moment around the game's start."""
    return change("set_clock", set_clock, a(st.booleans()), a(st.integers(STARTED - 60, STARTED + 10**6)))


STARTED = 1_800_000_000
"""When the fuzzed games start (2027-01-15)."""
SEAT_NAMES = ["Anna", "Ben_C", "A_B", "Cleo", "=Dirk", "Emil"]
"""Names that once made widget keys collide (`A`, `B_C`, `A_B`) and one a spreadsheet would run."""


def played(data: st.DataObject, game: str, store: SQLiteStore) -> str:
    """Start a game of `game` in `store` and apply random changes through the store's gate; after each,
    the document it was given is as it was (the store shares it: store/parsed.py), and the stored document
    reads and its standings hold. Returns the game's id."""
    g = GAMES[game]
    names = SEAT_NAMES[: data.draw(st.integers(g.players.start, g.players.stop - 1), label="seats")]
    options = data.draw(BY_GAME[game].options(names), label="options")
    record = g.new_record(names, {n: PALETTE[i] for i, n in enumerate(names)}, names[0], **options)
    game_id = store.create(with_start(record, STARTED), {"key": "change.start"}).id
    for _ in range(data.draw(st.integers(5, 60), label="changes")):
        doc = store.load(game_id).doc
        shown = json.dumps(doc, sort_keys=True)
        hostile = data.draw(st.integers(0, 3), label="hostile") == 0
        args_of = Args(doc, hostile)
        name, function, args = data.draw(st.one_of(BY_GAME[game].changes(args_of), clock_changes(args_of)))
        judged(f"{game} changes", lambda: store.change(game_id, lambda d: function(d, *args), {"key": name}))
        assert json.dumps(doc, sort_keys=True) == shown, f"{name} changed the document it was given in place"
        holds(check(store.load(game_id).doc))
    key, numbers = g.status(store.load(game_id).doc)
    FIGURES[f"{game} games ending at {key.rsplit('.', 1)[-1]} {numbers.get('shift', numbers.get('round', ''))}"] += 1
    return game_id


@pytest.mark.parametrize("game", list(GAMES))
@given(data=st.data())
@settings(max_examples=20 * SCALE)
def test_change_functions_through_the_store_never_store_an_unreadable_document(game: str, data: st.DataObject) -> None:
    played(data, game, SQLiteStore(":memory:"))


@pytest.mark.usefixtures(*PAGE_FIXTURES)
@pytest.mark.parametrize("game", list(GAMES))
@given(data=st.data())
@settings(max_examples=4 * SCALE, suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow])
def test_every_page_renders_a_state_made_by_random_changes(game: str, data: st.DataObject, store_path: Path) -> None:
    """Widgets are bounded like the readers, so no state the changes can store crashes a page."""
    game_id = played(data, game, SQLiteStore(str(store_path)))
    lang = data.draw(st.sampled_from(["en", "de"]), label="lang")
    for page in [page_path(game, p) for p in GAMES[game].pages] + [page_path(None, "record")]:
        at = app(page, lang, game_id)
        assert not at.exception, failure(at)
