"""Refusals: the error a record's reader raises, one line naming the field and the problem, and the
English texts of the problems every game shares (each game adds its own, `define`). The app shows the
catalog's `problem.<code>` text in the player's language instead; the command line shows these."""

from __future__ import annotations

import reprlib
from collections.abc import Mapping
from typing import Any

SHOWN_CHARS = 40
"""A value in a refusal is cut to this many characters, a field path to twice as many."""
MAX_DIGITS = 15
"""The longest whole number a record may hold (no count comes near it); a refusal shows one as it is."""


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
    "unknown_field": "{value} is not a field that can be entered",
    "already_removed": "was already removed on another phone",
    "changed_elsewhere": "was changed on another phone; check the new values",
    "too_many_rounds": "{count} rounds; the game has {limit}",
    "round_entered": "round {round} was already entered on another phone",
    "round_not_reached": "round {round} has not been reached",
    "cannot_read": "cannot read {path}: {reason}",
    "cannot_write": "cannot write {path}: {reason}",
    "too_large": "is larger than {limit} MB",
    "not_json": "is not valid JSON ({reason})",
    "not_bool": "must be true or false",
    "not_pause": "must be a pair [from, to]",
    "pause_order": "is out of order: a break begins after the start and the break before it, and ends after it begins",
    "clock_stopped": "the game is over; its clock has stopped",
    "clock_running": "the clock is already running (another phone started it again)",
    "clock_paused": "the clock is already paused (another phone paused it)",
    "not_photo": "is not a JPEG photo of at most {limit} KB",
    "not_image": "is not a picture (JPEG, PNG or WebP)",
    "too_many_pixels": "has more than {limit} million pixels",
    "format_not_accepted": "is a {format} picture; JPEG, PNG or WebP are accepted",
    "not_game_id": "is not a game's id ({value})",
    "photos_busy": "could not be read now: the server is reading other photos; try again in a moment",
}
"""English texts of the problems of every game's records, by code: those they share here, each game's
own added by its module (`define`)."""


def define(problems: Mapping[str, str]) -> None:
    """Add a game's own problems to `PROBLEMS`, at its module's import; a code two games define
    differently is a mistake in the code."""
    for code, problem in problems.items():
        if PROBLEMS.setdefault(code, problem) != problem:
            raise ValueError(f"problem {code} is defined twice")


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


