"""Schichtwechsel – Die Förderung liegt in deiner Hand (Thomas Spitzer, Spielefaible 2021): what the score
is, from the round cards and the final scoring; how the table's phones change a record: changes.py.

Follows ../rules/schichtwechsel.md; the rules come from the German rules summary
../seeds/000_e7e74b63b3be7c62.txt [seed]. The round cards and what each rewards are UNVERIFIED: the table
records each card's name and the VP it gave. No source gives a tie-breaker: equal totals share a place.

A record is the JSON of ../rules/records.md, plus the app's optional fields `colours`, `setup_ticks`,
`start_player` (who holds the start-player marker now), `first_start_player` (who held it when the game
started, set by `new_record`; older records lack it), `finish` (the arrivals at the end fields so far,
entered as they happen) and `end_items` (the end items of the players who have entered theirs). The end
section is built from those once every player has entered their items.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from enum import StrEnum
from typing import Any

from scoring.app_fields import setup_ticks
from scoring.errors import RecordError, define
from scoring.fields import MAX_COUNT, count, mapping, per_player, player, players, sequence, text
from scoring.standings import Line, Result, standings

PROBLEMS = {
    "unknown_track": "unknown track {value}",
    "listed_twice": "a player is listed twice",
    "items_too_early": "are entered after round {rounds}",
    "not_arrived": "{player} has not got there (or was taken off on another phone)",
}
"""The refusals of this game's records, in English (errors.PROBLEMS has those every game shares)."""
define(PROBLEMS)


PLAYERS = range(2, 5)
"""2 to 4 players (../rules/schichtwechsel.md)."""
ROUNDS = 5
FIRST_TO_FINISH_VP = 8
LATER_FINISHER_VP = 5
"""The first player to reach the end of the day shift or of a track gets 8, every later one 5 [seed]."""
TOOL_VP = -2
START_PLAYER_VP = 2
ROUND_NAMES = ("1", "2", "3", "4", "5")
CARD_CHARS = 40
"""The longest round-card name; the cards' names are not confirmed (UNVERIFIED), so the table types them."""


class Track(StrEnum):
    RAIL = "rail"
    ROAD = "road"
    CANAL = "canal"


RACES = ("miner", *(t.value for t in Track))
"""The end fields scored by order of arrival: the day shift's and each track's [seed]."""


PLAYER_ITEMS = ("track_points", "houses", "coke", "vp_chips", "tools")
"""Entered per player from the board at the end: VP printed on passed track thresholds, on the chosen
house fields and under the sold coke pairs, VP chips, and tool tiles held [seed]."""
ITEM_LIMITS = dict.fromkeys(PLAYER_ITEMS, MAX_COUNT)
"""No end item has a printed limit (tool tiles: each player starts with 6 and can take more [seed]): a
typo guard."""
CATEGORIES = ("rounds", "miner", "rail", "road", "canal", "track_points", "houses", "coke", "vp_chips",
              "start_player", "tools")


@dataclass(frozen=True)
class Round:
    """One round's card as the table named it, and the VP each player got from it."""

    card: str
    points: Mapping[str, int]


@dataclass(frozen=True)
class End:
    """What the final scoring needs: the finish orders, the start-player marker and each player's items."""

    finish: Mapping[str, tuple[str, ...]]
    """Per end field (`RACES`), the players in the order they got there."""
    start_player: str
    items: Mapping[str, Mapping[str, int]]


@dataclass(frozen=True)
class Record:
    """A game as entered. `start_player`, `finish` and `items` are the end section's values where it
    is present, otherwise the app's fields for a game in progress (the current holder of the marker,
    the arrivals so far, the end items entered so far)."""

    players: tuple[str, ...]
    rounds: tuple[Round, ...]
    end: End | None
    start_player: str | None
    finish: Mapping[str, tuple[str, ...]]
    items: Mapping[str, Mapping[str, int]]


def read(record: Mapping[str, Any]) -> Record:
    """Check a record against the format and the rules; the first problem raises RecordError."""
    names = players(record, PLAYERS)
    rounds = tuple(_round(r, f"rounds.{i}", names) for i, r in enumerate(sequence(record.get("rounds", []), "rounds")))
    if len(rounds) > ROUNDS:
        raise RecordError("rounds", "too_many_rounds", count=len(rounds), limit=ROUNDS)
    setup_ticks(record)
    if record.get("end") is not None and len(rounds) < ROUNDS:
        raise RecordError("end", "items_too_early", rounds=ROUNDS)
    if record.get("end") is not None:
        end = _end(record["end"], names)
        _first_start_player(record, names)
        return Record(names, rounds, end, end.start_player, end.finish, end.items)
    holder = None if record.get("start_player") is None else player(record["start_player"], "start_player", names)
    _first_start_player(record, names)
    finish = mapping(record.get("finish", {}), "finish")
    for race in finish:
        if race not in RACES:
            raise RecordError(f"finish.{race}", "unknown_track", value=race)
    return Record(
        names, rounds, None,
        holder,
        {r: _finish(finish.get(r, []), f"finish.{r}", names) for r in RACES},
        {player(p, "end_items", names): _items(v, f"end_items.{p}")
         for p, v in mapping(record.get("end_items", {}), "end_items").items()},
    )


def score(data: Mapping[str, Any]) -> Result:
    """Standings of a (possibly partial) record: round-card VP as entered and the end fields reached so
    far, then the rest of the final scoring once the game is over. No tie-breaker is known: equal totals
    share a place (UNVERIFIED)."""
    record = read(data)
    races = {r: race(record.finish[r]) for r in RACES}
    lines = {p: [Line("rounds", "schichtwechsel.line.round", r.points[p], {"round": i + 1, "card": r.card})
                 for i, r in enumerate(record.rounds)]
             + [Line(r, f"schichtwechsel.line.{r}", points[p], {}) for r, points in races.items() if p in points]
             for p in record.players}
    if record.end is not None:
        for p in record.players:
            lines[p] += _final_lines(record, p)
    return Result("schichtwechsel", record.end is not None, standings(record.players, lines, CATEGORIES),
                  _progress(record))


def race(finish: Sequence[str]) -> dict[str, int]:
    """VP for reaching an end field, by the order of arrival: the first 8, every later one 5 [seed]."""
    return {p: FIRST_TO_FINISH_VP if i == 0 else LATER_FINISHER_VP for i, p in enumerate(finish)}


def _final_lines(record: Record, who: str) -> list[Line]:
    """The end items, the start-player marker and the tools of one player [seed]."""
    items = record.items[who]
    return [
        *(Line(i, f"schichtwechsel.line.{i}", items[i], {}) for i in ("track_points", "houses", "coke", "vp_chips")),
        Line("start_player", "schichtwechsel.line.start_player", START_PLAYER_VP if record.start_player == who else 0, {}),
        Line("tools", "schichtwechsel.line.tools", TOOL_VP * items["tools"], {"tools": items["tools"]}),
    ]


def _progress(record: Record) -> tuple[dict[str, int], ...]:
    """Running totals of the round cards after each round."""
    return tuple({p: sum(r.points[p] for r in record.rounds[: k + 1]) for p in record.players}
                 for k in range(len(record.rounds)))


def _round(value: Any, where: str, names: Sequence[str]) -> Round:
    entry = mapping(value, where)
    card = text(entry.get("card"), f"{where}.card", CARD_CHARS)
    return Round(card, per_player(entry.get("points"), f"{where}.points", names, count))


def _first_start_player(record: Mapping[str, Any], names: tuple[str, ...]) -> None:
    """The game's first start player, where the record keeps one, is one of its players."""
    if record.get("first_start_player") is not None:
        player(record["first_start_player"], "first_start_player", names)


def _end(value: Any, names: Sequence[str]) -> End:
    end = mapping(value, "end")
    tracks = mapping(end.get("track_finish"), "end.track_finish")
    for key in tracks:
        if key not in set(Track):
            raise RecordError(f"end.track_finish.{key}", "unknown_track", value=key)
    return End(
        finish={"miner": _finish(end.get("miner_finish"), "end.miner_finish", names)}
        | {t.value: _finish(tracks.get(t.value, []), f"end.track_finish.{t.value}", names) for t in Track},
        start_player=player(end.get("start_player"), "end.start_player", names),
        items=per_player(end.get("players"), "end.players", names, _items),
    )


def _items(value: Any, where: str) -> dict[str, int]:
    return {i: count(mapping(value, where).get(i, 0), f"{where}.{i}", limit) for i, limit in ITEM_LIMITS.items()}


def _finish(value: Any, where: str, names: Sequence[str]) -> tuple[str, ...]:
    """An order of arrival: players of the game, each at most once."""
    order = tuple(player(p, f"{where}.{i}", names) for i, p in enumerate(sequence(value, where)))
    if len(set(order)) != len(order):
        raise RecordError(where, "listed_twice")
    return order


def status(data: Mapping[str, Any]) -> tuple[str, dict[str, Any]]:
    """The stage for the header: the round being played, or the final scoring."""
    played = len(data.get("rounds", []))
    if played >= ROUNDS:
        return "schichtwechsel.status.end", {}
    return "schichtwechsel.status.round", {"round": played + 1, "rounds": ROUNDS}
