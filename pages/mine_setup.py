"""MINE! setup: the checklist for this table (seats, variant, dummy); ticks are saved with the game."""

import streamlit as st

from schichtbuch import ui
from scoring import mine
from setup.mine import checklist

t = ui.page_start()

saved = ui.require_game("mine")
record = mine.read(saved.doc)
st.subheader(t("mine.setup.title", seats=len(record.players)))
st.caption(t("mine.setup.variant_on" if record.variant else "mine.setup.variant_off"))
ui.checklist(saved, checklist(record.players, record.start_player, record.variant, record.dummy))
st.page_link(ui.page_path("mine", "round"), label=t("mine.setup.play"), icon="▶️", query_params=ui.params())
