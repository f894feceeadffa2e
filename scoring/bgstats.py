"""A finished game as a BG Stats play: the push-a-play link of BG Stats ("Push plays to BG Stats from other
apps or websites", bgstatsapp.com/support/push-plays-to-bg-stats-from-other-apps-or-websites/):
`https://app.bgstatsapp.com/createPlay.html?data=` followed by the URL-encoded JSON of one play. Opening it on
a phone with BG Stats shows its import dialog, where the game and players are matched and the play saved.

Fields written, as that page's example names them (`DOCUMENTED`): `board`, `durationMin`, `comments`, `game`
{`bggId`, `highestWins`, `name`, `noPoints`, `sourceGameId`}, `location`, `playDate` ("2020-10-23 19:16:58"),
`players` [{`startPlayer`, `name`, `rank`, `role`, `score`, `sourcePlayerId`, `winner`}]; the page also says
that BG Stats suggests matches from the game's BGG id, its name and the players' names, and remembers the
matches the user makes for the next import. Besides them `sourceName` (the app, "Schichtbuch") and
`sourcePlayId` (one per game, the same on every push: `source_play_id`).

UNVERIFIED: the part of BG Stats' page we could read ends inside its example; `sourceName` and
`sourcePlayId` are sent as other public programs that build this link send them (BG Stats is said to
recognise a play pushed again by them and update it instead of adding one), not as a source confirms.
Whether `playDate` is meant in local time is not confirmed either (assumed: it shows the time as given).

Pure: the time zone comes in as an offset in minutes (`utc_offset`), the words of the comments and the board
as a `t(key, **params)` (the app's catalog, in the phone's language), times from the record, never from the
clock.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Mapping
from datetime import datetime, timedelta, timezone
from typing import Any
from urllib.parse import quote

from scoring.app_fields import duration_minutes, note, times
from scoring.errors import RecordError
from scoring.game import Game, Translate
from scoring.lists import separator
from scoring.registry import game_of, score
from scoring.standings import Result, Standing

PUSH_URL = "https://app.bgstatsapp.com/createPlay.html?data="
SOURCE = "schichtbuch"
"""Prefix of `sourceGameId` and `sourcePlayId`: the app that scored the play."""
SOURCE_NAME = "Schichtbuch"
"""`sourceName`: the app, as BG Stats names the source of a pushed play."""
HIGHEST_WINS = True
"""All three games are won by the most points (their scorers rank by total, highest first)."""
DOCUMENTED = {
    "play": frozenset({"board", "durationMin", "comments", "game", "location", "playDate", "players",
                       "sourceName", "sourcePlayId"}),
    "game": frozenset({"bggId", "highestWins", "name", "noPoints", "sourceGameId"}),
    "player": frozenset({"startPlayer", "name", "rank", "role", "score", "sourcePlayerId", "winner"}),
}
"""The field names the link may carry: those of BG Stats' page (module docstring), and `sourceName` and
`sourcePlayId` (UNVERIFIED)."""
PLAY_ID_FIELDS = ("game", "players", "started")
"""What names one game for `sourcePlayId` once it has started: none of them changes afterwards."""
AFTER_THE_GAME = ("note", "photo", "next_game")
"""What a table may add to a finished game: left out of `sourcePlayId` for a record without `started`."""


def play(record: Mapping[str, Any], t: Translate, lang: str = "en", utc_offset: int = 0, location: str = "",
         comments: str | None = None, points: bool = True) -> dict[str, Any]:
    """The BG Stats play of a finished game: its standings from the game's own scorer, winners being the
    players ranked first (`winners`: never MINE!'s dummy seat, which is not sent as a player at all: the
    comments say it played). `playDate` is the record's `started` time (else `ended`) shifted by
    `utc_offset` minutes, `durationMin` the minutes played between the two (the table clock's breaks left
    out); both are left out when the record has no time. `startPlayer` marks who started the game, and is
    left out for every player when the record does not say (never guessed). `comments` are the table's
    note, the dummy's line and (with `points`) the points per category, in `t`'s words, unless given; `board` the set-up
    options chosen. A game that is not over is refused (`end`: missing)."""
    result = score(record)
    if not result.final:
        raise RecordError("end", "missing")
    g = game_of(record)
    started, ended = times(record)
    game: dict[str, Any] = {"name": g.names.get(lang, g.names["en"]), "highestWins": HIGHEST_WINS, "noPoints": False,
                            "sourceGameId": f"{SOURCE}:{g.id}"}
    if g.bgg_id is not None:
        game["bggId"] = g.bgg_id
    data: dict[str, Any] = {"sourceName": SOURCE_NAME, "sourcePlayId": source_play_id(record), "game": game}
    when = started if started is not None else ended
    if when is not None:
        data["playDate"] = play_date(when, utc_offset)
    if (minutes := duration_minutes(record)) is not None:
        data["durationMin"] = minutes
    if comments is None:
        comments = "\n".join(filter(None, [note(record), dummy_text(result, t), breakdown_text(result, g, t, lang) if points else None]))
    data |= {"location": location, "board": board_text(record, g, t, lang), "comments": comments,
             "players": players(result, g.first_player(record))}
    return data


def players(result: Result, first: str | None) -> list[dict[str, Any]]:
    """The players at the table (the dummy seat left out), each ranked among them: one place after every
    player sent who scored better, so the best player at the table is first even where the dummy beat
    them. `startPlayer` only where `first` names who started."""
    seated = [s for s in result.standings if s.player != result.dummy]
    sent = []
    for s in seated:
        entry: dict[str, Any] = {"name": s.player, "score": s.total, "rank": 1 + sum(o.rank < s.rank for o in seated),
                                 "winner": s.player in result.winners}
        if first is not None:
            entry["startPlayer"] = s.player == first
        sent.append(entry | {"role": "", "sourcePlayerId": s.player})
    return sent


def source_play_id(record: Mapping[str, Any]) -> str:
    """`sourcePlayId`: the same for one game on every push, from the app or the command line, and no two
    games alike. A digest of the game, its players and the second it started (`PLAY_ID_FIELDS`), which no
    later change touches, so a corrected score pushed again names the same play; a record without
    `started` (older, or written by hand) is named by all of it but its note and photo. A digest, not the
    game's id: the id opens the game, and BG Stats need not hold it."""
    named = ({k: record.get(k) for k in PLAY_ID_FIELDS} if record.get("started") is not None
             else {k: v for k, v in record.items() if k not in AFTER_THE_GAME})
    canonical = json.dumps(named, sort_keys=True, separators=(",", ":"), ensure_ascii=False)
    return f"{SOURCE}:{hashlib.sha256(canonical.encode('utf-8')).hexdigest()[:32]}"


def link(record: Mapping[str, Any], t: Translate, lang: str = "en", utc_offset: int = 0, location: str = "",
         comments: str | None = None, points: bool = True) -> str:
    """The push link of `play`: the JSON, compact, every character but letters and digits percent-encoded."""
    text = json.dumps(play(record, t, lang, utc_offset, location, comments, points), ensure_ascii=False,
                      separators=(",", ":"))
    return PUSH_URL + quote(text, safe="")


def board_text(record: Mapping[str, Any], g: Game, t: Translate, lang: str = "en") -> str:
    """The set-up options the table chose (MINE!'s variant if on, the dummy seat if any), each named by its
    catalog text (`<game>.option.<option>`) and joined as `lang` joins a list's items: "Variant with die
    cards, Dummy player: Robo"."""
    chosen = [(option, record.get(option.value)) for option in g.options]
    return separator(lang).join(t(f"{g.id}.option.{o}") if value is True else f"{t(f'{g.id}.option.{o}')}: {value}"
                                for o, value in chosen if value is True or isinstance(value, str))


def dummy_text(result: Result, t: Translate) -> str:
    """The line saying that a dummy played a seat (its points and place), since it is not sent as a
    player; empty when no dummy played."""
    seat = next((s for s in result.standings if s.player == result.dummy), None)
    return "" if seat is None else t("bgstats.dummy", player=seat.player, total=seat.total, rank=seat.rank)


def breakdown_text(result: Result, g: Game, t: Translate, lang: str = "en") -> str:
    """The points per category of each seat, one line each, in the catalog's words, the categories joined
    as `lang` joins a list's items ("Anna 122: Orders 34, Shift I 5, …", "Anna 122: 注文 34、シフトI 5、…"),
    so that BG Stats keeps what it has no fields for."""
    return "\n".join(_breakdown_line(s, g, t, lang) for s in result.standings)


def _breakdown_line(s: Standing, g: Game, t: Translate, lang: str) -> str:
    return f"{s.player} {s.total}: " + separator(lang).join(f"{t(f'{g.id}.cat.{c}')} {s.breakdown[c]}" for c in g.categories)


def play_date(seconds: int, utc_offset: int = 0) -> str:
    """Whole seconds since 1970 UTC as "YYYY-MM-DD HH:MM:SS" at `utc_offset` minutes from UTC."""
    return datetime.fromtimestamp(seconds, timezone(timedelta(minutes=utc_offset))).strftime("%Y-%m-%d %H:%M:%S")


def bgstats_command(record: Any, t: Translate, lang: str = "en", utc_offset: int = 0, location: str = "") -> str:
    """`python -m scoring bgstats RECORD.json`: the link, for a finished game, in `t`'s language."""
    return link(record, t, lang, utc_offset, location)
