"""Stores as older versions of the app left them, for the migration tests: SQLite files that counted their
schema steps in `PRAGMA user_version` (the first steps as they were then), and one store of each backend
made by the app just before the store became a package (tests/stores/, made with that day's code: a Coal
Baron game with four deliveries and an undo, its join code, and a group holding it and a finished MINE!
game)."""

from __future__ import annotations

import json
import shutil
import sqlite3
from pathlib import Path
from typing import Any

STORES = Path(__file__).with_name("stores")
SQLITE_BEFORE_PACKAGE = STORES / "before-package.sqlite3"
POSTGRES_BEFORE_PACKAGE = STORES / "before-package.postgres.json"
"""The PostgreSQL store as that code left it: its tables' statements and their rows."""

COUNTED_STEPS = (
    """CREATE TABLE games (id TEXT PRIMARY KEY, doc TEXT NOT NULL, version INTEGER NOT NULL,
                           updated REAL NOT NULL)""",
    """CREATE TABLE revisions (game TEXT NOT NULL REFERENCES games(id), version INTEGER NOT NULL,
                               doc TEXT NOT NULL, label TEXT NOT NULL, PRIMARY KEY (game, version));
       INSERT INTO revisions SELECT id, version, doc, '{"key": "change.start"}' FROM games""",
    """CREATE TABLE join_codes (code TEXT PRIMARY KEY, game TEXT NOT NULL UNIQUE REFERENCES games(id),
                                shown REAL NOT NULL)""",
)
"""The first three steps of an SQLite store that counted them: games, a whole copy per revision, join codes."""


def counted_sqlite(path: str, steps: int) -> sqlite3.Connection:
    """A new SQLite file with the first `steps` counted steps, counted in `PRAGMA user_version`."""
    db = sqlite3.connect(path, isolation_level=None)
    for number, sql in enumerate(COUNTED_STEPS[:steps], start=1):
        db.executescript(sql)
        db.execute(f"PRAGMA user_version = {number}")
    return db


def sqlite_before_package(folder: Path) -> tuple[str, dict[str, str]]:
    """A copy of the SQLite store made before the store became a package, and the ids it holds."""
    path = folder / "before.sqlite3"
    shutil.copy(SQLITE_BEFORE_PACKAGE, path)
    return str(path), json.loads((STORES / "before-package.json").read_text(encoding="utf-8"))


def games_before_package(backend: str) -> dict[str, tuple[dict[str, Any], int, dict[str, Any]]]:
    """The games the store of `backend` ("sqlite" or "postgres") made before the package holds, as kept
    there: by id, each one's document, version and the label of its last change."""
    if backend == "sqlite":
        db = sqlite3.connect(SQLITE_BEFORE_PACKAGE)
        try:
            games = db.execute("SELECT id, doc, version FROM games").fetchall()
            labels = dict(((g, v), label) for g, v, label in db.execute("SELECT game, version, label FROM changes"))
        finally:
            db.close()
    else:
        rows = json.loads(POSTGRES_BEFORE_PACKAGE.read_text(encoding="utf-8"))["rows"]
        games = [row[:3] for row in rows["games"]["rows"]]
        labels = {(g, v): label for g, v, _, label in rows["changes"]["rows"]}
    return {g: (json.loads(doc), version, json.loads(labels[g, version])) for g, doc, version in games}


def postgres_before_package(url: str) -> dict[str, Any]:
    """The PostgreSQL store made before the store became a package, written into the database at `url`
    (a schema of its own); returns the ids it holds."""
    import psycopg

    kept = json.loads(POSTGRES_BEFORE_PACKAGE.read_text(encoding="utf-8"))
    with psycopg.connect(url) as db:
        for statement in kept["schema"]:
            db.execute(statement)
        for table, rows in kept["rows"].items():
            marks = ", ".join(["%s"] * len(rows["columns"]))
            for row in rows["rows"]:
                db.execute(f"INSERT INTO {table} ({', '.join(rows['columns'])}) VALUES ({marks})", row)
    return dict(kept["ids"])
