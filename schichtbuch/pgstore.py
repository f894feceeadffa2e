"""The store on a PostgreSQL server, for many tables and several app processes (psycopg 3 and its pool).

The same games logic as the embedded store (`store.SQLStore`); what differs is how a transaction starts
and what it locks. A write transaction locks the game's row (`SELECT … FOR UPDATE`), so two phones
writing to one game take turns and each change sees the newest document, while other games' writes go
on at the same time. The schema is brought up to date by named steps, recorded in `schema_migrations`,
under an advisory lock, so that app processes starting together migrate once.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from contextlib import AbstractContextManager, contextmanager
from typing import Any

import psycopg
from psycopg_pool import ConnectionPool

from schichtbuch.store import GROUPS_SCHEMA, Database, Gate, SQLStore
from scoring.registry import check as check_record

MIGRATIONS: tuple[tuple[str, str], ...] = (
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
)
"""Named schema steps, applied in order; `schema_migrations` records the ones applied."""
MIGRATION_LOCK = 0x5C41C47B
"""The advisory lock key the app's processes take while migrating."""
POOL_SIZE = 8
"""Connections per app process: one per concurrent store call of its server threads."""


class PostgresStore(SQLStore):
    """Games on a PostgreSQL server named by a `postgresql://` URL."""

    def __init__(self, url: str, gate: Gate = check_record) -> None:
        super().__init__(gate)
        self._pool = ConnectionPool(url, min_size=1, max_size=POOL_SIZE, open=True)
        with self._pool.connection() as connection:
            migrate(connection)

    def close(self) -> None:
        self._pool.close()

    def _lock_row(self, db: Database, table: str, row_id: str) -> None:
        db.execute(f"SELECT 1 FROM {table} WHERE id = ? FOR UPDATE", (row_id,))

    def _writing(self) -> AbstractContextManager[Database]:
        return self._transaction()

    def _reading(self) -> AbstractContextManager[Database]:
        return self._transaction()

    @contextmanager
    def _transaction(self) -> Iterator[Database]:
        """One transaction on a pooled connection: committed at the end, rolled back on an exception."""
        with self._pool.connection() as connection:
            yield _Placeholders(connection)


class _Placeholders:
    """The connection as the shared SQL expects it: `?` placeholders, written as psycopg's `%s`."""

    def __init__(self, connection: psycopg.Connection[Any]) -> None:
        self._connection = connection

    def execute(self, sql: str, params: Sequence[Any] = ()) -> psycopg.Cursor[Any]:
        return self._connection.execute(sql.replace("?", "%s"), params)  # type: ignore[arg-type]


def migrate(connection: psycopg.Connection[Any]) -> None:
    """Apply the schema steps not yet applied, in one transaction under the advisory lock."""
    with connection.transaction():
        connection.execute("SELECT pg_advisory_xact_lock(%s)", (MIGRATION_LOCK,))
        connection.execute("CREATE TABLE IF NOT EXISTS schema_migrations (number INTEGER PRIMARY KEY,"
                           " name TEXT NOT NULL)")
        row = connection.execute("SELECT coalesce(max(number), 0) FROM schema_migrations").fetchone()
        done = int(row[0]) if row else 0
        for number, (name, sql) in enumerate(MIGRATIONS[done:], start=done + 1):
            connection.execute(sql)  # type: ignore[arg-type]
            connection.execute("INSERT INTO schema_migrations VALUES (%s, %s)", (number, name))
