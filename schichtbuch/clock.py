"""The table clock in the header of a game's pages: the game's line with the minutes played, which ticks
by itself once a minute while the clock runs (a fragment run per phone and minute: the one cost a phone
has between changes), and the button any phone taps to pause the clock (a break for dinner) or start it
again. The breaks are kept in the record (`scoring.app_fields.pauses`), so the
played minutes reach BG Stats, the group's history and its statistics."""

from __future__ import annotations

import time
from typing import Any

import streamlit as st

from schichtbuch.session import t, widget_key
from schichtbuch.store import Document, Saved
from schichtbuch.writes import save_on_tap
from scoring.app_fields import is_paused, played_seconds, set_clock

TICK_SECONDS = 60
"""How often the minutes on a phone move on by themselves while nobody taps."""


def game_line(saved: Saved, line: str, read_only: bool = False) -> None:
    """The game's line of the header and its clock: the minutes played, paused or not, and (unless
    `read_only`) the button that pauses or resumes it. A game without a start time (an imported one) has
    no clock; once the game is over, its minutes stay and the button goes."""
    if saved.doc.get("started") is None:
        st.caption(line)
        return
    paused, over = is_paused(saved.doc), saved.doc.get("ended") is not None
    with st.container(horizontal=True, vertical_alignment="center", gap="small"):
        (_line if paused or over else _ticking)(line, saved.doc)
        if not over and not read_only:
            st.button(t("clock.resume" if paused else "clock.pause"), key=widget_key("clock", paused),
                      type="tertiary", on_click=_tap, args=(saved.id, paused))


def _line(line: str, doc: Document) -> None:
    minutes = round((played_seconds(doc, time.time()) or 0) / 60)  # as BG Stats and the history round them
    paused = is_paused(doc) and doc.get("ended") is None
    clock = t("clock.paused" if paused else "clock.running", minutes=minutes)
    st.caption(f"{line} · {clock}")


_ticking = st.fragment(run_every=TICK_SECONDS)(_line)
"""The line drawn again once a minute by itself while the clock runs."""


def _tap(game_id: str, paused: bool) -> None:
    """Resume the clock the phone showed paused, or pause the one it showed running; if another phone
    did the same first, the refusal says so."""
    label: dict[str, Any] = {"key": "change.clock_resume" if paused else "change.clock_pause"}
    save_on_tap(game_id, lambda d: set_clock(d, paused, time.time()), label, "clock")
