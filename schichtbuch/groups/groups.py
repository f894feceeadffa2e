"""What a group's pages share: the group named in the URL (`?group=<id>`), its page links, the live
refresh from the group's other phones, and the taps that write (create a group, add a member, start a
game inside it, add a game played outside it, import records), each in a widget callback with one line
saying why when it is refused or the database cannot be reached."""

from __future__ import annotations

from typing import Any

import streamlit as st

from schichtbuch.live import refresh
from schichtbuch.live.messages import refusal, say, tapped, unavailable
from schichtbuch.session.cookies import recent_groups, remember_group
from schichtbuch.session.resources import store
from schichtbuch.sharing import export, share
from schichtbuch.shell import nav, start
from schichtbuch.shell.nav import page_path
from schichtbuch.store import (
    GROUP_MEMBERS_CHARS, Group, MemberTwice, OtherGroup, Played, Unavailable, UnknownGame, UnknownGroup,
)
from schichtbuch.texts.words import listed, md, t, tally
from schichtbuch.widgets.scoreboard import named
from scoring.errors import RecordError
from scoring.registry import GAMES, PALETTE, summary, summary_minutes, summary_winners

HISTORY_STEP = 20
"""Games the history shows at first, and how many more each tap on "more" shows."""


def current_group() -> Group | None:
    """The group named in the URL, fresh from the store and followed (`watch_group`); None if none is
    named. An unknown or malformed id stops the page with one line and a way to the group page."""
    group = nav.from_url("group", store().group, UnknownGroup, "group.unknown", (page_path(None, "group"), "group.page", "👥"))
    if group is None:
        return None
    remember_group(group.id)
    watch_group(group)
    return group


def require_group() -> Group:
    """For the history and statistics pages: the group, or a way to create or join one."""
    group = current_group()
    if group is None:
        st.info(t("group.none"))
        st.page_link(page_path(None, "group"), label=t("group.page"), icon="👥", query_params={"lang": st.session_state.lang})
        st.stop()
    return group


def links(group: Group) -> None:
    """The group's pages side by side, and the way home."""
    with st.container(horizontal=True, gap="xsmall", wrap=True):
        home_link()
        for page in ("group", "history", "stats"):
            st.page_link(page_path(None, page), label=t(f"{page}.page.short"),
                         query_params={"group": group.id, "lang": st.session_state.lang})


def home_link() -> None:
    """The way back to the home page (its games and the start of a new one)."""
    st.page_link(page_path(None, "home"), label=t("page.home.short"), query_params={"lang": st.session_state.lang})


def your_groups() -> None:
    """This browser's groups, each a link to its page with its members, so that a player finds a group
    again without its link; nothing before the first."""
    found = recent_groups()
    if not found:
        return
    st.divider()
    st.subheader(t("group.yours"))
    for group in found:
        st.page_link(page_path(None, "group"), label=md(group.name), icon="👥",
                     query_params={"group": group.id, "lang": st.session_state.lang})
        st.caption(t("group.member_list", members=listed(md(m) for m in group.members) or "–"))


def watch_group(group: Group) -> None:
    """Rerun the page when another phone adds a game or member to the group, or a game of it changes
    (live/refresh.py)."""
    refresh.follow("groups", group.id, group.version, lambda: store().group_version(group.id), UnknownGroup)


def game_line(s: dict[str, Any], lang: str) -> str:
    """One game of the history (its summary, `scoring.registry.summary`), short enough for a phone's line:
    game and players with their totals, best first (the winner or state goes in `game_state`)."""
    return md(f"{GAMES[s['game']].names[lang]}: ") + tally(f"{named(x['player'], s.get('dummy'))} {md(str(x['total']))}"
                                                          for x in s["standings"])


def game_state(played: Played) -> str:
    """Who won the game (`winners`: never MINE!'s dummy seat) and in how many minutes played (where
    known), or that it is still being played."""
    s = played.summary
    first = [md(p) for p in summary_winners(s)]
    if not s["final"]:
        return t("history.playing")
    won, minutes = t("history.won", players=listed(first)), summary_minutes(s)
    return won if minutes is None else f"{won} · {t('history.minutes', minutes=minutes)}"


# --- taps ------------------------------------------------------------------------------------------------

def names_typed(text: str) -> list[str]:
    """Member names typed one per line (or separated by commas), trimmed, empty lines left out."""
    return [n.strip() for n in text.replace(",", "\n").splitlines() if n.strip()]


def create_on_tap() -> None:
    """Create the group as typed; one line if a name is missing, too long or twice, or the member list is
    longer than the page takes at once (the fields have no `max_chars`, which drops a longer paste whole:
    what was typed stays to be shortened)."""
    tapped()
    state = st.session_state
    typed = state.get("group_members", "")
    try:
        if len(typed) > GROUP_MEMBERS_CHARS:
            raise RecordError("members", "too_long", limit=GROUP_MEMBERS_CHARS)
        made = store().create_group(state.get("group_name", "").strip(), names_typed(typed))
    except MemberTwice as twice:
        say("group", t("group.member_twice", name=md(twice.name)))
    except RecordError as error:
        say("group", refusal(error))
    except Unavailable as error:
        unavailable("group", error)
    else:
        state.group_opened = made.id


def open_on_tap() -> None:
    """Open a group by its pasted link or id; one line if no group has it."""
    tapped()
    state = st.session_state
    group_id = share.id_from(state.get("group_link", ""), "group")
    try:
        if group_id is None:
            raise UnknownGroup("")
        state.group_opened = store().group(group_id).id
    except UnknownGroup:
        say("group", t("group.unknown"))
    except Unavailable as error:
        unavailable("group", error)


def add_member_on_tap(group_id: str) -> None:
    tapped()
    state = st.session_state
    name = state.get("group_new_member", "").strip()
    try:
        store().add_member(group_id, name)
    except MemberTwice:
        say("group_member", t("group.member_twice", name=md(name)))
    except RecordError as error:
        say("group_member", refusal(error))
    except Unavailable as error:
        unavailable("group_member", error)
    else:
        state.group_new_member = ""
        state.group_seats = [*state.get("group_seats", []), name]


def start_on_tap(group_id: str) -> None:
    """Start the chosen game with the chosen members in the group, in the order they were picked, with
    the game's options as on the home page; the start player is drawn where the app may draw one and the
    table lets it, else the one named. One line if refused."""
    tapped()
    state = st.session_state
    g = GAMES[state.group_game]
    seats = list(state.get("group_seats") or [])
    if len(seats) not in g.players:
        say("group_start", t("group.seats", low=g.players.start, high=g.players.stop - 1))
        return
    first = None if g.draw_start and state.get("group_draw", True) else state.get("group_first")
    colours = {n: PALETTE[i % len(PALETTE)] for i, n in enumerate(seats)}
    try:
        state.group_started = start.begin(g, "group", seats, colours, first, group=group_id)
    except RecordError as error:
        say("group_start", refusal(error))
    except UnknownGroup:
        say("group_start", t("group.unknown"))
    except Unavailable as error:
        unavailable("group_start", error)


def add_game_on_tap(group_id: str) -> None:
    """The first tap to add a game played outside the group, by its link or id: the game found is shown
    and asked about first (`ask_to_add`), since a game in a group counts in its statistics; one line if
    it is unknown."""
    tapped()
    game_id = share.id_from(st.session_state.get("group_add_game", ""))
    try:
        if game_id is None:
            raise UnknownGame("")
        store().load(game_id)
    except UnknownGame:
        say("group_add", t("group.unknown_game"))
    except Unavailable as error:
        unavailable("group_add", error)
    else:
        st.session_state.group_add_asked = (group_id, game_id)


def ask_to_add(group: Group) -> None:
    """The question before a game found by its link joins the group: the game, its players and their
    totals, with a button that adds it (`add_game_on_tap`) and one to go back."""
    asked = st.session_state.get("group_add_asked")
    if asked is None or asked[0] != group.id:
        return
    try:
        saved = store().load(asked[1])
    except UnknownGame:
        st.session_state.pop("group_add_asked", None)
        return
    st.warning(t("group.add_ask", group=md(group.name), game=game_line(summary(saved.doc), st.session_state.lang)))
    st.button(t("group.add_confirm"), type="primary", icon="➕", width="stretch", key="group_add_yes",
              on_click=_add_asked, args=asked)
    st.button(t("action.back"), width="stretch", key="group_add_no", on_click=st.session_state.pop,
              args=("group_add_asked", None))


def _add_asked(group_id: str, game_id: str) -> None:
    """Add the game asked about to the group; one line if it is in another group or no longer reads."""
    tapped()
    st.session_state.pop("group_add_asked", None)
    try:
        store().add_to_group(group_id, game_id)
    except UnknownGame:
        say("group_add", t("group.unknown_game"))
    except OtherGroup:
        say("group_add", t("group.other_group"))
    except RecordError as error:
        say("group_add", refusal(error))
    except Unavailable as error:
        unavailable("group_add", error)
    else:
        st.session_state.group_add_game = ""
        say("group_add", t("group.added"), "success")


# --- import -----------------------------------------------------------------------------------------------

def import_on_tap(group_id: str) -> None:
    """Import the uploaded export into the group in one transaction, leaving out the games the group
    already holds: a bad file imports nothing; one line naming the game and field if refused."""
    tapped()
    state = st.session_state
    upload = state.get("history_upload")
    if upload is None:
        return
    try:
        imported = store().import_games(group_id, export.import_records(upload.getvalue()), {"key": "change.import"})
    except RecordError as error:
        say("history_import", refusal(error))
    except UnknownGroup:
        say("history_import", t("group.unknown"))
    except Unavailable as error:
        unavailable("history_import", error)
    else:
        state.history_imported = imported
