"""The header of every page: the title and the language switch, the line about a tap that reached a page
that had changed, and for a game its name, stage, player count and clock, that this phone has joined it,
and its pages; and the phone-sized CSS."""

from __future__ import annotations

import streamlit as st

from schichtbuch.live.messages import refused
from schichtbuch.live.taps import drawn
from schichtbuch.session.cookies import recent_cookie
from schichtbuch.session.page import go_to, widget_key
from schichtbuch.session.resources import store
from schichtbuch.shell import clock, webapp
from schichtbuch.shell.nav import _title_key, all_pages, game, page_path
from schichtbuch.store import Saved
from schichtbuch.texts import i18n
from schichtbuch.texts.words import t

PHONE_CSS = """
header[data-testid="stHeader"] { display: none; }
.block-container { padding-top: 1rem; padding-bottom: 3rem; }
.stApp :is(button, summary, [data-testid="stPageLink"] a, [data-testid^="stBaseLinkButton"],
  [data-baseweb="input"], [data-baseweb="select"] > div, :is([data-testid="stCheckbox"], [data-testid="stRadio"]) label,
  .stMain :is(input[type="text"], input[type="number"], input[role="combobox"])) { min-height: 44px; }
.stApp :is([data-testid="stNumberInputContainer"], [data-testid="stTextInputRootElement"],
  :is([data-testid="stSelectbox"], [data-testid="stMultiSelect"]) [role="group"]) { height: auto; }
.stApp .stMain :is(button, [data-testid="stRadio"] label) { min-width: 44px; }
.stApp :is([data-testid="stCheckbox"], [data-testid="stRadio"]) label { align-items: center; }
.stApp [data-testid="stTooltipHoverTarget"] button { justify-content: center; margin: 0 -14px; }
[data-testid="stHeaderActionElements"] { display: none; }
.stApp [data-testid^="stBaseButton-primary"] { color: var(--schichtbuch-background, #fff); }
.stApp [role="radio"][aria-checked="true"] p { font-weight: 700; }
.stApp [data-testid="stCaptionContainer"] { opacity: 1;
  color: color-mix(in srgb, var(--schichtbuch-text, #2f2d2b) 78%, var(--schichtbuch-background, #fff)); }
.stApp :is(input, textarea, [data-baseweb="select"] > div):focus-visible,
.stApp [data-baseweb="input"]:focus-within { outline: 2px solid #2563eb; outline-offset: 1px; }
[data-testid="stMarkdownContainer"]:has(> table) { overflow-x: auto; }
[data-testid="stMarkdownContainer"] > table :is(th, td)[style*="right"], .st-key-standings table :is(th, td) {
  white-space: nowrap; }
[data-testid="stMarkdownContainer"] > table tr > :first-child {
  position: sticky; left: 0; z-index: 1; background: var(--schichtbuch-background, #fff); word-break: keep-all; }
.st-key-standings tbody td:is(:first-child, :nth-child(2)) { font-weight: 600; }
.st-key-standings:not(.schichtbuch-scrolls) .stElementContainer:has([data-testid="stCaptionContainer"]) { display: none; }
.schichtbuch-share { min-height: 44px; width: 100%; border-radius: 0.5rem; font: inherit; cursor: pointer;
  border: 1px solid rgba(128, 128, 128, 0.4); background: transparent; color: inherit; }
.st-key-shift_cards > .stElementContainer { flex: 0 0 calc(50% - 0.5rem); min-width: 0; }
.st-key-shift_cards button :is(.stMarkdownEllipsis, p) { white-space: normal; word-break: keep-all; overflow: visible; text-overflow: clip; }
:is(.st-key-title, .st-key-shift_cards) > .stElementContainer:has(.stAlert) { flex-basis: 100%; }
.st-key-app_lang button { padding-left: 0.6rem; padding-right: 0.6rem; }
.st-key-race [data-testid="stMarkdownContainer"] > table { width: 100%; table-layout: fixed; font-size: 0.8125rem; }
.st-key-race [data-testid="stMarkdownContainer"] > table :is(th, td) {
  padding: 0.3rem 0.25rem; white-space: normal; overflow-wrap: anywhere; }
.st-key-race [data-testid="stMarkdownContainer"] > table tr > :first-child { width: 26%; }
.schichtbuch-offline { position: fixed; inset: 0 0 auto 0; z-index: 1000100; padding: 0.75rem 1rem;
  background: #7a1d1d; color: #fff; text-align: center; font-weight: 600; box-shadow: 0 2px 6px rgba(0, 0, 0, 0.35); }
.schichtbuch-down .stMain :is(button, a, label, [data-baseweb="input"], [role="radiogroup"]) { opacity: 0.45; filter: grayscale(1); }
.schichtbuch-down [data-testid="stDialog"] { display: none; }
"""
"""Room at the top on a phone; touch targets at least 44 px wide and tall (Apple's and Google's guidance):
buttons (a help icon's ? too, its box spilling over its margins so the label stays where it was), fields
and their ± buttons, choices and their labels; headings
without their link icon (a tiny target nobody at a table needs); a field with the focus outlined in blue,
never in the red of an error; captions in the text's colour, lightened only as far as keeps 4.5:1 on the
light and the dark background (WCAG AA); a primary button's text in the background's colour (white on the
light theme's dark red, near-black on the dark theme's light red); the option picked in a row of buttons
in bold as well as in the accent, so that colour never tells it alone; Coal Baron's cards two a row, each
half as wide as the screen (the last one too), a face too long for one line (its transport, coal and VP)
wrapped rather than cut, a note under them or in the title's row on a line of its own. Tables keep their numbers (right-aligned columns) on one line, the standings their names too, and
scroll sideways inside themselves with the first column (the player) fixed, so six seats are never clipped
by the page, its Japanese words (ゲーム, コールバロン) kept whole as Latin ones are, not broken a character a line; in the standings, names and totals stand out. Coal Baron's race, a column per player, fits
the screen instead: its cells wrap and are narrower. While the server does not answer, a banner across the
top (white on dark red, contrast above 7:1) says so, the page's controls are greyed, and Streamlit's own dialog about the
lost connection, in English only, is hidden behind it (webapp.py)."""
STYLE = f"<style>{PHONE_CSS}</style>"
"""The CSS as it goes with the title and the page's head script (`webapp`), in the same element."""


def header(saved: Saved | None, page: st.Page) -> None:
    """Title, the open game with its stage and player count, the game's pages and the language: as few
    elements as it takes, since every page draws them in every run (each element is a message to the
    phone: the CSS goes with the title, the notes in its row, the pages are one control)."""
    lang = st.session_state.lang
    with st.container(horizontal=True, vertical_alignment="center", horizontal_alignment="distribute", gap="small",
                      key="title"):
        said = {"lost": t("connection.lost"), "unsent": t("connection.unsent"), "skip": t("app.skip_to_content")}
        script = webapp.head_script(lang, saved is not None, said, recent_cookie() if saved else "")
        st.html(f"{STYLE}<h3 class=\"schichtbuch-title\">⛏️ {t('app.title')}</h3>{script}", width="content",
                unsafe_allow_javascript=True)
        chosen = st.segmented_control(
            t("app.language"), i18n.LANGUAGES, default=lang, format_func=str.upper,
            label_visibility="collapsed", key="app_lang", required=True, width="content",
        )
        notes(saved)
    if chosen and chosen != lang:
        st.session_state.lang = chosen
        st.query_params["lang"] = chosen
        st.rerun()
    if saved is None:
        return
    g = game(saved)
    key, numbers = g.status(saved.doc)
    clock.game_line(saved, f"**{g.names[lang]}** · {t('app.players', count=len(saved.doc['players']))} · {t(key, **numbers)}")
    page_links(saved, next(f for f, p in all_pages().items() if p is page))


def notes(saved: Saved | None) -> None:
    """The line about a tap that reached a page that had changed, the clock's refusal, and that this
    phone has just joined the game: last in the title's row (a line of their own, `PHONE_CSS`), so that
    one coming or going moves nothing else on the page."""
    refused("tap", st)
    refused("clock", st)
    if saved is not None and st.session_state.get("join_note") == saved.id:
        del st.session_state.join_note
        st.success(t("share.joined"), icon="✅")


def page_links(saved: Saved, shown: str) -> None:
    """The game's pages, sharing, the record and home (and the group's history if the game is in one), as
    one row of pills with the page shown picked; a tap on another goes there (`nav.current`)."""
    g = game(saved)
    files = [page_path(g.id, p) for p in g.pages] + [page_path(None, p) for p in ("share", "record", "home")]
    group = store().group_of(saved.id)
    if group is not None:
        files.append(page_path(None, "history"))
    key = widget_key("app_pages", shown)
    st.pills(t("app.pages"), files, default=shown if shown in files else None, key=key, label_visibility="collapsed",
             format_func=lambda f: t(_title_key(f) + ".short"), on_change=_go, args=(key, shown, group))
    drawn(key, shown if shown in files else None)


def _go(key: str, shown: str, group: str | None) -> None:
    """On to the page picked (the history of the game's group); a tap on the page shown keeps it picked."""
    chosen = st.session_state[key]
    st.session_state[key] = shown
    if chosen not in (None, shown):
        history = chosen == page_path(None, "history")  # offered only with a group
        go_to(chosen, {"group": group, "lang": st.session_state.lang} if history and group is not None else None)
