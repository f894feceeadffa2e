"""Coal Baron shift scoring: the majorities of the shift being played (previewed live from the logged
orders), closing it with the factory workers (next start player) or the empty minecarts (shift III), and
the tables of every scored shift."""

from typing import Any

import streamlit as st

from schichtbuch import ui
from schichtbuch.ui import md
from scoring import coal_baron
from scoring.coal_baron import CARTS_PER_LEVEL, COLOURS, SHIFT_NAMES, SHIFTS, WORKERS, ElementScore, Record

t = ui.page_start()


def element_tables(elements: tuple[ElementScore, ...]) -> None:
    """Each element of a shift: every player's count, place and points, and why (one Markdown block)."""
    head = f"| {t('col.player')} | {t('col.count')} | {t('col.place')} | {t('col.points')} |\n|:--|--:|:--|--:|"
    st.markdown("\n\n".join(
        f"**{t(f'element.{e.element.kind}.{e.element.name}')}** · "
        f"{t('coal_baron.scoring.values', first=e.element.first, second=e.element.second)}\n\n{head}\n"
        + "\n".join(f"| {md(p)} | {pl.count} | {t(f'place.{pl.place}')} | {pl.points} |" for p, pl in e.placings.items())
        for e in elements
    ))


@st.fragment
def close_early_shift(record: Record, shift: int) -> None:
    """Shifts I and II: the workers in the factory name the next start player; then score the shift."""
    st.write(t("coal_baron.scoring.factory"))
    limit = WORKERS[len(record.players)]
    factory = {p: st.number_input(md(p), 0, limit, 0, key=ui.widget_key("scoring_factory", shift, p)) for p in record.players}
    start, open_because = coal_baron.next_start_player(record.players, record.start_player(shift), factory)
    leaders = coal_baron.factory_leaders(record.players, factory)
    if open_because:
        st.warning(t(f"coal_baron.scoring.{open_because}"))
        start = st.selectbox(t("coal_baron.scoring.next_start"), record.players, index=record.players.index(start),
                             key="scoring_next")
    elif len(leaders) > 1:
        st.caption(t("coal_baron.scoring.factory_tie", players=md(", ".join(leaders)), player=md(start)))
    st.info(t("coal_baron.scoring.next_start_is", player=md(start)))
    close_button(shift, lambda d: coal_baron.close_shift(d, shift, **shown_at_tap(record, shift)))
    if ui.just_closed(saved, shift, started=False):  # scored: the whole page confirms it, not just this fragment
        st.rerun(scope="app")


@st.fragment
def empty_carts(entered: dict) -> None:
    """Shift III: each player enters (or, once it is scored, corrects) the empty minecarts per level of
    their own pit."""
    st.write(t("coal_baron.scoring.carts"))
    ui.player_entry(saved, "carts", entered, {c: f"{ui.coal([c])} {t(f'element.minecart.{c}')}" for c in COLOURS},
                    dict.fromkeys(COLOURS, CARTS_PER_LEVEL), coal_baron.set_carts)


def shown_at_tap(record: Record, shift: int) -> dict[str, Any]:
    """The factory workers and the chosen next start player as the phone holds them at the tap (read from
    the session: a number typed just before the tap arrives with it)."""
    factory = {p: st.session_state[ui.widget_key("scoring_factory", shift, p)] for p in record.players}
    return {"factory": factory, "next_start": st.session_state.get("scoring_next")}


def close_button(shift: int, edit) -> None:
    """Score the shift in the tap's callback, which the page then confirms."""
    ui.refused("scoring_close")
    st.button(t("coal_baron.scoring.close", shift=SHIFT_NAMES[shift - 1]), type="primary", width="stretch",
              key=f"scoring_close_{shift}", on_click=ui.close_on_tap,
              args=(saved.id, edit, {"key": "change.close_shift", "shift": SHIFT_NAMES[shift - 1]}, "scoring_close", shift))


def confirm(shift: int) -> None:
    """Shift `shift` was just scored on this phone: its points per player, the next start player, and the
    way on (play the next shift, or enter the end values)."""
    lines = [t("coal_baron.scoring.done_points", points=ui.stage_points(coal_baron.score(saved.doc), shift))]
    if shift < SHIFTS:
        start = record.start_player(shift + 1) or t("coal_baron.unknown_player")
        lines.append(t("coal_baron.scoring.done_start", shift=SHIFT_NAMES[shift], player=md(start)))
        ui.confirm_closed(saved, t("coal_baron.scoring.scored", shift=SHIFT_NAMES[shift - 1]), lines,
                          t("coal_baron.scoring.play", shift=SHIFT_NAMES[shift]), ui.page_path("coal_baron", "shift"))
    else:
        ui.confirm_closed(saved, t("coal_baron.scoring.scored", shift=SHIFT_NAMES[shift - 1]), lines,
                          t("coal_baron.scoring.to_end"), ui.page_path("coal_baron", "end"))


saved = ui.require_game("coal_baron")
record = coal_baron.read(saved.doc)
shift = len(record.shifts) + 1
scored = ui.just_closed(saved, len(record.shifts), started=any(record.current_shift.values()))

if scored:
    confirm(scored)
elif shift <= SHIFTS:
    st.subheader(t("coal_baron.scoring.title", shift=SHIFT_NAMES[shift - 1]))
    if shift < SHIFTS:
        close_early_shift(record, shift)
    else:
        empty_carts(saved.doc.get("carts_draft", {}))
    with st.expander(t("coal_baron.scoring.preview"), expanded=True):
        element_tables(coal_baron.shift_scoring(record, shift))
    if shift == SHIFTS:
        close_button(shift, lambda d: coal_baron.close_shift(d, shift))

for number in range(len(record.shifts), 0, -1):
    with st.expander(t("coal_baron.scoring.scored", shift=SHIFT_NAMES[number - 1]), expanded=number == len(record.shifts)):
        if number < SHIFTS:
            st.write(t("coal_baron.scoring.started", player=md(record.start_player(number + 1) or t("coal_baron.unknown_player"))))
        element_tables(coal_baron.shift_scoring(record, number))
if shift > SHIFTS:
    with st.expander(t("coal_baron.scoring.correct_carts")):
        empty_carts(saved.doc["empty_carts"])
ui.undo_button(saved, "scoring_undo")
if shift > SHIFTS and not scored:
    st.page_link(ui.page_path("coal_baron", "end"), label=t("page.coal_baron_end"), icon="🏁", query_params=ui.params())
