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
from schichtbuch import ui
from schichtbuch.store import SQLiteStore
from scoring import __main__ as cli
from scoring import coal_baron as cb
from scoring import mine
from scoring import schichtwechsel as sw
from scoring.app_fields import set_clock, tick, with_start
from scoring.errors import RecordError
from scoring.gate import MAX_DEPTH, parse
from scoring.standings import Result
from scoring.registry import GAMES, PALETTE, check

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

ODD_TEXT = st.sampled_from(["", " ", " Koks ", "\ud800", "a\nb", "\x00", "=1+1", "Ä" * 30, "x" * 200, "_", "a.b"])
ODD_NUMBER = st.sampled_from([-1, 0, 1, 19, 20, 21, 44, 48, 49, 999, 1000, 10**16, -(10**16), 2**70])
SCALAR = st.one_of(st.none(), st.booleans(), st.integers(-50, 50), ODD_NUMBER, st.floats(allow_nan=True),
                   st.text(max_size=6), ODD_TEXT)
ANYTHING = st.recursive(SCALAR, lambda inner: st.one_of(st.lists(inner, max_size=3),
                                                        st.dictionaries(st.text(max_size=4) | ODD_TEXT, inner, max_size=3)),
                        max_leaves=8)


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


HOSTILE_FILES = [
    b'{"game": "mine", "players": [' + b"1" * 5000 + b"]}",
    b'{"game": "coal_baron", "players": ["\\ud800", "B"]}',
    b'{"game": "coal_baron", "pla\\nyers": []}',
    b"[" * 982 + b"]" * 982,
    b'{"game": "coal_baron", "players": ["A", "B"], "x": NaN}',
    b'{"game": "coal_baron", "players": ["A", "B"], "x": 1e999}',
    b'\xff\xfe{"game": 1}',
    json.dumps({"game": "coal_baron", "players": ["A", "B"], "x": nested(600)}).encode(),
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
# hostile (any argument may be anything at all).

Change = tuple[str, Callable[..., Any], tuple[Any, ...]]
ORDERS = [o for t in cb.Transport for o in cb.cards(t)]


class Args:
    """Argument strategies for one change: plausible ones, or with `hostile` any value mixed in."""

    def __init__(self, doc: dict[str, Any], hostile: bool) -> None:
        self.doc, self.hostile, self.names = doc, hostile, list(doc["players"])

    def __call__(self, plausible: st.SearchStrategy[Any], odd: st.SearchStrategy[Any] = st.nothing()) -> st.SearchStrategy[Any]:
        """`plausible`, or when hostile also `odd` values (out of range, stale) and anything at all."""
        return st.one_of(plausible, odd, ANYTHING) if self.hostile else plausible

    def player(self) -> st.SearchStrategy[Any]:
        return self(st.sampled_from(self.names))

    def number(self, low: int, high: int) -> st.SearchStrategy[Any]:
        return self(st.one_of(st.integers(low, high), st.sampled_from([low, high])))

    def counts(self, keys: list[str], high: int) -> st.SearchStrategy[Any]:
        """Counts per player or per field, often at the limit and now and then one past it."""
        value = st.one_of(st.integers(0, high), st.sampled_from([0, high, high, high + 1]))
        return self(st.fixed_dictionaries({k: value for k in keys}))

    def seen(self, value: Any) -> st.SearchStrategy[Any]:
        return self(st.just(value))


def change(name: str, function: Callable[..., Any], *args: st.SearchStrategy[Any]) -> st.SearchStrategy[Change]:
    return st.tuples(st.just(name), st.just(function), st.tuples(*args))


def coal_baron_changes(a: Args) -> st.SearchStrategy[Change]:
    doc = a.doc
    record = cb.read(doc)
    now = len(record.shifts) + 1
    left = [o for t in cb.Transport for o in record.cards_left(t)] or list(ORDERS)
    card = a(st.sampled_from(left), st.one_of(st.sampled_from(ORDERS), st.builds(
        cb.Order, st.sampled_from(list(cb.Transport)), st.lists(st.sampled_from(cb.COLOURS), max_size=4).map(tuple))))
    shift = a(st.just(now), st.integers(0, 4))
    entries = doc.get("end") or doc.get("end_draft") or {}
    return st.one_of(
        *[change("deliver", cb.deliver, shift, a.player(), card)] * 4,
        change("add_forgotten", cb.add_forgotten, a.number(1, 3), a.player(), card),
        change("remove_order", cb.remove_order, shift, a.player(), a.number(0, 3), a(st.none() | st.sampled_from(ORDERS))),
        *[change("close_shift", cb.close_shift, shift, a.counts(a.names, cb.WORKERS[len(a.names)]),
                 st.none() | st.fixed_dictionaries({p: a.counts(list(cb.COLOURS), cb.CARTS_PER_LEVEL) for p in a.names}),
                 a(st.none() | st.sampled_from(a.names)))] * 3,
        change("set_carts", cb.set_carts, a.player(), a.counts(list(cb.COLOURS), cb.CARTS_PER_LEVEL),
               a(st.none() | st.sampled_from(list((doc.get("empty_carts") or doc.get("carts_draft") or {None: None}).values())))),
        *[change("set_end", cb.set_end, a.player(), a.counts(list(cb.END_FIELDS), 12),
                 a(st.none() | st.sampled_from(list(entries.values()) or [None])))] * 2,
        change("set_start_player", cb.set_start_player, shift, a.player()),
        change("hide_race", cb.hide_race, a(st.booleans())),
        change("tick", tick, a(st.sampled_from(["board", "locks", "pits"])), a(st.booleans())),
    )


def schichtwechsel_changes(a: Args) -> st.SearchStrategy[Change]:
    doc = a.doc
    rounds = doc.get("rounds", [])
    card = a(st.sampled_from(["Koks", "Kohle", "Häuser", " Koks "]))
    race = a(st.sampled_from(list(sw.RACES)))
    items = (doc.get("end") or {}).get("players") or doc.get("end_items") or {}
    return st.one_of(
        *[change("add_round", sw.add_round, a(st.just(len(rounds) + 1), st.integers(0, 7)), card,
                 a.counts(a.names, 30))] * 3,
        change("edit_round", sw.edit_round, a.number(1, 5), card, a.counts(a.names, 30),
               a(st.sampled_from(rounds or [None]))),
        change("arrive", sw.arrive, race, a.player(), a.number(0, 4)),
        change("withdraw", sw.withdraw, race, a.player()),
        change("pass_marker", sw.pass_marker, a.player(), a.seen(doc.get("start_player"))),
        *[change("set_items", sw.set_items, a.player(), a.counts(list(sw.PLAYER_ITEMS), 40),
                 a(st.none() | st.sampled_from(list(items.values()) or [None])))] * 2,
    )


def mine_changes(a: Args) -> st.SearchStrategy[Change]:
    doc = a.doc
    now = len(doc.get("rounds", [])) + 1
    sheet = doc.get("current") or {}
    values = {
        "start": a.counts(a.names, mine.COAL_CUBES // len(a.names)), "supply": a.number(0, mine.COAL_CUBES),
        "events": a(st.fixed_dictionaries({p: st.integers(-3, 3) for p in a.names})),
        "attacks": a(st.lists(st.fixed_dictionaries({"attacker": st.sampled_from(a.names),
                                                     "target": st.sampled_from(a.names), "points": st.integers(0, 9)}),
                              max_size=3)),
        "defense": a.counts(a.names, 9), "sold": a.counts(a.names, min(now, 6)), "mined": a.counts(a.names, 9),
        "recruited": a.counts(a.names, 9), "cap": a.number(0, mine.COAL_CUBES),
    }
    number = a(st.just(now), st.integers(0, 7))
    items = doc.get("end_items") or doc.get("end") or {}
    return st.one_of(
        *[st.sampled_from(list(mine.ENTRY_FIELDS)).flatmap(lambda f: change(
            "enter_round", mine.enter_round, number, a(st.just(f)), values[f], a.seen(sheet.get(f))))] * 4,
        *[change("close_round", mine.close_round, number)] * 2,
        change("set_items", mine.set_items, a.player(), a.counts(["coal", "cards"], mine.HAND_LIMIT),
               a(st.none() | st.sampled_from(list(items.values()) or [None]))),
        change("roll_die", mine.roll_die, a.counts(a.names, mine.DIE_FACES), a.seen(doc.get("die_roll", {}))),
    )


def clock_changes(a: Args) -> st.SearchStrategy[Change]:
    """The table clock, which every game has: paused or resumed at a moment around the game's start."""
    return change("set_clock", set_clock, a(st.booleans()), a(st.integers(STARTED - 60, STARTED + 10**6)))


CHANGES = {"coal_baron": coal_baron_changes, "schichtwechsel": schichtwechsel_changes, "mine": mine_changes}
STARTED = 1_800_000_000
"""When the fuzzed games start (2027-01-15)."""
SEAT_NAMES = ["Anna", "Ben_C", "A_B", "Cleo", "=Dirk", "Emil"]
"""Names that once made widget keys collide (`A`, `B_C`, `A_B`) and one a spreadsheet would run."""


def played(data: st.DataObject, game: str, store: SQLiteStore) -> str:
    """Start a game of `game` in `store` and apply random changes through the store's gate; after each,
    the stored document reads and its standings hold. Returns the game's id."""
    g = GAMES[game]
    names = SEAT_NAMES[: data.draw(st.integers(g.players.start, g.players.stop - 1), label="seats")]
    options = {"variant": data.draw(st.booleans(), label="variant"), "dummy": names[-1]} if game == "mine" else {}
    record = g.new_record(names, {n: PALETTE[i] for i, n in enumerate(names)}, names[0], **options)
    game_id = store.create(with_start(record, STARTED), {"key": "change.start"}).id
    for _ in range(data.draw(st.integers(5, 60), label="changes")):
        doc = store.load(game_id).doc
        hostile = data.draw(st.integers(0, 3), label="hostile") == 0
        args_of = Args(doc, hostile)
        name, function, args = data.draw(st.one_of(CHANGES[game](args_of), clock_changes(args_of)))
        judged(f"{game} changes", lambda: store.change(game_id, lambda d: function(d, *args), {"key": name}))
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
    for page in [ui.page_path(game, p) for p in GAMES[game].pages] + [ui.page_path(None, "record")]:
        at = app(page, lang, game_id)
        assert not at.exception, failure(at)
