"""The watch page's TV view (`&view=tv`) in headless Chromium, for each game at its fullest stages, at
1920×1080 and 1280×720: the page does not scroll, every text that carries a name or a number is at least
32 px high at 1080p (in proportion at 720p), nothing is cut at the screen's or a panel's edge, and the
view's pages, turned one after another, show every player, the stage, the race, the standings, the photo
and the note; it turns them by itself. A screenshot of every page lands in artifacts/."""

from __future__ import annotations

import os
from collections.abc import Callable, Iterator
from io import BytesIO
from pathlib import Path

import pytest
from PIL import Image
from playwright.sync_api import Page

from apptest import put, tr
from browser import CHROMIUM, SHOTS, screen, server, settle
from builders import BY_GAME, Record
from schichtbuch.sharing import photos
from schichtbuch.store import SQLiteStore
from schichtbuch.widgets.watching import TV_TURN_SECONDS
from scoring.app_fields import photo_seen, set_note, set_photo
from scoring.registry import GAMES, is_over

if not Path(CHROMIUM).exists() and not os.environ.get("CI"):
    pytest.skip(f"no Chromium at {CHROMIUM} (apt-get install chromium)", allow_module_level=True)

pytestmark = pytest.mark.browser

NOTE = "Dirk's 41 coal"


def kept(doc: Record) -> Record:
    """A finished game with the table's photo (a board-sized picture) and a note."""
    with_photo = set_photo(doc, photos.shrink(picture()), photo_seen(doc))
    return set_note(with_photo, NOTE, "")


def picture() -> bytes:
    """A photo of the board as a phone would send it (a 1600×1200 JPEG)."""
    out = BytesIO()
    Image.new("RGB", (1600, 1200), (90, 70, 40)).save(out, "JPEG")
    return out.getvalue()


def case(built: Record) -> Record:
    """A case's record: a finished game with the table's photo and note."""
    return kept(built) if is_over(built) else built


CASES: dict[str, tuple[Callable[[], Record], Callable[[str], list[str]]]] = {
    f"{g}_{name}": (lambda tv=tv: case(tv.build()), tv.shows) for g in GAMES for name, tv in BY_GAME[g].TV.items()}
"""Each game at its fullest stages (its builder's `TV`): the record, and what the view must show besides the
stage, the players and the standings (a finished game its note, and its photo too)."""
SCREENS = [(1920, 1080), (1280, 720)]
SMALLEST = 32
"""Pixels of the smallest name or number on a 1080-pixel-high screen; in proportion on another."""
MOST_PAGES = 4
"""The most pages a view may turn through: a table waits at most this many turns for the standings."""

TEXTS = """() => {
  const found = [], main = document.querySelector("[data-testid='stMain']");
  const walk = document.createTreeWalker(main, NodeFilter.SHOW_TEXT);
  while (walk.nextNode()) {
    const node = walk.currentNode, e = node.parentElement;
    if (!/[\\p{L}\\p{N}]/u.test(node.data) || !e.getClientRects().length) continue;
    const range = document.createRange();
    range.selectNodeContents(node);
    const r = range.getBoundingClientRect();
    if (!r.height) continue;
    const panel = e.closest("[class*='st-key-tv_panel_']"), p = panel ? panel.getBoundingClientRect() : null;
    if (p && (r.bottom <= p.top + 0.5 || r.top >= p.bottom - 0.5)) continue;  // on another page of its panel
    let cut = r.top < -0.5 || r.left < -0.5 || r.bottom > innerHeight + 0.5 || r.right > innerWidth + 0.5;
    for (let a = e; a !== main; a = a.parentElement) {  // within every box that hides or scrolls what leaves it
      const style = getComputedStyle(a), b = a.getBoundingClientRect();
      if (style.overflowX === "visible" && style.overflowY === "visible") continue;
      cut ||= r.left < b.left - 0.5 || r.right > b.right + 0.5 || r.top < b.top - 0.5 || r.bottom > b.bottom + 0.5;
    }
    found.push({text: node.data.trim(), size: parseFloat(getComputedStyle(e).fontSize), cut});
  }
  const tall = [...main.querySelectorAll("th")].filter((th) => th.getClientRects().length
    && th.getBoundingClientRect().height > 2.1 * parseFloat(getComputedStyle(th).lineHeight)).map((th) => th.innerText);
  const img = main.querySelector("[data-testid='stImage'] img"), b = img && img.getBoundingClientRect();
  return {texts: found, tall, photo: Boolean(b && b.height > 100 && b.top >= 0 && b.bottom <= innerHeight),
          scrolls: [document.documentElement.scrollHeight - innerHeight, main.scrollHeight - main.clientHeight,
                    document.documentElement.scrollWidth - innerWidth, main.scrollWidth - main.clientWidth]};
}"""
"""On the page as shown: every text node with a letter or digit that is drawn and not on another page of
its panel (its text, font size, and whether it is cut at the screen's edge or a box's that hides or
scrolls what leaves it, such as its panel or a table too wide), the column titles broken onto more than
two lines, whether the
photo shows whole, and how far the document and Streamlit's scrolling main part scroll each way."""


@pytest.fixture(scope="module")
def watched(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[str, dict[str, str]]]:
    """One server with every case stored: its URL and each case's watch token."""
    store = tmp_path_factory.mktemp("tv") / "games.sqlite3"
    ids = {name: put(store, build()) for name, (build, _) in CASES.items()}
    with server(store) as url:
        yield url, {case: SQLiteStore(str(store)).watch_token(game_id) for case, game_id in ids.items()}


def opened(page: Page, url: str, token: str, lang: str = "en") -> int:
    """Open the TV view and wait until it has laid out its pages; how many it turns through."""
    page.goto(f"{url}/watch?watch={token}&lang={lang}&view=tv")
    settle(page, 40)
    panels = page.locator(".st-key-tv_panels[data-tv-pages]")
    panels.wait_for(timeout=30_000)
    return int(panels.get_attribute("data-tv-pages") or 0)


def must_show(name: str, lang: str) -> list[str]:
    """Every text the case's view shows on one of its pages: the stage, the players, the standings' title,
    a finished game's note and the case's own."""
    build, shows = CASES[name]
    doc = build()
    key, numbers = GAMES[doc["game"]].status(doc)
    over = name in OVER
    title = tr(lang, "standings.final" if over else "standings.so_far")
    return [tr(lang, key, **numbers), *doc["players"], title, *([NOTE] if over else []), *shows(lang)]


OVER = {f"{g}_{name}" for g in GAMES for name, tv in BY_GAME[g].TV.items() if is_over(tv.build())}
"""The cases of a finished game."""
LONGEST = [(name, SCREENS[0], lang) for name in CASES if name in OVER for lang in ("de", "ja")]
"""The finished games again in the languages whose words are longest (German) and widest (Japanese)."""


@pytest.mark.parametrize(("case", "size", "lang"), [(c, s, "en") for c in CASES for s in SCREENS] + LONGEST,
                         ids=lambda v: f"{v[0]}x{v[1]}" if isinstance(v, tuple) else str(v))
def test_the_tv_view_fits_the_screen_and_turns_its_pages(browser, watched, case: str, size: tuple[int, int],
                                                         lang: str) -> None:
    url, tokens = watched
    page = screen(browser, *size)
    pages = opened(page, url, tokens[case], lang)
    assert 1 <= pages <= MOST_PAGES, f"{case}: {pages} pages"
    smallest, seen, photo = SMALLEST * size[1] / 1080, "", False
    for number in range(pages):
        if number:
            page.evaluate("window.schichtbuch.tv.lay(true)")
        page.wait_for_timeout(300)
        shown = page.evaluate(TEXTS)
        SHOTS.mkdir(exist_ok=True)
        page.screenshot(path=SHOTS / f"tv-{case}-{size[1]}p-{lang}-{number + 1}.png")
        assert max(shown["scrolls"]) <= 0, f"{case} page {number + 1} scrolls: {shown['scrolls']}"
        small = [(t["text"], t["size"]) for t in shown["texts"] if t["size"] < smallest]
        assert not small, f"{case} page {number + 1}: smaller than {smallest:.1f} px: {small}"
        cut = [t["text"] for t in shown["texts"] if t["cut"]]
        assert not cut, f"{case} page {number + 1}: cut at an edge: {cut}"
        assert not shown["tall"], f"{case} page {number + 1}: column titles of more than two lines: {shown['tall']}"
        seen += "\n".join(t["text"] for t in shown["texts"]) + "\n"
        photo = photo or shown["photo"]
    missing = [w for w in must_show(case, lang) if w not in seen]
    assert not missing, f"{case}: never shown: {missing}"
    assert photo == (case in OVER), f"{case}: the photo {'never shows whole' if not photo else 'shows'}"
    assert tr(lang, "standings.details") not in seen
    page.context.close()


def test_the_tv_view_turns_by_itself(browser, watched) -> None:
    """Left alone, a view of several pages shows another one within a turn and a second."""
    url, tokens = watched
    page = screen(browser, *SCREENS[0])
    assert any(opened(page, url, tokens[name]) > 1 for name in CASES), "no view has more than one page"
    where = """() => [...document.querySelectorAll("[class*='st-key-tv_panel_']")]
      .map((p) => `${p.closest(".st-key-tv_panels > *").hasAttribute("data-tv-off")} ${p.scrollTop}`).join()"""
    before = page.evaluate(where)
    page.wait_for_timeout((TV_TURN_SECONDS + 1.5) * 1000)
    after = page.evaluate(where)
    assert after != before
    page.context.close()
