"""Watch: a game read-only from its watch link, live; with `view=tv` as a TV shows it (schichtbuch/widgets/watching.py)."""

import streamlit as st

from schichtbuch import ui
from schichtbuch.widgets import watching

t = ui.page_start()
watching.view(watching.watched(), tv=st.query_params.get("view") == "tv")
