"""Watch: a game read-only from its watch link, live; with `view=tv` as a TV shows it (schichtbuch/widgets/watching.py)."""

import streamlit as st

from schichtbuch.shell.nav import page_start
from schichtbuch.widgets import watching

t = page_start()
watching.view(watching.watched(), tv=st.query_params.get("view") == "tv")
