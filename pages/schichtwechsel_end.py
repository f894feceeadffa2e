"""Schichtwechsel final scoring: who reached the end of the day shift and of each track, in order (tapped
as it happens or at the end), the start-player marker, each player's end items, and the standings; once
every player's items are in, the page opens with the final standings and the entries fold away below."""

from collections.abc import Callable

import streamlit as st

from schichtbuch.after_game.offer import after_game
from schichtbuch.after_game.rematch import follow
from schichtbuch.live.messages import refused
from schichtbuch.live.saving import saved_on_tap, undo_button
from schichtbuch.session.page import widget_key
from schichtbuch.shell.nav import page_start, require_game
from schichtbuch.store import Document
from schichtbuch.texts.words import md
from schichtbuch.widgets.entry import ask_player, choose_player, player_entry, row
from schichtbuch.widgets.scoreboard import standings
from scoring import schichtwechsel as sw
from scoring.schichtwechsel import PLAYER_ITEMS, RACES, ROUNDS

t = page_start()


def arrivals(end_field: str, order: tuple[str, ...]) -> None:
    """One row per player, in seating order and always in the same place (so that quick taps land where
    the finger meant): a player still on the way is a button that puts them next; one who got there shows
    their place and VP, with a way to take them off. No control is disabled: a tap on a row another
    phone's entry has just changed is answered by the rules. The number of arrivals this phone's page was
    last drawn with, its own taps since counted as they are saved, travels with each tap: a list another
    phone changed before that is refused."""
    st.markdown(f"**{t(f'schichtwechsel.end_field.{end_field}')}**")
    shown = widget_key("end_shown", saved.id, end_field)
    st.session_state[shown] = len(order)
    vps = sw.race(order)
    for who in record.players:
        there = who in order
        with row():
            st.button(t("schichtwechsel.end.arrived", place=order.index(who) + 1, player=md(who), vp=vps[who]) if there
                      else md(who), icon=":material/check:" if there else ":material/add:", width="stretch",
                      type="tertiary" if there else "secondary", key=widget_key("end_arrive", end_field, who),
                      on_click=arrive, args=(end_field, who, shown))
            st.button("✕", type="secondary" if there else "tertiary", key=widget_key("end_withdraw", end_field, who),
                      help=t("schichtwechsel.end.withdraw"), on_click=withdraw, args=(end_field, who, shown))
    refused(f"end_{end_field}")


def arrive(end_field: str, who: str, shown: str) -> None:
    if tap(end_field, lambda d: sw.arrive(d, end_field, who, st.session_state[shown]), "arrive", who):
        st.session_state[shown] += 1


def withdraw(end_field: str, who: str, shown: str) -> None:
    if tap(end_field, lambda d: sw.withdraw(d, end_field, who), "withdraw", who):
        st.session_state[shown] -= 1


def tap(end_field: str, edit: Callable[[Document], Document], change: str, who: str) -> bool:
    return saved_on_tap(saved.id, edit, {"key": f"change.{change}", "player": who, "end_field": end_field},
                        f"end_{end_field}")


def entries() -> None:
    """The arrivals, the marker and each player's items, as entered so far."""
    st.subheader(t("schichtwechsel.end.arrivals"))
    st.caption(t("schichtwechsel.end.arrivals_hint", first=sw.FIRST_TO_FINISH_VP, later=sw.LATER_FINISHER_VP))
    for race in RACES:
        arrivals(race, record.finish[race])

    st.subheader(t("schichtwechsel.end.marker"))
    if record.start_player is None:
        ask_player(saved, t("schichtwechsel.ask_start"), record.players, lambda d, w: sw.pass_marker(d, w, None))
    choose_player(saved, t("schichtwechsel.end.marker_holder", vp=sw.START_PLAYER_VP), record.start_player, sw.pass_marker, "marker")

    st.subheader(t("schichtwechsel.end.items"))
    if len(record.rounds) == ROUNDS or record.end is not None:
        player_entry(saved, "end_items", {p: dict(v) for p, v in record.items.items()},
                     {i: t(f"schichtwechsel.item.{i}") for i in PLAYER_ITEMS}, sw.set_items)
    else:
        st.info(t("schichtwechsel.end.not_yet", rounds=ROUNDS))


saved = require_game("schichtwechsel")
record = sw.read(saved.doc)

if record.end is not None:
    follow(saved)
    standings(saved)
    after_game(saved)
    with st.expander(t("standings.correct")):
        entries()
else:
    entries()
    standings(saved)
undo_button(saved, "end_undo")
