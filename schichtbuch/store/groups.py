"""A group's queries (a table that meets regularly: its name, members and the history of its games), for
both backends. The history is one summary row per game (`group_games`: the game, when it was played,
whether it is finished, the standings its scorer gives and the document's fingerprint), written in the
same transaction as the game itself whenever a game of the group is created, changed or undone; the
history page and the statistics read these rows through indexes on (group, date), never by scanning
every game document, and the history counts them in the database and reads only the rows it shows. An
import adds its records in one transaction and leaves out those the group already holds exactly. A group
has its own version, one more whenever a member or one of its games changes, which the live refresh reads."""

from __future__ import annotations

import json
import time
from collections.abc import Callable, Sequence
from contextlib import AbstractContextManager
from typing import Any

from schichtbuch.store.types import (
    GROUP_NAME_CHARS, Database, Document, Gate, Group, Imported, MemberTwice, OtherGroup, Played, Saved, Tally,
    UnknownGame, UnknownGroup, fingerprint, new_id,
)
from scoring.errors import RecordError
from scoring.fields import NAME_CHARS, text


class GroupQueries:
    """The group half of `sql.SQLStore`: what it needs of the store is declared here."""

    gate: Gate

    def writing(self) -> AbstractContextManager[Database]:
        raise NotImplementedError

    def reading(self) -> AbstractContextManager[Database]:
        raise NotImplementedError

    def read_game(self, db: Database, game_id: str, lock: bool = False) -> Saved:
        raise NotImplementedError

    def insert_game(self, db: Database, doc: Document, label: dict[str, Any], group: str | None) -> Saved:
        raise NotImplementedError

    def lock_row(self, db: Database, table: str, row_id: str) -> None:
        raise NotImplementedError

    def row_version(self, table: str, row_id: str, unknown: type[LookupError]) -> int:
        raise NotImplementedError

    def create_group(self, name: str, members: list[str]) -> Group:
        """A new group with its own unguessable id. A name or member name that does not read is a
        RecordError (`name`, `members.<i>`), a member named twice `MemberTwice`; nothing is stored then."""
        name = text(name, "name", GROUP_NAME_CHARS)
        names = [text(m, f"members.{i}", NAME_CHARS) for i, m in enumerate(members)]
        for i, member in enumerate(names):
            if member in names[:i]:
                raise MemberTwice(member)
        group_id = new_id()
        with self.writing() as db:
            db.execute("INSERT INTO groups VALUES (?, ?, 1, ?)", (group_id, name, time.time()))
            for position, member in enumerate(names):
                db.execute("INSERT INTO group_members VALUES (?, ?, ?)", (group_id, position, member))
            return self._group(db, group_id)

    def group(self, group_id: str) -> Group:
        with self.reading() as db:
            return self._group(db, group_id)

    def group_version(self, group_id: str) -> int:
        """The group's version, one indexed read."""
        return self.row_version("groups", group_id, UnknownGroup)

    def add_member(self, group_id: str, name: str) -> Group:
        """Add a member at the end; `MemberTwice` if the group already has that name."""
        name = text(name, "members", NAME_CHARS)
        with self.writing() as db:
            self.lock_row(db, "groups", group_id)
            self._group(db, group_id)
            if db.execute("SELECT 1 FROM group_members WHERE grp = ? AND name = ?", (group_id, name)).fetchone():
                raise MemberTwice(name)
            self._add_members(db, group_id, [name])
            db.execute("UPDATE groups SET version = version + 1 WHERE id = ?", (group_id,))
            return self._group(db, group_id)

    def add_to_group(self, group_id: str, game_id: str) -> Group:
        """Add a game started outside the group (its players become members); adding it again changes
        nothing, a game of another group is `OtherGroup`."""
        with self.writing() as db:
            saved = self.read_game(db, game_id, lock=True)
            self.join_group(db, group_id, saved, self.gate(None, saved.doc).summary)
            return self._group(db, group_id)

    def group_of(self, game_id: str) -> str | None:
        """The id of the group the game belongs to, or None."""
        with self.reading() as db:
            return self.group_holding(db, game_id)

    @staticmethod
    def group_holding(db: Database, game_id: str) -> str | None:
        """`group_of` inside the caller's transaction."""
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
        with self.reading() as db:
            self._group(db, group_id)
            rows = db.execute(query, args).fetchall()
        return [Played(str(r[0]), float(r[1]), json.loads(r[2])) for r in rows]

    def group_tally(self, group_id: str, game: str | None = None, player: str | None = None) -> Tally:
        """How many games `group_games` would list with these filters, and how many of them are finished,
        counted by the database (no summary is read)."""
        query, args = self._filtered("COUNT(*), COALESCE(SUM(g.final), 0)", group_id, game, player)
        with self.reading() as db:
            self._group(db, group_id)
            row = db.execute(query, args).fetchone()
        return Tally(int(row[0]), int(row[1]))

    def group_game(self, group_id: str, game_id: str) -> Played:
        """One game of the group's history; `UnknownGame` if the group has no such game."""
        with self.reading() as db:
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
        with self.writing() as db:
            self.lock_row(db, "groups", group_id)
            self._group(db, group_id)
            for i, record in enumerate(records):
                if db.execute("SELECT 1 FROM group_games WHERE grp = ? AND fingerprint = ?",
                              (group_id, fingerprint(record))).fetchone():
                    continue
                try:
                    self.insert_game(db, record, label, group_id)
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

    def join_group(self, db: Database, group_id: str, saved: Saved, summary: dict[str, Any]) -> None:
        """Put a game into a group inside the caller's transaction: its history row (`summary`, made by
        the write path), its seats, its players as members, and one more version of the group."""
        self.lock_row(db, "groups", group_id)
        self._group(db, group_id)
        held = db.execute("SELECT grp FROM group_games WHERE game = ?", (saved.id,)).fetchone()
        if held is not None:
            if held[0] != group_id:
                raise OtherGroup(saved.id)
            return
        played = saved.updated if summary["started"] is None else float(summary["started"])
        players = [str(p) for p in summary["players"]]
        db.execute("INSERT INTO group_games VALUES (?, ?, ?, ?, ?, ?, ?)",
                   (saved.id, group_id, str(summary["game"]), played, json.dumps(summary), int(bool(summary["final"])),
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
    def game_changed(db: Database, saved: Saved, summary: Callable[[], dict[str, Any]]) -> None:
        """A game just written inside the caller's transaction: if it belongs to a group, its history row
        becomes `summary()` (made by the write path, asked for only then) and the group has one more
        version."""
        group = db.execute("SELECT grp FROM group_games WHERE game = ?", (saved.id,)).fetchone()
        if group is None:
            return
        row = summary()
        db.execute("UPDATE group_games SET summary = ?, final = ?, fingerprint = ? WHERE game = ?",
                   (json.dumps(row), int(bool(row["final"])), fingerprint(saved.doc), saved.id))
        db.execute("UPDATE groups SET version = version + 1 WHERE id = ?", (group[0],))
