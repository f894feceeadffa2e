"""Sections of a game's pages, one module per game, for a page that would not stay short: the page puts
them in order, each section draws one part of it from the game as the run shows it. A game's module may
also say what the read-only watch page shows of the game while it is played (`watch(saved)`)."""

from __future__ import annotations

import importlib
from collections.abc import Callable
from typing import Any

from schichtbuch.store import Saved


def watch_section(game: str) -> Callable[[Saved], Any] | None:
    """What the watch page shows of `game` beyond the standings (its panels module's `watch`), if any."""
    name = f"{__name__}.{game}"
    try:
        module = importlib.import_module(name)
    except ModuleNotFoundError as error:
        if error.name != name:
            raise
        return None
    return getattr(module, "watch", None)
