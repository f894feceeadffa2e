"""Shared pieces of every game record (../rules/records.md): the refusal error, field readers,
the standings every game's scorer returns, and competition ranking."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

MAX_COUNT = 999
"""Input limit for counts no component bounds (money, cubes, tiles): a typo guard, not a rule."""


class RecordError(ValueError):
    """A record breaks the format or the rules. `field` is the dotted path of the offending value."""

    def __init__(self, field: str, problem: str) -> None:
        super().__init__(f"{field}: {problem}")
        self.field = field
        self.problem = problem


@dataclass(frozen=True)
class Line:
    """One explained entry of a breakdown: `key` names a catalog text, `params` fill it."""

    category: str
    key: str
    points: int
    params: Mapping[str, Any] = field(default_factory=dict)


@dataclass(frozen=True)
class Standing:
    """One player's result: points per category, the lines that explain them, and the final rank."""

    player: str
    breakdown: Mapping[str, int]
    lines: tuple[Line, ...]
    rank: int
    tiebreak: Any = None
    """The value compared after the total (None where the game has none)."""
    decided_by: str | None = None
    """Catalog key of the rule that separated this player from an equal total, if one did."""

    @property
    def total(self) -> int:
        return sum(self.breakdown.values())


@dataclass(frozen=True)
class Result:
    """What a scorer returns: standings best first, whether the game is over, and the
    running totals after each stage (shift or round) for the chart."""

    game: str
    final: bool
    standings: tuple[Standing, ...]
    progress: tuple[Mapping[str, int], ...] = ()

    def to_dict(self) -> dict[str, Any]:
        """The `python -m scoring score` output of records.md."""
        return {
            "game": self.game,
            "final": self.final,
            "standings": [
                {"player": s.player, "total": s.total, "rank": s.rank, "breakdown": dict(s.breakdown)}
                for s in self.standings
            ],
        }


def rank(keys: Mapping[str, Sequence[Any]]) -> dict[str, int]:
    """Competition ranking (1, 1, 3) by each player's key, compared as a tuple, highest first."""
    ordered = sorted(keys.values(), reverse=True)
    return {player: 1 + ordered.index(key) for player, key in keys.items()}


def deciding_rule(keys: Mapping[str, Sequence[Any]], rule_keys: Sequence[str]) -> dict[str, str | None]:
    """For each player, the catalog key of the first tie-breaker that separated them from a player
    with the same total (`rule_keys[i]` names key position i + 1), or None."""
    decided: dict[str, str | None] = {}
    for player, key in keys.items():
        rivals = [k for p, k in keys.items() if p != player and k[0] == key[0]]
        steps = [next(i for i in range(len(key)) if k[i] != key[i]) for k in rivals if k != key]
        decided[player] = rule_keys[max(steps) - 1] if steps else None
    return decided


def mapping(value: Any, where: str) -> Mapping[str, Any]:
    if not isinstance(value, Mapping):
        raise RecordError(where, "must be an object")
    return value


def sequence(value: Any, where: str) -> Sequence[Any]:
    if not isinstance(value, list):
        raise RecordError(where, "must be a list")
    return value


def count(value: Any, where: str, limit: int = MAX_COUNT) -> int:
    """A whole number from 0 to `limit`."""
    if isinstance(value, bool) or not isinstance(value, int):
        raise RecordError(where, f"must be a whole number, not {value!r}")
    if value < 0:
        raise RecordError(where, f"must not be negative ({value})")
    if value > limit:
        raise RecordError(where, f"must be at most {limit} ({value})")
    return value


def players(record: Mapping[str, Any], sizes: range) -> tuple[str, ...]:
    """The record's player names: unique, non-empty, as many as the game allows."""
    names = sequence(record.get("players"), "players")
    if not all(isinstance(n, str) and n.strip() for n in names):
        raise RecordError("players", "every name must be a non-empty text")
    if len(set(names)) != len(names):
        raise RecordError("players", "names must be unique")
    if len(names) not in sizes:
        raise RecordError("players", f"{len(names)} players; this game takes {sizes.start}–{sizes.stop - 1}")
    return tuple(names)


def per_player(value: Any, where: str, names: Sequence[str], read: Callable[[Any, str], Any]) -> dict[str, Any]:
    """A map with exactly one entry per player, each read by `read(value, path)`."""
    entries = mapping(value, where)
    for name in entries:
        if name not in names:
            raise RecordError(f"{where}.{name}", "is not a player of this game")
    for name in names:
        if name not in entries:
            raise RecordError(f"{where}.{name}", "is missing")
    return {name: read(entries[name], f"{where}.{name}") for name in names}


def player(value: Any, where: str, names: Sequence[str]) -> str:
    if value not in names:
        raise RecordError(where, f"{value!r} is not a player of this game")
    return str(value)
