"""Share: the way into the game first, then the QR code, the short code and the link that let the other
phones at the table join this game."""

import os

import streamlit as st

from schichtbuch import codes, share, ui
from schichtbuch.ui import md

t = ui.page_start()

saved = ui.require_game()
base = share.public_base(os.environ.get(ui.BASE_URL), st.context.url, ui.network_base())
url = share.join_url(base or share.base_of(st.context.url or "http://localhost:8501"), saved.id, st.session_state.lang)

st.subheader(t("share.title"))
st.page_link(ui.table_page(saved), label=t("share.continue"), icon="▶️", query_params=ui.params())
st.write(t("share.scan", players=md(", ".join(saved.doc["players"]))))
ui.extra(lambda: ui.qr_code(url))
if base is None:
    st.warning(t("share.local", variable=ui.BASE_URL))
st.metric(t("share.code"), codes.shown(ui.store().join_code(saved.id)))
st.code(url, language=None, wrap_lines=True)
