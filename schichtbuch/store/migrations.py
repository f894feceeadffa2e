"""The store's schema: one list of named steps for both backends (SQLite and PostgreSQL speak this SQL),
each applied once and in order. The names of the steps a database has are recorded in it
(`schema_migrations`), as sqlite-utils' migrations do, so that a step added later runs on every store
that lacks it. A backend runs `migrate` inside one write transaction under its own lock, so that servers
starting together migrate once."""

from __future__ import annotations

from schichtbuch.store.types import Database

GROUPS_SCHEMA = """
        CREATE TABLE groups (id TEXT PRIMARY KEY, name TEXT NOT NULL, version INTEGER NOT NULL,
                             created DOUBLE PRECISION NOT NULL);
        CREATE TABLE group_members (grp TEXT NOT NULL REFERENCES groups(id), position INTEGER NOT NULL,
                                    name TEXT NOT NULL, PRIMARY KEY (grp, name));
        CREATE TABLE group_games (game TEXT PRIMARY KEY REFERENCES games(id),
                                  grp TEXT NOT NULL REFERENCES groups(id), kind TEXT NOT NULL,
                                  played DOUBLE PRECISION NOT NULL, summary TEXT NOT NULL, final INTEGER NOT NULL,
                                  fingerprint TEXT NOT NULL);
        CREATE INDEX group_games_by_date ON group_games (grp, played DESC);
        CREATE INDEX group_games_by_kind ON group_games (grp, kind, played DESC);
        CREATE INDEX group_games_by_fingerprint ON group_games (grp, fingerprint);
        CREATE TABLE group_seats (game TEXT NOT NULL REFERENCES group_games(game), grp TEXT NOT NULL,
                                  player TEXT NOT NULL, PRIMARY KEY (game, player));
        CREATE INDEX group_seats_by_player ON group_seats (grp, player, game)"""
"""Groups, their members and history (SQLite reads DOUBLE PRECISION as REAL)."""

STEPS: tuple[tuple[str, str], ...] = (
    ("create games", """
        CREATE TABLE games (id TEXT PRIMARY KEY, doc TEXT NOT NULL, version INTEGER NOT NULL,
                            updated DOUBLE PRECISION NOT NULL)"""),
    ("keep each revision as the way back to the one before", """
        CREATE TABLE changes (game TEXT NOT NULL REFERENCES games(id), version INTEGER NOT NULL,
                              back TEXT, label TEXT NOT NULL, PRIMARY KEY (game, version))"""),
    ("short join codes", """
        CREATE TABLE join_codes (code TEXT PRIMARY KEY, game TEXT NOT NULL UNIQUE REFERENCES games(id),
                                 shown DOUBLE PRECISION NOT NULL)"""),
    ("groups and their history", GROUPS_SCHEMA),
    ("read-only links", """
        CREATE TABLE watch_tokens (token TEXT PRIMARY KEY, game TEXT NOT NULL UNIQUE REFERENCES games(id))"""),
    ("wrong join codes of every process", """
        CREATE TABLE wrong_codes (token TEXT PRIMARY KEY, at DOUBLE PRECISION NOT NULL);
        CREATE INDEX wrong_codes_by_time ON wrong_codes (at)"""),
)
"""The named schema steps, in order: SQL statements separated by `;`."""
RECORDED = "CREATE TABLE IF NOT EXISTS schema_migrations (number INTEGER PRIMARY KEY, name TEXT NOT NULL)"
"""Where a database records the steps it has, numbered in the order applied."""


def applied(db: Database) -> list[str]:
    """The names of the steps the database has, in the order applied."""
    db.execute(RECORDED)
    return [str(name) for (name,) in db.execute("SELECT name FROM schema_migrations ORDER BY number").fetchall()]


def record(db: Database, names: list[str]) -> None:
    """Record steps as applied, after those recorded already."""
    done = len(applied(db))
    for number, name in enumerate(names, start=done + 1):
        db.execute("INSERT INTO schema_migrations VALUES (?, ?)", (number, name))


def migrate(db: Database) -> None:
    """Apply, in order, every step the database does not have, and record each (inside the caller's
    transaction)."""
    done = set(applied(db))
    for name, sql in STEPS:
        if name not in done:
            for statement in sql.split(";"):
                db.execute(statement)
            record(db, [name])
