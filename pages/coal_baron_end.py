"""Coal Baron end: each player's money, cubes, unfinished orders and tiles, then the standings with the
breakdown per category, the tie-break, and each player's score after each shift. Once every player has
entered theirs, the page opens with the final standings and the entries fold away below them."""

import streamlit as st

from schichtbuch.after_game.offer import after_game
from schichtbuch.after_game.rematch import follow
from schichtbuch.shell.nav import page_start, require_game
from schichtbuch.widgets.entry import player_entry
from schichtbuch.widgets.scoreboard import standings
from scoring import coal_baron
from scoring.coal_baron import END_FIELDS, SHIFTS

t = page_start()


def entry() -> None:
    player_entry(saved, "end", saved.doc.get("end") or saved.doc.get("end_draft", {}),
                 {f: t(f"coal_baron.end.{f}") for f in END_FIELDS}, coal_baron.set_end)


saved = require_game("coal_baron")
record = coal_baron.read(saved.doc)

if record.is_over:
    follow(saved)
    standings(saved)
    after_game(saved)
    with st.expander(t("standings.correct")):
        entry()
elif len(record.shifts) == SHIFTS:
    st.subheader(t("coal_baron.end.title"))
    entry()
    standings(saved)
else:
    st.info(t("coal_baron.end.not_yet"))
    standings(saved)
