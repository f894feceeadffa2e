"""Coal Baron end: each player's money, cubes, unfinished orders and tiles, then the standings with the
breakdown per category, the tie-break, and each player's score after each shift."""

import streamlit as st

from schichtbuch import ui
from schichtbuch.ui import md, t
from scoring import coal_baron
from scoring.coal_baron import END_FIELDS, SHIFTS
from scoring.records import MAX_COUNT

saved = ui.require_game()
record = coal_baron.read(saved.doc)

if len(record.shifts) == SHIFTS:
    st.subheader(t("coal_baron.end.title"))
    who = st.segmented_control(t("coal_baron.shift.player"), record.players, default=record.players[0],
                               format_func=md, required=True, key="end_player")
    entered = saved.doc.get("end") or saved.doc.get("end_draft", {})
    seen = entered.get(who)
    with st.form("end_form"):
        values = {f: st.number_input(t(f"coal_baron.end.{f}"), 0, MAX_COUNT, (seen or {}).get(f, 0), key=f"end_{who}_{f}")
                  for f in END_FIELDS}
        if st.form_submit_button(t("action.save"), type="primary", width="stretch") and ui.save(
            saved, lambda d: coal_baron.set_end(d, who, values, seen), {"key": "change.end", "player": who},
        ):
            st.rerun()
    waiting = [p for p in record.players if p not in entered]
    if waiting:
        st.info(t("coal_baron.end.waiting", players=md(", ".join(waiting))))
else:
    st.info(t("coal_baron.end.not_yet"))

ui.standings(saved)
