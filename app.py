"""Schichtbuch: routing (join links included), the session set-up, the header and the live refresh, and
the taps a new session received for controls it had not drawn yet (taps.py). Pages do the rest."""

import streamlit as st

from schichtbuch import ui

# The app's icon from static/ (an emoji would have Streamlit load its emoji catalogue in the first run).
st.set_page_config(page_title="Schichtbuch", page_icon="/app/static/icon-192.png", layout="centered")
pending = ui.unclaimed()
ui.init()
page = st.navigation(list(ui.all_pages().values()), position="hidden")
ui.follow_join()
saved = ui.current()
ui.header(saved, page)
ui.watch(saved)
ui.run_page(page.run, pending)
