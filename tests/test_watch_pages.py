"""The read-only link under AppTest: the share page offers it (and its big-screen form) with a token that is
not the game's id; the watch page shows the stage, the clock, Coal Baron's race and the standings with no
control that writes, follows the game live, keeps the photo and note of a finished game without their
controls, and refuses an unknown token with one line."""

from __future__ import annotations

import time
from pathlib import Path

import pytest
from streamlit.testing.v1 import AppTest

from apptest import APP, PAGE_FIXTURES, app, failure, put, tr
from builders import FINISHED
from builders.coal_baron import in_shift_one
from schichtbuch.live import refresh
from schichtbuch.store import SQLiteStore
from scoring import coal_baron as cb
from scoring.app_fields import with_start

pytestmark = [pytest.mark.pages, pytest.mark.usefixtures(*PAGE_FIXTURES)]


def watching(token: str, lang: str = "en", **extra: str) -> AppTest:
    at = AppTest.from_file(str(APP), default_timeout=30)
    at.query_params.update({"watch": token, "lang": lang, **extra})
    at.switch_page("pages/watch.py")
    return at.run()


def writes(at: AppTest) -> list[object]:
    """Every control on the page that could write (the header's language switch changes only the phone)."""
    kinds = (at.button, at.number_input, at.text_input, at.toggle, at.checkbox, at.selectbox, at.button_group)
    found = [w for kind in kinds for w in kind] + list(at.get("file_uploader")) + list(at.get("camera_input"))
    return [w for w in found if getattr(w, "key", None) != "app_lang"]


def test_the_share_page_offers_a_read_only_link_that_is_not_the_edit_link(store_path: Path):
    game_id = put(store_path, in_shift_one(["Anna", "Ben"]))
    at = app("pages/share.py", "en", game_id)
    assert not at.exception, failure(at)
    token = SQLiteStore(str(store_path)).watch_token(game_id)
    links = [c.value for c in at.code]
    assert any(link.endswith(f"/watch?watch={token}") and game_id not in link for link in links)
    assert any(link.endswith(f"/watch?watch={token}&view=tv") for link in links)


@pytest.mark.parametrize("view", [{}, {"view": "tv"}])
def test_the_watch_page_shows_the_game_live_and_nothing_that_writes(store_path: Path, monkeypatch, view):
    game_id = put(store_path, with_start(in_shift_one(["Anna", "Ben", "Cleo"]), time.time() - 600))
    token = SQLiteStore(str(store_path)).watch_token(game_id)
    followed: list[tuple[str, str, int]] = []
    monkeypatch.setattr(refresh, "follow", lambda table, item, version, read, gone: followed.append((table, item, version)))
    at = watching(token, **view)
    assert not at.exception, failure(at)
    assert not writes(at), writes(at)
    assert followed == [("games", game_id, 1)]
    assert at.query_params.get("game") is None and at.session_state["saved"] is None
    shown = [m.value for m in at.markdown] + [c.value for c in at.caption]
    assert any(m.startswith(f"**{tr('en', 'coal_baron.race.title', shift='I')}**") for m in shown)
    assert any(tr("en", "clock.running", minutes=10) in c for c in shown)
    assert tr("en", "standings.so_far") in [h.value for h in at.subheader]
    assert any("st-key-tv_panels" in h.proto.body for h in at.get("html")) == bool(view)
    assert bool(at.expander) != bool(view)  # the breakdown a phone opens; a TV shows none


def test_a_hidden_race_stays_hidden_to_watchers(store_path: Path):
    game_id = put(store_path, cb.hide_race(in_shift_one(["Anna", "Ben"]), True))
    at = watching(SQLiteStore(str(store_path)).watch_token(game_id))
    assert any(tr("en", "coal_baron.race.hidden") in m.value for m in at.markdown)
    assert not [m for m in at.markdown if "| " in m.value and "🟡" in m.value]


def test_a_finished_game_shows_its_note_without_the_form(store_path: Path):
    game_id = put(store_path, FINISHED["coal_baron"]() | {"note": "on the train"})
    at = watching(SQLiteStore(str(store_path)).watch_token(game_id))
    assert "📝 on the train" in [m.value for m in at.markdown]
    assert not writes(at) and not at.get("link_button")


@pytest.mark.parametrize("token", ["x" * 22, "not a token"])
def test_an_unknown_token_gets_one_line(store_path: Path, token: str):
    game_id = put(store_path, in_shift_one(["Anna", "Ben"]))
    for shown in (token, game_id):  # the game's own id does not open it read-only either
        at = watching(shown)
        assert [e.value for e in at.error] == [tr("en", "watch.unknown")]
