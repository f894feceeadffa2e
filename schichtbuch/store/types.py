"""The store's types: a stored game and a group as pages see them, the errors a call can raise, ids,
and the connection a backend lends the shared SQL (`Database`)."""

from __future__ import annotations

import hashlib
import json
import re
import secrets
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any, Protocol

Document = dict[str, Any]


class Written(Protocol):
    """What the write path makes of a document the store is about to write (`Gate`): the document to
    store, and the row a group's history keeps of the game (`scoring.registry.summary`, with its `game`,
    `players`, `started` and `final`), asked for only for a game of a group."""

    @property
    def doc(self) -> Document: ...

    @property
    def summary(self) -> dict[str, Any]: ...


Gate = Callable[[Document | None, Document], Written]
"""The write path's say on a document before it is written (`schichtbuch.store.written.written`), called with the
stored document it replaces (None for a new game, an import, or a game added to a group) and the new one:
what to store, or a RecordError if it does not read."""
ID_BYTES = 16
"""128 random bits per game id (URL-safe base64: 22 characters)."""


class UnknownGame(LookupError):
    """No game has this id (a mistyped or expired link)."""


class NothingToUndo(LookupError):
    """The game has no earlier revision."""


class Conflict(RuntimeError):
    """Another phone changed the game after this phone last looked."""


class Unavailable(RuntimeError):
    """The database could not be reached or used (a server down or restarting, a file locked or
    unreadable): nothing was stored. The driver's error is its cause (`__cause__`), for the server's log."""


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
GROUP_MEMBERS_CHARS = 600
"""The longest list of member names typed at once (24 names of 24 characters)."""


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


def new_id() -> str:
    return secrets.token_urlsafe(ID_BYTES)


KEPT_AFTER = ("note", "photo", "next_game")
"""What a table may add to a game after it is over: not part of what makes it the same game."""


def fingerprint(doc: Document) -> str:
    """The SHA-256 of the document's canonical JSON (keys sorted, no spaces), without its note and photo:
    equal for the same game however its keys were ordered and whatever was added to it after it ended,
    so that an import can tell a game the group already holds."""
    game = {k: v for k, v in doc.items() if k not in KEPT_AFTER}
    canonical = json.dumps(game, sort_keys=True, separators=(",", ":"), ensure_ascii=False)
    return hashlib.sha256(canonical.encode("utf-8")).hexdigest()


def is_id(text: str) -> bool:
    """Whether `text` has the shape of a game id (checked before any look-up)."""
    return re.fullmatch(r"[A-Za-z0-9_-]{22}", text) is not None


class Database(Protocol):
    """A connection inside one transaction, with SQL written with `?` placeholders."""

    def execute(self, sql: str, params: Sequence[Any] = ()) -> Any: ...
