"""Groups in the store (schichtbuch/store/): creating and reading a group, members (never twice),
games started in a group or added afterwards (never to two groups), the history as summary rows kept in
the same transaction as every write, filtered through indexes; and the records' start and end times."""

import json

import pytest

from legacy_store import counted_sqlite
from schichtbuch.store import (Imported, MemberTwice, OtherGroup, SQLiteStore, Tally, UnknownGame, UnknownGroup,
                               fingerprint)
from schichtbuch.store.migrations import STEPS
from schichtbuch.store.postgres import PostgresStore
from schichtbuch.store.sqlite import migrate
from builders import EXAMPLE, at, expected_standings, finished_example
from scoring.app_fields import duration_minutes, times, with_start
from scoring.errors import RecordError
from scoring.registry import GAMES, score

pytestmark = pytest.mark.store
START = {"key": "change.start"}
OTHER = next(g for g in GAMES if g != EXAMPLE)
"""A game other than the example game."""


def finished() -> dict:
    """The example game's finished example (tests/games/)."""
    return finished_example(EXAMPLE)


@pytest.fixture(params=["memory", "file", "postgres"])
def store(request, tmp_path):
    """Every backend, as in test_store.py."""
    if request.param == "postgres":
        store = PostgresStore(request.getfixturevalue("postgres_url"))
        yield store
        store.close()
    else:
        yield SQLiteStore(":memory:" if request.param == "memory" else str(tmp_path / "games.sqlite3"))


def rows(store, table):
    with store.reading() as db:
        return db.execute(f"SELECT COUNT(*) FROM {table}").fetchone()[0]


def test_a_group_has_its_own_id_name_and_members_in_order(store):
    made = store.create_group("Donnerstagsrunde", ["Anna", "Ben"])
    assert made == store.group(made.id)
    assert (made.name, made.members, made.version, len(made.id)) == ("Donnerstagsrunde", ("Anna", "Ben"), 1, 22)
    assert store.create_group("Donnerstagsrunde", ["Anna"]).id != made.id


@pytest.mark.parametrize(("name", "members", "error"), [
    ("Runde", ["Anna", "Anna"], MemberTwice),
    ("", ["Anna"], RecordError),
    ("Runde", [" Anna"], RecordError),
    ("Runde", ["A" * 25], RecordError),
    ("R" * 41, ["Anna"], RecordError),
])
def test_a_bad_group_is_refused_and_nothing_is_stored(store, name, members, error):
    with pytest.raises(error):
        store.create_group(name, members)
    assert rows(store, "groups") == 0


def test_a_member_is_added_once(store):
    group = store.create_group("Runde", ["Anna"])
    assert store.add_member(group.id, "Ben").members == ("Anna", "Ben")
    with pytest.raises(MemberTwice):
        store.add_member(group.id, "Ben")
    assert store.group(group.id).version == 2


@pytest.mark.parametrize("call", [
    lambda s: s.group("x" * 22), lambda s: s.group_version("x" * 22), lambda s: s.add_member("x" * 22, "Anna"),
    lambda s: s.group_games("x" * 22), lambda s: s.create(at(EXAMPLE, ["A", "B"], "created"), START, group="x" * 22),
])
def test_an_unknown_group_is_refused_and_nothing_is_stored(store, call):
    with pytest.raises(UnknownGroup):
        call(store)
    assert rows(store, "games") == 0


def test_a_game_started_in_a_group_is_in_its_history_and_new_players_become_members(store):
    group = store.create_group("Runde", ["Anna", "Ben"])
    game = store.create(with_start(at(EXAMPLE, ["Ben", "Cleo"], "created"), 1_700_000_000), START, group=group.id)
    assert store.group(group.id).members == ("Anna", "Ben", "Cleo")
    (played,) = store.group_games(group.id)
    assert (played.id, played.played, played.summary["players"], played.summary["final"]) == (
        game.id, 1_700_000_000, ["Ben", "Cleo"], False)
    assert store.group_of(game.id) == group.id


def test_every_change_of_a_group_game_updates_its_row_and_the_group_version(store):
    group = store.create_group("Runde", [])
    doc = finished()
    end = doc.pop("end")
    game = store.create(doc, START, group=group.id)
    before = store.group_version(group.id)
    store.change(game.id, lambda d: {**d, "end": end}, {"key": "change.end"})
    (played,) = store.group_games(group.id)
    assert played.summary["final"] is True
    assert [(s["player"], s["total"], s["rank"]) for s in played.summary["standings"]] == expected_standings(doc)
    assert store.group_version(group.id) == before + 1
    store.undo(game.id, 2)
    assert store.group_games(group.id)[0].summary["final"] is False


def test_a_game_started_outside_is_added_afterwards_once_and_never_to_another_group(store):
    first, second = store.create_group("A", ["Anna"]), store.create_group("B", [])
    game = store.create(finished_example(OTHER), START)
    assert store.group_games(first.id) == []
    store.add_to_group(first.id, game.id)
    store.add_to_group(first.id, game.id)
    assert [p.id for p in store.group_games(first.id)] == [game.id]
    with pytest.raises(OtherGroup):
        store.add_to_group(second.id, game.id)
    assert store.group_games(second.id) == [] and store.group(second.id).version == 1
    with pytest.raises(UnknownGame):
        store.add_to_group(first.id, "y" * 22)


def test_history_is_newest_first_and_filters_by_game_and_player(store):
    """A finished game of every game, one an hour; a player seated in some of them."""
    group = store.create_group("Runde", [])
    docs = {g: finished_example(g) for g in GAMES}
    ids = {g: store.create(with_start(doc, 1_700_000_000 + hour * 3600), START, group=group.id).id
           for hour, (g, doc) in enumerate(docs.items())}
    newest = [ids[g] for g in reversed(docs)]
    assert [p.id for p in store.group_games(group.id)] == newest
    for g in GAMES:
        assert [p.id for p in store.group_games(group.id, game=g)] == [ids[g]]
    some = next(p for doc in docs.values() for p in doc["players"] if not all(p in d["players"] for d in docs.values()))
    seated = [ids[g] for g in reversed(docs) if some in docs[g]["players"]]
    assert [p.id for p in store.group_games(group.id, player=some)] == seated and 0 < len(seated) < len(GAMES)
    assert [p.id for p in store.group_games(group.id, game=EXAMPLE, player=some)] == [i for i in seated if i == ids[EXAMPLE]]


def test_the_history_gives_its_newest_games_and_counts_all_of_them(store):
    group = store.create_group("Runde", [])
    doc = finished()
    end = doc.pop("end")
    ids = [store.create(with_start(doc, 1_700_000_000 + at), START, group=group.id).id for at in range(3)]
    store.change(ids[0], lambda d: {**d, "end": end}, {"key": "change.end"})
    assert [p.id for p in store.group_games(group.id, limit=2)] == [ids[2], ids[1]]
    assert store.group_tally(group.id) == Tally(3, 1)
    assert store.group_tally(group.id, game=OTHER) == Tally(0, 0)
    assert store.group_tally(group.id, player=doc["players"][0]) == Tally(3, 1)
    store.undo(ids[0], 2)
    assert store.group_tally(group.id) == Tally(3, 0)
    assert store.group_game(group.id, ids[1]).id == ids[1]
    with pytest.raises(UnknownGame):
        store.group_game(store.create_group("B", []).id, ids[1])


def test_an_import_adds_in_one_go_and_leaves_out_the_games_the_group_has(store):
    group = store.create_group("Runde", [])
    records = [finished(), finished_example(OTHER), finished()]
    assert store.import_games(group.id, records, {"key": "change.import"}) == Imported(2, 1)
    rest = [finished_example(g) for g in GAMES if g not in (EXAMPLE, OTHER)]
    assert store.import_games(group.id, [records[1], *rest], {"key": "change.import"}) == Imported(len(rest), 1)
    assert store.group_tally(group.id) == Tally(2 + len(rest), 2 + len(rest))
    assert store.import_games(store.create_group("B", []).id, records[:1], {"key": "change.import"}) == Imported(1, 0)


def test_a_changed_game_is_imported_again_as_it_is_now(store):
    group = store.create_group("Runde", [])
    doc = finished()
    game = store.create(doc, START, group=group.id)
    changed = store.change(game.id, lambda d: {**d, "notes": "x"}, {"key": "change.end"})
    assert store.import_games(group.id, [doc], {"key": "change.import"}) == Imported(1, 0)
    assert store.import_games(group.id, [changed.doc], {"key": "change.import"}) == Imported(0, 1)
    assert fingerprint(changed.doc) == fingerprint(dict(reversed(list(changed.doc.items()))))


def test_a_game_with_a_note_or_photo_added_after_it_ended_is_still_the_same_game(store):
    group = store.create_group("Runde", [])
    doc = finished()
    store.create(doc, START, group=group.id)
    kept = doc | {"note": "on the train", "photo": "/9j/4AAQ"}
    assert fingerprint(kept) == fingerprint(doc)
    assert store.import_games(group.id, [kept], {"key": "change.import"}) == Imported(0, 1)


def test_an_import_with_one_bad_record_stores_nothing(store):
    group = store.create_group("Runde", [])
    bad = {**finished_example(OTHER), "started": "19:30"}
    with pytest.raises(RecordError) as refused:
        store.import_games(group.id, [finished(), bad], {"key": "change.import"})
    assert (refused.value.field, refused.value.code) == ("games.1.started", "not_whole")
    assert rows(store, "games") == 0 and store.group(group.id).version == 1
    with pytest.raises(UnknownGroup):
        store.import_games("x" * 22, [finished()], {"key": "change.import"})
    assert rows(store, "games") == 0


@pytest.mark.parametrize(("game", "player", "index"), [
    (None, None, "group_games_by_date"), (EXAMPLE, None, "group_games_by_kind"), (None, "Anna", "group_seats_by_player"),
])
def test_the_history_is_read_through_an_index(game, player, index):
    """The query plan of `group_games` names an index: no scan of every game or summary row (in SQLite,
    whose planner uses an index on tables of any size; PostgreSQL's picks a scan for a handful of rows)."""
    store = SQLiteStore(":memory:")
    group = store.create_group("Runde", [])
    captured = []
    store._db.set_trace_callback(captured.append)
    store.group_games(group.id, game=game, player=player)
    store._db.set_trace_callback(None)
    query = next(q for q in captured if q.startswith("SELECT g.game"))
    plan = " ".join(str(r[-1]) for r in store._db.execute(f"EXPLAIN QUERY PLAN {query}"))
    assert index in plan and "SCAN g" not in plan and "SCAN games" not in plan, plan


def test_an_old_database_gains_groups_and_keeps_its_games(tmp_path):
    path = str(tmp_path / "old.sqlite3")
    db = counted_sqlite(path, 3)
    db.execute("INSERT INTO games VALUES (?, ?, 1, 0)", ("o" * 22, json.dumps(finished())))
    db.execute("INSERT INTO revisions VALUES (?, 1, ?, ?)", ("o" * 22, json.dumps(finished()), json.dumps(START)))
    db.close()
    store = SQLiteStore(path)
    assert "groups and their history" in [name for name, _ in STEPS]
    group = store.create_group("Runde", [])
    store.add_to_group(group.id, "o" * 22)
    assert store.group(group.id).members == tuple(finished()["players"])
    migrate(store._db)  # nothing left to do


# --- start and end times -----------------------------------------------------------------------------

def test_the_store_stamps_the_end_once_when_a_game_becomes_final(store):
    doc = finished()
    end = doc.pop("end")
    game = store.create(with_start(doc, 1_700_000_000), START)
    assert "ended" not in game.doc
    done = store.change(game.id, lambda d: {**d, "end": end}, {"key": "change.end"})
    assert done.doc["ended"] >= 1_700_000_000 and done.doc["started"] == 1_700_000_000
    again = store.change(game.id, lambda d: {**d, "notes": "x"}, {"key": "change.end"})
    assert again.doc["ended"] == done.doc["ended"]


@pytest.mark.parametrize(("fields", "expected"), [
    ({}, (None, None, None)),
    ({"started": 1_700_000_000}, (1_700_000_000, None, None)),
    ({"started": 1_700_000_000, "ended": 1_700_005_460}, (1_700_000_000, 1_700_005_460, 91)),
    ({"started": 1_700_000_000, "ended": 1_699_999_000}, (1_700_000_000, 1_699_999_000, None)),
])
def test_times_are_optional_and_give_the_duration(fields, expected):
    record = {**finished(), **fields}
    assert (*times(record), duration_minutes(record)) == expected
    score(record)


@pytest.mark.parametrize(("value", "code"), [("19:30", "not_whole"), (-1, "negative"), (10**12, "too_big"), (1.5, "not_whole")])
def test_a_bad_time_is_refused_naming_the_field(value, code):
    with pytest.raises(RecordError) as refused:
        score({**finished(), "started": value})
    assert (refused.value.field, refused.value.code) == ("started", code)
