"""A store made by the app before the store became a package opens with every game, revision, join code
and group intact, on both backends, and records its schema steps by name (tests/legacy_store.py)."""

from __future__ import annotations

import sqlite3
from pathlib import Path
from typing import Any

import pytest

from builders import BY_GAME
from legacy_store import games_before_package, postgres_before_package, sqlite_before_package
from schichtbuch.store import SQLiteStore, Store
from schichtbuch.store.migrations import STEPS
from schichtbuch.store.postgres import PostgresStore
from scoring.app_fields import note, set_note

pytestmark = pytest.mark.store
NOW = 1_760_000_200
"""A moment at which the kept join code, shown at 1_760_000_100, is still live."""


@pytest.fixture(params=["sqlite", "postgres"])
def before(request: pytest.FixtureRequest, tmp_path: Path):
    """The store made before the package, opened by today's code, the ids it holds (`ids["games"]`: its
    games' ids) and its games as kept there."""
    kept = games_before_package(request.param)
    if request.param == "sqlite":
        path, ids = sqlite_before_package(tmp_path)
        yield SQLiteStore(path), ids | {"games": list(kept)}, kept
        db = sqlite3.connect(path)
        assert db.execute("PRAGMA user_version").fetchone()[0] == 0
        assert [n for (n,) in db.execute("SELECT name FROM schema_migrations ORDER BY number")] == [n for n, _ in STEPS]
        db.close()
    else:
        url = request.getfixturevalue("postgres_url")
        ids = postgres_before_package(url)
        store = PostgresStore(url)
        yield store, ids | {"games": list(kept)}, kept
        store.close()


Before = tuple[Store, dict[str, Any], dict[str, tuple[dict[str, Any], int, dict[str, Any]]]]


def test_every_game_revision_code_and_group_is_kept(before: Before) -> None:
    store, ids, kept = before
    for game_id, (doc, version, label) in kept.items():
        game = store.load(game_id)
        assert (game.doc, game.version, game.label) == (doc, version, label)
    played = max(kept, key=lambda g: kept[g][1])
    assert (kept[played][1], kept[played][2]["key"]) == (6, "change.undo")  # four entries, one undone
    assert store.game_for_code(ids["code"], now=NOW) == played
    group = store.group(ids["group"])
    assert (group.name, group.members) == ("Donnerstagsrunde", ("Anna", "Ben", "Cleo", "Dirk"))
    assert {p.id for p in store.group_games(group.id)} == set(ids["games"])
    assert store.group_tally(group.id).finished == 1


def test_undo_walks_back_to_the_start_and_new_changes_are_kept(before: Before) -> None:
    """In every kept game: a new change (a note) is kept; undo then takes back it and each entry left in
    effect (the game's entries, `builders.Entries`), one a step, down to a game with none."""
    store, _, kept = before
    for game_id, (doc, version, _) in kept.items():
        made = BY_GAME[doc["game"]].ENTRIES.made
        entries = sum(len(made(doc, who)) for who in doc["players"])
        changed = store.change(game_id, lambda d: set_note(d, "kept", ""), {"key": "x"})
        assert (changed.version, note(changed.doc)) == (version + 1, "kept")
        steps = 0
        while store.undoable(game_id) is not None:
            store.undo(game_id, store.version(game_id))
            steps += 1
        start = store.load(game_id).doc
        assert steps == 1 + entries and not note(start)
        assert not any(made(start, who) for who in start["players"])
