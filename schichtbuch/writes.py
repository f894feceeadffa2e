"""Writes to the store and what the phone says about them: saving a change in a tap's callback with one
line naming the field when it is refused, undo naming the change it takes back, and the confirmation
after a shift or round is closed."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

import streamlit as st

from schichtbuch.session import coal, md, slot, store, t
from schichtbuch.store import Conflict, Document, NothingToUndo, Saved
from scoring.records import RecordError
from scoring.schichtwechsel import RACES

LIST_FIELDS = {"shifts", "start_players", "factory_workers", "rounds", "miner_finish", "attacks", *RACES}
"""Record fields that are lists: a number after one of them is a position, shown counting from 1."""

FIELD_WORDS = ("attacker", "attacks", "black", "brown", "canal", "cap", "card", "cards", "carts_draft", "coal",
    "coke", "colours", "cubes", "current", "current_shift", "dark_tiles", "defense", "die_roll", "dummy",
    "empty_carts", "end", "end_draft", "end_items", "ended", "events", "factory_workers", "file", "finish", "game",
    "games", "grey", "houses", "light_tiles", "looting", "mined", "miner", "miner_finish", "money", "open_orders",
    "order", "player", "players", "points", "rail", "record", "recruited", "road", "rounds", "setup_ticks",
    "shift", "shifts", "sold", "start", "start_player", "start_players", "started", "stocks", "supply", "target",
    "tools", "track_finish", "track_points", "transport", "variant", "vp_chips", "yellow")
"""The words of the record paths a refusal can name, each said by its `field.<word>` text."""


def save_on_tap(game_id: str, edit: Callable[[Document], Document], label: dict[str, Any], where: str) -> bool:
    """`save` as a widget callback: it runs with what the phone showed when tapped, even if the page
    looks different after another phone's change, so a refused tap is explained rather than lost. The
    message waits for `refused(where)` at its place on the page. Whether the change was saved."""
    try:
        store().change(game_id, edit, label)
    except RecordError as error:
        st.session_state[f"{where}_refused"] = refusal(error)
        return False
    return True


def refused(where: str) -> None:
    """Show the message of a tap that `save_on_tap` refused, once, in a place kept with or without one
    (`slot`)."""
    place = slot()
    if message := st.session_state.pop(f"{where}_refused", None):
        place.error(message)



def refusal(error: RecordError) -> str:
    """One line naming the field and the problem, in the player's language."""
    return t("error.refused", field=field_name(error.field), problem=t(f"problem.{error.code}", **error.params))


def field_name(path: str) -> str:
    """A record field's dotted path in the player's language (`end.Anna.money` → `End › Anna › Money`);
    player names stay as they are, and a position in a list counts from 1 (`rounds.1` → `Round › 2`)."""
    parts = path.split(".")
    return " › ".join(
        str(int(part) + 1) if part.isdigit() and i and parts[i - 1] in LIST_FIELDS
        else t(f"field.{part}") if part in FIELD_WORDS else part
        for i, part in enumerate(parts)
    )


def undo_button(saved: Saved, key: str) -> None:
    """Undo the last change of the game still in effect (whoever made it), named on the button, if it is
    the one this phone shows: the version on screen travels with the tap, so a change made elsewhere
    meanwhile is never undone unseen. What was undone, or why not, is said above the button."""
    place = slot()
    if message := st.session_state.pop("undo_message", None):
        getattr(place, message[0])(message[1])
    label = store().undoable(saved.id)
    text = t("action.undo", change=change_text(label)) if label else t("action.nothing_to_undo")
    st.button(text, icon="↩️", key=key, width="stretch", disabled=label is None, on_click=_undo,
              args=(saved.id, saved.version, label))


def _undo(game_id: str, shown_version: int, label: dict[str, Any]) -> None:
    try:
        store().undo(game_id, shown_version)
    except RecordError as error:
        st.session_state.undo_message = ("error", refusal(error))
    except Conflict:
        st.session_state.undo_message = ("warning", t("error.undo_conflict"))
    except NothingToUndo:
        st.session_state.undo_message = ("info", t("error.nothing_to_undo"))
    else:
        st.session_state.undo_message = ("success", t("undo.done", change=change_text(label)))


def change_text(label: dict[str, Any]) -> str:
    """A stored change in words, in the player's language ("Ben · Horse cart 🟤🟤 · 5 VP"): its catalog
    text filled with its numbers and names, ids turned into words. A change whose text or numbers are
    not known (stored by an older version) is named generically."""
    shown = {k: _LABEL_WORDS[k](v) if k in _LABEL_WORDS else v for k, v in label.items() if k != "key"}
    try:
        return t(str(label.get("key")), **{k: md(v) if isinstance(v, str) else v for k, v in shown.items()})
    except (KeyError, IndexError, ValueError):
        return t("change.other")


_LABEL_WORDS: dict[str, Callable[[Any], str]] = {
    "transport": lambda v: t(f"transport.{v}"),
    "coal": lambda v: coal(v),
    "field": lambda v: t(f"field.{v}"),
    "end_field": lambda v: t(f"schichtwechsel.end_field.{v}"),
}
"""Label params stored as ids, and how each is said."""


def close_on_tap(game_id: str, edit: Callable[[Document], Document], label: dict[str, Any], where: str,
                 stage: int) -> None:
    """`save_on_tap` for the tap that closes a stage of the game (a shift, a round): once it is saved, this
    phone remembers the stage it closed, so that the page confirms it after the rerun (`just_closed`)."""
    if save_on_tap(game_id, edit, label, where):
        st.session_state[f"closed_{game_id}"] = stage


def just_closed(saved: Saved, last: int, started: bool) -> int | None:
    """The stage this phone closed, while it is still the last one closed (`last`) and nothing of the next
    one has been entered (`started`); an undo, a later close or play going on ends the confirmation."""
    key = f"closed_{saved.id}"
    if st.session_state.get(key) != last or started:
        st.session_state.pop(key, None)
        return None
    return last


def confirm_closed(saved: Saved, title: str, lines: Sequence[str], next_label: str, next_page: str | None) -> None:
    """What the close scored, and the one way on: a primary button to the next step, another page or
    (`next_page` None) this page's next stage, shown once the confirmation is put away."""
    st.success("  \n".join(lines), title=title, icon="✅")
    st.button(next_label, type="primary", icon="▶️", width="stretch", key="closed_next", on_click=_put_away,
              args=(saved.id, next_page))


def _put_away(game_id: str, next_page: str | None) -> None:
    """The confirmation is read: put it away, and go on to `next_page` on the next run (`current`)."""
    st.session_state.pop(f"closed_{game_id}", None)
    if next_page is not None:
        st.session_state.go_to = next_page
