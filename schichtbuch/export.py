"""Exports of a game: the standings as CSV, safe to open in a spreadsheet."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

import pandas as pd

from scoring.records import Result

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
