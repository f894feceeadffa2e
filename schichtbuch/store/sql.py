"""The store's logic in the SQL both backends speak (SQLite and PostgreSQL): games as versioned JSON
documents with the way back to each earlier revision (`revisions.py`), undo, join codes, read-only links
and the versions the live refresh reads; a group's queries are in groups.py. Every change is one
read-modify-write transaction through the gate: the game's reader reads and scores each document before it is written, and a document
that does not read is refused with its RecordError and nothing is stored."""

from __future__ import annotations

import json
import random
import time
from collections.abc import Callable, Iterator, Sequence
from contextlib import AbstractContextManager, contextmanager
from typing import Any

from schichtbuch.store import codes, revisions
from schichtbuch.store.groups import GroupQueries
from schichtbuch.store.parsed import Kept, Parsed
from schichtbuch.store.types import (
    Conflict, Database, Document, Gate, NothingToUndo, Saved, Unavailable, UnknownGame, new_id,
)

VERSIONS_AT_ONCE = 500
"""Ids per query of `versions`, well below SQLite's limit of bound parameters."""
_SYSTEM_RANDOM = random.SystemRandom()
"""Join codes drawn from the operating system's randomness (as `secrets` does)."""
CLOCK_CHANGES = frozenset({"change.clock_pause", "change.clock_resume"})
"""The labels of the table clock's changes (`schichtbuch/shell/clock.py`), which set only its breaks
(`CLOCK_FIELD`): pausing and resuming has its own button, so they are no undo steps."""
CLOCK_FIELD = "pauses"
NEXT_CHANGE = "change.next_game"
"""The label of the change that names the game started after this one (`create_next`), which sets only
`NEXT_FIELD`: no undo step either, so that no undo lets a second rematch be started."""
NEXT_FIELD = "next_game"
NOT_UNDONE = {**dict.fromkeys(CLOCK_CHANGES, CLOCK_FIELD), NEXT_CHANGE: NEXT_FIELD}
"""The changes that are no undo steps, each with the one field it sets, which an undo keeps as it is."""


@contextmanager
def unavailable_on(errors: type[Exception] | tuple[type[Exception], ...]) -> Iterator[None]:
    """The database driver's `errors` (a connection lost, a server down, a file locked or unreadable)
    raised as the store's `Unavailable`, the driver's error its cause; the app's own errors (a refusal, an
    unknown game) pass as they are."""
    try:
        yield
    except errors as error:
        raise Unavailable(str(error)) from error


class SQLStore(GroupQueries):
    """The store's logic in the SQL both databases speak; a backend says how to open a transaction.

    A write transaction reads the game with `lock=True`, which keeps every other writer of that game
    waiting until the transaction ends (`_lock_row`). Once it is committed, every `wake` subscribed in
    this process is called (`subscribe`)."""

    def __init__(self, gate: Gate) -> None:
        self.gate = gate
        self._wakes: list[Callable[[], None]] = []
        self.parsed = Parsed()

    def subscribe(self, wake: Callable[[], None]) -> None:
        """Call `wake()` after every write committed from now on: this process's own at once, on the
        writing thread; on a server database also the other processes' (postgres.py). `wake` must be
        quick and must not raise."""
        self._wakes.append(wake)

    @contextmanager
    def writing(self) -> Iterator[Database]:
        """A write transaction (`_begin_writing`), the subscribers woken once it is committed."""
        with self._begin_writing() as db:
            yield db
        self._wake_subscribers()

    def _wake_subscribers(self) -> None:
        for wake in self._wakes:
            wake()

    def _begin_writing(self) -> AbstractContextManager[Database]:
        raise NotImplementedError

    def reading(self) -> AbstractContextManager[Database]:
        raise NotImplementedError

    def create(self, doc: Document, label: dict[str, Any], group: str | None = None) -> Saved:
        """Store a new game; with `group`, inside that group (its players become members), in the same
        transaction, so an unknown group stores nothing."""
        with self.writing() as db:
            return self.insert_game(db, doc, label, group)

    def insert_game(self, db: Database, doc: Document, label: dict[str, Any], group: str | None) -> Saved:
        """A new game inside the caller's transaction, through the gate."""
        written = self.gate(None, doc)
        saved = Saved(new_id(), written.doc, 1, label, time.time())
        db.execute("INSERT INTO games VALUES (?, ?, 1, ?)", (saved.id, json.dumps(saved.doc), saved.updated))
        db.execute("INSERT INTO changes VALUES (?, 1, NULL, ?)", (saved.id, json.dumps(label)))
        if group is not None:
            self.join_group(db, group, saved, written.summary)
        return saved

    def create_next(self, game_id: str, start: Callable[[Document], Document], label: dict[str, Any]) -> tuple[str, bool]:
        """The game that follows `game_id` (a rematch), made once however many phones ask at the same
        time: in one transaction that holds the game, the game its `next_game` names if that one exists
        (False: made before), else a new one that `start` makes of its document, in the same group, which
        the game's `next_game` then names (True). Raises what `start` or the gate raise, storing nothing."""
        with self.writing() as db:
            now = self.read_game(db, game_id, lock=True)
            named = now.doc.get(NEXT_FIELD)
            if named is not None and db.execute("SELECT 1 FROM games WHERE id = ?", (named,)).fetchone():
                return str(named), False
            saved = self.insert_game(db, start(now.doc), label, self.group_holding(db, game_id))
            self._write(db, now, {**now.doc, NEXT_FIELD: saved.id}, {"key": NEXT_CHANGE})
            return saved.id, True

    def load(self, game_id: str) -> Saved:
        with self.reading() as db:
            return self.read_game(db, game_id)

    def version(self, game_id: str) -> int:
        """The game's version, one indexed read."""
        return self.row_version("games", game_id, UnknownGame)

    def change(self, game_id: str, edit: Callable[[Document], Document], label: dict[str, Any]) -> Saved:
        """Apply `edit` to the newest document in one transaction; an exception from `edit` or the gate
        changes nothing."""
        with self.writing() as db:
            now = self.read_game(db, game_id, lock=True)
            return self._write(db, now, edit(now.doc), label)

    def undo(self, game_id: str, seen_version: int) -> Saved:
        """Go back to the document before the last change still in effect that is an undo step, if the
        phone saw the newest version. An undo's label records which version it restored (`to`), so undos
        walk back in turn. The table clock's changes are no undo steps (`CLOCK_CHANGES`): undo passes over
        them and keeps the clock as it is now."""
        with self.writing() as db:
            now = self.read_game(db, game_id, lock=True)
            if now.version != seen_version:
                raise Conflict(game_id)
            effective = self._undo_step(db, game_id, now)
            ways = self._ways_back(db, game_id, effective)
            if ways is None:
                raise NothingToUndo(game_id)
            to = self._label(db, game_id, effective - 1).get("to", effective - 1)
            doc = _kept_as_now(revisions.go_back(now.doc, ways), now.doc)
            return self._write(db, now, doc, {"key": "change.undo", "to": to})

    def undoable(self, game_id: str) -> dict[str, Any] | None:
        """The label of the change `undo` would take back (the last one still in effect that is an undo
        step), or None."""
        with self.reading() as db:
            now = self.read_game(db, game_id)
            row = db.execute("SELECT label FROM changes WHERE game = ? AND version = ? AND back IS NOT NULL",
                             (game_id, self._undo_step(db, game_id, now))).fetchone()
        return None if row is None else dict(json.loads(row[0]))

    def _undo_step(self, db: Database, game_id: str, now: Saved) -> int:
        """The version of the last change still in effect that is not the table clock's: from the newest
        (or the one an undo restored, its `to`), down past the clock's changes."""
        version, label = now.version, now.label
        while True:
            if "to" in label:
                version = int(label["to"])
                label = self._label(db, game_id, version)
            if label.get("key") not in NOT_UNDONE:
                return version
            version -= 1
            label = self._label(db, game_id, version)

    @staticmethod
    def _label(db: Database, game_id: str, version: int) -> dict[str, Any]:
        """The label of one revision; empty where none was kept (before the store kept any)."""
        row = db.execute("SELECT label FROM changes WHERE game = ? AND version = ?", (game_id, version)).fetchone()
        return {} if row is None else dict(json.loads(row[0]))

    def recent(self, ids: list[str]) -> list[Saved]:
        """The games among `ids` that exist, newest change first."""
        with self.reading() as db:
            found = [self.read_game(db, i) for i in ids if db.execute("SELECT 1 FROM games WHERE id = ?", (i,)).fetchone()]
        return sorted(found, key=lambda s: -s.updated)

    def join_code(self, game_id: str, now: float | None = None) -> str:
        """The game's short join code, as a phone shows it: the code the game has while that is live
        (live again for `CODE_TTL_SECONDS` from now, as it was just shown), else a new one; the expired
        codes of all games are dropped then, so that the table only holds codes that still count."""
        now = time.time() if now is None else now
        with self.writing() as db:
            changed = self.read_game(db, game_id, lock=True).updated
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
        with self.reading() as db:
            row = db.execute("SELECT j.game, j.shown, g.updated FROM join_codes j JOIN games g"
                             " ON g.id = j.game WHERE j.code = ?", (code,)).fetchone()
        if row is None or not codes.is_live(float(row[2]), float(row[1]), now):
            raise UnknownGame(code)
        return str(row[0])

    def hold_guess(self, now: float | None = None) -> str | None:
        """Count a typed join code against the server's limit before it is looked up, if the limit takes
        one more: fewer than `codes.SERVER_LIMIT.count` counted in the last `codes.SERVER_LIMIT.seconds`
        by every phone of every app process using this store. Its token, or None when the limit is
        reached. Counted and checked in one transaction that keeps other counts waiting, so guesses at
        the same instant are counted one after another; the counts older than the window are dropped."""
        now = time.time() if now is None else now
        with self.writing() as db:
            self._lock_table(db, "wrong_codes")
            db.execute("DELETE FROM wrong_codes WHERE at <= ?", (now - codes.SERVER_LIMIT.seconds,))
            (count,) = db.execute("SELECT COUNT(*) FROM wrong_codes").fetchone()
            if int(count) >= codes.SERVER_LIMIT.count:
                return None
            token = new_id()
            db.execute("INSERT INTO wrong_codes VALUES (?, ?)", (token, now))
            return token

    def release_guess(self, token: str) -> None:
        """A code held by `hold_guess` that named a game: not a wrong one, so its count is taken back."""
        with self.writing() as db:
            db.execute("DELETE FROM wrong_codes WHERE token = ?", (token,))

    def watch_token(self, game_id: str) -> str:
        """The token of the game's read-only link, made the first time it is asked for: it names the game
        for watching only, and nothing leads from it to the game's id, which lets a phone change it."""
        with self.reading() as db:
            row = db.execute("SELECT token FROM watch_tokens WHERE game = ?", (game_id,)).fetchone()
        if row is not None:
            return str(row[0])
        with self.writing() as db:
            self.read_game(db, game_id, lock=True)
            db.execute("INSERT INTO watch_tokens VALUES (?, ?) ON CONFLICT DO NOTHING", (new_id(), game_id))
            return str(db.execute("SELECT token FROM watch_tokens WHERE game = ?", (game_id,)).fetchone()[0])

    def game_for_watch(self, token: str) -> str:
        """The id of the game a read-only token names; `UnknownGame` for any other text."""
        with self.reading() as db:
            row = db.execute("SELECT game FROM watch_tokens WHERE token = ?", (token,)).fetchone()
        if row is None:
            raise UnknownGame(token)
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

    def _lock_table(self, db: Database, table: str) -> None:
        """Keep other writers of this table waiting until this transaction ends (SQLite's write transaction
        already holds the whole file)."""

    def lock_row(self, db: Database, table: str, row_id: str) -> None:
        """Keep other writers of this game or group waiting until this transaction ends. SQLite's write
        transaction already holds the whole file; a server database locks the row. A transaction that
        needs both locks the game first, so that two never wait for each other."""

    def read_game(self, db: Database, game_id: str, lock: bool = False) -> Saved:
        """The game's newest version; its document the one this process keeps parsed where that is the
        version stored (`parsed.py`: the database then sends no text), else read and kept."""
        if lock:
            self.lock_row(db, "games", game_id)
        kept = self.parsed.kept(game_id)
        row = db.execute(
            "SELECT g.version, r.label, g.updated, CASE WHEN g.version = ? AND g.updated = ? THEN NULL ELSE g.doc END"
            " FROM games g JOIN changes r ON r.game = g.id AND r.version = g.version WHERE g.id = ?",
            (kept.version if kept else 0, kept.updated if kept else 0.0, game_id),
        ).fetchone()
        if row is None:
            raise UnknownGame(game_id)
        version, updated = int(row[0]), float(row[2])
        doc = kept.doc if kept and row[3] is None else self.parsed.parse(game_id, version, updated, row[3])
        return Saved(game_id, doc, version, json.loads(row[1]), updated)

    def _write(self, db: Database, now: Saved, doc: Document, label: dict[str, Any]) -> Saved:
        """Replace the game's newest document `now` with what the write path makes of `doc` (the gate:
        read and scored, `ended` stamped where it ends the game), keeping the way back, and its group's
        history row with it."""
        written = self.gate(now.doc, doc)
        saved = Saved(now.id, written.doc, now.version + 1, label, time.time())
        text = json.dumps(saved.doc)
        db.execute("UPDATE games SET doc = ?, version = ?, updated = ? WHERE id = ?",
                   (text, saved.version, saved.updated, saved.id))
        db.execute("INSERT INTO changes VALUES (?, ?, ?, ?)",
                   (saved.id, saved.version, revisions.way_back(saved.doc, now.doc), json.dumps(label)))
        self.game_changed(db, saved, lambda: written.summary)
        self.parsed.keep(saved.id, Kept(saved.version, saved.updated, saved.doc, len(text)))
        return saved

    def versions(self, table: str, ids: Sequence[str]) -> dict[str, int]:
        """The versions of the games or groups (`table`: "games" or "groups") with these ids, for the
        live refresh (live/refresh.py); ids with no row are left out. One indexed read per `VERSIONS_AT_ONCE` ids."""
        if table not in ("games", "groups"):
            raise ValueError(f"versions of {table!r}")
        found: dict[str, int] = {}
        with self.reading() as db:
            for start in range(0, len(ids), VERSIONS_AT_ONCE):
                chunk = ids[start:start + VERSIONS_AT_ONCE]
                marks = ", ".join("?" * len(chunk))
                found |= dict(db.execute(f"SELECT id, version FROM {table} WHERE id IN ({marks})", tuple(chunk)))
        return found

    def row_version(self, table: str, row_id: str, unknown: type[LookupError]) -> int:
        """The version of a game or group (`table`), `unknown` if there is none with that id."""
        with self.reading() as db:
            row = db.execute(f"SELECT version FROM {table} WHERE id = ?", (row_id,)).fetchone()
        if row is None:
            raise unknown(row_id)
        return int(row[0])

    @staticmethod
    def _ways_back(db: Database, game_id: str, to_before: int) -> list[str] | None:
        """The ways back from the newest revision down to revision `to_before - 1`, newest first; None if
        one of them was never kept (revisions from before the store kept any)."""
        rows = db.execute("SELECT back FROM changes WHERE game = ? AND version >= ? ORDER BY version DESC",
                          (game_id, to_before)).fetchall()
        ways = [row[0] for row in rows]
        return ways if ways and None not in ways else None


def _kept_as_now(doc: Document, now: Document) -> Document:
    """`doc`, an earlier document an undo goes back to, with the fields of the changes that are no undo
    steps (`NOT_UNDONE`: the table clock's pauses, the next game) as they are in `now`."""
    fields = set(NOT_UNDONE.values())
    kept = {k: v for k, v in doc.items() if k not in fields}
    return kept | {k: now[k] for k in fields if k in now}
