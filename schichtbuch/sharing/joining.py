"""Joining a game or group from another phone: the join link at the address the other phones reach; a join
link (the QR code, a pasted link, a typed code) leads to the page the table is on; what a player typed
into the join field is read as a link, a game id or a short code; the Share button that hands a join link
to a messenger."""

from __future__ import annotations

import os
import time

import streamlit as st

from schichtbuch.session.resources import store
from schichtbuch.session.settings import BASE_URL
from schichtbuch.sharing import share
from schichtbuch.shell import webapp
from schichtbuch.shell.nav import page_path, table_page
from schichtbuch.store import UnknownGame, codes, is_id
from schichtbuch.texts.words import t


def follow_join() -> None:
    """Routing for a join link (`?game=<id>&join=1`: the QR code, a pasted link, a typed code): on to the
    page the table is on, where the header notes that this phone has joined. It runs before `current()`,
    so the game is remembered by the landing page's run, not by one that is cut short here."""
    game_id = st.query_params.get("game", "")
    group_id = st.query_params.get("group", "")
    if share.JOIN in st.query_params and not game_id and is_id(group_id):
        st.switch_page(page_path(None, "group"), query_params={"group": group_id, "lang": st.session_state.lang})
    if share.JOIN not in st.query_params or not is_id(game_id):
        return
    try:
        saved = store().load(game_id)
    except UnknownGame:
        return  # `current()` says so
    st.session_state.join_note = game_id
    st.switch_page(table_page(saved), query_params={"game": game_id, "lang": st.session_state.lang})


def join_typed(text: str) -> str | None:
    """Open the game named by what a player typed or pasted into the join field (a join link, a game id
    or a short code) as a join link would. Returns None, or the catalog key of the line that says why
    not. Wrong short codes count against this phone's limit and the server's, kept in the store (codes.py)."""
    game_id = share.id_from(text)
    if game_id is None:
        code = codes.code_from(text)
        if code is None:
            return "error.bad_code"
        now, wrong = time.time(), st.session_state.setdefault("join_wrong", [])
        held = store().hold_guess(now) if codes.is_within(codes.SESSION_LIMIT, wrong, now) else None
        if held is None:
            return "error.too_many_codes"
        try:
            game_id = store().game_for_code(code)
        except UnknownGame:
            st.session_state.join_wrong = [at for at in wrong if now - at < codes.SESSION_LIMIT.seconds] + [now]
            return "error.wrong_code"
        store().release_guess(held)
    try:
        store().version(game_id)
    except UnknownGame:
        return "error.unknown_game"
    st.query_params.from_dict({"game": game_id, "lang": st.session_state.lang, share.JOIN: "1"})
    return None


def network_base() -> str | None:
    """This machine's base URL on the local network with the server's port: Streamlit's own "Network
    URL" (`streamlit.net_util.get_internal_ip`); None without a network, or when the server listens on
    this computer only (`listens_here_only`), where nothing answers at that address."""
    from streamlit import net_util

    if listens_here_only():
        return None
    return share.network_base(net_util.get_internal_ip(), int(st.get_option("server.port")))


def listens_here_only() -> bool:
    """Whether the server was started to listen on this computer only (`--server.address 127.0.0.1` or
    `localhost`): other phones reach it only through a proxy (`SCHICHTBUCH_BASE_URL`)."""
    return st.get_option("server.address") in ("localhost", "127.0.0.1", "::1")


def link_base() -> tuple[str, bool]:
    """The base URL of the links this phone hands out, and whether the other phones reach it: the address
    they reach (`share.public_base`), else the one this browser opened, which only this computer can
    follow."""
    base = share.public_base(os.environ.get(BASE_URL), st.context.url, network_base())
    return base or share.base_of(st.context.url or "http://localhost:8501"), base is not None


def unreached() -> None:
    """Why the other phones cannot open the links this page hands out, and what fixes it."""
    st.warning(t("share.loopback", option="--server.address") if listens_here_only() else t("share.local", variable=BASE_URL))


def join_link(item_id: str, param: str = "game") -> tuple[str, bool]:
    """The join link of a game (or group, `param="group"`) and whether the other phones reach it."""
    base, reached = link_base()
    return share.join_url(base, item_id, param), reached


def share_button(url: str, message: str, reached: bool) -> None:
    """The Share button under a join link's QR code (`message`: the text sent with it), and where it and
    the screen kept awake need https that this page was not opened with, a line saying so."""
    texts = {"label": t("share.send"), "title": t("app.title"), "text": message, "copied": t("share.copied"),
             "by_hand": t("share.by_hand")}
    st.html(webapp.share_button(url, texts), unsafe_allow_javascript=True)
    if reached and not webapp.secure(st.context.url):
        st.caption(t("share.https"))
