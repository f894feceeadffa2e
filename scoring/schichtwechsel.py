"""Schichtwechsel – Die Förderung liegt in deiner Hand (Thomas Spitzer, Spielefaible 2021): round cards
and final scoring.

Follows ../rules/schichtwechsel.md; the rules come from the German rules summary
../seeds/000_e7e74b63b3be7c62.txt [seed]. The round cards and what each rewards are UNVERIFIED: the table
records each card's name and the VP it gave. No source gives a tie-breaker: equal totals share a place.
Not yet in the game registry: its pages come with the rest of its issue.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from enum import StrEnum
from typing import Any

from scoring.records import Line, RecordError, Result, count, mapping, per_player, player, players, sequence, standings

ROUNDS = 5
FIRST_TO_FINISH_VP = 8
LATER_FINISHER_VP = 5
"""The first player to reach the end of the day shift or of a track gets 8, every later one 5 [seed]."""
TOOL_VP = -2
START_PLAYER_VP = 2
ROUND_NAMES = ("1", "2", "3", "4", "5")


class Track(StrEnum):
    RAIL = "rail"
    ROAD = "road"
    CANAL = "canal"


PLAYER_ITEMS = ("track_points", "houses", "coke", "vp_chips", "tools")
"""Entered per player from the board at the end: VP printed on passed track thresholds, on the chosen
house fields and under the sold coke pairs, VP chips, and tool tiles held [seed]."""
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

    miner_finish: tuple[str, ...]
    track_finish: Mapping[Track, tuple[str, ...]]
    start_player: str
    items: Mapping[str, Mapping[str, int]]


@dataclass(frozen=True)
class Record:
    players: tuple[str, ...]
    rounds: tuple[Round, ...]
    end: End | None


def read(record: Mapping[str, Any]) -> Record:
    """Check a record against the format and the rules; the first problem raises RecordError."""
    names = players(record, range(2, 5))
    rounds = tuple(_round(r, f"rounds.{i}", names) for i, r in enumerate(sequence(record.get("rounds", []), "rounds")))
    if len(rounds) > ROUNDS:
        raise RecordError("rounds", "too_many_rounds", count=len(rounds), limit=ROUNDS)
    end = record.get("end")
    return Record(names, rounds, None if end is None else _end(end, names))


def score(data: Mapping[str, Any]) -> Result:
    """Standings of a (possibly partial) record: round-card VP as entered, then the final scoring once
    the game is over. No tie-breaker is known: equal totals share a place (UNVERIFIED)."""
    record = read(data)
    lines = {p: [Line("rounds", "schichtwechsel.line.round", r.points[p], {"round": i + 1, "card": r.card})
                 for i, r in enumerate(record.rounds)] for p in record.players}
    if record.end is not None:
        for p in record.players:
            lines[p] += _final_lines(record.end, p)
    return Result("schichtwechsel", record.end is not None, standings(record.players, lines, CATEGORIES),
                  _progress(record))


def race(finish: Sequence[str]) -> dict[str, int]:
    """VP for reaching an end field, by the order of arrival: the first 8, every later one 5 [seed]."""
    return {p: FIRST_TO_FINISH_VP if i == 0 else LATER_FINISHER_VP for i, p in enumerate(finish)}


def _final_lines(end: End, who: str) -> list[Line]:
    races = {"miner": race(end.miner_finish)} | {t.value: race(end.track_finish[t]) for t in Track}
    items = end.items[who]
    return [
        *(Line(c, f"schichtwechsel.line.{c}", points[who], {}) for c, points in races.items() if who in points),
        *(Line(i, f"schichtwechsel.line.{i}", items[i], {}) for i in ("track_points", "houses", "coke", "vp_chips")),
        Line("start_player", "schichtwechsel.line.start_player", START_PLAYER_VP if end.start_player == who else 0, {}),
        Line("tools", "schichtwechsel.line.tools", TOOL_VP * items["tools"], {"tools": items["tools"]}),
    ]


def _progress(record: Record) -> tuple[dict[str, int], ...]:
    """Running totals of the round cards after each round."""
    return tuple({p: sum(r.points[p] for r in record.rounds[: k + 1]) for p in record.players}
                 for k in range(len(record.rounds)))


def _round(value: Any, where: str, names: Sequence[str]) -> Round:
    entry = mapping(value, where)
    card = entry.get("card")
    if not isinstance(card, str) or not card.strip():
        raise RecordError(f"{where}.card", "empty_name")
    return Round(card.strip(), per_player(entry.get("points"), f"{where}.points", names, count))


def _end(value: Any, names: Sequence[str]) -> End:
    end = mapping(value, "end")
    tracks = mapping(end.get("track_finish"), "end.track_finish")
    for key in tracks:
        if key not in set(Track):
            raise RecordError(f"end.track_finish.{key}", "unknown_track", value=key)
    return End(
        miner_finish=_finish(end.get("miner_finish"), "end.miner_finish", names),
        track_finish={t: _finish(tracks.get(t.value, []), f"end.track_finish.{t.value}", names) for t in Track},
        start_player=player(end.get("start_player"), "end.start_player", names),
        items=per_player(end.get("players"), "end.players", names,
                         lambda v, at: {i: count(mapping(v, at).get(i, 0), f"{at}.{i}") for i in PLAYER_ITEMS}),
    )


def _finish(value: Any, where: str, names: Sequence[str]) -> tuple[str, ...]:
    """An order of arrival: players of the game, each at most once."""
    order = tuple(player(p, f"{where}.{i}", names) for i, p in enumerate(sequence(value, where)))
    if len(set(order)) != len(order):
        raise RecordError(where, "listed_twice")
    return order
