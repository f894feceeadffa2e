"""Share: the way into the game first, then the QR code, the Share button (a messenger, a mail), the short
code and the link that let the other phones at the table join this game; below, the read-only link (and
its big-screen form) for whoever only watches."""

import streamlit as st

from schichtbuch import ui
from schichtbuch.sharing import share
from schichtbuch.store import codes
from schichtbuch.ui import md
from scoring.registry import GAMES

t = ui.page_start()

saved = ui.require_game()
url, reached = ui.join_link(saved.id)

st.subheader(t("share.title"))
st.page_link(ui.table_page(saved), label=t("share.continue"), icon="▶️", query_params=ui.params())
st.write(t("share.scan", players=md(", ".join(saved.doc["players"]))))
ui.extra(lambda: ui.qr_code(url, t("share.qr_alt")))
ui.share_button(url, t("share.send_text", game=GAMES[saved.doc["game"]].names[st.session_state.lang]), reached)
if not reached:
    ui.unreached()
st.metric(t("share.code"), codes.shown(ui.store().join_code(saved.id)))
st.code(url, language=None, wrap_lines=True)

st.subheader(t("watch.title"))
st.caption(t("watch.explain"))
base, _ = ui.link_base()
token = ui.store().watch_token(saved.id)
watch = share.watch_url(base, token)
ui.extra(lambda: ui.qr_code(watch, t("watch.qr_alt")))
st.code(watch, language=None, wrap_lines=True)
st.caption(t("watch.tv"))
st.code(share.watch_url(base, token, tv=True), language=None, wrap_lines=True)
