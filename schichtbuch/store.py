"""The game store: games as versioned JSON documents with their revision history (the newest document
whole, and per revision its label and the way back to the revision before: `schichtbuch/revisions.py`),
and groups (a table that meets regularly: a name, its members and the history of its games).

`Store` is the interface pages use; `SQLStore` holds its logic in the SQL both backends speak:
`SQLiteStore` is the embedded default (a file, or `:memory:` as the in-memory twin for tests) and
`pgstore.PostgresStore` the server database for many tables; `open_store` picks one from the setting.
Every change is one read-modify-write transaction, so two phones writing at once both keep their entries,
and the change function sees the newest document, never a stale copy.

A group's history is kept as one summary row per game (`group_games`: the game, the date it was played,
whether it is finished, the standings its scorer gives and the document's fingerprint), written in the
same transaction as the game itself whenever a game of the group is created, changed or undone; the
history page and the statistics read these rows through an index on (group, date), never by scanning
every game document, and the history counts them in the database and reads only the rows it shows. An
import adds its records in one transaction and leaves out those the group already holds exactly. A group has
its own version, one more whenever a member or one of its games changes, which the live refresh reads.

Times: the store stamps `ended` (whole seconds since 1970, UTC) into a game the first time a write makes
it final; `started` is set by whoever starts a game (`scoring.app_fields.with_start`), never by an import.

One gate: every document the store writes (created, changed, undone to) is first read and scored by its
game's reader (`scoring.registry.check`) inside the write transaction; a document that does not read is
refused with its RecordError and nothing is stored.
"""

from __future__ import annotations

import hashlib
import json
import queue
import random
import re
import secrets
import sqlite3
import threading
import time
from collections.abc import Callable, Iterator, Sequence
from contextlib import AbstractContextManager, contextmanager
from dataclasses import dataclass
from typing import Any, Protocol

from schichtbuch import codes, revisions
from scoring.errors import RecordError
from scoring.fields import NAME_CHARS, text
from scoring.standings import Result
from scoring.registry import check as check_record
from scoring.registry import summary as summary_of

Document = dict[str, Any]
Migration = str | Callable[[sqlite3.Connection], None]
"""A schema step: SQL statements separated by `;`, or a function for a step SQL cannot express."""
Gate = Callable[[Document], object]
"""Reads a document before it is written, raising RecordError if it does not read."""
ID_BYTES = 16
"""128 random bits per game id (URL-safe base64: 22 characters)."""
VERSIONS_AT_ONCE = 500
"""Ids per query of `versions`, well below SQLite's limit of bound parameters."""



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
"""Groups, their members and history, in SQL both backends speak (SQLite reads DOUBLE PRECISION as REAL)."""

def _keep_ways_back(db: sqlite3.Connection) -> None:
    """Turn the whole copy kept per revision into the way back to the revision before (none where that
    one was never kept), game by game."""
    db.execute("CREATE TABLE changes (game TEXT NOT NULL REFERENCES games(id), version INTEGER NOT NULL,"
               " back TEXT, label TEXT NOT NULL, PRIMARY KEY (game, version))")
    for (game,) in db.execute("SELECT id FROM games").fetchall():
        before: tuple[int, Document] | None = None
        for version, stored, label in db.execute("SELECT version, doc, label FROM revisions WHERE game = ?"
                                                 " ORDER BY version", (game,)).fetchall():
            doc = json.loads(stored)
            back = revisions.way_back(doc, before[1]) if before and before[0] == version - 1 else None
            db.execute("INSERT INTO changes VALUES (?, ?, ?, ?)", (game, version, back, label))
            before = (version, doc)
    db.execute("DROP TABLE revisions")


MIGRATIONS: tuple[tuple[str, Migration], ...] = (
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
    ("keep each revision as the way back to the one before", _keep_ways_back),
    ("groups and their history", GROUPS_SCHEMA),
)
"""Named schema steps; `PRAGMA user_version` counts the ones applied."""


class UnknownGame(LookupError):
    """No game has this id (a mistyped or expired link)."""


class NothingToUndo(LookupError):
    """The game has no earlier revision."""


class Conflict(RuntimeError):
    """Another phone changed the game after this phone last looked."""


class UnknownGroup(LookupError):
    """No group has this id (a mistyped link, or one of another server)."""


class MemberTwice(ValueError):
    """A group would have the same member name twice."""

    def __init__(self, name: str) -> None:
        self.name = name
        super().__init__(name)


class OtherGroup(ValueError):
    """The game already belongs to another group; a game is in at most one group."""


GROUP_NAME_CHARS = 40
"""The longest group name (the group page's field)."""


@dataclass(frozen=True)
class Saved:
    """A stored game: its document, its version (one more per change) and the label of the last change."""

    id: str
    doc: Document
    version: int
    label: dict[str, Any]
    updated: float


@dataclass(frozen=True)
class Group:
    """A table that meets regularly: its name, its members in the order they joined, and its version
    (one more whenever a member or one of its games changes)."""

    id: str
    name: str
    members: tuple[str, ...]
    version: int


@dataclass(frozen=True)
class Tally:
    """How many games a group's history holds (under its filters), and how many of them are finished."""

    games: int
    finished: int


@dataclass(frozen=True)
class Imported:
    """What an import did: the records it added to the group, and those the group already held."""

    added: int
    already: int


@dataclass(frozen=True)
class Played:
    """One game of a group's history: its id, when it was played (its `started` time, else when it was
    added) and its `scoring.registry.summary` (game, players, final, times, standings)."""

    id: str
    played: float
    summary: dict[str, Any]


class Store(Protocol):
    def create(self, doc: Document, label: dict[str, Any], group: str | None = None) -> Saved: ...
    def load(self, game_id: str) -> Saved: ...
    def version(self, game_id: str) -> int: ...
    def change(self, game_id: str, edit: Callable[[Document], Document], label: dict[str, Any]) -> Saved: ...
    def undo(self, game_id: str, seen_version: int) -> Saved: ...
    def undoable(self, game_id: str) -> dict[str, Any] | None: ...
    def recent(self, ids: list[str]) -> list[Saved]: ...
    def join_code(self, game_id: str, now: float | None = None) -> str: ...
    def game_for_code(self, code: str, now: float | None = None) -> str: ...
    def create_group(self, name: str, members: list[str]) -> Group: ...
    def group(self, group_id: str) -> Group: ...
    def group_version(self, group_id: str) -> int: ...
    def versions(self, table: str, ids: Sequence[str]) -> dict[str, int]: ...
    def add_member(self, group_id: str, name: str) -> Group: ...
    def add_to_group(self, group_id: str, game_id: str) -> Group: ...
    def group_of(self, game_id: str) -> str | None: ...
    def group_games(self, group_id: str, game: str | None = None, player: str | None = None,
                    limit: int | None = None) -> list[Played]: ...
    def group_tally(self, group_id: str, game: str | None = None, player: str | None = None) -> Tally: ...
    def group_game(self, group_id: str, game_id: str) -> Played: ...
    def import_games(self, group_id: str, records: Sequence[Document], label: dict[str, Any]) -> Imported: ...


def open_store(where: str, gate: Gate = check_record) -> Store:
    """The store `where` names: a PostgreSQL server by its `postgresql://` URL, else the SQLite file at
    that path. (psycopg is imported only for a server, so the embedded store needs no database driver.)"""
    if where.startswith(("postgresql://", "postgres://")):
        from schichtbuch.pgstore import PostgresStore

        return PostgresStore(where, gate)
    return SQLiteStore(where, gate)


def new_id() -> str:
    return secrets.token_urlsafe(ID_BYTES)


def fingerprint(doc: Document) -> str:
    """The SHA-256 of the document's canonical JSON (keys sorted, no spaces): equal for equal documents,
    however their keys were ordered, so that an import can tell a game the group already holds."""
    canonical = json.dumps(doc, sort_keys=True, separators=(",", ":"), ensure_ascii=False)
    return hashlib.sha256(canonical.encode("utf-8")).hexdigest()


def is_id(text: str) -> bool:
    """Whether `text` has the shape of a game id (checked before any look-up)."""
    return re.fullmatch(r"[A-Za-z0-9_-]{22}", text) is not None


class Database(Protocol):
    """A connection inside one transaction, with SQL written with `?` placeholders."""

    def execute(self, sql: str, params: Sequence[Any] = ()) -> Any: ...


class SQLStore:
    """The store's logic in the SQL both databases speak; a backend says how to open a transaction.

    A write transaction reads the game with `lock=True`, which keeps every other writer of that game
    waiting until the transaction ends (`_lock_row`)."""

    def __init__(self, gate: Gate) -> None:
        self._gate = gate

    def _writing(self) -> AbstractContextManager[Database]:
        raise NotImplementedError

    def _reading(self) -> AbstractContextManager[Database]:
        raise NotImplementedError

    def create(self, doc: Document, label: dict[str, Any], group: str | None = None) -> Saved:
        """Store a new game; with `group`, inside that group (its players become members), in the same
        transaction, so an unknown group stores nothing."""
        with self._writing() as db:
            return self._insert(db, doc, label, group)

    def _insert(self, db: Database, doc: Document, label: dict[str, Any], group: str | None) -> Saved:
        """A new game inside the caller's transaction, through the gate."""
        saved = Saved(new_id(), doc, 1, label, time.time())
        result = self._gate(doc)
        db.execute("INSERT INTO games VALUES (?, ?, 1, ?)", (saved.id, json.dumps(doc), saved.updated))
        db.execute("INSERT INTO changes VALUES (?, 1, NULL, ?)", (saved.id, json.dumps(label)))
        if group is not None:
            self._join_group(db, group, saved, result)
        return saved

    def load(self, game_id: str) -> Saved:
        with self._reading() as db:
            return self._read(db, game_id)

    def version(self, game_id: str) -> int:
        """The game's version, one indexed read."""
        return self._version("games", game_id, UnknownGame)

    def change(self, game_id: str, edit: Callable[[Document], Document], label: dict[str, Any]) -> Saved:
        """Apply `edit` to the newest document in one transaction; an exception from `edit` or the gate
        changes nothing."""
        with self._writing() as db:
            now = self._read(db, game_id, lock=True)
            return self._write(db, now, edit(now.doc), label)

    def undo(self, game_id: str, seen_version: int) -> Saved:
        """Go back to the document before the last change still in effect, if the phone saw the newest
        version. An undo's label records which version it restored (`to`), so undos walk back in turn."""
        with self._writing() as db:
            now = self._read(db, game_id, lock=True)
            if now.version != seen_version:
                raise Conflict(game_id)
            effective = now.label.get("to", now.version)
            ways = self._ways_back(db, game_id, effective)
            if ways is None:
                raise NothingToUndo(game_id)
            before = db.execute("SELECT label FROM changes WHERE game = ? AND version = ?",
                                (game_id, effective - 1)).fetchone()
            to = json.loads(before[0]).get("to", effective - 1)
            return self._write(db, now, revisions.go_back(now.doc, ways), {"key": "change.undo", "to": to})

    def undoable(self, game_id: str) -> dict[str, Any] | None:
        """The label of the change `undo` would take back (the last one still in effect), or None."""
        with self._reading() as db:
            now = self._read(db, game_id)
            effective = now.label.get("to", now.version)
            row = db.execute("SELECT label FROM changes WHERE game = ? AND version = ? AND back IS NOT NULL",
                             (game_id, effective)).fetchone()
        return None if row is None else dict(json.loads(row[0]))

    def recent(self, ids: list[str]) -> list[Saved]:
        """The games among `ids` that exist, newest change first."""
        with self._reading() as db:
            found = [self._read(db, i) for i in ids if db.execute("SELECT 1 FROM games WHERE id = ?", (i,)).fetchone()]
        return sorted(found, key=lambda s: -s.updated)

    def join_code(self, game_id: str, now: float | None = None) -> str:
        """The game's short join code, as a phone shows it: the code the game has while that is live
        (live again for `CODE_TTL_SECONDS` from now, as it was just shown), else a new one; the expired
        codes of all games are dropped then, so that the table only holds codes that still count."""
        now = time.time() if now is None else now
        with self._writing() as db:
            changed = self._read(db, game_id, lock=True).updated
            row = db.execute("SELECT code, shown FROM join_codes WHERE game = ?", (game_id,)).fetchone()
            if row is not None and codes.is_live(changed, float(row[1]), now):
                db.execute("UPDATE join_codes SET shown = ? WHERE game = ?", (now, game_id))
                return str(row[0])
            expired = now - codes.CODE_TTL_SECONDS
            db.execute("DELETE FROM join_codes WHERE game = ? OR (shown <= ? AND (SELECT updated FROM games"
                       " WHERE id = join_codes.game) <= ?)", (game_id, expired, expired))
            return self._issue_code(db, game_id, now)

    def game_for_code(self, code: str, now: float | None = None) -> str:
        """The id of the game a live code names; `UnknownGame` for a code that is wrong or expired."""
        now = time.time() if now is None else now
        with self._reading() as db:
            row = db.execute("SELECT j.game, j.shown, g.updated FROM join_codes j JOIN games g"
                             " ON g.id = j.game WHERE j.code = ?", (code,)).fetchone()
        if row is None or not codes.is_live(float(row[2]), float(row[1]), now):
            raise UnknownGame(code)
        return str(row[0])

    @staticmethod
    def _issue_code(db: Database, game_id: str, now: float) -> str:
        """A fresh code for the game; a draw that another game holds (one in 3.8·10⁷ with a thousand live
        codes) is drawn again."""
        while True:
            code = codes.new_code(_SYSTEM_RANDOM)
            if db.execute("INSERT INTO join_codes VALUES (?, ?, ?) ON CONFLICT DO NOTHING",
                          (code, game_id, now)).rowcount == 1:
                return code

    def _lock_row(self, db: Database, table: str, row_id: str) -> None:
        """Keep other writers of this game or group waiting until this transaction ends. SQLite's write
        transaction already holds the whole file; a server database locks the row. A transaction that
        needs both locks the game first, so that two never wait for each other."""

    def _read(self, db: Database, game_id: str, lock: bool = False) -> Saved:
        if lock:
            self._lock_row(db, "games", game_id)
        row = db.execute(
            "SELECT g.doc, g.version, r.label, g.updated FROM games g JOIN changes r"
            " ON r.game = g.id AND r.version = g.version WHERE g.id = ?", (game_id,),
        ).fetchone()
        if row is None:
            raise UnknownGame(game_id)
        return Saved(game_id, json.loads(row[0]), int(row[1]), json.loads(row[2]), float(row[3]))

    def _write(self, db: Database, now: Saved, doc: Document, label: dict[str, Any]) -> Saved:
        result = self._gate(doc)
        moment = time.time()
        if isinstance(result, Result) and result.final and "ended" not in doc:
            doc = {**doc, "ended": int(moment)}
            result = self._gate(doc)
        saved = Saved(now.id, doc, now.version + 1, label, moment)
        db.execute("UPDATE games SET doc = ?, version = ?, updated = ? WHERE id = ?",
                   (json.dumps(doc), saved.version, saved.updated, saved.id))
        db.execute("INSERT INTO changes VALUES (?, ?, ?, ?)",
                   (saved.id, saved.version, revisions.way_back(doc, now.doc), json.dumps(label)))
        group = db.execute("SELECT grp FROM group_games WHERE game = ?", (saved.id,)).fetchone()
        if group is not None:
            summary = self._summary(saved.doc, result)
            db.execute("UPDATE group_games SET summary = ?, final = ?, fingerprint = ? WHERE game = ?",
                       (json.dumps(summary), int(bool(summary["final"])), fingerprint(saved.doc), saved.id))
            db.execute("UPDATE groups SET version = version + 1 WHERE id = ?", (group[0],))
        return saved

    # --- groups ------------------------------------------------------------------------------------------

    def create_group(self, name: str, members: list[str]) -> Group:
        """A new group with its own unguessable id. A name or member name that does not read is a
        RecordError (`name`, `members.<i>`), a member named twice `MemberTwice`; nothing is stored then."""
        name = text(name, "name", GROUP_NAME_CHARS)
        names = [text(m, f"members.{i}", NAME_CHARS) for i, m in enumerate(members)]
        for i, member in enumerate(names):
            if member in names[:i]:
                raise MemberTwice(member)
        group_id = new_id()
        with self._writing() as db:
            db.execute("INSERT INTO groups VALUES (?, ?, 1, ?)", (group_id, name, time.time()))
            for position, member in enumerate(names):
                db.execute("INSERT INTO group_members VALUES (?, ?, ?)", (group_id, position, member))
            return self._group(db, group_id)

    def group(self, group_id: str) -> Group:
        with self._reading() as db:
            return self._group(db, group_id)

    def group_version(self, group_id: str) -> int:
        """The group's version, one indexed read."""
        return self._version("groups", group_id, UnknownGroup)

    def versions(self, table: str, ids: Sequence[str]) -> dict[str, int]:
        """The versions of the games or groups (`table`: "games" or "groups") with these ids, for the
        live refresh (live.py); ids with no row are left out. One indexed read per `VERSIONS_AT_ONCE` ids."""
        if table not in ("games", "groups"):
            raise ValueError(f"versions of {table!r}")
        found: dict[str, int] = {}
        with self._reading() as db:
            for start in range(0, len(ids), VERSIONS_AT_ONCE):
                chunk = ids[start:start + VERSIONS_AT_ONCE]
                marks = ", ".join("?" * len(chunk))
                found |= dict(db.execute(f"SELECT id, version FROM {table} WHERE id IN ({marks})", tuple(chunk)))
        return found

    def _version(self, table: str, row_id: str, unknown: type[LookupError]) -> int:
        """The version of a game or group (`table`), `unknown` if there is none with that id."""
        with self._reading() as db:
            row = db.execute(f"SELECT version FROM {table} WHERE id = ?", (row_id,)).fetchone()
        if row is None:
            raise unknown(row_id)
        return int(row[0])

    def add_member(self, group_id: str, name: str) -> Group:
        """Add a member at the end; `MemberTwice` if the group already has that name."""
        name = text(name, "members", NAME_CHARS)
        with self._writing() as db:
            self._lock_row(db, "groups", group_id)
            self._group(db, group_id)
            if db.execute("SELECT 1 FROM group_members WHERE grp = ? AND name = ?", (group_id, name)).fetchone():
                raise MemberTwice(name)
            self._add_members(db, group_id, [name])
            db.execute("UPDATE groups SET version = version + 1 WHERE id = ?", (group_id,))
            return self._group(db, group_id)

    def add_to_group(self, group_id: str, game_id: str) -> Group:
        """Add a game started outside the group (its players become members); adding it again changes
        nothing, a game of another group is `OtherGroup`."""
        with self._writing() as db:
            saved = self._read(db, game_id, lock=True)
            self._join_group(db, group_id, saved, self._gate(saved.doc))
            return self._group(db, group_id)

    def group_of(self, game_id: str) -> str | None:
        """The id of the group the game belongs to, or None."""
        with self._reading() as db:
            row = db.execute("SELECT grp FROM group_games WHERE game = ?", (game_id,)).fetchone()
        return None if row is None else str(row[0])

    def group_games(self, group_id: str, game: str | None = None, player: str | None = None,
                    limit: int | None = None) -> list[Played]:
        """The group's games, newest first (the `limit` newest, if given), optionally only of one game
        (`kind`) and with one player, read from the summary rows through the indexes on (group, date),
        (group, game, date) and (group, player); `UnknownGroup` for an unknown id."""
        query, args = self._filtered("g.game, g.played, g.summary", group_id, game, player)
        query += " ORDER BY g.played DESC, g.game"
        if limit is not None:
            query += " LIMIT ?"
            args.append(limit)
        with self._reading() as db:
            self._group(db, group_id)
            rows = db.execute(query, args).fetchall()
        return [Played(str(r[0]), float(r[1]), json.loads(r[2])) for r in rows]

    def group_tally(self, group_id: str, game: str | None = None, player: str | None = None) -> Tally:
        """How many games `group_games` would list with these filters, and how many of them are finished,
        counted by the database (no summary is read)."""
        query, args = self._filtered("COUNT(*), COALESCE(SUM(g.final), 0)", group_id, game, player)
        with self._reading() as db:
            self._group(db, group_id)
            row = db.execute(query, args).fetchone()
        return Tally(int(row[0]), int(row[1]))

    def group_game(self, group_id: str, game_id: str) -> Played:
        """One game of the group's history; `UnknownGame` if the group has no such game."""
        with self._reading() as db:
            self._group(db, group_id)
            row = db.execute("SELECT game, played, summary FROM group_games WHERE game = ? AND grp = ?",
                             (game_id, group_id)).fetchone()
        if row is None:
            raise UnknownGame(game_id)
        return Played(str(row[0]), float(row[1]), json.loads(row[2]))

    def import_games(self, group_id: str, records: Sequence[Document], label: dict[str, Any]) -> Imported:
        """Add the records to the group as new games in one write transaction, each through the gate; a
        record the group already holds exactly (the same `fingerprint`, also one earlier in `records`) is
        left out. A record the gate refuses is a RecordError naming it (`games.<i>.<field>`), an unknown
        group `UnknownGroup`; nothing is stored then."""
        added = 0
        with self._writing() as db:
            self._lock_row(db, "groups", group_id)
            self._group(db, group_id)
            for i, record in enumerate(records):
                if db.execute("SELECT 1 FROM group_games WHERE grp = ? AND fingerprint = ?",
                              (group_id, fingerprint(record))).fetchone():
                    continue
                try:
                    self._insert(db, record, label, group_id)
                except RecordError as error:
                    raise RecordError(f"games.{i}.{error.field}", error.code, **error.params) from None
                added += 1
        return Imported(added, len(records) - added)

    @staticmethod
    def _filtered(columns: str, group_id: str, game: str | None, player: str | None) -> tuple[str, list[Any]]:
        """The query of a group's summary rows with the history's filters, and its arguments."""
        query = f"SELECT {columns} FROM group_games g"
        where, args = ["g.grp = ?"], [group_id]
        if player is not None:
            query += " JOIN group_seats s ON s.game = g.game AND s.grp = g.grp AND s.player = ?"
            args.insert(0, player)
        if game is not None:
            where.append("g.kind = ?")
            args.append(game)
        return f"{query} WHERE {' AND '.join(where)}", args

    def _group(self, db: Database, group_id: str) -> Group:
        row = db.execute("SELECT name, version FROM groups WHERE id = ?", (group_id,)).fetchone()
        if row is None:
            raise UnknownGroup(group_id)
        members = db.execute("SELECT name FROM group_members WHERE grp = ? ORDER BY position", (group_id,)).fetchall()
        return Group(group_id, str(row[0]), tuple(str(m[0]) for m in members), int(row[1]))

    def _join_group(self, db: Database, group_id: str, saved: Saved, result: object) -> None:
        """Put a game into a group inside the caller's transaction: its summary row, its seats, its
        players as members, and one more version of the group."""
        self._lock_row(db, "groups", group_id)
        self._group(db, group_id)
        held = db.execute("SELECT grp FROM group_games WHERE game = ?", (saved.id,)).fetchone()
        if held is not None:
            if held[0] != group_id:
                raise OtherGroup(saved.id)
            return
        started = saved.doc.get("started")
        played = float(started) if isinstance(started, int) and not isinstance(started, bool) else saved.updated
        players = [str(p) for p in saved.doc["players"]]
        summary = self._summary(saved.doc, result)
        db.execute("INSERT INTO group_games VALUES (?, ?, ?, ?, ?, ?, ?)",
                   (saved.id, group_id, str(saved.doc["game"]), played, json.dumps(summary), int(bool(summary["final"])),
                    fingerprint(saved.doc)))
        for player in players:
            db.execute("INSERT INTO group_seats VALUES (?, ?, ?)", (saved.id, group_id, player))
        self._add_members(db, group_id, players)
        db.execute("UPDATE groups SET version = version + 1 WHERE id = ?", (group_id,))

    @staticmethod
    def _add_members(db: Database, group_id: str, names: list[str]) -> None:
        """Append the names the group does not have yet, in order."""
        last = db.execute("SELECT COALESCE(MAX(position), -1) FROM group_members WHERE grp = ?", (group_id,)).fetchone()[0]
        for name in names:
            if not db.execute("SELECT 1 FROM group_members WHERE grp = ? AND name = ?", (group_id, name)).fetchone():
                last += 1
                db.execute("INSERT INTO group_members VALUES (?, ?, ?)", (group_id, last, name))

    @staticmethod
    def _summary(doc: Document, result: object) -> dict[str, Any]:
        """The history row of a game: from the gate's scoring when it gave one, else scored here."""
        return summary_of(doc, result if isinstance(result, Result) else None)

    @staticmethod
    def _ways_back(db: Database, game_id: str, to_before: int) -> list[str] | None:
        """The ways back from the newest revision down to revision `to_before - 1`, newest first; None if
        one of them was never kept (revisions from before the store kept any)."""
        rows = db.execute("SELECT back FROM changes WHERE game = ? AND version >= ? ORDER BY version DESC",
                          (game_id, to_before)).fetchall()
        ways = [row[0] for row in rows]
        return ways if ways and None not in ways else None


class SQLiteStore(SQLStore):
    """The embedded store. One connection per store object for its writes, guarded by a lock for the
    server's threads; SQLite's own file lock keeps several server processes apart. A write transaction
    locks the whole file (`BEGIN IMMEDIATE`). Reads (the live refresh's among them) go through read
    connections of their own, one per thread at a time, so they never wait for the lock: with write-ahead
    logging a reader sees the last committed change and waits for no writer. An in-memory store has no
    second connection to its data and reads under the lock."""

    def __init__(self, path: str, gate: Gate = check_record) -> None:
        super().__init__(gate)
        self._path = path
        self._db = sqlite3.connect(path, check_same_thread=False, isolation_level=None, timeout=10)
        self._lock = threading.Lock()
        self._readers: queue.SimpleQueue[sqlite3.Connection] = queue.SimpleQueue()
        with self._lock:
            _use_wal(self._db, path)
            migrate(self._db)

    def _writing(self) -> AbstractContextManager[Database]:
        return self._transaction("BEGIN IMMEDIATE")

    def _reading(self) -> AbstractContextManager[Database]:
        """A read transaction: one snapshot of the file, on a read connection of its own."""
        return self._transaction("BEGIN") if self._path == ":memory:" else self._read_only()

    @contextmanager
    def _transaction(self, begin: str) -> Iterator[Database]:
        with self._lock:
            self._db.execute(begin)
            try:
                yield self._db
            except BaseException:
                self._db.execute("ROLLBACK")
                raise
            self._db.execute("COMMIT")

    @contextmanager
    def _read_only(self) -> Iterator[Database]:
        """A read transaction on a free read connection from the pool, else a new one (as many as threads
        read at once)."""
        try:
            db = self._readers.get_nowait()
        except queue.Empty:
            db = sqlite3.connect(self._path, check_same_thread=False, isolation_level=None, timeout=10)
        try:
            db.execute("BEGIN")
            try:
                yield db
            finally:
                db.execute("ROLLBACK")
        finally:
            self._readers.put(db)


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
        for number, (_, step) in enumerate(MIGRATIONS[done:], start=done + 1):
            if callable(step):
                step(db)
            else:
                for statement in step.split(";"):
                    db.execute(statement)
            db.execute(f"PRAGMA user_version = {number}")
    except BaseException:
        db.execute("ROLLBACK")
        raise
    db.execute("COMMIT")
