"""Share: the way into the game first, then the QR code, the Share button (a messenger, a mail), the short
code and the link that let the other phones at the table join this game; below, the read-only link (and
its big-screen form) for whoever only watches."""

import streamlit as st

from schichtbuch.session.page import extra
from schichtbuch.session.resources import store
from schichtbuch.sharing import share
from schichtbuch.sharing.joining import join_link, link_base, share_button, unreached
from schichtbuch.sharing.qr import qr_code
from schichtbuch.shell.nav import page_start, params, require_game, table_page
from schichtbuch.store import codes
from schichtbuch.texts.words import listed, md
from scoring.registry import GAMES

t = page_start()

saved = require_game()
url, reached = join_link(saved.id)

st.subheader(t("share.title"))
st.page_link(table_page(saved), label=t("share.continue"), icon="▶️", query_params=params())
st.write(t("share.scan", players=listed(md(p) for p in saved.doc["players"])))
extra(lambda: qr_code(url, t("share.qr_alt")))
share_button(url, t("share.send_text", game=GAMES[saved.doc["game"]].names[st.session_state.lang]), reached)
if not reached:
    unreached()
st.metric(t("share.code"), codes.shown(store().join_code(saved.id)))
st.code(url, language=None, wrap_lines=True)

st.subheader(t("watch.title"))
st.caption(t("watch.explain"))
base, _ = link_base()
token = store().watch_token(saved.id)
watch = share.watch_url(base, token)
extra(lambda: qr_code(watch, t("watch.qr_alt")))
st.code(watch, language=None, wrap_lines=True)
st.caption(t("watch.tv"))
st.code(share.watch_url(base, token, tv=True), language=None, wrap_lines=True)
