"""Coal Baron setup: the checklist for this player count; ticks are saved with the game."""

import streamlit as st

from schichtbuch.shell.nav import page_path, page_start, params, require_game
from schichtbuch.texts.words import md
from schichtbuch.widgets import entry
from schichtbuch.widgets.entry import ask_player
from scoring import coal_baron
from setup.coal_baron import checklist

t = page_start()

saved = require_game("coal_baron")
record = coal_baron.read(saved.doc)
start = record.start_player(1)
if start is None:
    ask_player(saved, t("coal_baron.ask_start", shift="I"), record.players, lambda d, w: coal_baron.set_start_player(d, 1, w))

st.subheader(t("coal_baron.setup.title", players=len(record.players)))
st.write(t("coal_baron.setup.start_player", player=md(start)))
entry.checklist(saved, checklist(record.players, start))
st.page_link(page_path("coal_baron", "shift"), label=t("coal_baron.setup.play"), icon="▶️", query_params=params())
