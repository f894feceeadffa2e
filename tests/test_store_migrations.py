"""A store made by the app before the store became a package opens with every game, revision, join code
and group intact, on both backends, and records its schema steps by name (tests/legacy_store.py)."""

from __future__ import annotations

import sqlite3
from pathlib import Path

import pytest

from legacy_store import postgres_before_package, sqlite_before_package
from schichtbuch.store import SQLiteStore, Store
from schichtbuch.store.migrations import STEPS
from schichtbuch.store.postgres import PostgresStore
from scoring import coal_baron as cb

pytestmark = pytest.mark.store
NOW = 1_760_000_200
"""A moment at which the kept join code, shown at 1_760_000_100, is still live."""


@pytest.fixture(params=["sqlite", "postgres"])
def before(request: pytest.FixtureRequest, tmp_path: Path):
    """The store made before the package, opened by today's code, and the ids it holds."""
    if request.param == "sqlite":
        path, ids = sqlite_before_package(tmp_path)
        yield SQLiteStore(path), ids
        db = sqlite3.connect(path)
        assert db.execute("PRAGMA user_version").fetchone()[0] == 0
        assert [n for (n,) in db.execute("SELECT name FROM schema_migrations ORDER BY number")] == [n for n, _ in STEPS]
        db.close()
    else:
        url = request.getfixturevalue("postgres_url")
        ids = postgres_before_package(url)
        store = PostgresStore(url)
        yield store, ids
        store.close()


def test_every_game_revision_code_and_group_is_kept(before: tuple[Store, dict[str, str]]) -> None:
    store, ids = before
    game = store.load(ids["coal_baron"])
    assert (game.version, game.label["key"]) == (6, "change.undo")
    assert [o.coal for o in cb.read(game.doc).current_shift["Anna"]] == [("yellow",)]
    assert len(cb.read(game.doc).current_shift["Ben"]) == 1 and len(cb.read(game.doc).current_shift["Cleo"]) == 1
    assert store.game_for_code(ids["code"], now=NOW) == game.id
    group = store.group(ids["group"])
    assert (group.name, group.members) == ("Donnerstagsrunde", ("Anna", "Ben", "Cleo", "Dirk"))
    assert {p.id for p in store.group_games(group.id)} == {ids["coal_baron"], ids["mine"]}
    assert store.group_tally(group.id).finished == 1


def test_undo_walks_back_to_the_start_and_new_changes_are_kept(before: tuple[Store, dict[str, str]]) -> None:
    store, ids = before
    game_id = ids["coal_baron"]
    changed = store.change(game_id, lambda d: cb.deliver(d, 1, "Ben", cb.cards(cb.Transport.TRAIN)[0]), {"key": "x"})
    assert changed.version == 7
    for _ in range(4):  # the new change, then the three deliveries the undo left in effect
        store.undo(game_id, store.version(game_id))
    assert not any(cb.read(store.load(game_id).doc).current_shift.values())
