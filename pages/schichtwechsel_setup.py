"""Schichtwechsel setup: the checklist for this player count; ticks are saved with the game."""

import streamlit as st

from schichtbuch.shell.nav import page_path, page_start, params, require_game
from schichtbuch.widgets import entry
from schichtbuch.widgets.entry import ask_player
from scoring import schichtwechsel
from setup.schichtwechsel import checklist

t = page_start()

saved = require_game("schichtwechsel")
record = schichtwechsel.read(saved.doc)
if record.start_player is None:
    ask_player(saved, t("schichtwechsel.ask_start"), record.players, lambda d, w: schichtwechsel.pass_marker(d, w, None))

st.subheader(t("schichtwechsel.setup.title", players=len(record.players)))
st.caption(t("schichtwechsel.setup.box"))
entry.checklist(saved, checklist(record.players, record.start_player))
st.page_link(page_path("schichtwechsel", "round"), label=t("schichtwechsel.setup.play"), icon="▶️", query_params=params())
