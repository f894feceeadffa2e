"""The embedded store: an SQLite file (or `:memory:`, the in-memory twin for tests), the default.

Older files counted their schema steps in `PRAGMA user_version` and, before the way back to each
revision was kept, stored a whole copy per revision (`revisions`); opening such a file records its steps
by name and turns those copies into ways back (`migrate`), nothing lost.

SQLite tells a file's trouble (locked longer than the connection waits, unreadable, not a database, a
full disk) from the SQL's only in its message, so any of its errors raises the store's `Unavailable`."""

from __future__ import annotations

import json
import queue
import sqlite3
import threading
import time
from collections.abc import Iterator
from contextlib import AbstractContextManager, contextmanager

from schichtbuch.store import migrations, revisions
from schichtbuch.store.sql import SQLStore, unavailable_on
from schichtbuch.store.types import Database, Document, Gate
from schichtbuch.store.written import written

LEGACY_STEPS = ("create games", "keep revisions for undo", "short join codes",
                "keep each revision as the way back to the one before", "groups and their history")
"""The steps an SQLite file counted in `PRAGMA user_version` before stores recorded their names."""
WHOLE_COPIES = "keep revisions for undo"
"""The legacy step that kept a whole copy of every revision (`revisions`), before its ways back."""
WAYS_BACK = "keep each revision as the way back to the one before"
CACHE_KIB = 256
"""The page cache of each connection. SQLite's default (about 2 MB a connection) filled as the file grew
and kept what it took: 1.8 MB of the 6.4 MB the server grew from minute 5 to 30 of a soak at 24 tables
(`tests/load/soak.py`). A page that no longer fits is read again from the operating system's file cache,
at little cost, and a read connection's cache is emptied anyway whenever another connection has written."""


class SQLiteStore(SQLStore):
    """The embedded store. One connection per store object for its writes, guarded by a lock for the
    server's threads; SQLite's own file lock keeps several server processes apart. A write transaction
    locks the whole file (`BEGIN IMMEDIATE`). Reads (the live refresh's among them) go through read
    connections of their own, one per thread at a time, so they never wait for the lock: with write-ahead
    logging a reader sees the last committed change and waits for no writer. An in-memory store has no
    second connection to its data and reads under the lock."""

    def __init__(self, path: str, gate: Gate = written) -> None:
        super().__init__(gate)
        self._path = path
        self._lock = threading.Lock()
        self._readers: queue.SimpleQueue[sqlite3.Connection] = queue.SimpleQueue()
        with unavailable_on(sqlite3.Error), self._lock:
            self._db = _connect(path)
            _use_wal(self._db, path)
            migrate(self._db)

    def _begin_writing(self) -> AbstractContextManager[Database]:
        return self._transaction("BEGIN IMMEDIATE")

    def reading(self) -> AbstractContextManager[Database]:
        """A read transaction: one snapshot of the file, on a read connection of its own."""
        return self._transaction("BEGIN") if self._path == ":memory:" else self._read_only()

    @contextmanager
    def _transaction(self, begin: str) -> Iterator[Database]:
        """A transaction on the write connection, under the lock; rolled back on any exception, a failed
        commit's included, so that the connection is left with no transaction open."""
        with unavailable_on(sqlite3.Error), self._lock:
            self._db.execute(begin)
            try:
                yield self._db
                self._db.execute("COMMIT")
            except BaseException:
                if self._db.in_transaction:
                    self._db.execute("ROLLBACK")
                raise

    @contextmanager
    def _read_only(self) -> Iterator[Database]:
        """A read transaction on a free read connection from the pool, else a new one (as many as threads
        read at once)."""
        with unavailable_on(sqlite3.Error):
            try:
                db = self._readers.get_nowait()
            except queue.Empty:
                db = _connect(self._path)
            try:
                db.execute("BEGIN")
                try:
                    yield db
                finally:
                    db.execute("ROLLBACK")
            finally:
                self._readers.put(db)


def _connect(path: str) -> sqlite3.Connection:
    """A connection for any thread, in autocommit mode (transactions are begun by hand), with a small page
    cache (`CACHE_KIB`)."""
    db = sqlite3.connect(path, check_same_thread=False, isolation_level=None, timeout=10)
    db.execute(f"PRAGMA cache_size = -{CACHE_KIB}")
    return db


def _use_wal(db: sqlite3.Connection, path: str, seconds: float = 10) -> None:
    """Write-ahead logging, so readers never wait for a writer. Switching needs a moment with no other
    writer, and SQLite does not wait for it by itself, so retry while another connection writes."""
    deadline = time.monotonic() + seconds
    while True:
        try:
            db.execute("PRAGMA journal_mode=WAL" if path != ":memory:" else "PRAGMA journal_mode=MEMORY")
            return
        except sqlite3.OperationalError as error:
            if "locked" not in str(error) or time.monotonic() > deadline:
                raise
            time.sleep(0.05)


def migrate(db: sqlite3.Connection) -> None:
    """Bring the schema up to date in one write transaction, so that two servers opening the same new file
    cannot both run a step: an older file's counted steps recorded by name (`_record_counted`), then
    every step it lacks (`migrations.migrate`)."""
    db.execute("BEGIN IMMEDIATE")
    try:
        _record_counted(db)
        migrations.migrate(db)
    except BaseException:
        db.execute("ROLLBACK")
        raise
    db.execute("COMMIT")


def _record_counted(db: sqlite3.Connection) -> None:
    """A file that counts its steps in `PRAGMA user_version`: record them by name instead (the count then
    0), and turn its whole copies per revision, if it has them, into ways back."""
    counted = int(db.execute("PRAGMA user_version").fetchone()[0])
    if not counted:
        return
    steps = list(LEGACY_STEPS[:counted])
    if WAYS_BACK not in steps:
        _keep_ways_back(db, copies=WHOLE_COPIES in steps)
        steps.append(WAYS_BACK)
    migrations.record(db, [name for name, _ in migrations.STEPS if name in steps])
    db.execute("PRAGMA user_version = 0")


def _keep_ways_back(db: sqlite3.Connection, copies: bool) -> None:
    """The way back to the revision before, per revision: from the whole copy kept per revision
    (`copies`), game by game (none where the one before was never kept); or, for a file that kept no
    revisions, one revision per game, its current one, with none to go back to."""
    db.execute("CREATE TABLE changes (game TEXT NOT NULL REFERENCES games(id), version INTEGER NOT NULL,"
               " back TEXT, label TEXT NOT NULL, PRIMARY KEY (game, version))")
    if not copies:
        db.execute("""INSERT INTO changes SELECT id, version, NULL, '{"key": "change.start"}' FROM games""")
        return
    for (game,) in db.execute("SELECT id FROM games").fetchall():
        before: tuple[int, Document] | None = None
        for version, stored, label in db.execute("SELECT version, doc, label FROM revisions WHERE game = ?"
                                                 " ORDER BY version", (game,)).fetchall():
            doc = json.loads(stored)
            back = revisions.way_back(doc, before[1]) if before and before[0] == version - 1 else None
            db.execute("INSERT INTO changes VALUES (?, ?, ?, ?)", (game, version, back, label))
            before = (version, doc)
    db.execute("DROP TABLE revisions")
