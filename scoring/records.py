"""Shared pieces of every game record (../rules/records.md): reading a record file, the refusal error,
field readers, the standings every game's scorer returns, and competition ranking."""

from __future__ import annotations

import copy
import json
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

MAX_BYTES = 1_000_000
"""The largest record file read or uploaded."""
MAX_COUNT = 999
"""Input limit for counts no component bounds (money, cubes, tiles): a typo guard, not a rule."""


PROBLEMS = {
    "not_object": "must be an object",
    "not_list": "must be a list",
    "not_whole": "must be a whole number, not {value!r}",
    "negative": "must not be negative ({value})",
    "too_big": "must be at most {limit} ({value})",
    "empty_name": "every name must be a non-empty text",
    "names_twice": "names must be unique",
    "player_count": "{count} players; this game takes {low}–{high}",
    "not_player": "{value!r} is not a player of this game",
    "missing": "is missing",
    "unknown_game": "unknown game {value!r}; known: {known}",
    "unknown_colour": "unknown colour {value!r}",
    "unknown_transport": "unknown transport {value!r}",
    "unknown_coal": "unknown coal colour in {value}",
    "no_card": "no {transport} card prints {coal}",
    "too_many_shifts": "{count} shifts; the game has {limit}",
    "all_scored": "all shifts are scored",
    "carts_required": "is required once shift III is scored",
    "carts_too_early": "are entered while shift III is played",
    "end_too_early": "the game ends after shift III is scored",
    "not_level": "is not a mine level",
    "already_removed": "was already removed on another phone",
    "shift_not_begun": "shift {shift} has not begun",
    "shift_closed": "shift {shift} is already scored (another phone closed it)",
    "changed_elsewhere": "was changed on another phone; check the new values",
    "too_many_rounds": "{count} rounds; the game has {limit}",
    "unknown_track": "unknown track {value!r}",
    "listed_twice": "a player is listed twice",
    "round_entered": "round {round} was already entered on another phone",
    "round_not_reached": "round {round} has not been reached",
    "items_too_early": "are entered after round {rounds}",
    "cannot_read": "cannot read {path}: {reason}",
    "too_large": "is larger than 1 MB",
    "not_json": "is not valid JSON ({reason})",
    "not_bool": "must be true or false",
    "game_over": "the game is over (after round {rounds}, or once a player has reached {target})",
    "game_not_over": "the game goes on until round {rounds} or until a player reaches {target}",
    "more_than_stock": "takes more coal than the player has ({stock})",
    "over_cap": "{value} coal sold; at most {cap} this round",
    "over_stock": "{value} coal sold; the player has {stock}",
    "attack_self": "a player cannot loot themselves",
    "not_die": "must be a die face from 1 to 6 ({value})",
}
"""English texts of the problems a record can have, for the command line; the app shows the catalog's
`problem.<code>` text in the player's language instead."""


class RecordError(ValueError):
    """A record breaks the format or the rules. `field` is the dotted path of the offending value, `code`
    names the problem (a key of PROBLEMS) and `params` fill its text."""

    def __init__(self, field: str, code: str, **params: Any) -> None:
        self.field, self.code, self.params = field, code, params
        super().__init__(f"{field}: {PROBLEMS[code].format(**params)}")


@dataclass(frozen=True)
class Line:
    """One explained entry of a breakdown: `key` names a catalog text, `params` fill it. A param whose
    name ends in `_key` is itself a catalog key, one ending in `_keys` a sequence of them."""

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
    """The value of the tie-breaker that separated this player from an equal total, if one did."""
    decided_by: str | None = None
    """Catalog key of that tie-breaker."""

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
    pending: tuple[str, ...] = ()
    """Players whose end values are still to be entered while others' already count: their end
    categories count nothing yet."""

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


def standings(
    players: Sequence[str], lines: Mapping[str, Sequence[Line]], categories: Sequence[str],
    tiebreak: Mapping[str, Sequence[Any]] | None = None, rule_keys: Sequence[str] = (),
) -> tuple[Standing, ...]:
    """Each player's points per category summed from their lines, ranked by total and then by the
    game's chain of tie-breakers (`tiebreak`, one value per rule of `rule_keys`, each highest first);
    best first, seating order among equals."""
    breakdowns = {p: {c: sum(ln.points for ln in lines[p] if ln.category == c) for c in categories} for p in players}
    keys = {p: (sum(breakdowns[p].values()), *(() if tiebreak is None else tiebreak[p])) for p in players}
    ranks, decided = rank(keys), deciding_rule(keys)
    return tuple(sorted(
        (Standing(p, breakdowns[p], tuple(lines[p]), ranks[p], *_decided(keys[p], decided[p], rule_keys)) for p in players),
        key=lambda s: (s.rank, players.index(s.player)),
    ))


def _decided(key: tuple[Any, ...], position: int | None, rule_keys: Sequence[str]) -> tuple[Any, str | None]:
    """The deciding tie-breaker's value and catalog key, or nothing."""
    return (None, None) if position is None else (key[position], rule_keys[position - 1])


def rank(keys: Mapping[str, tuple[Any, ...]]) -> dict[str, int]:
    """Competition ranking (1, 1, 3) by each player's key, compared as a tuple, highest first."""
    ordered = sorted(keys.values(), reverse=True)
    return {player: 1 + ordered.index(key) for player, key in keys.items()}


def deciding_rule(keys: Mapping[str, tuple[Any, ...]]) -> dict[str, int | None]:
    """For each player, the position in their key of the last tie-breaker needed to separate them
    from every player with the same total (1 is the first tie-breaker), or None."""
    decided: dict[str, int | None] = {}
    for player, key in keys.items():
        rivals = [k for p, k in keys.items() if p != player and k[0] == key[0]]
        steps = [next(i for i in range(len(key)) if k[i] != key[i]) for k in rivals if k != key]
        decided[player] = max(steps) if steps else None
    return decided


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


def players(record: Mapping[str, Any], sizes: range) -> tuple[str, ...]:
    """The record's player names: unique, non-empty, as many as the game allows."""
    names = sequence(record.get("players"), "players")
    if not all(isinstance(n, str) and n.strip() for n in names):
        raise RecordError("players", "empty_name")
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
    if value not in names:
        raise RecordError(where, "not_player", value=value)
    return str(value)


def enter(entries: dict[str, Any], field: str, who: str, values: Mapping[str, int],
          seen: Mapping[str, int] | None, names: Sequence[str]) -> None:
    """Put one player's counts into `entries` (a change's copy). `seen` is what the phone showed
    before: if another phone has changed this player's counts since, the entry is refused rather than
    overwriting theirs."""
    name = player(who, "player", names)
    if entries.get(name) != (dict(seen) if seen is not None else None):
        raise RecordError(f"{field}.{name}", "changed_elsewhere")
    entries[name] = dict(values)


def setup_ticks(record: Mapping[str, Any]) -> tuple[str, ...]:
    """The setup steps ticked so far (an app field every game's record may carry)."""
    ticks = sequence(record.get("setup_ticks", []), "setup_ticks")
    if not all(isinstance(step, str) for step in ticks):
        raise RecordError("setup_ticks", "not_list")
    return tuple(ticks)


def tick(data: Mapping[str, Any], step: str, done: bool) -> dict[str, Any]:
    """Tick or untick one setup step (the app field `setup_ticks`, the same for every game); ticks of
    other phones are kept."""
    new = copy.deepcopy(dict(data))
    ticks = [s for s in new.get("setup_ticks", []) if s != step]
    new["setup_ticks"] = ticks + [step] if done else ticks
    return new


def parse(data: bytes) -> object:
    """Parse uploaded or read bytes as a record, refusing anything over 1 MB or not JSON."""
    if len(data) > MAX_BYTES:
        raise RecordError("file", "too_large")
    try:
        return json.loads(data)
    except (UnicodeDecodeError, json.JSONDecodeError, RecursionError) as error:
        raise RecordError("file", "not_json", reason=str(error) or "nested too deeply") from None
