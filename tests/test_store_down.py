"""A database out of reach (AppTest): a tap that cannot be stored says "Not saved" in the page's language
next to its control, as a refusal is said, never Streamlit's exception box; a page that cannot read its
game says so in one line. The store is the real one, its writes (or also its reads) made to raise the
store's `Unavailable`, as a locked SQLite file or a PostgreSQL server that went away does."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from streamlit.testing.v1 import AppTest

from apptest import PAGE_FIXTURES, app, failure, new_session, put, tr
from builders.coal_baron import at as coal_baron_at
from schichtbuch.session import resources
from schichtbuch.session.page import widget_key
from schichtbuch.shell.nav import page_path
from schichtbuch.store import SQLiteStore, Unavailable
from scoring import coal_baron as cb
from scoring.coal_baron import Transport

pytestmark = [pytest.mark.pages, pytest.mark.usefixtures(*PAGE_FIXTURES)]
WRITES = frozenset({"create", "change", "undo", "join_code", "watch_token", "create_group", "add_member",
                    "add_to_group", "import_games"})
"""The store's calls that write."""
TWO = ["Anna", "Ben"]


class Down:
    """The app's store, with the calls named in `failing` raising `Unavailable` (none at first)."""

    def __init__(self, real: SQLiteStore) -> None:
        self._real = real
        self.failing: frozenset[str] = frozenset()

    def __getattr__(self, name: str) -> Any:
        if name in self.failing:
            raise Unavailable("the database went away")
        return getattr(self._real, name)


@pytest.fixture
def down(store_path: Path, monkeypatch: pytest.MonkeyPatch) -> Down:
    """The store every run of the app uses, to be broken by the test."""
    broken = Down(SQLiteStore(str(store_path)))
    monkeypatch.setattr(resources, "open_store", lambda where: broken)
    return broken


def tap_card(at: AppTest) -> None:
    at.button(key=widget_key("shift_card", "play", 1, Transport.WHEELBARROW, "brown")).click().run()


def tap_undo(at: AppTest) -> None:
    at.button(key="shift_undo").click().run()


def enter_end(at: AppTest) -> None:
    at.number_input(key="end_Anna_money").set_value(5)
    next(b for b in at.button if b.key and b.key.startswith("FormSubmitter:end_form")).click().run()


def start_game(at: AppTest) -> None:
    for seat, name in enumerate(TWO):
        at.text_input(key=f"home_name_{seat}").input(name)
    at.button(key="home_go").click().run()


def create_group(at: AppTest) -> None:
    at.text_input(key="group_name").input("Donnerstagsrunde")
    at.text_area(key="group_members").input("Anna\nBen")
    at.button[0].click().run()


def in_shift_one(path: Path) -> str:
    return put(path, cb.new_record(TWO, {}, "Anna"))


def delivered(path: Path) -> str:
    game_id = in_shift_one(path)
    card = cb.cards(Transport.WHEELBARROW)[0]
    SQLiteStore(str(path)).change(game_id, lambda d: cb.deliver(d, 1, "Anna", card), {"key": "change.other"})
    return game_id


def ending(path: Path) -> str:
    return put(path, coal_baron_at(TWO, "ending"))


@pytest.mark.parametrize(("page", "game", "tap", "lang"), [
    (page_path("coal_baron", "shift"), in_shift_one, tap_card, "de"),
    (page_path("coal_baron", "shift"), delivered, tap_undo, "fr"),
    (page_path("coal_baron", "end"), ending, enter_end, "ja"),
    (page_path(None, "home"), None, start_game, "en"),
    (page_path(None, "group"), None, create_group, "de"),
], ids=["card", "undo", "player_entry", "start", "group"])
def test_a_tap_that_cannot_be_stored_says_not_saved_next_to_its_control(
        store_path: Path, down: Down, page: str, game: Callable[[Path], str] | None,
        tap: Callable[[AppTest], None], lang: str) -> None:
    game_id = None if game is None else game(store_path)
    version = None if game_id is None else SQLiteStore(str(store_path)).version(game_id)
    at = app(page, lang, game_id)
    assert not at.exception, failure(at)
    down.failing = WRITES
    tap(at)
    assert not at.exception, failure(at)
    assert [e.value for e in at.error] == [tr(lang, "error.store_down")]
    if game_id is not None:
        assert SQLiteStore(str(store_path)).version(game_id) == version


def test_a_page_that_cannot_read_its_game_says_so_in_one_line(store_path: Path, down: Down) -> None:
    game_id = put(store_path, cb.new_record(TWO, {}, "Anna"))
    down.failing = frozenset({"load"})
    at = new_session(page_path("coal_baron", "shift"), "fr", game_id).run()
    assert not at.exception, failure(at)
    assert [e.value for e in at.error] == [tr("fr", "error.store_down_page")]


def test_a_tap_while_the_database_is_down_altogether_is_said_with_the_page_that_cannot_be_read(
        store_path: Path, down: Down) -> None:
    """The tap's callback and the page run after it both meet the database down: the tap's "Not saved"
    is said where the page stops, since its card is not drawn."""
    game_id = in_shift_one(store_path)
    at = app(page_path("coal_baron", "shift"), "ja", game_id)
    down.failing = WRITES | {"load", "version", "versions", "undoable", "group_of"}
    tap_card(at)
    assert not at.exception, failure(at)
    assert [e.value for e in at.error] == [tr("ja", "error.store_down"), tr("ja", "error.store_down_page")]
