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
from builders import BY_GAME
from schichtbuch.session import resources
from schichtbuch.shell.nav import page_path
from schichtbuch.store import SQLiteStore, Unavailable
from scoring.registry import GAMES, page_at_stage

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


def start_game(at: AppTest) -> None:
    for seat, name in enumerate(TWO):
        at.text_input(key=f"home_name_{seat}").input(name)
    at.button(key="home_go").click().run()


def create_group(at: AppTest) -> None:
    at.text_input(key="group_name").input("Donnerstagsrunde")
    at.text_area(key="group_members").input("Anna\nBen")
    at.button[0].click().run()


Tap = tuple[str, Callable[[Path], str], Callable[[AppTest], None], Callable[[AppTest], None]]
"""A page, the game it opens with, what the phone shows there first (a run), and a tap that stores."""


def as_opened(at: AppTest) -> None:
    """The control shows as the page opens."""


def entry(game: str) -> Tap:
    """A game's page where its first entry is tapped (its builder's `APP_ENTRY`), the game, and the tap."""
    builders = BY_GAME[game]
    return (page_path(game, builders.APP_ENTRY.page), lambda path: put(path, builders.ENTRIES.start(TWO)),
            builders.APP_ENTRY.show, builders.APP_ENTRY.tap)


def entered(path: Path, game: str) -> str:
    """A game in which the first player made an entry after it started (a change Undo takes back)."""
    entries = BY_GAME[game].ENTRIES
    game_id = put(path, entries.start(TWO))
    SQLiteStore(str(path)).change(game_id, lambda d: entries.make(d, TWO[0], 0), {"key": "change.other"})
    return game_id


def undo(game: str) -> Tap:
    """A game's page after its first entry, the game, and a tap on its Undo."""
    return (page_path(game, BY_GAME[game].APP_ENTRY.page), lambda path: entered(path, game), as_opened,
            lambda at: at.button(key=BY_GAME[game].APP_ENTRY.undo).click().run())


def form(game: str) -> Tap:
    """A game's page with a form (its builder's `APP_FORM`), the game, and the form saved."""
    saved = BY_GAME[game].APP_FORM
    return page_path(game, saved.page), lambda path: put(path, saved.start(TWO)), as_opened, saved.save


LANGS = ("de", "fr", "ja")
TAPS = [pytest.param(*tap(g), LANGS[i % len(LANGS)], id=f"{g}-{tap.__name__}")
        for g in GAMES for i, tap in enumerate((entry, undo, form))] + [
    pytest.param(page_path(None, "home"), None, as_opened, start_game, "en", id="start"),
    pytest.param(page_path(None, "group"), None, as_opened, create_group, "de", id="group"),
]
"""Every game's entry, its undo and a form, and the home and group pages' taps that create."""


@pytest.mark.parametrize(("page", "game", "show", "tap", "lang"), TAPS)
def test_a_tap_that_cannot_be_stored_says_not_saved_next_to_its_control(
        store_path: Path, down: Down, page: str, game: Callable[[Path], str] | None, show: Callable[[AppTest], None],
        tap: Callable[[AppTest], None], lang: str) -> None:
    game_id = None if game is None else game(store_path)
    version = None if game_id is None else SQLiteStore(str(store_path)).version(game_id)
    at = app(page, lang, game_id)
    show(at)
    assert not at.exception, failure(at)
    down.failing = WRITES
    tap(at)
    assert not at.exception, failure(at)
    assert [e.value for e in at.error] == [tr(lang, "error.store_down")]
    if game_id is not None:
        assert SQLiteStore(str(store_path)).version(game_id) == version


@pytest.mark.parametrize("game", GAMES)
def test_a_page_that_cannot_read_its_game_says_so_in_one_line(store_path: Path, down: Down, game: str) -> None:
    doc = BY_GAME[game].ENTRIES.start(TWO)
    game_id = put(store_path, doc)
    down.failing = frozenset({"load"})
    at = new_session(page_path(game, page_at_stage(doc)), "fr", game_id).run()
    assert not at.exception, failure(at)
    assert [e.value for e in at.error] == [tr("fr", "error.store_down_page")]


@pytest.mark.parametrize("game", GAMES)
def test_a_tap_while_the_database_is_down_altogether_is_said_with_the_page_that_cannot_be_read(
        store_path: Path, down: Down, game: str) -> None:
    """The tap's callback and the page run after it both meet the database down: the tap's "Not saved"
    is said where the page stops, since its control is not drawn."""
    page, start, show, tap = entry(game)
    at = app(page, "ja", start(store_path))
    show(at)
    down.failing = WRITES | {"load", "version", "versions", "undoable", "group_of"}
    tap(at)
    assert not at.exception, failure(at)
    assert [e.value for e in at.error] == [tr("ja", "error.store_down"), tr("ja", "error.store_down_page")]
