"""The read-only link under AppTest: the share page offers it (and its big-screen form) with a token that is
not the game's id; the watch page of every game shows the stage, the clock and the standings with no
control that writes (and what a game adds, such as Coal Baron's race, in its own tests), follows the game
live, keeps the photo and note of a finished game without their controls, and refuses an unknown token
with one line."""

from __future__ import annotations

import time
from pathlib import Path

import pytest
from streamlit.testing.v1 import AppTest

from apptest import PAGE_FIXTURES, app, failure, put, tr, watching
from builders import EXAMPLE, FINISHED, at as game_at
from schichtbuch.live import refresh
from schichtbuch.store import SQLiteStore
from scoring.app_fields import with_start
from scoring.registry import GAMES

pytestmark = [pytest.mark.pages, pytest.mark.usefixtures(*PAGE_FIXTURES)]


def writes(at: AppTest) -> list[object]:
    """Every control on the page that could write (the header's language switch changes only the phone)."""
    kinds = (at.button, at.number_input, at.text_input, at.toggle, at.checkbox, at.selectbox, at.button_group)
    found = [w for kind in kinds for w in kind] + list(at.get("file_uploader")) + list(at.get("camera_input"))
    return [w for w in found if getattr(w, "key", None) != "app_lang"]


def test_the_share_page_offers_a_read_only_link_that_is_not_the_edit_link(store_path: Path):
    game_id = put(store_path, game_at(EXAMPLE, ["Anna", "Ben"], "playing"))
    at = app("pages/share.py", "en", game_id)
    assert not at.exception, failure(at)
    token = SQLiteStore(str(store_path)).watch_token(game_id)
    links = [c.value for c in at.code]
    assert any(link.endswith(f"/watch?watch={token}") and game_id not in link for link in links)
    assert any(link.endswith(f"/watch?watch={token}&view=tv") for link in links)


@pytest.mark.parametrize("game", GAMES)
@pytest.mark.parametrize("view", [{}, {"view": "tv"}])
def test_the_watch_page_shows_the_game_live_and_nothing_that_writes(store_path: Path, monkeypatch, view, game):
    game_id = put(store_path, with_start(game_at(game, ["Anna", "Ben", "Cleo"], "playing"), time.time() - 600))
    token = SQLiteStore(str(store_path)).watch_token(game_id)
    followed: list[tuple[str, str, int]] = []
    monkeypatch.setattr(refresh, "follow", lambda table, item, version, read, gone: followed.append((table, item, version)))
    at = watching(token, **view)
    assert not at.exception, failure(at)
    assert not writes(at), writes(at)
    assert followed == [("games", game_id, 1)]
    assert at.query_params.get("game") is None and at.session_state["saved"] is None
    shown = [m.value for m in at.markdown] + [c.value for c in at.caption]
    assert any(tr("en", "clock.running", minutes=10) in c for c in shown)
    assert tr("en", "standings.so_far") in [h.value for h in at.subheader]
    assert any("st-key-tv_panels" in h.proto.body for h in at.get("html")) == bool(view)
    assert bool(at.expander) != bool(view)  # the breakdown a phone opens; a TV shows none


def test_a_finished_game_shows_its_note_without_the_form(store_path: Path):
    game_id = put(store_path, FINISHED[EXAMPLE]() | {"note": "on the train"})
    at = watching(SQLiteStore(str(store_path)).watch_token(game_id))
    assert "📝 on the train" in [m.value for m in at.markdown]
    assert not writes(at) and not at.get("link_button")


@pytest.mark.parametrize("token", ["x" * 22, "not a token"])
def test_an_unknown_token_gets_one_line(store_path: Path, token: str):
    game_id = put(store_path, game_at(EXAMPLE, ["Anna", "Ben"], "playing"))
    for shown in (token, game_id):  # the game's own id does not open it read-only either
        at = watching(shown)
        assert [e.value for e in at.error] == [tr("en", "watch.unknown")]
