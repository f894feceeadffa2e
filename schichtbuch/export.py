"""Exports: a game's standings and a group's history as CSV, safe to open in a spreadsheet."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

import pandas as pd

from schichtbuch.store import Played
from scoring.bgstats import play_date
from scoring.standings import Result
from scoring.registry import GAMES

FORMULA_STARTS = ("=", "+", "-", "@", "\t", "\r")
"""A text cell starting with one of these is run as a formula by spreadsheets (OWASP, CSV injection)."""


def spreadsheet_safe(value: Any) -> Any:
    """A text cell that a spreadsheet would run as a formula gets a leading `'` (the OWASP rule), so a
    player called `=HYPERLINK(…)` is shown, not run; numbers and other text stay as they are."""
    return f"'{value}" if isinstance(value, str) and value.startswith(FORMULA_STARTS) else value


def standings_csv(result: Result, categories: Sequence[str], t: Callable[..., str]) -> str:
    """One row per player: name, rank, total and the points of every category, headed in the player's
    language."""
    rows = [{t("col.player"): s.player, t("col.rank"): s.rank, t("col.total"): s.total,
             **{t(f"{result.game}.cat.{c}"): s.breakdown[c] for c in categories}} for s in result.standings]
    return pd.DataFrame(rows).map(spreadsheet_safe).to_csv(index=False)


def history_csv(games: Sequence[Played], t: Callable[..., str], lang: str, utc_offset: int = 0) -> str:
    """A group's history, one row per player per game (newest game first, players best first): date,
    game, whether it is finished, player, rank, total, winner, then every category of every game as a
    column ("Coal Baron: Orders"), empty where the row's game has no such category."""
    rows = []
    for played in games:
        s = played.summary
        for p in s["standings"]:
            rows.append({t("history.col.date"): play_date(int(played.played), utc_offset),
                         t("history.col.game"): GAMES[s["game"]].names[lang], t("history.col.finished"): s["final"],
                         t("col.player"): p["player"], t("col.rank"): p["rank"], t("col.total"): p["total"],
                         t("history.col.winner"): s["final"] and p["rank"] == 1,
                         **{_category(t, lang, s["game"], c): v for c, v in p["breakdown"].items()}})
    columns = [t("history.col.date"), t("history.col.game"), t("history.col.finished"), t("col.player"),
               t("col.rank"), t("col.total"), t("history.col.winner")]
    points = [_category(t, lang, g.id, c) for g in GAMES.values() for c in g.categories]
    frame = pd.DataFrame(rows, columns=columns + points).astype(dict.fromkeys(points, "Int64"))
    return frame.map(spreadsheet_safe).to_csv(index=False)


def _category(t: Callable[..., str], lang: str, game: str, category: str) -> str:
    return f"{GAMES[game].names[lang]}: {t(f'{game}.cat.{category}')}"
