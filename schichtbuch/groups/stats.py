"""Statistics of a group's games, with pandas: plays, wins, win rate, average and best total per member,
the average points per scoring category, the average minutes played per player count, and head-to-head
between two members.

Pure functions (no Streamlit, no store, no clock) of the history's summary rows, which hold each game's
standings exactly as its pure scorer gave them (`scoring.registry.summary`, written by the store with
every change): the numbers are the standings' numbers, never recounted here. This module lives in
`schichtbuch/`, not `scoring/`, because it needs pandas, which the rules and the command line (started
in well under half a second) do without.

Only finished games count: a game still being played has no winner yet. A shared first place is a win
for each player sharing it. MINE!'s dummy seat (the seat a summary names `dummy`) is no member: it is in
no row of the members' table nor of the points per category, as in the profiles (`profiles.py`); its
seat still counts in the game's player count.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

import pandas as pd

from scoring.registry import summary_minutes, summary_winners

MEMBER_COLUMNS = ("plays", "wins", "win_rate", "average", "best")


def plays(summaries: Iterable[Mapping[str, Any]]) -> pd.DataFrame:
    """One row per player per finished game: `game_id` (the row's position in `summaries` unless it
    carries an `id`), `game`, `minutes` (played, where known), `player`, `rank`, `total`, `won`, `dummy`
    (the dummy seat's row), and one column per scoring category (empty where the row's game has no such
    category)."""
    rows = []
    for i, s in enumerate(summaries):
        if s["final"]:
            won = summary_winners(s)
            rows += [{"game_id": s.get("id", i), "game": s["game"], "minutes": summary_minutes(s), "player": p["player"],
                      "rank": p["rank"], "total": p["total"], "won": p["player"] in won,
                      "dummy": p["player"] == s.get("dummy"), **p["breakdown"]}
                     for p in s["standings"]]
    columns = ["game_id", "game", "minutes", "player", "rank", "total", "won", "dummy"]
    return pd.DataFrame(rows, columns=columns if not rows else None).astype({"minutes": "Float64"})


def members(frame: pd.DataFrame, game: str) -> pd.DataFrame:
    """Per player of `game`: plays, wins, win rate (wins / plays), average total and best total; most
    wins first, then the higher win rate, then the name. The dummy seat is none of them."""
    rows = _people(frame, game)
    table = rows.groupby("player").agg(plays=("total", "size"), wins=("won", "sum"), average=("total", "mean"),
                                       best=("total", "max"))
    table["win_rate"] = table["wins"] / table["plays"]
    table = table.astype({"plays": int, "wins": int, "best": int})
    return table.sort_values(["wins", "win_rate"], ascending=False, kind="stable")[list(MEMBER_COLUMNS)]


def categories(frame: pd.DataFrame, game: str, names: Sequence[str]) -> pd.DataFrame:
    """Per player of `game` (the dummy seat none): the average points of each of its scoring categories
    `names`."""
    rows = _people(frame, game)
    return rows.groupby("player")[list(names)].mean().reindex(columns=list(names))


def _people(frame: pd.DataFrame, game: str) -> pd.DataFrame:
    """The rows of `game` of the people at the table, the dummy seat's left out."""
    return frame[(frame["game"] == game) & ~frame["dummy"].astype(bool)]


def durations(frame: pd.DataFrame, game: str) -> pd.DataFrame:
    """Per player count of `game`: the finished games and the average minutes played of those whose
    duration is known (empty where none is)."""
    games = frame[frame["game"] == game].groupby("game_id").agg(players=("player", "size"), minutes=("minutes", "first"))
    return games.groupby("players").agg(games=("minutes", "size"), minutes=("minutes", "mean"))


@dataclass(frozen=True)
class HeadToHead:
    """Two members in the finished games they both played."""

    games: int
    first_ahead: int
    """Games the first member finished ranked better than the second."""
    second_ahead: int
    level: int
    """Games they finished with the same rank."""
    first_average: float | None
    second_average: float | None


def head_to_head(frame: pd.DataFrame, first: str, second: str, game: str | None = None) -> HeadToHead:
    """How two members fared against each other in the finished games (of `game`, or any) they shared."""
    rows = frame if game is None else frame[frame["game"] == game]
    pair = rows[rows["player"] == first].merge(rows[rows["player"] == second], on="game_id", suffixes=("_a", "_b"))
    if pair.empty:
        return HeadToHead(0, 0, 0, 0, None, None)
    return HeadToHead(len(pair), int((pair["rank_a"] < pair["rank_b"]).sum()), int((pair["rank_a"] > pair["rank_b"]).sum()),
                      int((pair["rank_a"] == pair["rank_b"]).sum()), float(pair["total_a"].mean()),
                      float(pair["total_b"].mean()))
