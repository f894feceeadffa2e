"""Schichtbuch: routing (join links included), the session set-up, the header and the live refresh, and
the taps a new session received for controls it had not drawn yet (taps.py), Streamlit's one-off costs of a
process's first run skipped (one_offs.py), and a line instead of the
page when the database cannot be reached. Pages do the rest."""

import streamlit as st

from schichtbuch.live.taps import run_page, unclaimed
from schichtbuch.session.one_offs import skip_one_offs
from schichtbuch.session.state import init
from schichtbuch.sharing.joining import follow_join
from schichtbuch.shell.header import header
from schichtbuch.shell.nav import all_pages, current, store_down, watch
from schichtbuch.store import Unavailable

st.set_page_config(page_title="Schichtbuch", layout="centered")  # the tab's icon: the header's script (webapp.py)
skip_one_offs()
pending = unclaimed()
init()
page = st.navigation(list(all_pages().values()), position="hidden")
try:
    follow_join()
    saved = current()
    header(saved, page)
    watch(saved)
    run_page(page.run, pending)
except Unavailable as error:  # the database is out of reach: a line, not a traceback
    store_down(error)
