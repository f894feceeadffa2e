"""What the phone says about a tap, next to the control tapped: what was saved, or one line naming the field
and the problem when the rules refuse it ("Not saved" when the database cannot be reached), kept there
until this phone's next tap that writes or until it leaves the page; the lines of quick taps handled in
one run shown together."""

from __future__ import annotations

import logging
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

import streamlit as st
from streamlit.runtime.scriptrunner import get_script_run_ctx

from schichtbuch.session.page import slot
from schichtbuch.store import Unavailable
from schichtbuch.texts.words import t
from scoring.errors import RecordError
from scoring.registry import GAMES

_LOG = logging.getLogger(__name__)

FIELD_WORDS = frozenset({"colours", "end", "ended", "file", "game", "games", "members", "name", "next_game", "player",
                         "players", "record", "note", "pauses", "photo", "setup_ticks", "started"}).union(*(g.field_words for g in GAMES.values()))
"""The words of the record paths a refusal can name, each said by its `field.<word>` text: those every
record has, a group's (`name`, `members`), and each game's."""

LIST_FIELDS = frozenset({"members", "pauses"}).union(*(g.list_fields for g in GAMES.values()))
"""Record fields that are lists: a number after one of them is a position, shown counting from 1."""

POSITIONS = {name: say for g in GAMES.values() for name, say in g.positions.items()}
"""List fields whose positions have names (Coal Baron's shifts: `Shift I`), and how each is said."""


@dataclass
class Message:
    """What the phone says about a tap: how (`kind`: error, warning, info or success), on which page it
    was first shown (`page`, the page's script hash; None until shown), and the label of the change a
    success reports (`change`), so that a page can drop it once that change no longer stands."""

    kind: str
    text: str
    page: str | None = None
    change: dict[str, Any] | None = None
    batch: int = -1


DRAWN_LATER = ("undo", "tap", "clock")
"""Messages whose control every page draws (undo, and the header's line about a lost tap and its clock)."""


SEVERITY = ("success", "info", "warning", "error")
"""The kinds of message, mildest first: lines about several taps shown together take the gravest."""


def say(where: str, text: str, kind: str = "error", change: dict[str, Any] | None = None) -> None:
    """Keep a message about the tap being handled for the control `where`, where `refused(where)` shows it
    until this phone's next tap that writes (`tapped`) or until it leaves that page: refreshes pushed by
    other phones' entries, other taps and the page switch a tap may lead to leave it in place. `change`:
    the label of the change a success reports. Quick taps handled in one run each add their line to what
    the run's earlier taps said there (not shown yet), so a refusal is never replaced by the next tap's
    "Saved" unseen."""
    earlier = st.session_state.get(f"{where}_said")
    if earlier is not None and earlier.batch == _batch():
        kind = max(kind, earlier.kind, key=SEVERITY.index)
        text, change = f"{earlier.text}  \n{text}", None  # a line of several taps: never dropped as one change
    st.session_state[f"{where}_said"] = Message(kind, text, change=change, batch=_batch())


def _batch() -> int:
    """Which run's callbacks are being handled: the runs this session has started (`taps.unclaimed` counts
    them at each run's start, after its callbacks), the same for every tap one run handles."""
    return int(st.session_state.get("runs_started", 0))


def unavailable(where: str, error: Unavailable) -> None:
    """A tap that met a database it could not reach or use (`Unavailable`): nothing was saved, which is
    said at `where` like a refusal, in the page's language, and the cause goes to the server's log."""
    _LOG.exception("not saved (%s): the store is unavailable", where, exc_info=error)
    say(where, t("error.store_down"))


def tapped() -> None:
    """A new tap that writes: what was said about the taps of earlier runs is over (called at its
    callback's start). What quick taps handled in the same run said stays, to be shown together."""
    for key in [k for k in st.session_state if str(k).endswith("_said")]:
        if st.session_state[key].batch != _batch():
            del st.session_state[key]


def refused(where: str, place: Any = None, stands: Callable[[dict[str, Any]], bool] | None = None) -> None:
    """Show the message `say` kept for `where`, if it is about this phone's last tap that wrote: in a place
    kept with or without one (`slot`), in the one given, or with `st` itself here and only when there is
    one (for the last place in a container, where a message coming or going moves no other element of
    the page). With `stands`, a success whose change no longer stands in the game (`stands(label)` false:
    undone, or taken back, on any phone) is dropped, so that "Saved: … 5 VP" never stays next to an entry
    that is gone."""
    place = place or slot()
    message = _said(where)
    if message is not None and stands is not None and message.change is not None and not stands(message.change):
        st.session_state.pop(f"{where}_said", None)
        message = None
    if message is not None:
        getattr(place, message.kind)(message.text)


def said_elsewhere(news: bool = False) -> None:
    """Show the messages about this phone's last tap for a page whose controls have gone (another phone
    closed the stage they belonged to), so that the tap still ends visibly; those whose control the page
    still draws (`DRAWN_LATER`) are shown there. In the run that first shows the news of that close
    (`news`), what a page has already shown is over: those taps met the stage before it closed and were
    answered next to its controls then, and a "Not saved" left above the news would read as its cause;
    what no page has shown yet (taps that met the stage closed, also when the page they were tapped on
    turned to another to show the news) is shown."""
    for key in [str(k) for k in st.session_state if str(k).endswith("_said")]:
        if key.removesuffix("_said") in DRAWN_LATER:
            continue
        if news and st.session_state[key].page is not None:
            del st.session_state[key]
        else:
            refused(key.removesuffix("_said"))


def _said(where: str) -> Message | None:
    """The message for `where`, bound to the page it is first shown on; gone once the phone is on
    another page."""
    message: Message | None = st.session_state.get(f"{where}_said")
    ctx = get_script_run_ctx()
    page = "" if ctx is None else ctx.page_script_hash
    if message is not None and message.page is None:
        message.page = page
    if message is None or message.page != page:
        st.session_state.pop(f"{where}_said", None)
        return None
    return message


def refusal(error: RecordError) -> str:
    """One line naming the field and the problem, in the player's language."""
    params = {name: shown_value(name, value) for name, value in error.params.items()}
    return t("error.refused", field=field_name(error.field), problem=t(f"problem.{error.code}", **params))


def shown_value(name: str, value: Any) -> Any:
    """A value a refusal names, as the player reads it: a transport or coal colours (record ids, the
    colours joined by " + ") in their language; any other as it is."""
    if name == "transport":
        return t(f"transport.{value}")
    if name == "coal":
        return " + ".join(t(f"coal.{colour}") for colour in str(value).split(" + "))
    return value


def field_name(path: str) -> str:
    """A record field's dotted path in the player's language (`end.Anna.money` → `End › Anna › Money`);
    player names stay as they are, and a position in a list counts from 1 (`rounds.1` → `Round › 2`), or
    is named as the table names it (`factory_workers.0.Anna` → `Workers in the factory › Shift I › Anna`)."""
    parts = path.split(".")
    return " › ".join(
        POSITIONS[parts[i - 1]](int(part), t) if part.isdigit() and i and parts[i - 1] in POSITIONS
        else str(int(part) + 1) if part.isdigit() and i and parts[i - 1] in LIST_FIELDS
        else t(f"field.{part}") if part in FIELD_WORDS else part
        for i, part in enumerate(parts)
    )
