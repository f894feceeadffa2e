"""Coal Baron's race on the shift page: the shift being played as it would score if it ended now, every
element it scores with each player's count, points and what it takes them to lead, updated with every
tap on every phone; hidden until the shift is scored for a table that wants the surprise. The watch page
shows it too (`watch`)."""

from __future__ import annotations

import streamlit as st

from schichtbuch.live.messages import refused
from schichtbuch.live.saving import save_on_tap
from schichtbuch.live.taps import drawn
from schichtbuch.session.page import widget_key
from schichtbuch.store import Saved
from schichtbuch.texts.words import listed, md, t
from schichtbuch.widgets import scoreboard
from scoring import coal_baron
from scoring.coal_baron import SHIFT_NAMES, SHIFTS, ElementScore, Kind, Record
from scoring.majorities import Place

MEDALS = {Place.FIRST: "🥇", Place.TIED_FIRST: "🥇", Place.SECOND: "🥈", Place.TIED_SECOND: "🥈"}
TIES = (Place.TIED_FIRST, Place.TIED_SECOND, Place.NO_SECOND_AFTER_TIE)
"""The places whose tie rule the race names under its table."""


def race(saved: Saved, record: Record, read_only: bool = False) -> None:
    """The race of the shift being played (one table: a row per element, a column per player, the totals
    last; under it the ties named and how to read it), or that it is hidden, and (unless `read_only`) the
    switch that hides it."""
    shift = SHIFT_NAMES[len(record.shifts)]
    with st.container(key="race"):  # its table's CSS (header.PHONE_CSS), and the switch's note last
        if record.race_hidden:
            st.markdown(f"**{t('coal_baron.race.title', shift=shift)}**\n\n{t('coal_baron.race.hidden')}")
        else:
            table(record, shift)
        if read_only:
            return
        key = widget_key("race_hidden", record.race_hidden)
        st.toggle(t("coal_baron.race.hide"), record.race_hidden, key=key, on_change=hide,
                  args=(saved.id, key, record.race_hidden))
        drawn(key, record.race_hidden)
        refused("race_hidden", st)


def table(record: Record, shift: str) -> None:
    """The race's table and, under it, the ties named and how to read it."""
    elements = coal_baron.race(record)
    rows = [(label(e), *(cell(e, p) for p in record.players)) for e in elements]
    totals = (t("coal_baron.race.total"), *coal_baron.race_totals(elements).values())
    notes = [tie_note(e, place) for e in elements for place in TIES if any(pl.place is place for pl in e.placings.values())]
    st.markdown(f"**{t('coal_baron.race.title', shift=shift)}**\n\n" + scoreboard.table(("", *map(md, record.players)), [*rows, totals]))
    rule = [t("place.no_second_two_players")] if len(record.players) == 2 else []
    st.caption("  \n".join([*notes, " · ".join([t("coal_baron.race.legend"), *rule])]))


def watch(saved: Saved) -> None:
    """The watch page's part of a Coal Baron game: the race of the shift being played, without its switch."""
    record = coal_baron.read(saved.doc)
    if len(record.shifts) < SHIFTS:
        race(saved, record, read_only=True)


def label(e: ElementScore) -> str:
    """An element as short as a phone's first column allows: its coal symbol, its transport, or a cart
    and the level's colour."""
    if e.element.kind is Kind.TRANSPORT:
        return t(f"transport.{e.element.name}")
    return ("🛒" if e.element.kind is Kind.MINECART else "") + coal_baron.symbols((e.element.name,))


def cell(e: ElementScore, who: str) -> str:
    """One player's count (bold when alone in the lead), the medal and points they would get now, and
    how many more they need to lead alone (`+2`)."""
    placing, need = e.placings[who], coal_baron.to_lead(e.placings, who)
    parts = [f"**{placing.count}**" if not need else str(placing.count)]
    if placing.points:
        parts.append(f"{MEDALS[placing.place]}{placing.points}")
    if need:
        parts.append(f"+{need}")
    return " ".join(parts)


def tie_note(e: ElementScore, place: Place) -> str:
    """The tie rule that gave some players of an element their place: `⚫ Anna, Ben: tied 1st`."""
    players = [md(p) for p, pl in e.placings.items() if pl.place is place]
    return t("coal_baron.race.tie", element=label(e), players=listed(players), place=t(f"place.{place}"))


def hide(game_id: str, key: str, shown: bool) -> None:
    """Hide the race or show it again, as the switch was set at the tap. A switch still as the page drew it
    (`shown`) was not tapped, though Streamlit may run its callback (a card tapped just as another phone
    scored the shift): nothing is saved, as for the other controls that save on change (`entry._tick`)."""
    hidden = bool(st.session_state[key])
    if hidden != shown:
        save_on_tap(game_id, lambda d: coal_baron.hide_race(d, hidden),
                    {"key": "change.race_hide" if hidden else "change.race_show"}, "race_hidden")
