"""Field readers of a record: objects, lists, counts, names, the players and per-player maps, each
refused with the field's path when it does not read (`errors.RecordError`)."""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping, Sequence
from typing import Any

from scoring.errors import RecordError

MAX_COUNT = 999
"""Input limit for counts no component bounds (money, helmets, round points): a typo guard, not a rule."""
NAME_CHARS = 24
"""The longest player name (the home page's field)."""
UNPRINTABLE = re.compile("[\x00-\x1f\x7f-\x9f\ud800-\udfff]")
"""Control characters and lone surrogates: no text of a record may hold them."""


def mapping(value: Any, where: str) -> Mapping[str, Any]:
    if not isinstance(value, Mapping):
        raise RecordError(where, "not_object")
    return value


def sequence(value: Any, where: str) -> Sequence[Any]:
    if not isinstance(value, list):
        raise RecordError(where, "not_list")
    return value


def count(value: Any, where: str, limit: int = MAX_COUNT) -> int:
    """A whole number from 0 to `limit`."""
    if isinstance(value, bool) or not isinstance(value, int):
        raise RecordError(where, "not_whole", value=value)
    if value < 0:
        raise RecordError(where, "negative", value=value)
    if value > limit:
        raise RecordError(where, "too_big", value=value, limit=limit)
    return value


def text(value: Any, where: str, limit: int) -> str:
    """A name: a non-empty text of at most `limit` characters, with no space at either end and no
    control character (names are trimmed where they are typed; a record is read as it is)."""
    if not isinstance(value, str) or not value.strip():
        raise RecordError(where, "empty_name")
    if UNPRINTABLE.search(value):
        raise RecordError(where, "unprintable", value=value)
    if value != value.strip():
        raise RecordError(where, "untrimmed", value=value)
    if len(value) > limit:
        raise RecordError(where, "too_long", limit=limit)
    return value


def players(record: Mapping[str, Any], sizes: range) -> tuple[str, ...]:
    """The record's player names: unique names (see `text`), as many as the game allows."""
    names = [text(n, f"players.{i}", NAME_CHARS) for i, n in enumerate(sequence(record.get("players"), "players"))]
    if len(set(names)) != len(names):
        raise RecordError("players", "names_twice")
    if len(names) not in sizes:
        raise RecordError("players", "player_count", count=len(names), low=sizes.start, high=sizes.stop - 1)
    return tuple(names)


def per_player(value: Any, where: str, names: Sequence[str], read: Callable[[Any, str], Any]) -> dict[str, Any]:
    """A map with exactly one entry per player, each read by `read(value, path)`."""
    entries = mapping(value, where)
    for name in entries:
        if name not in names:
            raise RecordError(f"{where}.{name}", "not_player", value=name)
    for name in names:
        if name not in entries:
            raise RecordError(f"{where}.{name}", "missing")
    return {name: read(entries[name], f"{where}.{name}") for name in names}


def player(value: Any, where: str, names: Sequence[str]) -> str:
    if not isinstance(value, str) or value not in names:
        raise RecordError(where, "not_player", value=value)
    return str(value)


def enter(entries: dict[str, Any], field: str, who: str, values: Mapping[str, int],
          seen: Mapping[str, int] | None, names: Sequence[str]) -> None:
    """Put one player's counts into `entries` (a change's copy). `seen` is what the phone showed
    before: if another phone has changed this player's counts since, the entry is refused rather than
    overwriting theirs."""
    name = player(who, "player", names)
    if entries.get(name) != (None if seen is None else dict(mapping(seen, f"{field}.{name}"))):
        raise RecordError(f"{field}.{name}", "changed_elsewhere")
    entries[name] = dict(mapping(values, f"{field}.{name}"))
