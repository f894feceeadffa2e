"""The table clock in the header of a game's pages: the game's line with the minutes played, which move
on by themselves while the clock runs (the header's script counts them on in the browser from what the
run drew, `webapp.py`: no run, and no cost to the server, between changes), and the button any phone taps
to pause the clock (a break for dinner) or start it again. The breaks are kept in the record
(`scoring.app_fields.pauses`), so the played minutes reach BG Stats, the group's history and its statistics.
Its taps are no undo steps: Undo passes over them and leaves the clock as it is (`store.sql.CLOCK_CHANGES`)."""

from __future__ import annotations

import time
from html import escape
from typing import Any

import streamlit as st

from schichtbuch.live.saving import save_on_tap
from schichtbuch.session.page import widget_key
from schichtbuch.shell.webapp import counting_minutes
from schichtbuch.store import Document, Saved
from schichtbuch.texts.words import t
from scoring.app_fields import is_paused, played_seconds, set_clock


def game_line(saved: Saved, line: str, read_only: bool = False) -> None:
    """The game's line of the header and its clock: the minutes played, paused or not, and (unless
    `read_only`) the button that pauses or resumes it. A game without a start time (an imported one) has
    no clock; once the game is over, its minutes stay and the button goes."""
    if saved.doc.get("started") is None:
        st.caption(line)
        return
    paused, over = is_paused(saved.doc), saved.doc.get("ended") is not None
    with st.container(horizontal=True, vertical_alignment="center", gap="small"):
        _line(line, saved.doc, ticking=not (paused or over))
        if not over and not read_only:
            st.button(t("clock.resume" if paused else "clock.pause"), key=widget_key("clock", paused),
                      type="tertiary", on_click=_tap, args=(saved.id, paused))


def _line(line: str, doc: Document, ticking: bool) -> None:
    """The game's line and its minutes (as BG Stats and the history round them); `ticking`, the minutes
    carry the seconds played and their text for the browser to count on."""
    played = played_seconds(doc, time.time()) or 0
    paused = is_paused(doc) and doc.get("ended") is None
    clock = t("clock.paused" if paused else "clock.running", minutes=round(played / 60))
    if not ticking:
        st.caption(f"{line} · {clock}")
        return
    minutes = counting_minutes(clock, t("clock.running", minutes="{minutes}"), played)
    st.caption(f"{escape(line, quote=False)} · {minutes}", unsafe_allow_html=True)


def _tap(game_id: str, paused: bool) -> None:
    """Resume the clock the phone showed paused, or pause the one it showed running; if another phone
    did the same first, the refusal says so."""
    label: dict[str, Any] = {"key": "change.clock_resume" if paused else "change.clock_pause"}
    save_on_tap(game_id, lambda d: set_clock(d, paused, time.time()), label, "clock")
