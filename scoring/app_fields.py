"""The app's optional fields every game's record may carry, beyond the contract (../rules/records.md);
older records without them still read:
- `started`: when the game was started, whole seconds since 1970-01-01 UTC (set by the phone that starts
  it, see `with_start`);
- `ended`: when it became final, in the same unit (set by the store on the write that finishes it);
- `setup_ticks`: the setup steps ticked so far; `colours`: a colour per player (registry.PALETTE)."""

from __future__ import annotations

import copy
from collections.abc import Mapping
from typing import Any

from scoring.errors import RecordError
from scoring.fields import count, sequence, text

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
