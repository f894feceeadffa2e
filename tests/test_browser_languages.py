"""The longer and the unspaced languages at phone size, in headless Chromium at 390×844: each game's pages in
French (about a fifth longer than English) and Japanese (no spaces to wrap at), at a stage where each shows
its entries, standings and breakdown, and a group's pages with three finished games. Nothing scrolls the page sideways, the language switch offers all
four languages inside the screen, no button, link or switch cuts its text off, and Streamlit's own link
to skip to the content speaks the page's language. Screenshots of every
page land in artifacts/ (`lang-<lang>-<page>.png`): look at them for missing glyphs (CI installs
fonts-noto-cjk and fonts-noto-color-emoji)."""

from __future__ import annotations

import os
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Page, expect

from apptest import put, tr
from browser import CHROMIUM, PHONE, look, phone, server, settle
from builders import FINISHED, PAGE_STAGES
from schichtbuch.shell.nav import GROUP_PAGES
from schichtbuch.store import SQLiteStore
from schichtbuch.texts import i18n

if not Path(CHROMIUM).exists() and not os.environ.get("CI"):
    pytest.skip(f"no Chromium at {CHROMIUM} (apt-get install chromium)", allow_module_level=True)

pytestmark = pytest.mark.browser
LANGS = ("fr", "ja")

BUILDS: dict[str, Callable[[], dict[str, Any]]] = PAGE_STAGES
"""Each game's pages, with the game they are opened on (builders/)."""

CUT_OFF = """els => els.filter(e => e.offsetParent !== null).filter(e => {
  const r = e.getBoundingClientRect();
  return e.scrollWidth > e.clientWidth + 1 || r.left < -0.5 || r.right > window.innerWidth + 0.5;
}).map(e => e.innerText.trim())"""
"""The labels, among the given elements shown, whose text is wider than their box or that leave the screen."""




@pytest.fixture(scope="module")
def games(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[str, dict[str, str]]]:
    store = tmp_path_factory.mktemp("store") / "games.sqlite3"
    ids = {page: put(store, build()) for page, build in BUILDS.items()}
    group = SQLiteStore(str(store)).create_group("Soirée du jeudi", [])
    for build in FINISHED.values():  # a finished game of each game, so that history and statistics show them
        SQLiteStore(str(store)).add_to_group(group.id, put(store, build()))
    ids["group"] = group.id
    with server(store) as url:
        yield url, ids


@pytest.fixture
def page(browser) -> Iterator[Page]:
    """A phone for one test, closed after it (an open page keeps its session on the server, rerun on every change)."""
    opened = phone(browser)
    yield opened
    opened.context.close()


def cut_off(page: Page) -> list[str]:
    """Buttons, page links and switch segments whose label does not fit."""
    labels = page.locator("button:visible, [role='radio']:visible, [data-testid='stPageLink'] a:visible")
    return labels.evaluate_all(CUT_OFF)


def assert_fits(page: Page, lang: str, name: str) -> None:
    switch = page.get_by_role("radiogroup", name=tr(lang, "app.language"))
    for code in i18n.LANGUAGES:
        expect(switch.get_by_role("radio", name=code.upper(), exact=True)).to_be_visible()
    found = switch.bounding_box()
    assert found is not None and found["x"] + found["width"] <= PHONE["width"], "the language switch leaves the screen"
    assert cut_off(page) == [], f"{name}: cut-off labels"
    look(page, f"lang-{lang}-{name}")


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("name", list(BUILDS))
def test_game_page_fits_the_phone(games: tuple[str, dict[str, str]], page: Page, name: str, lang: str) -> None:
    url, ids = games
    page.goto(f"{url}/{name}?game={ids[name]}&lang={lang}")
    settle(page)
    expect(page.get_by_text(tr(lang, "app.title")).first).to_be_visible()
    assert_fits(page, lang, name)


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("name", GROUP_PAGES)
def test_group_page_fits_the_phone(games: tuple[str, dict[str, str]], page: Page, name: str, lang: str) -> None:
    url, ids = games
    page.goto(f"{url}/{name}?group={ids['group']}&lang={lang}")
    settle(page)
    expect(page.get_by_text("Soirée du jeudi").first).to_be_visible()
    assert_fits(page, lang, name)


@pytest.mark.parametrize("lang", LANGS)
def test_home_fits_the_phone(games: tuple[str, dict[str, str]], page: Page, lang: str) -> None:
    url, _ = games
    page.goto(f"{url}/?lang={lang}")
    settle(page)
    expect(page.get_by_text(tr(lang, "home.new")).first).to_be_visible()
    assert_fits(page, lang, "home")


SWITCHED = list(BUILDS)[-1]
"""The page the language is switched on: the last game's last page."""


def test_switch_changes_the_language(games: tuple[str, dict[str, str]], page: Page) -> None:
    url, ids = games
    page.goto(f"{url}/{SWITCHED}?game={ids[SWITCHED]}&lang=fr")
    settle(page)
    skip = page.get_by_test_id("stSkipToContent")  # Streamlit's own link, first for a keyboard or screen reader
    expect(skip).to_have_text(tr("fr", "app.skip_to_content"))
    page.get_by_role("radiogroup", name=tr("fr", "app.language")).get_by_role("radio", name="JA", exact=True).click()
    settle(page)
    assert "lang=ja" in page.url
    expect(page.get_by_text(tr("ja", f"page.{SWITCHED}.short")).first).to_be_visible()
    expect(skip).to_have_text(tr("ja", "app.skip_to_content"))


@pytest.mark.parametrize("link", [0, 1], ids=["join", "watch"])
def test_a_link_shared_by_a_french_phone_opens_in_japanese_on_a_japanese_phone(
        games: tuple[str, dict[str, str]], browser, link: int) -> None:
    """A link on a French phone's share page (the join link, the read-only one) names no language: a phone
    whose browser speaks Japanese opens it in Japanese, and the French phone stays in French."""
    url, ids = games
    sharer, joiner = phone(browser, locale="fr-FR"), phone(browser, locale="ja-JP")
    try:
        sharer.goto(f"{url}/share?game={ids[next(iter(BUILDS))]}&lang=fr")
        settle(sharer)
        codes = sharer.get_by_test_id("stCode")
        expect(codes).to_have_count(3)  # the join link, the read-only one and its TV form, all drawn
        shared = codes.nth(link).inner_text().strip()
        assert "lang" not in shared
        joiner.goto(shared)
        settle(joiner)
        expect(joiner.get_by_text(tr("ja", "app.title")).first).to_be_visible()
        assert joiner.evaluate("document.documentElement.lang") == "ja"
        assert (sharer.evaluate("document.documentElement.lang"), "lang=fr" in sharer.url) == ("fr", True)
    finally:
        sharer.context.close()
        joiner.context.close()
