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

Every write transaction notifies `CHANNEL` (delivered when it commits), naming the store that wrote; once
something in the process subscribes (the live refresh), a thread listens on a connection of its own and
wakes the subscribers at each notification of another process's store (this one's own writes have woken
them already, `SQLStore.writing`), so that phones on all processes follow a tap at once.
"""

from __future__ import annotations

import logging
import threading
from collections.abc import Callable, Iterator, Sequence
from contextlib import AbstractContextManager, contextmanager
from typing import Any

import psycopg
from psycopg_pool import ConnectionPool

from schichtbuch.store import migrations
from schichtbuch.store.sql import SQLStore, unavailable_on
from schichtbuch.store.types import Database, Gate, Unavailable, new_id
from schichtbuch.store.written import written

_LOG = logging.getLogger(__name__)

MIGRATION_LOCK = 0x5C41C47B
"""The advisory lock key the app's processes take while migrating."""
POOL_SIZE = 8
"""Connections per app process: one per concurrent store call of its server threads."""
CHANNEL = "schichtbuch_writes"
"""The notification channel every write transaction notifies."""
LISTEN_SECONDS = 1.0
"""How long the listening thread waits for notifications before it looks whether the store was closed;
also how long it waits before listening again after losing its connection (a server restart)."""
WAIT_SECONDS = 5.0
"""How long a call waits for a working connection before it is `Unavailable`: long enough for a server
that restarts (about a second), short enough that a tap on a server that is down soon says so (the pool's
default is 30 s)."""


class PostgresStore(SQLStore):
    """Games on a PostgreSQL server named by a `postgresql://` URL."""

    def __init__(self, url: str, gate: Gate = written) -> None:
        super().__init__(gate)
        self._url = url
        self._origin = new_id()
        self._closed = threading.Event()
        self._listener: threading.Thread | None = None
        self._pool = ConnectionPool(url, min_size=1, max_size=POOL_SIZE, timeout=WAIT_SECONDS, check=self._check,
                                    open=True)
        try:
            with unavailable_on(psycopg.OperationalError), self._pool.connection() as connection:
                migrate(connection)
        except Unavailable:
            self._pool.close()  # its threads would go on trying to connect
            raise

    def close(self) -> None:
        self._closed.set()
        self._pool.close()

    def subscribe(self, wake: Callable[[], None]) -> None:
        """Also wake on the other processes' writes (the listening thread starts with the first one)."""
        super().subscribe(wake)
        if self._listener is None:
            self._listener = threading.Thread(target=self._listen, name="store-notifications", daemon=True)
            self._listener.start()

    def _listen(self) -> None:
        """Wake the subscribers at every notification on `CHANNEL` of another store until this one is
        closed. A lost connection is opened again after `LISTEN_SECONDS` (what was written meanwhile, the
        live refresh's regular check finds)."""
        while not self._closed.is_set():
            try:
                with psycopg.connect(self._url, autocommit=True) as connection:
                    connection.execute(f"LISTEN {CHANNEL}")
                    while not self._closed.is_set():
                        for notified in connection.notifies(timeout=LISTEN_SECONDS):
                            if notified.payload != self._origin:
                                self._wake_subscribers()
            except psycopg.Error as error:
                _LOG.warning("store notifications: %s; listening again in %s s", error, LISTEN_SECONDS)
                self._closed.wait(LISTEN_SECONDS)

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

    @contextmanager
    def _begin_writing(self) -> Iterator[Database]:
        """A write transaction that notifies `CHANNEL`, naming this store, when it commits."""
        with self._transaction() as db:
            yield db
            db.execute("SELECT pg_notify(?, ?)", (CHANNEL, self._origin))

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
