"""A game watched through its read-only link (`?watch=<token>`, offered on the share page): the stage, the
clock, Coal Baron's race while a shift is played and the standings, refreshed live like any game's page,
with no control that writes; with `view=tv` in large type for a TV or a laptop at the end of the table.
The token is the game's own for watching (`Store.watch_token`): nothing leads from it to the game's id,
and the session never holds that id as an open game (`current`), so no page of it can write."""

from __future__ import annotations

import streamlit as st

from schichtbuch import clock, live
from schichtbuch.panels import watch_section
from schichtbuch.scoreboard import standings
from schichtbuch.session import store, t
from schichtbuch.share import WATCH
from schichtbuch.store import Saved, UnknownGame, is_id
from scoring.registry import GAMES

TV_CSS = """<style>
.block-container { max-width: none; zoom: 1.6; }
.st-key-race [data-testid="stMarkdownContainer"] > table { font-size: 1rem; }
</style>

"""
"""The watch page in large type: the page as wide as the screen, everything 1.6 times its size, the race
in the type of the rest (a phone's narrower race type is not needed)."""


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
    live.follow("games", saved.id, saved.version, lambda: store().version(saved.id), UnknownGame)
    return saved


def view(saved: Saved, tv: bool) -> None:
    """The game as it stands, read-only: its name and stage with the clock, the game's own section (Coal
    Baron's race of the shift being played, unless the table hides it) and the standings."""
    g = GAMES[saved.doc["game"]]
    key, numbers = g.status(saved.doc)
    st.markdown(f"{TV_CSS if tv else ''}## {g.names[st.session_state.lang]}", unsafe_allow_html=tv)
    clock.game_line(saved, t(key, **numbers), read_only=True)
    if (section := watch_section(g.id)) is not None:
        section(saved)
    standings(saved, read_only=True)
