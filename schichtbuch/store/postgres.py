"""The store on a PostgreSQL server, for many tables and several app processes (psycopg 3 and its pool).

The same games logic as the embedded store (`store.SQLStore`); what differs is how a transaction starts
and what it locks. A write transaction locks the game's row (`SELECT … FOR UPDATE`), so two phones
writing to one game take turns and each change sees the newest document, while other games' writes go
on at the same time. The schema is brought up to date by the named steps of migrations.py, under an
advisory lock, so that app processes starting together migrate once.

The pool checks each connection before lending it (`ConnectionPool.check_connection`, an empty query): a
connection the server dropped (a restart, a failover, an idle timeout) is replaced, not handed to a tap,
and with it every other idle one the server dropped.
What still fails, a server down for longer than `WAIT_SECONDS`, or a connection lost during a
transaction, raises the store's `Unavailable`.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from contextlib import AbstractContextManager, contextmanager
from typing import Any

import psycopg
from psycopg_pool import ConnectionPool

from schichtbuch.store import migrations
from schichtbuch.store.sql import SQLStore, unavailable_on
from schichtbuch.store.types import Database, Gate, Unavailable
from schichtbuch.store.written import written

MIGRATION_LOCK = 0x5C41C47B
"""The advisory lock key the app's processes take while migrating."""
POOL_SIZE = 8
"""Connections per app process: one per concurrent store call of its server threads."""
WAIT_SECONDS = 5.0
"""How long a call waits for a working connection before it is `Unavailable`: long enough for a server
that restarts (about a second), short enough that a tap on a server that is down soon says so (the pool's
default is 30 s)."""


class PostgresStore(SQLStore):
    """Games on a PostgreSQL server named by a `postgresql://` URL."""

    def __init__(self, url: str, gate: Gate = written) -> None:
        super().__init__(gate)
        self._pool = ConnectionPool(url, min_size=1, max_size=POOL_SIZE, timeout=WAIT_SECONDS, check=self._check,
                                    open=True)
        try:
            with unavailable_on(psycopg.OperationalError), self._pool.connection() as connection:
                migrate(connection)
        except Unavailable:
            self._pool.close()  # its threads would go on trying to connect
            raise

    def close(self) -> None:
        self._pool.close()

    def _check(self, connection: psycopg.Connection[Any]) -> None:
        """The pool's check before it lends `connection` (`ConnectionPool.check_connection`). One that
        fails means the server has most likely dropped them all (a restart): every idle connection is
        checked at once (`ConnectionPool.check`), the broken ones replaced, since the pool would try them
        one by one, waiting 0, 1, 2, 4… s between tries, longer than a tap waits."""
        try:
            ConnectionPool.check_connection(connection)
        except psycopg.Error:
            self._pool.check()
            raise

    def _lock_table(self, db: Database, table: str) -> None:
        db.execute(f"LOCK TABLE {table} IN SHARE ROW EXCLUSIVE MODE")

    def lock_row(self, db: Database, table: str, row_id: str) -> None:
        db.execute(f"SELECT 1 FROM {table} WHERE id = ? FOR UPDATE", (row_id,))

    def writing(self) -> AbstractContextManager[Database]:
        return self._transaction()

    def reading(self) -> AbstractContextManager[Database]:
        return self._transaction()

    @contextmanager
    def _transaction(self) -> Iterator[Database]:
        """One transaction on a pooled connection that answered a check: committed at the end, rolled back
        on an exception; the connection lost or none to be had is `Unavailable`."""
        with unavailable_on(psycopg.OperationalError), self._pool.connection() as connection:
            yield _Placeholders(connection)


class _Placeholders:
    """The connection as the shared SQL expects it: `?` placeholders, written as psycopg's `%s`."""

    def __init__(self, connection: psycopg.Connection[Any]) -> None:
        self._connection = connection

    def execute(self, sql: str, params: Sequence[Any] = ()) -> psycopg.Cursor[Any]:
        return self._connection.execute(sql.replace("?", "%s"), params)


def migrate(connection: psycopg.Connection[Any]) -> None:
    """Apply the schema steps not yet applied (`migrations.migrate`), in one transaction under the advisory
    lock."""
    with connection.transaction():
        connection.execute("SELECT pg_advisory_xact_lock(%s)", (MIGRATION_LOCK,))
        migrations.migrate(_Placeholders(connection))
