"""What a game tells the rest of the app about itself: one `Game` descriptor, made by the game's own
package (`scoring/<id>/__init__.py`, as `GAME`) and listed by the registry. Every per-game fact the shared
code needs is a field here, so that no shared module names a game (the registry-completeness test checks
each descriptor)."""

from __future__ import annotations

from collections.abc import Callable, Collection, Mapping
from dataclasses import dataclass, field
from enum import StrEnum
from typing import Any

from scoring.standings import Result

Record = Mapping[str, Any]
Translate = Callable[..., str]
"""`t(key, **params)`: a catalog text in the player's language."""


class StartOption(StrEnum):
    """A set-up choice a game may offer, the keyword its `new_record` takes."""

    VARIANT = "variant"
    """A toggle: the game's variant rules on or off."""
    DUMMY = "dummy"
    """A seat played by the app's dummy, or none."""


@dataclass(frozen=True)
class Command:
    """A game's own `python -m scoring` command: its help line and what it prints (as JSON) for the
    parsed input file."""

    help: str
    run: Callable[[Any], Any]


@dataclass(frozen=True)
class Game:
    """What the app needs to know of one game."""

    id: str
    """The record's `game` (../rules/records.md), the package's name and the first word of its texts."""
    names: Mapping[str, str]
    """The game's name per language code, as printed on that edition's box; where no edition in that
    language is known to us, the international name (Coal Baron in French) or its reading (コールバロン)."""
    players: range
    """The seat counts the game allows."""
    categories: tuple[str, ...]
    """Breakdown categories in display order; catalog keys are `<id>.cat.<category>`."""
    pages: tuple[str, ...]
    """The game's own pages, in play order: `pages/<id>_<page>.py`."""
    stage: str
    """Catalog key naming one stage of the progress chart (a shift, a round), filled with `stages`."""
    stages: tuple[str, ...]
    score: Callable[[Record], Result]
    new_record: Callable[..., dict[str, Any]]
    status: Callable[[Record], tuple[str, dict[str, Any]]]
    """Catalog key and numbers for the header: the stage being played."""
    stage_pages: Mapping[str, str]
    """The page the table is on at each stage: a `status` key → one of `pages` (where a join link lands)."""
    first_player: Callable[[Record], str | None]
    """Who started the game (BG Stats' start player), if the record says."""
    tiebreaks: tuple[str, ...]
    """Catalog keys of the tie-breakers after the total, in the order they apply."""
    field_words: frozenset[str]
    """The words of the game's record paths a refusal can name, each said by its `field.<word>` text."""
    list_fields: frozenset[str] = frozenset()
    """The game's record fields that are lists: a number after one of them is a position, shown from 1."""
    positions: Mapping[str, Callable[[int, Translate], str]] = field(default_factory=dict)
    """Those of `list_fields` whose positions the table knows by a name, and how the position (from 0) is
    said where a bare number could be read as an amount (Coal Baron's lists per shift: `Shift I`)."""
    label_words: Mapping[str, Callable[[Any, Translate], str]] = field(default_factory=dict)
    """Params of its change labels stored as ids, and how each is said (`transport` → "Horse cart")."""
    plurals: Mapping[str, str] = field(default_factory=dict)
    """Its texts that count something, each with its counted placeholder (a plural catalog entry)."""
    catalog_keys: Callable[[], Mapping[str, Collection[str]]] = dict
    """Its catalog keys built at run time (`f"…{x}"`), by family, expanded from its tables."""
    options: tuple[StartOption, ...] = ()
    """Set-up choices `new_record` takes as keywords."""
    draw_start: bool = True
    """Whether the app may draw the start player; where the rules name them, the table says who."""
    bgg_id: int | None = None
    """The BoardGameGeek id, where a source confirms one (BG Stats then knows the game)."""
    commands: Mapping[str, Command] = field(default_factory=dict)
    """Its own `python -m scoring` commands."""
