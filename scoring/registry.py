"""The registry of games: one descriptor per game. Pages, the command line and the tests build their
lists from here, never from hard-coded names."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any

from scoring import coal_baron, mine, schichtwechsel
from scoring.app_fields import times
from scoring.errors import RecordError
from scoring.fields import mapping
from scoring.gate import clean
from scoring.standings import Result

PALETTE = ("red", "blue", "green", "yellow", "white", "black")
"""Colours a player may pick to tell the phones' entries apart; a table label, not a rule."""


@dataclass(frozen=True)
class Game:
    """What the app needs to know of one game."""

    id: str
    names: Mapping[str, str]
    """The game's name per language code, as printed on that edition's box; where no edition in that
    language is known to us, the international name (Coal Baron in French) or its reading (コールバロン)."""
    players: range
    categories: tuple[str, ...]
    """Breakdown categories in display order; catalog keys are `<id>.cat.<category>`."""
    pages: tuple[str, ...]
    """The game's own pages, in play order: `pages/<id>_<page>.py`."""
    stage: str
    """Catalog key naming one stage of the progress chart (a shift, a round), filled with `stages`."""
    stages: tuple[str, ...]
    score: Callable[[Mapping[str, Any]], Result]
    new_record: Callable[..., dict[str, Any]]
    status: Callable[[Mapping[str, Any]], tuple[str, dict[str, Any]]]
    """Catalog key and numbers for the header: the stage being played."""
    stage_pages: Mapping[str, str]
    """The page the table is on at each stage: a `status` key → one of `pages` (where a join link lands)."""
    options: tuple[str, ...] = ()
    """Set-up choices `new_record` takes as keywords: `variant` (a toggle), `dummy` (a seat or none)."""
    draw_start: bool = True
    """Whether the app may draw the start player; where the rules name them, the table says who."""


GAMES: dict[str, Game] = {
    g.id: g
    for g in (
        Game(
            id="coal_baron",
            names={"en": "Coal Baron", "de": "Glück Auf", "fr": "Coal Baron", "ja": "コールバロン"},
            players=range(2, 5),
            categories=coal_baron.CATEGORIES,
            pages=("setup", "shift", "scoring", "end"),
            stage="coal_baron.stage",
            stages=coal_baron.SHIFT_NAMES,
            score=coal_baron.score,
            new_record=coal_baron.new_record,
            status=coal_baron.status,
            stage_pages={"coal_baron.status.shift": "shift", "coal_baron.status.end": "end"},
        ),
        Game(
            id="schichtwechsel",
            names={"en": "Schichtwechsel", "de": "Schichtwechsel", "fr": "Schichtwechsel", "ja": "Schichtwechsel"},
            players=range(2, 5),
            categories=schichtwechsel.CATEGORIES,
            pages=("setup", "round", "end"),
            stage="schichtwechsel.stage",
            stages=schichtwechsel.ROUND_NAMES,
            score=schichtwechsel.score,
            new_record=schichtwechsel.new_record,
            status=schichtwechsel.status,
            stage_pages={"schichtwechsel.status.round": "round", "schichtwechsel.status.end": "end"},
        ),
        Game(
            id="mine",
            names={"en": "MINE!", "de": "MINE!", "fr": "MINE!", "ja": "MINE!"},
            players=mine.SEATS,
            categories=mine.CATEGORIES,
            pages=("setup", "round", "end"),
            stage="mine.stage",
            stages=mine.ROUND_NAMES,
            score=mine.score,
            new_record=mine.new_record,
            status=mine.status,
            stage_pages={"mine.status.round": "round", "mine.status.end": "end"},
            options=("variant", "dummy"),
            draw_start=False,
        ),
    )
}


def game_of(record: Mapping[str, Any]) -> Game:
    """The descriptor of a record's game; an unknown game is refused."""
    if not isinstance(record.get("game"), str) or record["game"] not in GAMES:
        raise RecordError("game", "unknown_game", value=record.get("game"), known=", ".join(GAMES))
    return GAMES[record["game"]]


def check(record: object) -> Result:
    """The one gate of every document the store writes (created, changed, imported, undone to): clean
    JSON (`records.clean`) that its game's reader reads and scores. Anything else is a RecordError."""
    clean(record)
    return score(record)


def page_at_stage(record: Mapping[str, Any]) -> str:
    """The page of its game the table is on at the record's stage (its `status`, through `stage_pages`):
    the shift or round page while they are played, the end page once the last one is in."""
    g = game_of(record)
    return g.stage_pages[g.status(record)[0]]


def is_over(record: Mapping[str, Any]) -> bool:
    """Whether the game is over: its final standings are complete."""
    return score(record).final


def score(record: object) -> Result:
    """Score any record (parsed JSON) by its game."""
    data = mapping(record, "record")
    result = game_of(data).score(data)
    _check_colours(data)
    times(data)
    return result


def summary(record: Mapping[str, Any], result: Result | None = None) -> dict[str, Any]:
    """A game as a group's history keeps it: `python -m scoring score`'s output (game, final, standings
    with each player's total, rank and breakdown) with the players in seating order and the record's
    `started` and `ended` times. `result` is the record's score, if the caller has it already."""
    result = score(record) if result is None else result
    started, ended = times(record)
    return {**result.to_dict(), "players": list(record["players"]), "started": started, "ended": ended}


def _check_colours(record: Mapping[str, Any]) -> None:
    colours = record.get("colours", {})
    if not isinstance(colours, Mapping):
        raise RecordError("colours", "not_object")
    for name, colour in colours.items():
        if name not in record["players"]:
            raise RecordError(f"colours.{name}", "not_player", value=name)
        if colour not in PALETTE:
            raise RecordError(f"colours.{name}", "unknown_colour", value=colour)
