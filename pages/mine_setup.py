"""MINE! setup: the checklist for this table (seats, variant, dummy); ticks are saved with the game."""

import streamlit as st

from schichtbuch.shell.nav import page_path, page_start, params, require_game
from schichtbuch.widgets import entry
from scoring import mine
from setup.mine import checklist

t = page_start()

saved = require_game("mine")
record = mine.read(saved.doc)
st.subheader(t("mine.setup.title", seats=len(record.players)))
st.caption(t("mine.setup.variant_on" if record.variant else "mine.setup.variant_off"))
entry.checklist(saved, checklist(record.players, record.start_player, record.variant, record.dummy))
st.page_link(page_path("mine", "round"), label=t("mine.setup.play"), icon="▶️", query_params=params())
