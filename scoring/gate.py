"""The JSON gate: what may come in as a record at all, before any game reads it. At most 1 MB of UTF-8
JSON, every refusal one line; and clean JSON, so that every stored document can be shown and changed."""

from __future__ import annotations

import json
import math
from typing import Any

from scoring.errors import MAX_DIGITS, RecordError
from scoring.fields import UNPRINTABLE

MAX_BYTES = 1024 * 1024
"""The largest record file read or uploaded: 1 MB."""
UPLOAD_MB = 16
"""The largest upload, in Streamlit's megabytes: a phone camera's photo, which the app shrinks, or a group's
file, whose records carry their photos. `server.maxUploadSize` in `.streamlit/config.toml` says the same
(a test holds them together)."""
UPLOAD_BYTES = UPLOAD_MB * 1000 * 1000
"""The largest upload in bytes, as Streamlit's uploader lets it through: its page counts a megabyte as
1,000,000 bytes (1024 × 1024 only where `navigator.platform` starts with "Win"), its server 1024 × 1024
(`web/server/starlette/starlette_routes.py`); the smaller is what every phone can send: 16,000,000 bytes."""
MAX_DEPTH = 32
"""The deepest nesting of objects and lists a record may have; a real record needs six."""


def parse(data: bytes, limit: int = MAX_BYTES) -> object:
    """Parse uploaded or read bytes as a record: UTF-8 JSON of at most `limit` bytes (1 MB; a group's file
    up to UPLOAD_BYTES), and clean (see `clean`). Every refusal is one line."""
    if len(data) > limit:
        raise RecordError("file", "too_large", limit=round(limit / 1_000_000))
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
