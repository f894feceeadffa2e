"""Schichtbuch: routing (join links included), the session set-up, the header and the live refresh, and
the taps a new session received for controls it had not drawn yet (taps.py), and a line instead of the
page when the database cannot be reached. Pages do the rest."""

import streamlit as st

from schichtbuch import ui

st.set_page_config(page_title="Schichtbuch", layout="centered")  # the tab's icon: the header's script (webapp.py)
pending = ui.unclaimed()
ui.init()
page = st.navigation(list(ui.all_pages().values()), position="hidden")
try:
    ui.follow_join()
    saved = ui.current()
    ui.header(saved, page)
    ui.watch(saved)
    ui.run_page(page.run, pending)
except ui.Unavailable as error:  # the database is out of reach: a line, not a traceback
    ui.store_down(error)
