"""A photo of the final board in headless Chromium at 390×844: taken with the phone's camera (Chromium's
test camera) on the end page of a finished game, shown there and in the group's history; a file that is
not a picture is refused with a message and stores nothing; after a server restart, a note's Save and a
tap on a page link are the first taps of new sessions and still taken. Screenshots land in artifacts/."""

from __future__ import annotations

import os
from pathlib import Path

import pytest
from playwright.sync_api import expect

from apptest import tr
from browser import CHROMIUM, LIVE, free_port, look, opened, phone, server, settle
from builders import EXAMPLE, FINISHED
from schichtbuch.store import SQLiteStore
from scoring.registry import page_at_stage

if not Path(CHROMIUM).exists() and not os.environ.get("CI"):
    pytest.skip(f"no Chromium at {CHROMIUM} (apt-get install chromium)", allow_module_level=True)

pytestmark = pytest.mark.browser
END = f"{EXAMPLE}_{page_at_stage(FINISHED[EXAMPLE]())}"
"""The end page of the example game, where a finished game's photo is taken."""


def test_a_photo_taken_on_the_end_page_shows_in_the_history(tmp_path: Path, browser) -> None:
    store = tmp_path / "games.sqlite3"
    s = SQLiteStore(str(store))
    group = s.create_group("Runde", ["Anna", "Ben", "Cleo"])
    game_id = s.create(FINISHED[EXAMPLE](), {"key": "change.start"}, group=group.id).id
    with server(store) as url:
        page = phone(browser)
        opened(page, url, END, game_id)
        page.get_by_text(tr("en", "photo.add")).click()
        page.get_by_text(tr("en", "photo.upload")).scroll_into_view_if_needed()
        page.locator("input[type=file]").set_input_files(
            files=[{"name": "board.jpg", "mimeType": "image/jpeg", "buffer": b"not a picture"}])
        refusal = tr("en", "error.refused", field=tr("en", "field.photo"), problem=tr("en", "problem.not_image"))
        expect(page.get_by_text(refusal)).to_be_visible(timeout=LIVE)
        assert "photo" not in s.load(game_id).doc

        page.get_by_text(tr("en", "photo.camera"), exact=True).click()
        settle(page)
        # A tap before the test camera's first frame takes no picture (a busy machine is slow to start it).
        page.wait_for_function("() => document.querySelector('video')?.videoWidth > 0", timeout=LIVE * 5)
        page.get_by_role("button", name="Take Photo").click()
        caption = page.get_by_test_id("stImageCaption").filter(has_text=tr("en", "photo.caption"))
        expect(caption).to_be_visible(timeout=LIVE * 5)
        assert s.load(game_id).doc["photo"]
        look(page, "photo-end")

        history = phone(browser)
        history.goto(f"{url}/history?group={group.id}&lang=en&show={game_id}")
        settle(history)
        image = history.get_by_test_id("stImage").filter(has_text=tr("en", "photo.caption")).locator("img")
        expect(image).to_be_visible()
        assert history.evaluate("img => img.naturalWidth", image.element_handle()) > 0


def test_after_a_restart_a_notes_save_and_a_page_link_are_taken(tmp_path: Path, browser) -> None:
    store, port = tmp_path / "games.sqlite3", free_port()
    game_id = SQLiteStore(str(store)).create(FINISHED[EXAMPLE](), {"key": "change.start"}).id
    noting, leaving = phone(browser), phone(browser)
    with server(store, port) as url:
        for page in (noting, leaving):
            opened(page, url, END, game_id)
        noting.get_by_label(tr("en", "note.label"), exact=True).fill("Anna won on the last train")
    with server(store, port):
        noting.get_by_role("button", name=tr("en", "note.save"), exact=True).click()
        link = leaving.get_by_role("radiogroup", name=tr("en", "app.pages"), exact=True).get_by_role(
            "radio", name=tr("en", "page.share"))
        expect(link).to_be_enabled(timeout=LIVE * 5)  # greyed out, and deaf to taps, while the phone reconnects
        link.click()
        expect(noting.get_by_text("📝 Anna won on the last train")).to_be_visible(timeout=LIVE * 3)
        expect(leaving.get_by_text(tr("en", "share.title"))).to_be_visible(timeout=LIVE * 3)
    assert SQLiteStore(str(store)).load(game_id).doc["note"] == "Anna won on the last train"
