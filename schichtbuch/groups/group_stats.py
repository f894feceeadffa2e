"""A group's statistics as its page shows them (`stats.py` computes them with pandas): computed once per
version of the group and shared by every phone of it. Only the statistics page imports this module, so
pandas is loaded where it is used."""

from __future__ import annotations

from dataclasses import dataclass

import pandas as pd
import streamlit as st

from schichtbuch.groups import stats
from schichtbuch.live.caching import kept
from schichtbuch.session.resources import store
from scoring.registry import GAMES

STATS_CACHED = 32
"""Statistics kept computed on the server, one per group, version and game (the groups in use tonight)."""


@dataclass(frozen=True)
class GameStats:
    """A group's statistics of one game, as the statistics page shows them (see stats.py)."""

    plays: pd.DataFrame
    """One row per player per finished game (`stats.plays`)."""
    members: pd.DataFrame
    """Plays, wins, win rate, average and best total per player (`stats.members`)."""
    averages: pd.DataFrame
    """Average points per scoring category per player (`stats.categories`)."""
    durations: pd.DataFrame
    """Games and average minutes played per player count (`stats.durations`)."""


@kept(st.cache_data, STATS_CACHED)
def game_stats(group_id: str, version: int, game: str) -> GameStats | None:
    """The statistics of `game` in the group, None before its first finished game; computed once per
    version of the group (which counts every change of its games and members, so a new version computes
    them again and every phone of the group shares the result)."""
    frame = stats.plays([{**p.summary, "id": p.id} for p in store().group_games(group_id, game=game)])
    if frame.empty:
        return None
    return GameStats(frame, stats.members(frame, game), stats.categories(frame, game, GAMES[game].categories),
                     stats.durations(frame, game))


@kept(st.cache_data, STATS_CACHED)
def latest_game(group_id: str, version: int) -> str | None:
    """The game (its id: `coal_baron`) of the group's most recently played finished game, where the
    statistics open; None before its first finished game. Once per version of the group."""
    return next((p.summary["game"] for p in store().group_games(group_id) if p.summary["final"]), None)


@kept(st.cache_data, STATS_CACHED)
def duel(group_id: str, version: int, game: str, first: str, second: str) -> stats.HeadToHead:
    """Two members head to head in `game` (`stats.head_to_head`), computed once per version of the group."""
    computed = game_stats(group_id, version, game)
    return stats.head_to_head(computed.plays, first, second, game) if computed else stats.HeadToHead(0, 0, 0, 0, None, None)
