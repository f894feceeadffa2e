"""Coal Baron shift scoring: the majorities of the shift being played (previewed live from the logged
orders), closing it with the factory workers (next start player) or the empty minecarts (shift III), and
the tables of every scored shift. Once a shift is scored, on this phone or another, the page says so
before it shows the next one."""

from collections.abc import Callable
from typing import Any

import streamlit as st

from schichtbuch.live import closing
from schichtbuch.live.closing import StageNews, confirm_closed, stage_news
from schichtbuch.live.saving import undo_button
from schichtbuch.session.page import widget_key
from schichtbuch.shell.nav import page_path, page_start, params, require_game
from schichtbuch.store import Document
from schichtbuch.texts.words import listed, md
from schichtbuch.widgets import entry
from schichtbuch.widgets.entry import player_entry
from schichtbuch.widgets.scoreboard import stage_points, table
from scoring import coal_baron
from scoring.coal_baron import COLOURS, SHIFT_NAMES, SHIFTS, ElementScore, Record

t = page_start()


def element_tables(elements: tuple[ElementScore, ...]) -> None:
    """Each element of a shift: every player's count, place and points, and why (one Markdown block)."""
    head = (t("col.player"), t("col.count"), t("col.place"), t("col.points"))
    st.markdown("\n\n".join(
        f"**{t(f'element.{e.element.kind}.{e.element.name}')}** · "
        f"{t('coal_baron.scoring.values', first=e.element.first, second=e.element.second)}\n\n"
        + table(head, [(md(p), pl.count, t(f"place.{pl.place}"), pl.points) for p, pl in e.placings.items()], left=(0, 2))
        for e in elements
    ))


def close_early_shift(record: Record, shift: int) -> None:
    """Shifts I and II: the workers in the factory name the next start player; then score the shift."""
    st.write(t("coal_baron.scoring.factory"))
    factory = {p: entry.number(md(p), 0, widget_key("scoring_factory", shift, p)) for p in record.players}
    start, open_because = coal_baron.next_start_player(record.players, record.start_player(shift), factory)
    leaders = coal_baron.factory_leaders(record.players, factory)
    if open_because:
        st.warning(t(f"coal_baron.scoring.{open_because}"))
        start = st.selectbox(t("coal_baron.scoring.next_start"), record.players, index=record.players.index(start),
                             key=f"scoring_next_{shift}")
    elif len(leaders) > 1:
        st.caption(t("coal_baron.scoring.factory_tie", players=listed(md(p) for p in leaders), player=md(start)))
    st.info(t("coal_baron.scoring.next_start_is", player=md(start)))
    close_button(record, shift, lambda d: coal_baron.close_shift(d, shift, **shown_at_tap(record, shift)))


def shown_at_tap(record: Record, shift: int) -> dict[str, Any]:
    """The factory workers and the chosen next start player as the phone holds them at the tap (read from
    the session: a number typed just before the tap arrives with it)."""
    factory = {p: st.session_state[widget_key("scoring_factory", shift, p)] for p in record.players}
    return {"factory": factory, "next_start": st.session_state.get(f"scoring_next_{shift}")}


def close_button(record: Record, shift: int, edit: Callable[[Document], Document]) -> None:
    """Score the shift in the tap's callback, asking first if no order was logged in it."""
    name = SHIFT_NAMES[shift - 1]
    closing.close_button(saved.id, t("coal_baron.scoring.close", shift=name), "scoring_close", shift, edit,
                         {"key": "change.close_shift", "shift": name}, not any(record.current_shift.values()),
                         t("coal_baron.scoring.empty", shift=name), t("coal_baron.scoring.anyway", shift=name))


def confirm(news: StageNews) -> None:
    """Shift `news.stage` was scored, on this phone or another: its points per player, the next start
    player, and the way on (play the next shift, or enter the end values)."""
    shift = news.stage
    name = SHIFT_NAMES[shift - 1]
    title = t("coal_baron.scoring.scored" if news.here else "coal_baron.scoring.scored_elsewhere", shift=name)
    lines = [t("coal_baron.scoring.done_points", points=stage_points(coal_baron.score(saved.doc), shift))]
    if shift < SHIFTS:
        start = record.start_player(shift + 1) or t("coal_baron.unknown_player")
        lines.append(t("coal_baron.scoring.done_start", shift=SHIFT_NAMES[shift], player=md(start)))
        confirm_closed(saved, news, title, lines, t("coal_baron.scoring.play", shift=SHIFT_NAMES[shift]),
                       page_path("coal_baron", "shift"))
    else:
        confirm_closed(saved, news, title, lines, t("coal_baron.scoring.to_end"), page_path("coal_baron", "end"))


def empty_carts(entered: dict[str, dict[str, int]]) -> None:
    """Shift III: each player enters (or, once it is scored, corrects) the empty minecarts per level of
    their own pit."""
    st.write(t("coal_baron.scoring.carts"))
    player_entry(saved, "carts", entered, {c: f"{coal_baron.symbols([c])} {t(f'element.minecart.{c}')}" for c in COLOURS},
                 coal_baron.set_carts)


saved = require_game("coal_baron")
record = coal_baron.read(saved.doc)
shift = len(record.shifts) + 1
news = stage_news(saved, len(record.shifts))

if news:
    confirm(news)
elif shift <= SHIFTS:
    st.subheader(t("coal_baron.scoring.title", shift=SHIFT_NAMES[shift - 1]))
    if shift < SHIFTS:
        close_early_shift(record, shift)
    else:
        empty_carts(coal_baron.entered_carts(saved.doc))
        close_button(record, shift, lambda d: coal_baron.close_shift(d, shift))
    with st.expander(t("coal_baron.scoring.preview"), expanded=True):
        element_tables(coal_baron.shift_scoring(record, shift))

for number in range(len(record.shifts), 0, -1):
    with st.expander(t("coal_baron.scoring.scored", shift=SHIFT_NAMES[number - 1]), expanded=number == len(record.shifts)):
        if number < SHIFTS:
            st.write(t("coal_baron.scoring.started", player=md(record.start_player(number + 1) or t("coal_baron.unknown_player"))))
        element_tables(coal_baron.shift_scoring(record, number))
if shift > SHIFTS:
    with st.expander(t("coal_baron.scoring.correct_carts")):
        empty_carts(saved.doc["empty_carts"])
undo_button(saved, "scoring_undo")
if shift > SHIFTS and not news:
    st.page_link(page_path("coal_baron", "end"), label=t("page.coal_baron_end"), icon="🏁", query_params=params())
