"""Coal Baron shift scoring: the majorities of the shift being played (previewed live from the logged
orders), closing it with the factory workers (next start player) or the empty minecarts (shift III), and
the tables of every scored shift."""

import pandas as pd
import streamlit as st

from schichtbuch import ui
from schichtbuch.ui import md, t
from scoring import coal_baron
from scoring.coal_baron import SHIFT_NAMES, SHIFTS, ElementScore
from scoring.records import MAX_COUNT
from setup.coal_baron import COLOURS, PLAYER_COUNTS


def element_table(element: ElementScore) -> None:
    """One element: each player's count, place and points, and why."""
    e = element.element
    st.markdown(f"**{t(f'element.{e.kind}.{e.name}')}** · {t('coal_baron.scoring.values', first=e.first, second=e.second)}")
    st.dataframe(pd.DataFrame(
        [[p, pl.count, t(f"place.{pl.place}"), pl.points] for p, pl in element.placings.items()],
        columns=[t("col.player"), t("col.count"), t("col.place"), t("col.points")],
    ), hide_index=True, width="stretch")


saved = ui.require_game()
record = coal_baron.read(saved.doc)
shift = len(record.shifts) + 1
players = record.players

if shift <= SHIFTS:
    st.subheader(t("coal_baron.scoring.title", shift=SHIFT_NAMES[shift - 1]))
    if shift < SHIFTS:
        st.write(t("coal_baron.scoring.factory"))
        limit = PLAYER_COUNTS[len(players)].workers
        factory = {p: st.number_input(md(p), 0, limit, 0, key=f"scoring_factory_{shift}_{p}") for p in players}
        start, confirmed = coal_baron.next_start_player(players, record.start_player(shift), factory)
        if not confirmed:
            st.warning(t("coal_baron.scoring.nobody_in_factory"))
            start = st.selectbox(t("coal_baron.scoring.next_start"), players, index=players.index(start), key="scoring_next")
        st.info(t("coal_baron.scoring.next_start_is", player=md(start)))
        carts = None
    else:
        st.write(t("coal_baron.scoring.carts"))
        carts, factory, start = {}, None, None
        for p in players:
            st.markdown(f"**{md(p)}**")
            cols = st.columns(4, wrap=False)
            carts[p] = {c: col.number_input(ui.coal([c]), 0, MAX_COUNT, 0, key=f"scoring_carts_{p}_{c}") for c, col in zip(COLOURS, cols)}
    preview = coal_baron.read({**saved.doc, "empty_carts": carts}) if carts else record
    with st.expander(t("coal_baron.scoring.preview"), expanded=True):
        for element in coal_baron.shift_scoring(preview, shift):
            element_table(element)
    if st.button(t("coal_baron.scoring.close", shift=SHIFT_NAMES[shift - 1]), type="primary", width="stretch") and ui.save(
        saved, lambda d: coal_baron.close_shift(d, shift, factory, carts, start),
        {"key": "change.close_shift", "shift": shift},
    ):
        st.rerun()

for number in range(len(record.shifts), 0, -1):
    with st.expander(t("coal_baron.scoring.scored", shift=SHIFT_NAMES[number - 1]), expanded=number == len(record.shifts)):
        if number < SHIFTS:
            st.write(t("coal_baron.scoring.started", player=md(record.start_player(number + 1) or "?")))
        for element in coal_baron.shift_scoring(record, number):
            element_table(element)
ui.undo_button(saved, "scoring_undo")
if shift > SHIFTS:
    st.page_link(ui.page_path("coal_baron", "end"), label=t("page.coal_baron_end"), icon="🏁", query_params=ui.params())
