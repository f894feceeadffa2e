"""What a finished game's end page offers under its standings: the next game, one tap away (rematch.py),
and the results card to share (results_card.py)."""

from __future__ import annotations

from schichtbuch.after_game import rematch, results_card
from schichtbuch.session.page import extra
from schichtbuch.store import Saved


def after_game(saved: Saved) -> None:
    """For a finished game (nothing otherwise): the next game, then the results card (which the page can
    do without: if it cannot be drawn, a line says so)."""
    rematch.offer(saved)
    extra(lambda: results_card.offer(saved))
