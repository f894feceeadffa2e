"""Group: a table that meets regularly. Without a group: create one (name and members) or open one by its
link. With one: its members, a new game started inside it with seats picked from the members (new names
added on the fly), a game played outside added afterwards, and the QR code that lets the other phones join."""

import streamlit as st

from schichtbuch.groups import groups
from schichtbuch.live.messages import refused
from schichtbuch.session.page import extra
from schichtbuch.sharing.joining import join_link, share_button, unreached
from schichtbuch.sharing.qr import qr_code
from schichtbuch.shell import start
from schichtbuch.shell.nav import page_path, page_start
from schichtbuch.texts.words import listed, md
from scoring.registry import GAMES

t = page_start()
lang = st.session_state.lang

if opened := st.session_state.pop("group_opened", None):
    st.switch_page(page_path(None, "group"), query_params={"group": opened, "lang": lang})
if started := st.session_state.pop("group_started", None):
    st.switch_page(started[0], query_params={"game": started[1], "lang": lang})
group = groups.current_group()

if group is None:
    st.subheader(t("group.create"))
    with st.form("group_new", border=False, enter_to_submit=False):
        st.text_input(t("group.name"), key="group_name", placeholder=t("group.name_hint"))
        st.text_area(t("group.members"), key="group_members", help=t("group.members_help"))
        st.form_submit_button(t("group.create_button"), type="primary", icon="👥", width="stretch", on_click=groups.create_on_tap)
    refused("group")
    st.divider()
    st.subheader(t("group.open"))
    with st.form("group_join", border=False, enter_to_submit=False):
        st.text_input(t("group.link"), key="group_link")
        st.form_submit_button(t("group.open_button"), icon="🔗", width="stretch", on_click=groups.open_on_tap)
    groups.your_groups()
    groups.home_link()
    st.stop()

st.subheader(f"👥 {md(group.name)}")
groups.links(group)
st.caption(t("group.member_list", members=listed(md(m) for m in group.members) or "–"))

st.subheader(t("group.new_game"))
game = GAMES[st.selectbox(t("home.game"), list(GAMES), format_func=lambda g: GAMES[g].names[lang], key="group_game")]
st.multiselect(t("group.seats_pick", low=game.players.start, high=game.players.stop - 1), group.members,
               key="group_seats", max_selections=game.players.stop - 1, placeholder=t("group.seats_hint"))
with st.form("group_member", border=False, enter_to_submit=False):
    st.text_input(t("group.new_member"), key="group_new_member")
    st.form_submit_button(t("group.add_member"), icon="➕", width="stretch", on_click=groups.add_member_on_tap, args=(group.id,))
refused("group_member")
seats = st.session_state.get("group_seats") or []
start.option_widgets(game, "group", len(seats), lambda s: md(seats[s]))
draw = game.draw_start and st.toggle(t("home.draw_start"), value=True, key="group_draw", help=t("home.draw_unverified"))
if not draw and seats:
    st.radio(t(f"{game.id}.start_player" if not game.draw_start else "home.start_player"), seats, format_func=md,
             horizontal=True, key="group_first")
st.caption(t("group.seating"))
refused("group_start")
st.button(t("home.start"), type="primary", icon="▶️", width="stretch", key="group_go", on_click=groups.start_on_tap,
          args=(group.id,))

st.divider()
with st.expander(t("group.add_game")):
    with st.form("group_add", border=False, enter_to_submit=False):
        st.text_input(t("group.game_link"), key="group_add_game")
        st.form_submit_button(t("group.add_game_button"), icon="➕", width="stretch", on_click=groups.add_game_on_tap,
                              args=(group.id,))
    groups.ask_to_add(group)
refused("group_add")
with st.expander(t("group.share")):
    url, reached = join_link(group.id, "group")
    extra(lambda: qr_code(url, t("group.qr_alt")))
    share_button(url, t("group.send_text", group=group.name), reached)
    if not reached:
        unreached()
    st.code(url, language=None, wrap_lines=True)
