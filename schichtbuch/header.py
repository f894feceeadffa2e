"""The header of every page: the title and the language switch, the line about a tap that reached a page
that had changed, and for a game its name, stage and player count, that this phone has joined it, and
the links to its pages; and the phone-sized CSS."""

from __future__ import annotations

import streamlit as st

from schichtbuch import i18n
from schichtbuch.nav import _title_key, game, page_path, params
from schichtbuch.session import slot, store, t
from schichtbuch.store import Saved
from schichtbuch.writes import refused

PHONE_CSS = """
header[data-testid="stHeader"] { display: none; }
.block-container { padding-top: 1rem; padding-bottom: 3rem; }
button, [data-testid="stPageLink"] a { min-height: 44px; }
[data-testid="stTable"], [data-testid="stMarkdownContainer"]:has(> table) { overflow-x: auto; }
[data-testid="stMarkdownContainer"] > table :is(th, td)[style*="right"],
.stTable[data-testid="stTable"] [data-testid="stMarkdownContainer"],
.stTable[data-testid="stTable"] [data-testid="stMarkdownContainer"] p { white-space: nowrap; }
[data-testid="stTable"] tr > :first-child, [data-testid="stMarkdownContainer"] > table tr > :first-child {
  position: sticky; left: 0; z-index: 1; background: #fff; }
.st-key-standings tbody :is(th, td:nth-child(2)) { color: inherit; font-weight: 600; }
.st-key-app_lang button { padding-left: 0.6rem; padding-right: 0.6rem; }
"""
"""Room at the top on a phone, and touch targets of at least 44 px (Apple's and Google's guidance). Tables
keep their numbers (right-aligned columns) on one line, the standings their names too, and scroll
sideways inside themselves with the first column (the player) fixed, so six seats are never clipped by
the page; in the standings, names and totals stand out."""


def header(saved: Saved | None) -> None:
    """Title, the open game with its stage and player count, the game's pages and the language."""
    lang = st.session_state.lang
    st.html(f"<style>{PHONE_CSS}</style>")
    with st.container(horizontal=True, vertical_alignment="center", horizontal_alignment="distribute", gap="small"):
        st.markdown(f"### ⛏️ {t('app.title')}", width="content")
        chosen = st.segmented_control(
            t("app.language"), i18n.LANGUAGES, default=lang, format_func=str.upper,
            label_visibility="collapsed", key="app_lang", required=True, width="content",
        )
    if chosen and chosen != lang:
        st.session_state.lang = chosen
        st.query_params["lang"] = chosen
        st.rerun()
    refused("tap")
    if saved is None:
        return
    g = game(saved)
    key, numbers = g.status(saved.doc)
    st.caption(f"**{g.names[lang]}** · {t('app.players', count=len(saved.doc['players']))} · {t(key, **numbers)}")
    joined = slot()
    if st.session_state.get("join_note") == saved.id:
        del st.session_state.join_note
        joined.success(t("share.joined"), icon="✅")
    links = [page_path(g.id, p) for p in g.pages] + [page_path(None, p) for p in ("share", "record", "home")]
    group = store().group_of(saved.id)
    with st.container(horizontal=True, gap="xsmall", wrap=True):
        for file in links:
            st.page_link(file, label=t(_title_key(file) + ".short"), query_params=params())
        if group is not None:
            st.page_link(page_path(None, "history"), label=t("history.page.short"),
                         query_params={"group": group, "lang": st.session_state.lang})
