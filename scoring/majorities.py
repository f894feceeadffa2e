"""Majorities: one generic function for 1st/2nd-place payouts that every game feeds with its own counts.

The tie rules are those of Coal Baron's shift scoring (../seeds/002_faa77d2ecd15aadb.txt), the only game
here that scores majorities: a player with 0 scores nothing; all players tied for 1st get the 1st value
and nobody gets 2nd; all players tied for 2nd get the 2nd value; with 2 players there is no 2nd place.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from enum import StrEnum


class Place(StrEnum):
    """Why a player scored what they did for one element; the values are catalog keys."""

    FIRST = "first"
    TIED_FIRST = "tied_first"
    SECOND = "second"
    TIED_SECOND = "tied_second"
    NO_SECOND_AFTER_TIE = "no_second_after_tie"
    """Would be 2nd, but players tied for 1st leave no 2nd place."""
    NO_SECOND_TWO_PLAYERS = "no_second_two_players"
    BEHIND = "behind"
    ZERO = "zero"


@dataclass(frozen=True)
class Placing:
    """One player's result on one element."""

    count: int
    place: Place
    points: int


def majorities(counts: Mapping[str, int], first: int, second: int, *, has_second: bool = True) -> dict[str, Placing]:
    """Pay `first` to everyone with the highest non-zero count and `second` to everyone with the next
    one, by the tie rules above; `has_second=False` is the 2-player rule."""
    levels = sorted({c for c in counts.values() if c > 0}, reverse=True)
    top = levels[0] if levels else None
    tied_first = sum(c == top for c in counts.values()) > 1
    runner_up = levels[1] if len(levels) > 1 else None
    tied_second = sum(c == runner_up for c in counts.values()) > 1
    return {
        player: _placing(c, top, tied_first, runner_up, tied_second, first, second, has_second)
        for player, c in counts.items()
    }


def _placing(
    c: int, top: int | None, tied_first: bool, runner_up: int | None, tied_second: bool,
    first: int, second: int, has_second: bool,
) -> Placing:
    if c <= 0:
        return Placing(c, Place.ZERO, 0)
    if c == top:
        return Placing(c, Place.TIED_FIRST if tied_first else Place.FIRST, first)
    if c != runner_up:
        return Placing(c, Place.BEHIND, 0)
    if tied_first:
        return Placing(c, Place.NO_SECOND_AFTER_TIE, 0)
    if not has_second:
        return Placing(c, Place.NO_SECOND_TWO_PLAYERS, 0)
    return Placing(c, Place.TIED_SECOND if tied_second else Place.SECOND, second)
