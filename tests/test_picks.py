"""A tap means what the phone showed: a choice made on a weak connection is drawn at once in the browser,
while the controls under it stay as the server drew them, so the tap arrives with the new choice on a
control of the old one (streamlit.md). Such a tap is refused with a message and nothing is stored, on every
game's pages (its builder's `PICKED`; each game's other choices in its own test modules, with the choices
kept in the link, so that a reload or a new session shows them as the phone had them). AppTest sets the
choice and taps the control in one run, as the phone's request carries both once the connection is back."""

from __future__ import annotations

from pathlib import Path

import pytest

from apptest import PAGE_FIXTURES, app, failure, put, stored, tr
from builders import BY_GAME
from schichtbuch.shell.nav import page_path
from scoring.registry import GAMES

pytestmark = [pytest.mark.pages, pytest.mark.usefixtures(*PAGE_FIXTURES)]


@pytest.mark.parametrize("game", GAMES)
def test_a_control_of_the_choice_shown_before_the_phone_picked_another_is_refused(store_path: Path, game: str) -> None:
    picked = BY_GAME[game].PICKED
    game_id = put(store_path, picked.start())
    at = app(page_path(game, picked.page), "en", game_id)
    picked.tap(at)
    assert not at.exception, failure(at)
    assert tr("en", "error.pick_unseen", pick=picked.pick) in [w.value for w in at.warning]
    assert picked.untouched(stored(store_path, game_id))
