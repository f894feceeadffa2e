"""After the game in headless Chromium at 390×844: the results card's button hands the PNG (1080 px wide)
to the phone's share sheet as a file where the browser can share files, and downloads it where it cannot;
Rematch opens the next game on the phone that tapped it, and a second phone still on the finished game is
offered to follow within seconds and follows. Screenshots and the card land in artifacts/."""

from __future__ import annotations

import io
import os
from pathlib import Path

import pytest
from PIL import Image
from playwright.sync_api import Locator, expect

from apptest import put, tr
from browser import CHROMIUM, LIVE, SHOTS, box, look, opened, phone, server, settle
from builders import DRAWN, EXAMPLE, FINISHED, at
from schichtbuch.store import SQLiteStore
from scoring.registry import GAMES, page_at_stage

if not Path(CHROMIUM).exists() and not os.environ.get("CI"):
    pytest.skip(f"no Chromium at {CHROMIUM} (apt-get install chromium)", allow_module_level=True)

pytestmark = pytest.mark.browser
SHARE_SHEET = """
navigator.canShare = data => !!(data && data.files && data.files.every(f => f.type === "image/png"));
navigator.share = async data => {
  const file = data.files[0], picture = await createImageBitmap(file);
  window.shared = {name: file.name, type: file.type, width: picture.width, height: picture.height, title: data.title};
};"""
"""A phone whose browser shares files (Chromium on Linux has no share sheet): what it is handed is kept."""


def at_least_44(control: Locator) -> None:
    size = box(control)
    assert size["width"] >= 44 and size["height"] >= 44, size


def test_the_card_goes_to_the_share_sheet_as_a_png_or_is_downloaded(tmp_path: Path, browser) -> None:
    store = tmp_path / "games.sqlite3"
    game, record = EXAMPLE, at(EXAMPLE, ["山田太郎", "Ben", "Cleo", "Dirk"], "finished")
    game_id = put(store, {**record, "started": 1_764_950_000, "ended": 1_764_950_000 + 95 * 60})
    with server(store) as url:
        sharing = phone(browser, locale="ja-JP")
        sharing.add_init_script(SHARE_SHEET)
        opened(sharing, url, f"{game}_{GAMES[game].pages[-1]}", game_id, "ja")
        button = sharing.get_by_role("button", name=f"📤 {tr('ja', 'card.share')}", exact=True)
        expect(button).to_be_visible(timeout=LIVE)
        at_least_44(button)
        button.click()
        sharing.wait_for_function("() => window.shared", timeout=LIVE)
        shared = sharing.evaluate("window.shared")
        assert (shared["type"], shared["width"]) == ("image/png", 1080) and shared["height"] > 1000
        assert shared["name"].endswith(".png") and shared["title"] == tr("ja", "card.title")
        look(sharing, "card-end-ja")

        downloading = phone(browser)
        opened(downloading, url, f"{game}_{GAMES[game].pages[-1]}", game_id)
        button = downloading.get_by_role("button", name=f"⬇️ {tr('en', 'card.download')}", exact=True)
        at_least_44(button)
        with downloading.expect_download(timeout=LIVE) as download:
            button.click()
        png = Path(download.value.path()).read_bytes()
        image = Image.open(io.BytesIO(png))
        assert (image.format, image.width) == ("PNG", 1080)
        assert download.value.suggested_filename.endswith(".png")
        SHOTS.mkdir(exist_ok=True)
        (SHOTS / f"card-{game}-en.png").write_bytes(png)


def test_rematch_opens_the_next_game_and_a_second_phone_follows(tmp_path: Path, browser) -> None:
    store = tmp_path / "games.sqlite3"
    game = DRAWN
    game_id = put(store, FINISHED[game]())
    with server(store) as url:
        table, other = phone(browser), phone(browser)
        for page in (table, other):
            opened(page, url, f"{game}_{GAMES[game].pages[-1]}", game_id)
        rematch = table.get_by_role("button", name=tr("en", "rematch.start"), exact=False)
        at_least_44(rematch)
        look(table, "rematch-end")
        rematch.click()
        settle(table)
        next_id = SQLiteStore(str(store)).load(game_id).doc["next_game"]
        expect(table).to_have_url(f"{url}/{game}_{GAMES[game].pages[0]}?game={next_id}&lang=en", timeout=LIVE)

        follow = other.get_by_role("link", name=tr("en", "rematch.follow"), exact=False)
        expect(follow).to_be_visible(timeout=LIVE)
        at_least_44(follow)
        look(other, "rematch-follow")
        follow.click()
        settle(other)
        lands_on = page_at_stage(SQLiteStore(str(store)).load(next_id).doc)
        expect(other).to_have_url(f"{url}/{game}_{lands_on}?game={next_id}&lang=en", timeout=LIVE)
        assert other.get_by_test_id("stException").count() == 0
        look(other, "rematch-followed")
