"""This browser's recent games and groups: kept in the session and, for later visits, in a cookie of a
year each, newest first; the home page lists the games, the group page the groups."""

from __future__ import annotations

import streamlit as st

from schichtbuch.session.page import slot
from schichtbuch.session.resources import store
from schichtbuch.store import Group, Saved, UnknownGroup, is_id
from scoring.errors import RecordError
from scoring.registry import score

RECENT_COOKIE = "schichtbuch_games"


GROUPS_COOKIE = "schichtbuch_groups"


RECENT_KEEP = 8


def kept_ids(cookie: str) -> list[str]:
    """The ids the browser's cookie `cookie` keeps (`_cookie`); anything else in it is left out."""
    return [i for i in st.context.cookies.get(cookie, "").split(".") if is_id(i)]


def recent_games() -> list[Saved]:
    """This browser's recent games that still read, newest change first (one stored before a rule the
    reader now checks is left out rather than break the list)."""
    games = []
    for saved in store().recent(st.session_state.recent):
        try:
            score(saved.doc)
        except RecordError:
            continue
        games.append(saved)
    return games


def remember(game_id: str) -> None:
    """Keep the game among this browser's recent games: in the session, and in a cookie for later visits
    that the header's script sets (`recent_cookie`), so that no element of its own is drawn for it."""
    st.session_state.recent = _kept(st.session_state.recent, game_id)


def recent_cookie() -> str:
    """The cookie that keeps this browser's recent games (`remember`)."""
    return _cookie(RECENT_COOKIE, st.session_state.recent)


def recent_groups() -> list[Group]:
    """This browser's groups that still exist, the one opened last first."""
    found = []
    for group_id in st.session_state.recent_groups:
        try:
            found.append(store().group(group_id))
        except UnknownGroup:
            continue
    return found


def remember_group(group_id: str) -> None:
    """Keep the group among this browser's groups, as `remember` keeps a game."""
    _keep("recent_groups", GROUPS_COOKIE, group_id)


def _keep(key: str, cookie: str, item_id: str) -> None:
    """Put the id first in the session's list `key` and in the cookie, once (its script in a `slot`)."""
    place = slot()
    kept = _kept(st.session_state[key], item_id)
    if kept == st.session_state[key]:
        return
    st.session_state[key] = kept
    place.html(f"<script>document.cookie='{_cookie(cookie, kept)}'</script>", unsafe_allow_javascript=True)


def _kept(ids: list[str], item_id: str) -> list[str]:
    """The id first, then the others, at most RECENT_KEEP."""
    return ([item_id] + [i for i in ids if i != item_id])[:RECENT_KEEP]


def _cookie(name: str, ids: list[str]) -> str:
    """A year's cookie `name` holding the ids (ids are letters and digits)."""
    return f"{name}={'.'.join(ids)};path=/;max-age=31536000;samesite=lax"
