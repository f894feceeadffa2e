"""A finished game as a BG Stats play: the push-a-play link of BG Stats ("push plays to BG Stats from other
apps or websites", bgstatsapp.com): `https://app.bgstatsapp.com/createPlay.html?data=` followed by the
URL-encoded JSON of one play. Opening it on a phone with BG Stats shows the play for the player to save.

Fields written (names as BG Stats' push link takes them): `game` {`name`, `bggId`, `highestWins`,
`noPoints`, `sourceGameId`}, `playDate` ("YYYY-MM-DD HH:MM:SS", local time), `durationMin`, `location`,
`comments`, `board`, and `players` [{`name`, `score`, `rank`, `winner`, `startPlayer`, `role`,
`sourcePlayerId`}].

UNVERIFIED: BG Stats' own support page could not be read from here; the field names follow the issue that
asked for this link and several public programs that build the same link. What BG Stats does with an
empty `location`, `board` or `role`, with `sourceGameId` and `sourcePlayerId` (it is said to use them to
recognise a game and a player pushed again), and whether it wants `playDate` in local time (assumed: it
shows the time as given) is not confirmed by a source.

Pure: the time zone comes in as an offset in minutes (`utc_offset`), and times from the record, never from the clock.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from datetime import datetime, timedelta, timezone
from typing import Any
from urllib.parse import quote

from scoring.app_fields import duration_minutes, note, times
from scoring.errors import RecordError
from scoring.game import Game, StartOption
from scoring.registry import game_of, score

PUSH_URL = "https://app.bgstatsapp.com/createPlay.html?data="
SOURCE = "schichtbuch"
"""Prefix of `sourceGameId`: the app that scored the play, then the game's registry id."""
HIGHEST_WINS = True
"""All three games are won by the most points (their scorers rank by total, highest first)."""
DUMMY_ROLE = "dummy"
"""The `role` of MINE!'s seat played by the dummy player; other seats have no role."""
OPTION_WORDS = {StartOption.VARIANT: "variant", StartOption.DUMMY: "dummy"}
"""How `board` names the set-up options where no language is given (the command line)."""


def play(record: Mapping[str, Any], lang: str = "en", utc_offset: int = 0, location: str = "",
         comments: str | None = None, options: Mapping[StartOption, str] = OPTION_WORDS) -> dict[str, Any]:
    """The BG Stats play of a finished game: its standings from the game's own scorer, winners being the
    players ranked first (`winners`: never MINE!'s dummy seat). `playDate` is the record's `started` time (else `ended`) shifted by `utc_offset`
    minutes, `durationMin` the minutes played between the two (the table clock's breaks left out); both are
    left out when the record has no time. `comments` are the table's note and the points per category
    unless given; `board` the set-up options chosen, named by `options`.
    A game that is not over is refused (`end`: missing)."""
    result = score(record)
    if not result.final:
        raise RecordError("end", "missing")
    g = game_of(record)
    started, ended = times(record)
    first = g.first_player(record)
    dummy = record.get("dummy")
    game: dict[str, Any] = {"name": g.names.get(lang, g.names["en"]), "highestWins": HIGHEST_WINS, "noPoints": False,
                            "sourceGameId": f"{SOURCE}:{g.id}"}
    if g.bgg_id is not None:
        game["bggId"] = g.bgg_id
    data: dict[str, Any] = {"game": game}
    when = started if started is not None else ended
    if when is not None:
        data["playDate"] = play_date(when, utc_offset)
    if (minutes := duration_minutes(record)) is not None:
        data["durationMin"] = minutes
    if comments is None:
        comments = "\n".join(filter(None, [note(record), breakdown_text(result.to_dict())]))
    data |= {"location": location, "board": board_text(record, g, options), "comments": comments}
    won = result.winners
    data["players"] = [
        {"name": s.player, "score": s.total, "rank": s.rank, "winner": s.player in won,
         "startPlayer": s.player == first,
         "role": DUMMY_ROLE if s.player == dummy else "", "sourcePlayerId": s.player}
        for s in result.standings
    ]
    return data


def link(record: Mapping[str, Any], lang: str = "en", utc_offset: int = 0, location: str = "",
         comments: str | None = None, options: Mapping[StartOption, str] = OPTION_WORDS) -> str:
    """The push link of `play`: the JSON, compact, every character but letters and digits percent-encoded."""
    text = json.dumps(play(record, lang, utc_offset, location, comments, options), ensure_ascii=False,
                      separators=(",", ":"))
    return PUSH_URL + quote(text, safe="")


def board_text(record: Mapping[str, Any], g: Game, options: Mapping[StartOption, str]) -> str:
    """The set-up options the table chose (MINE!'s variant if on, the dummy seat if any), each named by
    `options`: "variant, dummy: Robo"."""
    chosen = [(option, record.get(option.value)) for option in g.options]
    return ", ".join(options[o] if value is True else f"{options[o]}: {value}"
                     for o, value in chosen if value is True or isinstance(value, str))


def breakdown_text(scored: Mapping[str, Any]) -> str:
    """The points per category of each player, one line each ("Anna 122: orders 34, shift_1 5, …"), so
    that BG Stats keeps what it has no fields for."""
    return "\n".join(f"{s['player']} {s['total']}: " + ", ".join(f"{c} {p}" for c, p in s["breakdown"].items())
                     for s in scored["standings"])


def play_date(seconds: int, utc_offset: int = 0) -> str:
    """Whole seconds since 1970 UTC as "YYYY-MM-DD HH:MM:SS" at `utc_offset` minutes from UTC."""
    return datetime.fromtimestamp(seconds, timezone(timedelta(minutes=utc_offset))).strftime("%Y-%m-%d %H:%M:%S")


def bgstats_command(record: Any, utc_offset: int = 0, location: str = "") -> str:
    """`python -m scoring bgstats RECORD.json`: the link, for a finished game."""
    return link(record, "en", utc_offset, location)
