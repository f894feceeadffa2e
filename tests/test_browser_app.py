"""The app a phone keeps, in headless Chromium at 390×844: axe-core finds no serious or critical
accessibility violation on any page in any language, light or dark; every control a player taps is at
least 44 px wide and tall; the page is installable (manifest, icons, theme colour; Chromium's own check
finds no error, and the splash is dark) and says its language; a game page keeps the screen awake and
lets it sleep again elsewhere; the Share button hands the join link on; opened over plain http from
another phone, nothing breaks and the share page says what https adds."""

from __future__ import annotations

import os
from collections.abc import Iterator
from pathlib import Path

import pytest
from axe_playwright_python.sync_playwright import Axe
from playwright.sync_api import Browser, Page, expect

from apptest import put, tr
from browser import CHROMIUM, CHROMIUM_ARGS, LIVE, PHONE, look, phone, server, settle, small
from builders import BY_GAME, EXAMPLE, FINISHED, PAGE_STAGES, at
from schichtbuch.shell.nav import GROUP_PAGES
from schichtbuch.store import SQLiteStore
from schichtbuch.texts import i18n
from scoring.registry import GAMES, page_at_stage

if not Path(CHROMIUM).exists() and not os.environ.get("CI"):
    pytest.skip(f"no Chromium at {CHROMIUM} (apt-get install chromium)", allow_module_level=True)

pytestmark = pytest.mark.browser
SERIOUS = ("serious", "critical")

WORDIEST = ("home", *(f"{g.id}_{g.pages[-1]}" for g in GAMES.values()))
"""Home and each game's end page, where the most text sits beside the controls: measured in every
language; every other page in one, the languages taking turns."""
STAGE = f"{EXAMPLE}_{page_at_stage(at(EXAMPLE, ['Anna', 'Ben'], 'created'))}"
"""The page the table is on in a new game of the example game."""
FIRST, *_, LAST = GAMES
RECENT = [f"{g}_{GAMES[g].pages[-1]}" for g in (LAST, FIRST)]
"""Pages of two games a phone opens, one after the other."""


@pytest.fixture(scope="module")
def app(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[str, dict[str, str]]]:
    """A server with a game at each of its pages' stages and a group that has finished one of each game;
    yields its URL and the path with query of every page."""
    store = tmp_path_factory.mktemp("store") / "games.sqlite3"
    ids = {page: put(store, build()) for page, build in PAGE_STAGES.items()}
    group = SQLiteStore(str(store)).create_group("Donnerstagsrunde", ["Anna", "Ben"])
    for build in FINISHED.values():
        SQLiteStore(str(store)).add_to_group(group.id, put(store, build()))
    pages = {"home": "/?", "share": f"/share?game={ids[STAGE]}&"}
    pages |= {name: f"/{name}?game={game_id}&" for name, game_id in ids.items()}
    pages |= {name: f"/{name}?group={group.id}&" for name in GROUP_PAGES}
    with server(store) as url:
        yield url, pages


UNREACHABLE = """() => [...document.querySelectorAll('.stMain *')].filter(e =>
  e.querySelector('table') && ['auto', 'scroll'].includes(getComputedStyle(e).overflowX)
  && !e.hasAttribute('tabindex')).length"""
"""How many parts of the page that may scroll a table sideways cannot be reached by keyboard (the head
script marks them once the page has stopped changing)."""


def opened(page: Page, url: str) -> None:
    page.goto(url)
    settle(page)
    page.wait_for_function(f"({UNREACHABLE})() === 0", timeout=5_000)


@pytest.mark.parametrize(("lang", "scheme"), [*((lang, "light") for lang in i18n.LANGUAGES), ("en", "dark")])
def test_no_page_has_a_serious_accessibility_violation(app: tuple[str, dict[str, str]], browser: Browser,
                                                       lang: str, scheme: str) -> None:
    url, pages = app
    page, axe, found = phone(browser, scheme), Axe(), {}
    for name, path in pages.items():
        opened(page, f"{url}{path}lang={lang}")
        violations = axe.run(page).response["violations"]
        serious = [f"{v['id']}: {v['nodes'][0]['html'][:120]}" for v in violations if v["impact"] in SERIOUS]
        if serious:
            found[name] = serious
        if scheme == "dark" and name in (STAGE, WORDIEST[-1]):
            look(page, f"dark-{name}")
    page.context.close()
    assert found == {}


@pytest.mark.parametrize("lang", i18n.LANGUAGES)
def test_every_control_a_player_taps_is_44_px_wide_and_tall(app: tuple[str, dict[str, str]], browser: Browser,
                                                            lang: str) -> None:
    url, pages = app
    page, found, turn = phone(browser), {}, i18n.LANGUAGES.index(lang)
    for name, path in [(n, p) for i, (n, p) in enumerate(pages.items())
                       if n in WORDIEST or i % len(i18n.LANGUAGES) == turn]:
        opened(page, f"{url}{path}lang={lang}")
        found[name] = small(page)
        if name == "home":  # the start-player choices, shown once the app is not to draw one
            page.locator(".st-key-home_draw label").click()
            settle(page)
            found["home, the start player chosen"] = small(page)
    page.context.close()
    assert {name: controls for name, controls in found.items() if controls} == {}


@pytest.mark.parametrize("name", ["home", STAGE])
def test_chromium_finds_the_app_installable_with_a_dark_splash(app: tuple[str, dict[str, str]], browser: Browser,
                                                               tmp_path: Path, name: str) -> None:
    """Chromium's own check (`Page.getInstallabilityErrors`, in a profile kept on disk: a fresh context is
    incognito, where nothing installs) finds no error on plain http at localhost, with no service worker;
    the manifest it read gives the splash the dark theme's background."""
    url, pages = app
    profile = browser.browser_type.launch_persistent_context(tmp_path, executable_path=CHROMIUM, args=CHROMIUM_ARGS,
                                                              viewport=PHONE, color_scheme="dark")
    try:
        page = profile.pages[0]
        page.goto(f"{url}{pages[name]}lang=en")
        expect(page.get_by_test_id("stApp")).to_have_attribute("data-test-script-state", "notRunning")
        expect(page.locator("head link[rel=manifest]")).to_have_count(1)
        chromium = profile.new_cdp_session(page)
        assert chromium.send("Page.getInstallabilityErrors")["installabilityErrors"] == []
        manifest = chromium.send("Page.getAppManifest")
        assert manifest["errors"] == [] and manifest["manifest"]["backgroundColor"] == "rgba(23,22,20,1)"
    finally:
        profile.close()


def test_a_game_page_keeps_the_screen_awake_and_home_lets_it_sleep(app: tuple[str, dict[str, str]],
                                                                    browser: Browser) -> None:
    url, pages = app
    page = phone(browser)
    held = "() => !!(window.schichtbuch.lock && !window.schichtbuch.lock.released)"
    opened(page, f"{url}{pages[STAGE]}lang=en")
    page.wait_for_function(held)
    page.evaluate("window.schichtbuch.lock.release()")  # as the browser does when the phone hides the page
    page.evaluate("document.dispatchEvent(new Event('visibilitychange'))")
    page.wait_for_function(held)
    opened(page, f"{url}/?lang=en")
    assert not page.evaluate(held)


def test_a_later_visit_lists_the_games_this_phone_opened(app: tuple[str, dict[str, str]], browser: Browser) -> None:
    """The recent games' cookie, set by the header's script, brings them back in a new session."""
    url, pages = app
    page = phone(browser)
    for name in RECENT:
        opened(page, f"{url}{pages[name]}lang=en")
    opened(page, f"{url}/?lang=en")  # loaded anew: a new session, which has only the cookie
    for game in (FIRST, LAST):
        expect(page.get_by_test_id("stPageLink").filter(has_text=f"{GAMES[game].names['en']}: Anna")).to_have_count(1)


def test_the_share_button_copies_the_join_link_or_opens_the_share_sheet(app: tuple[str, dict[str, str]],
                                                                       browser: Browser) -> None:
    url, pages = app
    page = phone(browser)
    page.context.grant_permissions(["clipboard-read", "clipboard-write"])
    opened(page, f"{url}{pages['share']}lang=en")
    link = page.get_by_test_id("stCode").first.inner_text().strip()
    page.get_by_role("button", name=tr("en", "share.send")).click()
    expect(page.get_by_role("status")).to_have_text(tr("en", "share.copied"))
    assert page.evaluate("navigator.clipboard.readText()") == link

    sharing = phone(browser)
    sharing.add_init_script("navigator.share = async data => { window.shared = data; };")
    opened(sharing, f"{url}{pages['share']}lang=en")
    sharing.get_by_role("button", name=tr("en", "share.send")).click()
    sharing.wait_for_function("() => window.shared")
    assert sharing.evaluate("window.shared.url") == link and GAMES[EXAMPLE].names["en"] in sharing.evaluate("window.shared.text")


def test_over_plain_http_nothing_breaks_and_the_share_page_says_what_https_adds(tmp_path: Path, browser: Browser) -> None:
    """Another phone opens the app at the host's network address (http): no wake lock, no share sheet,
    no clipboard, and the page still works; the Share button says to copy the link by hand."""
    from streamlit import net_util

    ip = net_util.get_internal_ip()
    if ip is None:
        pytest.skip("this machine has no network address")
    store = tmp_path / "games.sqlite3"
    game_id = put(store, at(EXAMPLE, ["Anna", "Ben", "Cleo"], "created"))
    with server(store, as_readme=True) as url:
        page = phone(browser)
        opened(page, f"{url.replace('localhost', ip)}/share?game={game_id}&lang=en")
        expect(page.get_by_text(tr("en", "share.https"))).to_be_visible()
        assert page.evaluate("window.isSecureContext") is False
        page.get_by_role("button", name=tr("en", "share.send")).click()
        expect(page.get_by_role("status")).to_have_text(tr("en", "share.by_hand"), timeout=LIVE)
        page.get_by_role("link", name=tr("en", "share.continue")).click()
        expect(page.get_by_role("heading", name=BY_GAME[EXAMPLE].playing_title("en"))).to_be_visible(timeout=LIVE)
        assert page.get_by_test_id("stException").count() == 0
