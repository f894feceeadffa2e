"""The game store: games as versioned JSON documents with their revision history (the newest document
whole, and per revision its label and the way back to the revision before), and groups (a table that
meets regularly: a name, its members and the history of its games). Every change is one
read-modify-write transaction, so two phones writing at once both keep their entries, and the change
function sees the newest document, never a stale copy.

`Store` is the interface pages use, `open_store` picks a backend from the setting. One module per job:
types.py (the stored game and group, errors, ids), migrations.py (the schema's named steps, for both
backends), sql.py (the games' logic in the SQL both backends speak) and groups.py (a group's queries and
history), sqlite.py (the embedded default: a file, or `:memory:` as the in-memory twin for tests) and
postgres.py (the server database for many tables), revisions.py (the way back to each earlier revision),
parsed.py (the newest documents kept parsed, so that a version is parsed once per process), codes.py
(short join codes: their alphabet, life and limits) and written.py (the gate); none of them imports this
package's namespace.

The backends store; the game matters of a write are the gate's (written.py, the store's `Gate`, which no
backend imports but as its default): the store hands it each document it is about to write (created,
changed, undone to, imported) inside the write transaction, and stores what it returns: the document read and scored by its game's
reader, a document that does not read refused with its RecordError and nothing stored (the one gate);
`ended` stamped the first time a write makes a game final; and the group's history row of a game of a
group. `started` is set by whoever starts a game (`scoring.app_fields.with_start`), never by an import.
The games half (sql.py) and the groups half (groups.py) call each other's public methods only.

A database that cannot be reached or used (a PostgreSQL server down or restarting, an SQLite file locked or
unreadable) raises `Unavailable` from every call, whatever the backend, and nothing is stored; the write
path says so next to the control tapped."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any, Protocol

from schichtbuch.store.sqlite import SQLiteStore
from schichtbuch.store.types import (
    GROUP_MEMBERS_CHARS, GROUP_NAME_CHARS, ID_BYTES, Conflict, Database, Document, Gate, Group, Imported, MemberTwice, NothingToUndo,
    OtherGroup, Played, Saved, Tally, Unavailable, UnknownGame, UnknownGroup, fingerprint, is_id, new_id,
)
from schichtbuch.store.written import written

__all__ = [
    "GROUP_MEMBERS_CHARS", "GROUP_NAME_CHARS", "ID_BYTES", "Conflict", "Database", "Document", "Gate", "Group", "Imported", "MemberTwice",
    "NothingToUndo", "OtherGroup", "Played", "SQLiteStore", "Saved", "Store", "Tally", "Unavailable", "UnknownGame", "UnknownGroup",
    "fingerprint", "is_id", "new_id", "open_store",
]


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
    def hold_guess(self, now: float | None = None) -> str | None: ...
    def release_guess(self, token: str) -> None: ...
    def watch_token(self, game_id: str) -> str: ...
    def game_for_watch(self, token: str) -> str: ...
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


def open_store(where: str, gate: Gate = written) -> Store:
    """The store `where` names: a PostgreSQL server by its `postgresql://` URL, else the SQLite file at
    that path. (psycopg is imported only for a server, so the embedded store needs no database driver.)"""
    if where.startswith(("postgresql://", "postgres://")):
        from schichtbuch.store.postgres import PostgresStore

        return PostgresStore(where, gate)
    return SQLiteStore(where, gate)
