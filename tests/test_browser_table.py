"""The edge of a real table, in headless Chromium at 390×844: the keyboard's Enter never saves a half-filled
form, on every game (its builder's `TYPED`). (Fast taps all stored in order: test_browser_taps.py; two
phones rolling MINE!'s die or adding the same attack at once, and what a phone is typing kept while
another's entry arrives: test_browser_mine.py.)"""

from __future__ import annotations

import os
from pathlib import Path

import pytest
from playwright.sync_api import expect

from apptest import put, stored
from browser import CHROMIUM, look, opened, phone, server, settle
from builders import BY_GAME
from scoring.registry import GAMES

if not Path(CHROMIUM).exists() and not os.environ.get("CI"):
    pytest.skip(f"no Chromium at {CHROMIUM} (apt-get install chromium)", allow_module_level=True)

pytestmark = pytest.mark.browser


@pytest.mark.parametrize("game", GAMES)
def test_enter_in_a_form_saves_nothing(tmp_path: Path, browser, game: str) -> None:
    typed = BY_GAME[game].TYPED
    path = tmp_path / "games.sqlite3"
    game_id = put(path, typed.start())
    with server(path) as url:
        page = phone(browser)
        opened(page, url, f"{game}_{typed.page}", game_id, "de")
        field = typed.field(page, "de")
        value = field.input_value()
        field.press("Enter")
        page.wait_for_timeout(1_000)
        settle(page)
        expect(page.get_by_role("heading", name=typed.heading("de"))).to_be_visible()
        assert field.input_value() == value
        look(page, f"enter-form-{game}")
    assert typed.untouched(stored(path, game_id))
