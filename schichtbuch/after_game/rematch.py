"""The next game, on a finished game's end page: one tap starts the same game again with the same seats,
colours, options and group (`scoring.rematch`), and opens it on this phone; every other phone still on the
finished game follows its live refresh to the same page, which then offers the way into the new game at
its top instead of the button. Two phones tapping at once start one game (the store makes it once,
`create_next`): the second is told and offered to follow.

Who starts: a game whose rules let the app draw is drawn unless the table picks a player; a game whose
rules name the start player waits for the table to pick (see `scoring.rematch`, UNVERIFIED there)."""

from __future__ import annotations

import random
import time

import streamlit as st

from schichtbuch.live.messages import refusal, refused, say, tapped, unavailable
from schichtbuch.session.page import go_to, slot, widget_key
from schichtbuch.session.resources import store
from schichtbuch.shell.nav import game, page_path, table_page
from schichtbuch.store import Document, Saved, Unavailable, UnknownGame
from schichtbuch.texts.words import md, t
from scoring.app_fields import next_game, with_start
from scoring.errors import RecordError
from scoring.registry import is_over
from scoring.rematch import rematch_record

DRAW = ""
"""The start-player choice that leaves it to the app's draw."""


def follow(saved: Saved) -> None:
    """At the top of a finished game's end page, right under the header's game line: once the table has
    started the next game, the way into it (and what this phone's Rematch was told, that another phone
    was first), where a phone coming back to the table sees it without scrolling past the standings.
    Its place is kept in every run (`slot`), so that the link coming moves nothing being typed below."""
    place = slot()
    following = _following(saved) if is_over(saved.doc) else None
    if following is not None:
        with place.container():
            st.info(t("rematch.started"), icon="🔁")
            st.page_link(table_page(following), label=t("rematch.follow"), icon="▶️",
                         query_params={"game": following.id, "lang": st.session_state.lang})
            refused("rematch", st)


def offer(saved: Saved) -> None:
    """For a finished game whose table has not started the next one (else the way into it is at the top,
    `follow`): the start player and the button that starts the next game."""
    if not is_over(saved.doc) or _following(saved) is not None:
        return
    st.subheader(t("rematch.title"))
    st.caption(t("rematch.explain"))
    key = widget_key("rematch_first", saved.id)
    g, players = game(saved), list(saved.doc["players"])
    choices, drawn = [DRAW, *players] if g.draw_start else players, t("rematch.draw")
    st.radio(t("home.start_player" if g.draw_start else f"{g.id}.start_player"), choices, index=0 if g.draw_start else None,
             format_func=lambda p: drawn if p == DRAW else md(p), horizontal=True, key=key)
    if g.draw_start:
        st.caption(t("rematch.unverified"))
    refused("rematch")
    st.button(t("rematch.start"), type="primary", icon="🔁", width="stretch", key=widget_key("rematch", saved.id),
              on_click=_start, args=(saved.id, page_path(g.id, g.pages[0]), key))


def _following(saved: Saved) -> Saved | None:
    """The game the finished one names as its next, if it is in this store."""
    named = next_game(saved.doc)
    try:
        return None if named is None else store().load(named)
    except UnknownGame:
        return None


def _start(game_id: str, first_page: str, key: str) -> None:
    """Start the next game with the start player picked (or drawn), and open it on its `first_page` (its
    setup, as from the home page); if another phone started it first, say so (the page then offers to
    follow)."""
    tapped()
    picked = st.session_state.get(key)
    try:
        next_id, made = store().create_next(game_id, lambda doc: _record(doc, picked), {"key": "change.start"})
    except NoStartPlayer:
        say("rematch", t("rematch.choose_first"))
        return
    except RecordError as error:
        say("rematch", refusal(error))
        return
    except Unavailable as error:
        unavailable("rematch", error)
        return
    if not made:
        say("rematch", t("rematch.elsewhere"), "info")
        return
    go_to(first_page, {"game": next_id, "lang": st.session_state.lang})


class NoStartPlayer(Exception):
    """The table picked no start player where the rules name one, and no other phone started the next game."""


def _record(finished: Document, picked: str | None) -> Document:
    """The next game's record, stamped with its start: `picked` starts it, or, where the choice was left to
    the app, one of the players drawn at random. Called only when no next game exists yet (`create_next`),
    so a phone that picked no one is asked to (`NoStartPlayer`) only then."""
    if picked is None:
        raise NoStartPlayer
    first = picked if picked != DRAW else random.SystemRandom().choice(list(finished["players"]))
    return with_start(rematch_record(finished, first), time.time())
