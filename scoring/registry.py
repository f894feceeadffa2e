"""The registry of games: each game package's descriptor (`scoring/<id>/__init__.py`, `GAME`). Pages, the
command line, the catalog and the tests build their lists from here, never from hard-coded names."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from scoring import coal_baron, mine, schichtwechsel
from scoring.app_fields import duration_minutes, next_game, note, pauses, photo, times
from scoring.errors import RecordError
from scoring.fields import mapping
from scoring.game import Game
from scoring.gate import clean
from scoring.standings import Result, winners

PALETTE = ("red", "blue", "green", "yellow", "white", "black")
"""Colours a player may pick to tell the phones' entries apart; a table label, not a rule."""


GAMES: dict[str, Game] = {module.GAME.id: module.GAME for module in (coal_baron, schichtwechsel, mine)}
"""Every game, by its id: the one place that lists the game packages."""


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
    pauses(data)
    note(data)
    photo(data)
    next_game(data)
    return result


def summary(record: Mapping[str, Any], result: Result | None = None) -> dict[str, Any]:
    """A game as a group's history keeps it: `python -m scoring score`'s output (game, final, standings
    with each player's total, rank and breakdown) with the players in seating order, the record's
    `started` and `ended` times and the minutes played (the table clock's breaks left out), and the
    dummy seat's name where one plays. `result` is the record's score, if the caller has it already."""
    result = score(record) if result is None else result
    started, ended = times(record)
    dummy = {"dummy": result.dummy} if result.dummy is not None else {}
    return {**result.to_dict(), "players": list(record["players"]), "started": started, "ended": ended,
            "minutes": duration_minutes(record), **dummy}


def summary_winners(row: Mapping[str, Any]) -> list[str]:
    """Who won the game of a history row (`summary`; `winners`: never the dummy seat)."""
    return winners({x["player"]: x["rank"] for x in row["standings"]}, row.get("dummy"))


def summary_minutes(row: Mapping[str, Any]) -> int | None:
    """The minutes played of a history row (`summary`); a row kept before the table clock had breaks
    gives the minutes from its start to its end."""
    return row["minutes"] if "minutes" in row else duration_minutes(row)


def _check_colours(record: Mapping[str, Any]) -> None:
    colours = record.get("colours", {})
    if not isinstance(colours, Mapping):
        raise RecordError("colours", "not_object")
    for name, colour in colours.items():
        if name not in record["players"]:
            raise RecordError(f"colours.{name}", "not_player", value=name)
        if colour not in PALETTE:
            raise RecordError(f"colours.{name}", "unknown_colour", value=colour)
