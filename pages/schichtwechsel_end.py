"""Schichtwechsel final scoring: who reached the end of the day shift and of each track, in order (tapped
as it happens or at the end), the start-player marker, each player's end items, and the standings; once
every player's items are in, the page opens with the final standings and the entries fold away below."""

import streamlit as st

from schichtbuch import ui
from schichtbuch.ui import md
from scoring import schichtwechsel as sw
from scoring.schichtwechsel import PLAYER_ITEMS, RACES, ROUNDS

t = ui.page_start()


def arrivals(end_field: str, order: tuple[str, ...]) -> None:
    """The players at one end field in the order they got there, each with their VP and a way to take
    them off; a tap on a player still on the way puts them next."""
    st.markdown(f"**{t(f'schichtwechsel.end_field.{end_field}')}**")
    ui.refused(f"end_{end_field}")
    for place, (who, vp) in enumerate(sw.race(order).items()):
        text, remove = st.columns([4, 1], vertical_alignment="center", wrap=False)
        text.write(t("schichtwechsel.end.arrived", place=place + 1, player=md(who), vp=vp))
        remove.button("✕", key=ui.widget_key("end_withdraw", end_field, place, who), help=t("schichtwechsel.end.withdraw"),
                      on_click=tap, args=(end_field, lambda d, w=who: sw.withdraw(d, end_field, w), "withdraw", who))
    with st.container(horizontal=True, gap="small", wrap=True):
        for who in (p for p in record.players if p not in order):
            st.button(md(who), key=ui.widget_key("end_arrive", end_field, len(order), who), icon=":material/add:",
                      on_click=tap, args=(end_field, lambda d, w=who: sw.arrive(d, end_field, w, len(order)), "arrive", who))


def tap(end_field: str, edit, change: str, who: str) -> None:
    ui.save_on_tap(saved.id, edit, {"key": f"change.{change}", "player": who, "end_field": end_field}, f"end_{end_field}")


def entries() -> None:
    """The arrivals, the marker and each player's items, as entered so far."""
    st.subheader(t("schichtwechsel.end.arrivals"))
    st.caption(t("schichtwechsel.end.arrivals_hint", first=sw.FIRST_TO_FINISH_VP, later=sw.LATER_FINISHER_VP))
    for race in RACES:
        arrivals(race, record.finish[race])

    st.subheader(t("schichtwechsel.end.marker"))
    if record.start_player is None:
        ui.ask_player(saved, t("schichtwechsel.ask_start"), record.players, lambda d, w: sw.pass_marker(d, w, None))
    ui.choose_player(saved, t("schichtwechsel.end.marker_holder", vp=sw.START_PLAYER_VP), record.start_player, sw.pass_marker, "marker")

    st.subheader(t("schichtwechsel.end.items"))
    if len(record.rounds) == ROUNDS or record.end is not None:
        ui.player_entry(saved, "end_items", {p: dict(v) for p, v in record.items.items()},
                        {i: t(f"schichtwechsel.item.{i}") for i in PLAYER_ITEMS}, sw.set_items)
    else:
        st.info(t("schichtwechsel.end.not_yet", rounds=ROUNDS))


saved = ui.require_game("schichtwechsel")
record = sw.read(saved.doc)

if record.end is not None:
    ui.standings(saved)
    with st.expander(t("standings.correct")):
        entries()
else:
    entries()
    ui.standings(saved)
ui.undo_button(saved, "end_undo")
