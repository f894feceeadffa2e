"""A game watched through its read-only link (`?watch=<token>`, offered on the share page): the stage, the
clock, Coal Baron's race while a shift is played and the standings, refreshed live like any game's page,
with no control that writes; with `view=tv` as a TV or a laptop at the end of the table shows it, one
screen high, in type read from the chairs, its parts turned in the browser where they do not fit at once.
The token is the game's own for watching (`Store.watch_token`): nothing leads from it to the game's id,
and the session never holds that id as an open game (`current`), so no page of it can write."""

from __future__ import annotations

import streamlit as st

from schichtbuch.live import refresh
from schichtbuch.session.resources import store
from schichtbuch.sharing.keepsakes import keepsakes
from schichtbuch.sharing.share import WATCH
from schichtbuch.shell import clock
from schichtbuch.store import Saved, UnknownGame, is_id
from schichtbuch.texts.words import t
from schichtbuch.widgets.panels import watch_section
from schichtbuch.widgets.scoreboard import drawn_standings, standings
from scoring.app_fields import note, photo
from scoring.registry import GAMES

TV_LINES = 30
"""The TV view's type: the screen's height holds this many lines of its base type (36 px at 1080 px high,
24 px at 720), so that every name and number is at least 32 px on a 1080p screen and the view is the same
at any size of that shape."""

TV_TURN_SECONDS = 8
"""How long the TV view shows one of its pages before it turns to the next."""

TV_CSS = """<style>
html { font-size: calc(100vh / %(lines)d) !important; }
.st-key-title, header[data-testid="stHeader"] { display: none !important; }
[data-testid="stMain"] { overflow: hidden; }
[data-testid="stMainBlockContainer"] { max-width: none; height: 100vh; padding: 0.5rem 1.5rem !important; }
[data-testid="stMainBlockContainer"] > [data-testid="stVerticalBlock"] { height: 100%%; gap: 0.25rem; }
[data-testid="stMainBlockContainer"] :is(p, li, td, th, [data-testid="stCaptionContainer"], [data-testid="stCaptionContainer"] *,
  [data-testid="stImageCaption"], [data-testid="stAlertContentSuccess"], [data-testid="stAlertContentInfo"]) {
  font-size: 1rem !important; line-height: 1.35; }
.st-key-tv_head h2 { font-size: 1.5rem; padding: 0; margin: 0; }
[data-testid="stLayoutWrapper"]:has(> .st-key-tv_panels) { flex: 1 1 0; min-height: 0; }
.st-key-tv_panels { height: 100%%; overflow: hidden; gap: 2rem; }
.st-key-tv_panels > * { flex: 1 1 0; min-width: 0; height: 100%%; }
.st-key-tv_panels [class*="st-key-tv_panel_"] { height: 100%%; overflow: hidden; padding-bottom: 0.25rem; }
.st-key-tv_panels > [data-tv-off] { display: none !important; }
.st-key-tv_panels table :is(th, td) { padding: 0 0.4rem; }
.st-key-tv_panels table { margin-bottom: 0.25rem; }
.st-key-tv_panels[data-tv-alone] thead th { white-space: normal !important; overflow-wrap: anywhere; }
.st-key-tv_panels .st-key-race [data-testid="stMarkdownContainer"] > table { font-size: 1rem; }
.st-key-tv_panel_photo img { max-height: 55vh; object-fit: contain; }
.st-key-tv_panels [data-testid="stHeadingWithActionElements"] h3 { font-size: 1.25rem; line-height: 1.4; padding: 0; }
.st-key-tv_panels .st-key-standings .stElementContainer:has([data-testid="stCaptionContainer"]) { display: none !important; }
</style>""" % {"lines": TV_LINES}
"""The TV view: the page exactly as high as the screen and as wide, Streamlit's header and the app's title
row (a TV is not tapped) left out, everything in the type of `TV_LINES`, and its panels side by side; a
panel shown alone (`data-tv-alone`) breaks its tables' column titles where long ones would make it wider
than the screen (German's twelve of Schichtwechsel's standings)."""

TV_SCRIPT = """<script>
(() => {
  const sb = window.schichtbuch = window.schichtbuch || {};
  if (sb.tv) return;
  const room = (panel) => panel.clientHeight;
  const pages = (panel) => {  // where each page of a panel starts: at a row or a part that fits whole
    const tops = [...panel.querySelectorAll("tr, [data-testid='stElementContainer']")]
      .map((e) => e.getBoundingClientRect().top - panel.getBoundingClientRect().top + panel.scrollTop);
    const starts = [0];
    while (starts.at(-1) + room(panel) < panel.scrollHeight - 1) {
      const end = starts.at(-1) + room(panel);
      const next = Math.max(...tops.filter((top) => top > starts.at(-1) && top <= end), -1);
      starts.push(next > 0 ? next : end);
    }
    return starts;
  };
  const slot = (panel) => panel.closest(".st-key-tv_panels > *");  // the panel's place in the row
  const show = (panels, on) => panels.forEach((p) => on.includes(p) ? slot(p).removeAttribute("data-tv-off")
    : slot(p).setAttribute("data-tv-off", ""));
  const fit = (panels) => panels.every((p) => p.scrollHeight <= p.clientHeight + 1  // a table too wide scrolls in its own box
    && [p, ...p.querySelectorAll("[data-testid='stMarkdownContainer']")].every((e) => e.scrollWidth <= e.clientWidth + 1));
  sb.tv = {at: 0, since: Date.now()};
  sb.tv.lay = (turn) => {  // all panels side by side if they fit, else one page of one panel after another
    const box = document.querySelector(".st-key-tv_panels");
    if (!box) return;
    const panels = [...box.querySelectorAll("[class*='st-key-tv_panel_']")];
    box.removeAttribute("data-tv-alone");  // side by side only where no column title has to break
    show(panels, panels);
    panels.forEach((p) => { p.scrollTop = 0; p.style.maxHeight = p.style.paddingBottom = ""; });
    if (fit(panels)) { box.dataset.tvPages = "1"; return; }
    box.setAttribute("data-tv-alone", "");
    const all = panels.flatMap((p) => { show(panels, [p]); return pages(p).map((top) => [p, top]); });
    if (turn) sb.tv.at += 1;
    const [panel, top] = all[sb.tv.at %% all.length], next = all[(sb.tv.at + 1) %% all.length];
    show(panels, [panel]);
    if (next[0] === panel && next[1] > top) panel.style.maxHeight = `${next[1] - top}px`;  // no row cut at its foot
    panel.style.paddingBottom = `${room(panel)}px`;  // room to scroll the last page to its first row
    panel.scrollTop = top;
    box.dataset.tvPages = String(all.length);
  };
  setInterval(() => {  // laid out again every second (a live change may add a row), turned every few
    const turn = Date.now() - sb.tv.since >= %(turn)d;
    if (turn) sb.tv.since = Date.now();
    sb.tv.lay(turn);
  }, 1000);
})();
</script>""" % {"turn": TV_TURN_SECONDS * 1000}
"""The TV view's pages, turned in the browser from what the run sent (no script run, no cost to the
server): its panels (the race, the standings, the photo) side by side where they all fit the screen, else
one at a time, and a panel taller than the screen a screenful at a time, each page starting at a row;
laid out again every second, as a live change may make a panel taller, and turned every `TV_TURN_SECONDS`
(`schichtbuch.tv.lay(true)` turns it at once)."""


def watched() -> Saved:
    """The game the URL's token names, followed live. Without a token the page says no game is open; an
    unknown one stops it with one line."""
    token = st.query_params.get(WATCH, "")
    if not token:
        st.info(t("error.no_game"))
        st.page_link("pages/home.py", label=t("page.home"), icon="🏠", query_params={"lang": st.session_state.lang})
        st.stop()
    try:
        if not is_id(token):
            raise UnknownGame(token)
        saved = store().load(store().game_for_watch(token))
    except UnknownGame:
        st.error(t("watch.unknown"))
        st.stop()
    refresh.follow("games", saved.id, saved.version, lambda: store().version(saved.id), UnknownGame)
    return saved


def view(saved: Saved, tv: bool) -> None:
    """The game as it stands, read-only: its name and stage with the clock, the game's own section (Coal
    Baron's race of the shift being played, unless the table hides it) and the standings; with `tv` as a
    TV shows it (`tv_view`)."""
    g = GAMES[saved.doc["game"]]
    key, numbers = g.status(saved.doc)
    if tv:
        tv_view(saved, t(key, **numbers))
        return
    st.markdown(f"## {g.names[st.session_state.lang]}")
    clock.game_line(saved, t(key, **numbers), read_only=True)
    if (section := watch_section(g.id)) is not None:
        section(saved)
    standings(saved, read_only=True)


def tv_view(saved: Saved, stage: str) -> None:
    """The watch page for a TV, which nobody scrolls or taps: the game's name, stage and clock on top, then
    its panels (the game's own section, the standings without the breakdown and chart a phone opens, and
    a finished game's photo and note), side by side where they fit and else turned by the browser, in
    type that a table reads from its chairs (`TV_CSS`, `TV_SCRIPT`)."""
    g = GAMES[saved.doc["game"]]
    with st.container(key="tv_head"):
        st.html(TV_CSS + TV_SCRIPT, unsafe_allow_javascript=True)
        st.markdown(f"## {g.names[st.session_state.lang]}")
        clock.game_line(saved, stage, read_only=True)
    with st.container(key="tv_panels", horizontal=True):
        if (section := watch_section(g.id)) is not None:
            with st.container(key="tv_panel_section"):
                section(saved)
        with st.container(key="tv_panel_standings"):
            final = drawn_standings(saved.id, saved.version, st.session_state.lang, saved.doc, phone=False)
        if final and (photo(saved.doc) is not None or note(saved.doc)):
            with st.container(key="tv_panel_photo"):
                keepsakes(saved, read_only=True)
