"""Shared pieces of every game record (../rules/records.md): reading a record file, the refusal error,
field readers, the standings every game's scorer returns, and competition ranking.

Optional app fields every game's record may carry, beyond the contract (older records without them still
read):
- `started`: when the game was started, whole seconds since 1970-01-01 UTC (set by the phone that starts
  it, see `with_start`);
- `ended`: when it became final, in the same unit (set by the store on the write that finishes it);
- `setup_ticks`: the setup steps ticked so far; `colours`: a colour per player (registry.PALETTE).
"""

from __future__ import annotations

import copy
import json
import math
import re
import reprlib
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

MAX_BYTES = 1024 * 1024
"""The largest record file read or uploaded: 1 MB, as Streamlit counts `server.maxUploadSize = 1`."""
MAX_COUNT = 999
"""Input limit for counts no component bounds (money, helmets, round points): a typo guard, not a rule."""
MAX_DEPTH = 32
"""The deepest nesting of objects and lists a record may have; a real record needs six."""
MAX_DIGITS = 15
"""The longest whole number a record may hold; no count comes near it."""
NAME_CHARS = 24
"""The longest player name (the home page's field)."""
SHOWN_CHARS = 40
"""A value in a refusal is cut to this many characters, a field path to twice as many."""
UNPRINTABLE = re.compile("[\x00-\x1f\x7f-\x9f\ud800-\udfff]")
"""Control characters and lone surrogates: no text of a record may hold them."""


PROBLEMS = {
    "not_object": "must be an object",
    "not_list": "must be a list",
    "not_whole": "must be a whole number, not {value}",
    "negative": "must not be negative ({value})",
    "too_big": "must be at most {limit} ({value})",
    "empty_name": "must be a non-empty text",
    "untrimmed": "must not start or end with a space ({value})",
    "too_long": "is longer than {limit} characters",
    "unprintable": "holds a control character or a broken character ({value})",
    "too_deep": "is nested deeper than {limit} levels",
    "number_too_long": "has a number longer than {limit} digits",
    "not_finite": "must be a finite number, not {value}",
    "not_json_value": "is not a JSON value ({value})",
    "not_utf8": "is not UTF-8 text",
    "names_twice": "names must be unique",
    "player_count": "{count} players; this game takes {low}–{high}",
    "not_player": "{value} is not a player of this game",
    "missing": "is missing",
    "unknown_game": "unknown game {value}; known: {known}",
    "unknown_colour": "unknown colour {value}",
    "unknown_transport": "unknown transport {value}",
    "unknown_coal": "unknown coal colour in {value}",
    "no_card": "no {transport} card prints {coal}",
    "too_many_shifts": "{count} shifts; the game has {limit}",
    "all_scored": "all shifts are scored",
    "carts_required": "is required once shift III is scored",
    "carts_too_early": "are entered while shift III is played",
    "end_too_early": "the game ends after shift III is scored",
    "not_level": "is not a mine level",
    "unknown_field": "{value} is not a field that can be entered",
    "delivered_twice": "the {transport} card {coal} is delivered twice; each card exists once",
    "more_cards_than_box": "{count} order cards delivered or unfinished; the box has {limit}",
    "more_tiles_than_box": "{count} tunnel tiles of this side in all pits; the box has {limit}",
    "already_removed": "was already removed on another phone",
    "shift_not_begun": "shift {shift} has not begun",
    "shift_closed": "shift {shift} is already scored (another phone closed it)",
    "changed_elsewhere": "was changed on another phone; check the new values",
    "rolled_elsewhere": "another phone rolled the die first; its roll stands",
    "too_many_rounds": "{count} rounds; the game has {limit}",
    "unknown_track": "unknown track {value}",
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
    "more_coal_than_box": "the players' coal adds up to {count}; the box has {limit} cubes",
    "supply_over_box": "the supply and the players' coal add up to {count}; the box has {limit} cubes",
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
        self.field, self.code = one_line(field, 2 * SHOWN_CHARS), code
        self.params = {name: shown(value) for name, value in params.items()}
        super().__init__(f"{self.field}: {PROBLEMS[code].format(**self.params)}")


_REPR = reprlib.Repr()
_REPR.maxlevel, _REPR.maxlist, _REPR.maxdict, _REPR.maxstring, _REPR.maxother = 2, 4, 4, SHOWN_CHARS, SHOWN_CHARS


def shown(value: Any) -> Any:
    """A value as a refusal shows it, on one line and short: a whole number as it is, anything else as
    text, escaped where it is not printable and cut to SHOWN_CHARS (a value nested deeply is abridged,
    a number too long to print is an ellipsis)."""
    if isinstance(value, int) and abs(value) < 10**MAX_DIGITS:
        return value
    try:
        text = value if isinstance(value, str) else _REPR.repr(value)
    except ValueError:
        text = "…"
    return one_line(text, SHOWN_CHARS)


def one_line(text: str, limit: int) -> str:
    """`text` with every character that is not printable escaped (`\\n`, `\\ud800`), cut to `limit`."""
    escaped = "".join(c if c.isprintable() else c.encode("unicode_escape").decode("ascii") for c in text)
    return escaped if len(escaped) <= limit else escaped[: limit - 1] + "…"


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


STEP_CHARS = 40
"""The longest id of a setup step (the app's own ids are short words)."""


def setup_ticks(record: Mapping[str, Any]) -> tuple[str, ...]:
    """The setup steps ticked so far (an app field every game's record may carry)."""
    ticks = sequence(record.get("setup_ticks", []), "setup_ticks")
    return tuple(text(step, f"setup_ticks.{i}", STEP_CHARS) for i, step in enumerate(ticks))


def tick(data: Mapping[str, Any], step: str, done: bool) -> dict[str, Any]:
    """Tick or untick one setup step (the app field `setup_ticks`, the same for every game); ticks of
    other phones are kept."""
    text(step, "setup_ticks", STEP_CHARS)
    if not isinstance(done, bool):
        raise RecordError("setup_ticks", "not_bool")
    new = copy.deepcopy(dict(data))
    ticks = [s for s in new.get("setup_ticks", []) if s != step]
    new["setup_ticks"] = ticks + [step] if done else ticks
    return new


LAST_SECOND = 253402300799
"""9999-12-31 23:59:59 UTC: the latest `started` or `ended` a record may hold (a typo guard)."""


def times(record: Mapping[str, Any]) -> tuple[int | None, int | None]:
    """The record's optional `started` and `ended` times (whole seconds since 1970 UTC), None where absent."""
    return tuple(None if record.get(f) is None else count(record[f], f, LAST_SECOND)  # type: ignore[return-value]
                 for f in ("started", "ended"))


def with_start(record: Mapping[str, Any], seconds: float) -> dict[str, Any]:
    """The record of a game about to start, stamped with its start time (the caller reads the clock)."""
    return {**record, "started": count(int(seconds), "started", LAST_SECOND)}


def duration_minutes(record: Mapping[str, Any]) -> int | None:
    """Whole minutes from `started` to `ended`, rounded; None unless both are known and in order."""
    started, ended = times(record)
    if started is None or ended is None or ended < started:
        return None
    return round((ended - started) / 60)


def parse(data: bytes) -> object:
    """Parse uploaded or read bytes as a record: at most 1 MB of UTF-8 JSON, and clean (see `clean`).
    Every refusal is one line."""
    if len(data) > MAX_BYTES:
        raise RecordError("file", "too_large")
    try:
        source = data.decode("utf-8")
    except UnicodeDecodeError:
        raise RecordError("file", "not_utf8") from None
    try:
        value = json.loads(source, parse_int=_whole, parse_float=_finite, parse_constant=_no_constant)
    except json.JSONDecodeError as error:
        raise RecordError("file", "not_json", reason=f"{error.msg}, line {error.lineno} column {error.colno}") from None
    except RecursionError:
        raise RecordError("file", "too_deep", limit=MAX_DEPTH) from None
    clean(value)
    return value


def clean(value: Any, where: str = "", depth: int = 0) -> None:
    """Refuse what JSON can carry but no record needs, so that every stored document can be shown and
    changed: nesting deeper than MAX_DEPTH, whole numbers longer than MAX_DIGITS, NaN and infinite
    numbers, control characters and lone surrogates in any text or key, and values JSON has no form for."""
    here = where or "record"
    if depth > MAX_DEPTH:
        raise RecordError(here, "too_deep", limit=MAX_DEPTH)
    if isinstance(value, dict):
        for key, item in value.items():
            if not isinstance(key, str):
                raise RecordError(here, "not_json_value", value=key)
            path = f"{where}.{key}" if where else key
            _printable(key, path)
            clean(item, path, depth + 1)
    elif isinstance(value, list):
        for i, item in enumerate(value):
            clean(item, f"{here}.{i}", depth + 1)
    elif isinstance(value, str):
        _printable(value, here)
    elif isinstance(value, float) and not isinstance(value, bool):
        if not math.isfinite(value):
            raise RecordError(here, "not_finite", value=value)
    elif isinstance(value, int) and not isinstance(value, bool):
        if abs(value) >= 10**MAX_DIGITS:
            raise RecordError(here, "number_too_long", limit=MAX_DIGITS)
    elif value is not None and not isinstance(value, bool):
        raise RecordError(here, "not_json_value", value=type(value).__name__)


def _printable(value: str, where: str) -> None:
    if UNPRINTABLE.search(value):
        raise RecordError(where, "unprintable", value=value)


def _whole(digits: str) -> int:
    if len(digits.lstrip("-")) > MAX_DIGITS:
        raise RecordError("file", "number_too_long", limit=MAX_DIGITS)
    return int(digits)


def _finite(digits: str) -> float:
    number = float(digits)
    if not math.isfinite(number):
        raise RecordError("file", "not_finite", value=digits)
    return number


def _no_constant(name: str) -> float:
    raise RecordError("file", "not_finite", value=name)
