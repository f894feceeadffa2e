"""The app's optional fields every game's record may carry, beyond the contract (../rules/records.md);
older records without them still read:
- `started`: when the game was started, whole seconds since 1970-01-01 UTC (set by the phone that starts
  it, see `with_start`);
- `ended`: when it became final, in the same unit (set by the write that finishes it: schichtbuch/store/written.py);
- `pauses`: the table clock's breaks, `[from, to]` in the same unit, in order, the last one open
  (`[from, null]`) while the clock is paused; the played time is from `started` to `ended` (or now)
  without them;
- `setup_ticks`: the setup steps ticked so far; `colours`: a colour per player (registry.PALETTE);
- `note`: the table's short note with the game (one line);
- `photo`: a photo of the final board, a JPEG (made by the app: at most 1600 px on its long side) as base64;
- `next_game`: the id of the game started from this one's end page (a rematch, scoring/rematch.py)."""

from __future__ import annotations

import base64
import copy
import hashlib
import math
import re
from collections.abc import Mapping
from typing import Any

from scoring.errors import RecordError
from scoring.fields import count, sequence, text

STEP_CHARS = 40
"""The longest id of a setup step (the app's own ids are short words)."""
NOTE_CHARS = 200
"""The longest note with a game: a line, since no text of a record holds a line break."""
PHOTO_BYTES = 400 * 1024
"""The largest photo a record keeps: the app's JPEG of at most 1600 px is a few hundred KB."""
JPEG_START = b"\xff\xd8\xff"


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


def pauses(record: Mapping[str, Any]) -> tuple[tuple[int, int | None], ...]:
    """The table clock's breaks (`pauses`), checked: each `[from, to]` after the start, the previous
    break and its own start, none after the end, and only the last one still open."""
    breaks = sequence(record.get("pauses", []), "pauses")
    started, ended = times(record)
    if not breaks:
        return ()
    if started is None:
        raise RecordError("started", "missing")
    read: list[tuple[int, int | None]] = []
    last = started
    for i, value in enumerate(breaks):
        where = f"pauses.{i}"
        pair = sequence(value, where)
        if len(pair) != 2:
            raise RecordError(where, "not_pause")
        begin = count(pair[0], f"{where}.0", LAST_SECOND)
        end = None if pair[1] is None and i == len(breaks) - 1 else count(pair[1], f"{where}.1", LAST_SECOND)
        if begin < last or (end is not None and end < begin) or (ended is not None and begin > ended):
            raise RecordError(where, "pause_order")
        read.append((begin, end))
        last = begin if end is None else end
    return tuple(read)


def is_paused(record: Mapping[str, Any]) -> bool:
    """Whether the table clock is paused now: its last break is still open."""
    breaks = pauses(record)
    return bool(breaks) and breaks[-1][1] is None


def end_stamp(record: Mapping[str, Any], now: float) -> int:
    """The `ended` time of a write that makes the game final: `now`, but never before its start or a
    break it records (a server clock that went back, or another server's)."""
    started = times(record)[0]
    moments = [moment for b in pauses(record) for moment in b if moment is not None]
    return max([int(now), *([] if started is None else [started]), *moments])


def played_seconds(record: Mapping[str, Any], now: float) -> int | None:
    """The time played: from `started` to `ended` (`now` while the game goes on) without the breaks; None
    for a record without a start (an imported one)."""
    started, ended = times(record)
    if started is None:
        return None
    stop = ended if ended is not None else int(now)
    breaks = sum(min(stop, stop if end is None else end) - min(stop, begin) for begin, end in pauses(record))
    return max(0, stop - started - breaks)


def set_clock(data: Mapping[str, Any], running: bool, now: float) -> dict[str, Any]:
    """Pause the table clock (`running` False) or start it again, as the phone asked at `now`; a tap that
    asks for the state another phone has already set is refused, and so is one once the game is over."""
    if not isinstance(running, bool):
        raise RecordError("pauses", "not_bool")
    if data.get("started") is None:
        raise RecordError("started", "missing")
    if data.get("ended") is not None:
        raise RecordError("pauses", "clock_stopped")
    if is_paused(data) != running:
        raise RecordError("pauses", "clock_running" if running else "clock_paused")
    breaks = [list(b) for b in pauses(data)]
    tapped = count(int(now) if isinstance(now, float) and math.isfinite(now) else now, "pauses", LAST_SECOND)
    at = max([tapped, data["started"], *(moment for b in breaks for moment in b if moment is not None)])
    if running:
        breaks[-1][1] = at
    else:
        breaks.append([at, None])
    new = {**copy.deepcopy(dict(data)), "pauses": breaks}
    pauses(new)
    return new


def note(record: Mapping[str, Any]) -> str:
    """The table's note with the game (`note`), empty if there is none."""
    value = record.get("note")
    return "" if value is None else text(value, "note", NOTE_CHARS)


def set_note(data: Mapping[str, Any], typed: Any, seen: str) -> dict[str, Any]:
    """Keep the note as typed, trimmed (an empty one removes it); refused if another phone changed the
    note since this phone showed `seen`."""
    if note(data) != seen:
        raise RecordError("note", "changed_elsewhere")
    new = {k: v for k, v in data.items() if k != "note"}
    kept = typed.strip() if isinstance(typed, str) else typed
    if kept != "":
        new["note"] = text(kept, "note", NOTE_CHARS)
    return copy.deepcopy(new)


def photo(record: Mapping[str, Any]) -> bytes | None:
    """The photo of the final board (`photo`), None if there is none: base64 of a JPEG of at most
    PHOTO_BYTES."""
    value = record.get("photo")
    if value is None:
        return None
    try:
        if not isinstance(value, str) or len(value) > 4 * (PHOTO_BYTES + 2) // 3:
            raise ValueError(value)
        jpeg = base64.b64decode(value, validate=True)
    except ValueError:
        raise RecordError("photo", "not_photo", limit=PHOTO_BYTES // 1024) from None
    if not jpeg.startswith(JPEG_START) or len(jpeg) > PHOTO_BYTES:
        raise RecordError("photo", "not_photo", limit=PHOTO_BYTES // 1024)
    return jpeg


def photo_seen(record: Mapping[str, Any]) -> str:
    """A short mark of the photo a phone shows (empty if none), which `set_photo` compares."""
    value = record.get("photo")
    return hashlib.blake2b(str(value).encode(), digest_size=8).hexdigest() if value is not None else ""


def set_photo(data: Mapping[str, Any], jpeg: bytes | None, seen: str) -> dict[str, Any]:
    """Keep a photo of the final board (a JPEG the app made), or remove it (None); refused if another
    phone changed the photo since this phone showed the one marked `seen` (`photo_seen`)."""
    if photo_seen(data) != seen:
        raise RecordError("photo", "changed_elsewhere")
    new = {k: v for k, v in data.items() if k != "photo"}
    if jpeg is not None:
        new["photo"] = base64.b64encode(jpeg).decode("ascii") if isinstance(jpeg, bytes) else jpeg
    photo(new)
    return copy.deepcopy(new)


GAME_ID = re.compile(r"[A-Za-z0-9_-]{22}")
"""The shape of a game's id: 128 random bits in URL-safe base64 (the store's)."""


def next_game(record: Mapping[str, Any]) -> str | None:
    """The id of the game that followed this one (`next_game`), None if none has."""
    value = record.get("next_game")
    if value is None:
        return None
    if not isinstance(value, str) or not GAME_ID.fullmatch(value):
        raise RecordError("next_game", "not_game_id", value=value)
    return value


def duration_minutes(record: Mapping[str, Any]) -> int | None:
    """Whole minutes played (`played_seconds` at the end), rounded; None unless the game has a start and
    an end in order."""
    started, ended = times(record)
    if started is None or ended is None or ended < started:
        return None
    return round((played_seconds(record, ended) or 0) / 60)
