"""The next game of the same game, started from a finished one in one tap (a rematch): the same players in
the same seats, their colours, and the set-up options the table chose (the descriptor's `options`, each
kept in the record under its own name), with a start player. The finished game's record then names the
new game in its optional `next_game` (`scoring.app_fields.next_game`), so that every phone still on it
is offered to follow.

Who starts is decided as for a first game of that game (`Game.draw_start`): where its rules let the app
draw, the app draws unless the table chooses; where its rules name the player, the table says who.
UNVERIFIED: no source at hand says how the start player of a game played right after another is chosen;
the end page says so and lets the table choose."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from scoring.errors import RecordError
from scoring.fields import player
from scoring.registry import game_of, score


def rematch_record(record: Mapping[str, Any], first: str) -> dict[str, Any]:
    """The record of the game that follows the finished `record`: its seats, colours and set-up options,
    `first` (one of its players) to start. A game not over yet is refused (`end`: missing)."""
    if not score(record).final:
        raise RecordError("end", "missing")
    g = game_of(record)
    names = list(record["players"])
    options = {option.value: record[option.value] for option in g.options if option.value in record}
    return g.new_record(names, dict(record.get("colours", {})), player(first, "start_player", names), **options)
