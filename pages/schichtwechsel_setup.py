"""Schichtwechsel setup: the checklist for this player count; ticks are saved with the game."""

import streamlit as st

from schichtbuch import ui
from scoring import schichtwechsel
from setup.schichtwechsel import checklist

t = ui.page_start()

saved = ui.require_game("schichtwechsel")
record = schichtwechsel.read(saved.doc)
if record.start_player is None:
    ui.ask_player(saved, t("schichtwechsel.ask_start"), record.players, lambda d, w: schichtwechsel.pass_marker(d, w, None))

st.subheader(t("schichtwechsel.setup.title", players=len(record.players)))
st.caption(t("schichtwechsel.setup.box"))
ui.checklist(saved, checklist(record.players, record.start_player))
st.page_link(ui.page_path("schichtwechsel", "round"), label=t("schichtwechsel.setup.play"), icon="▶️", query_params=ui.params())
