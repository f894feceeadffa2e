"""The game store: games as versioned JSON documents with their revision history.

`Store` is the interface pages use; `SQLiteStore` is the embedded default (a file, or `:memory:` as the
in-memory twin for tests). A server database fits behind the same four methods: every change is one
read-modify-write transaction, so two phones writing at once both keep their entries, and the change
function sees the newest document, never a stale copy.

One gate: every document the store writes (created, changed, undone to) is first read and scored by its
game's reader (`scoring.registry.check`) inside the write transaction; a document that does not read is
refused with its RecordError and nothing is stored.
"""

from __future__ import annotations

import json
import queue
import random
import re
import secrets
import sqlite3
import threading
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from typing import Any, Protocol

from schichtbuch import codes
from scoring.registry import check as check_record

Document = dict[str, Any]
Gate = Callable[[Document], object]
"""Reads a document before it is written, raising RecordError if it does not read."""
ID_BYTES = 16
"""128 random bits per game id (URL-safe base64: 22 characters)."""

MIGRATIONS: tuple[tuple[str, str], ...] = (
    ("create games", """
        CREATE TABLE games (id TEXT PRIMARY KEY, doc TEXT NOT NULL, version INTEGER NOT NULL,
                            updated REAL NOT NULL)"""),
    ("keep revisions for undo", """
        CREATE TABLE revisions (game TEXT NOT NULL REFERENCES games(id), version INTEGER NOT NULL,
                                doc TEXT NOT NULL, label TEXT NOT NULL, PRIMARY KEY (game, version));
        INSERT INTO revisions SELECT id, version, doc, '{"key": "change.start"}' FROM games"""),
    ("short join codes", """
        CREATE TABLE join_codes (code TEXT PRIMARY KEY, game TEXT NOT NULL UNIQUE REFERENCES games(id),
                                 shown REAL NOT NULL)"""),
)
"""Named schema steps; `PRAGMA user_version` counts the ones applied."""


class UnknownGame(LookupError):
    """No game has this id (a mistyped or expired link)."""


class NothingToUndo(LookupError):
    """The game has no earlier revision."""


class Conflict(RuntimeError):
    """Another phone changed the game after this phone last looked."""


@dataclass(frozen=True)
class Saved:
    """A stored game: its document, its version (one more per change) and the label of the last change."""

    id: str
    doc: Document
    version: int
    label: dict[str, Any]
    updated: float


class Store(Protocol):
    def create(self, doc: Document, label: dict[str, Any]) -> Saved: ...
    def load(self, game_id: str) -> Saved: ...
    def version(self, game_id: str) -> int: ...
    def change(self, game_id: str, edit: Callable[[Document], Document], label: dict[str, Any]) -> Saved: ...
    def undo(self, game_id: str, seen_version: int) -> Saved: ...
    def undoable(self, game_id: str) -> dict[str, Any] | None: ...
    def recent(self, ids: list[str]) -> list[Saved]: ...
    def join_code(self, game_id: str, now: float | None = None) -> str: ...
    def game_for_code(self, code: str, now: float | None = None) -> str: ...


def new_id() -> str:
    return secrets.token_urlsafe(ID_BYTES)


def is_id(text: str) -> bool:
    """Whether `text` has the shape of a game id (checked before any look-up)."""
    return re.fullmatch(r"[A-Za-z0-9_-]{22}", text) is not None


class SQLiteStore:
    """The embedded store. One connection per store object for its transactions, guarded by a lock for the
    server's threads; SQLite's own file lock keeps several server processes apart. The version check every
    phone's poll makes reads through read connections of its own, one per thread at a time, so it never
    waits for the lock (with write-ahead logging a reader sees the last committed change and waits for no
    writer); an in-memory store has no second connection to its data and checks under the lock."""

    def __init__(self, path: str, gate: Gate = check_record) -> None:
        self._path = path
        self._db = sqlite3.connect(path, check_same_thread=False, isolation_level=None, timeout=10)
        self._lock = threading.Lock()
        self._readers: queue.SimpleQueue[sqlite3.Connection] = queue.SimpleQueue()
        self._gate = gate
        with self._lock:
            _use_wal(self._db, path)
            migrate(self._db)

    def create(self, doc: Document, label: dict[str, Any]) -> Saved:
        saved = Saved(new_id(), doc, 1, label, time.time())
        with self._transaction() as db:
            self._gate(doc)
            db.execute("INSERT INTO games VALUES (?, ?, 1, ?)", (saved.id, json.dumps(doc), saved.updated))
            db.execute("INSERT INTO revisions VALUES (?, 1, ?, ?)", (saved.id, json.dumps(doc), json.dumps(label)))
        return saved

    def load(self, game_id: str) -> Saved:
        with self._transaction() as db:
            return self._read(db, game_id)

    def version(self, game_id: str) -> int:
        with self._reader() as db:
            row = db.execute("SELECT version FROM games WHERE id = ?", (game_id,)).fetchone()
        if row is None:
            raise UnknownGame(game_id)
        return int(row[0])

    def change(self, game_id: str, edit: Callable[[Document], Document], label: dict[str, Any]) -> Saved:
        """Apply `edit` to the newest document in one transaction; an exception from `edit` or the gate
        changes nothing."""
        with self._transaction() as db:
            now = self._read(db, game_id)
            return self._write(db, now, edit(now.doc), label)

    def undo(self, game_id: str, seen_version: int) -> Saved:
        """Go back to the document before the last change still in effect, if the phone saw the newest
        version. An undo's label records which version it restored (`to`), so undos walk back in turn."""
        with self._transaction() as db:
            now = self._read(db, game_id)
            if now.version != seen_version:
                raise Conflict(game_id)
            effective = now.label.get("to", now.version)
            before = db.execute("SELECT doc, label FROM revisions WHERE game = ? AND version = ?",
                                (game_id, effective - 1)).fetchone()
            if before is None:
                raise NothingToUndo(game_id)
            to = json.loads(before[1]).get("to", effective - 1)
            return self._write(db, now, json.loads(before[0]), {"key": "change.undo", "to": to})

    def undoable(self, game_id: str) -> dict[str, Any] | None:
        """The label of the change `undo` would take back (the last one still in effect), or None."""
        with self._transaction() as db:
            now = self._read(db, game_id)
            effective = now.label.get("to", now.version)
            row = db.execute("SELECT label FROM revisions WHERE game = ? AND version = ?", (game_id, effective)).fetchone()
        return None if effective <= 1 or row is None else dict(json.loads(row[0]))

    def recent(self, ids: list[str]) -> list[Saved]:
        """The games among `ids` that exist, newest change first."""
        with self._transaction() as db:
            found = [self._read(db, i) for i in ids if db.execute("SELECT 1 FROM games WHERE id = ?", (i,)).fetchone()]
        return sorted(found, key=lambda s: -s.updated)

    def join_code(self, game_id: str, now: float | None = None) -> str:
        """The game's short join code, as a phone shows it: the code the game has while that is live
        (live again for `CODE_TTL_SECONDS` from now, as it was just shown), else a new one; the expired
        codes of all games are dropped then, so that the table only holds codes that still count."""
        now = time.time() if now is None else now
        with self._transaction() as db:
            changed = self._read(db, game_id).updated
            row = db.execute("SELECT code, shown FROM join_codes WHERE game = ?", (game_id,)).fetchone()
            if row is not None and codes.is_live(changed, float(row[1]), now):
                db.execute("UPDATE join_codes SET shown = ? WHERE game = ?", (now, game_id))
                return str(row[0])
            db.execute("DELETE FROM join_codes WHERE game = ? OR max(shown, (SELECT updated FROM games"
                       " WHERE id = join_codes.game)) <= ?", (game_id, now - codes.CODE_TTL_SECONDS))
            return self._issue_code(db, game_id, now)

    def game_for_code(self, code: str, now: float | None = None) -> str:
        """The id of the game a live code names; `UnknownGame` for a code that is wrong or expired."""
        now = time.time() if now is None else now
        with self._lock:
            row = self._db.execute("SELECT j.game, j.shown, g.updated FROM join_codes j JOIN games g"
                                   " ON g.id = j.game WHERE j.code = ?", (code,)).fetchone()
        if row is None or not codes.is_live(float(row[2]), float(row[1]), now):
            raise UnknownGame(code)
        return str(row[0])

    @staticmethod
    def _issue_code(db: sqlite3.Connection, game_id: str, now: float) -> str:
        """A fresh code for the game; a draw that another game holds (one in 3.8·10⁷ with a thousand live
        codes) is drawn again."""
        while True:
            code = codes.new_code(_SYSTEM_RANDOM)
            try:
                db.execute("INSERT INTO join_codes VALUES (?, ?, ?)", (code, game_id, now))
            except sqlite3.IntegrityError:
                continue
            return code

    @contextmanager
    def _reader(self) -> Iterator[sqlite3.Connection]:
        """A read connection for one statement: a free one from the pool, else a new one (as many as
        threads read at once); under the lock for an in-memory store."""
        if self._path == ":memory:":
            with self._lock:
                yield self._db
            return
        try:
            db = self._readers.get_nowait()
        except queue.Empty:
            db = sqlite3.connect(self._path, check_same_thread=False, isolation_level=None, timeout=10)
        try:
            yield db
        finally:
            self._readers.put(db)

    @contextmanager
    def _transaction(self) -> Iterator[sqlite3.Connection]:
        with self._lock:
            self._db.execute("BEGIN IMMEDIATE")
            try:
                yield self._db
            except BaseException:
                self._db.execute("ROLLBACK")
                raise
            self._db.execute("COMMIT")

    @staticmethod
    def _read(db: sqlite3.Connection, game_id: str) -> Saved:
        row = db.execute(
            "SELECT g.doc, g.version, r.label, g.updated FROM games g JOIN revisions r"
            " ON r.game = g.id AND r.version = g.version WHERE g.id = ?", (game_id,),
        ).fetchone()
        if row is None:
            raise UnknownGame(game_id)
        return Saved(game_id, json.loads(row[0]), int(row[1]), json.loads(row[2]), float(row[3]))

    def _write(self, db: sqlite3.Connection, now: Saved, doc: Document, label: dict[str, Any]) -> Saved:
        self._gate(doc)
        saved = Saved(now.id, doc, now.version + 1, label, time.time())
        text = json.dumps(doc)
        db.execute("UPDATE games SET doc = ?, version = ?, updated = ? WHERE id = ?",
                   (text, saved.version, saved.updated, saved.id))
        db.execute("INSERT INTO revisions VALUES (?, ?, ?, ?)", (saved.id, saved.version, text, json.dumps(label)))
        return saved


_SYSTEM_RANDOM = random.SystemRandom()
"""Join codes drawn from the operating system's randomness (as `secrets` does)."""


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
    """Bring the schema up to date, one named step at a time, in one write transaction, so that two
    servers opening the same new file cannot both run a step."""
    db.execute("BEGIN IMMEDIATE")
    try:
        done = db.execute("PRAGMA user_version").fetchone()[0]
        for number, (_, sql) in enumerate(MIGRATIONS[done:], start=done + 1):
            for statement in sql.split(";"):
                db.execute(statement)
            db.execute(f"PRAGMA user_version = {number}")
    except BaseException:
        db.execute("ROLLBACK")
        raise
    db.execute("COMMIT")
