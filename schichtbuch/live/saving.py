"""Saving a change in a tap's callback, with what the phone showed when it was tapped: a tap on a control
drawn for another choice than the phone now shows is refused (`Pick`), and what was saved, or why not, is
said at the control (messages.py); undo, naming the change it takes back."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

import streamlit as st

from schichtbuch.live.messages import refusal, refused, say, tapped, unavailable
from schichtbuch.live.readable import gated
from schichtbuch.session.resources import store
from schichtbuch.store import Conflict, Document, NothingToUndo, Saved, Unavailable
from schichtbuch.texts.words import md, t
from scoring.errors import RecordError
from scoring.registry import GAMES


@dataclass(frozen=True)
class Pick:
    """A choice above a control that gives the control its meaning (the transport whose cards are shown,
    the part of a round, the player whose counts a form holds): the picker's widget `key`, the `value` the
    page drew the control for, and that value as the phone says it (`shown`: "Transport: Wheelbarrow"); where
    a tap refused for it is said (`where`, for a picker whose new choice no longer draws the control's own
    place; by default the control's)."""

    key: str
    value: object
    shown: str
    where: str | None = None


def picked_anew(picks: Sequence[Pick], where: str) -> bool:
    """Whether the phone changed one of `picks` after the page drew the control tapped, and if so, the
    tap's refusal said at `where`. On a weak connection a choice is drawn at once in the browser, while the
    controls under it stay as the server drew them until the next run: the tap then arrives with the new
    choice, on a control of the old one (streamlit.md, "A phone whose connection is half gone")."""
    pick = next((p for p in picks if st.session_state.get(p.key, p.value) != p.value), None)
    if pick is not None:
        say(pick.where or where, t("error.pick_unseen", pick=pick.shown), "warning")
    return pick is not None


def change(game_id: str, edit: Callable[[Document], Document], label: dict[str, Any]) -> Saved:
    """The store's `change` of a game, by a tap: its transaction takes the document of the version the page
    read, and the version written, read and scored by the gate, is one that reads (`readable.gated`), so the
    page drawn after the tap reads and scores it no more."""
    return gated(store().change(game_id, edit, label))


def save_on_tap(game_id: str, edit: Callable[[Document], Document], label: dict[str, Any], where: str,
                picks: Sequence[Pick] = ()) -> None:
    """A widget's callback that saves the change (`saved_on_tap`); a callback answers nothing."""
    saved_on_tap(game_id, edit, label, where, picks)


def saved_on_tap(game_id: str, edit: Callable[[Document], Document], label: dict[str, Any], where: str,
                 picks: Sequence[Pick] = ()) -> bool:
    """`save` in a widget callback: it runs with what the phone showed when tapped, even if the page
    looks different after another phone's change, so a refused tap is explained rather than lost. A tap
    on a control the page drew for other `picks` than the phone now shows is refused (`picked_anew`). The
    message waits for `refused(where)` at its place on the page: what was saved, or why not. Whether the
    change was saved."""
    tapped()
    if picked_anew(picks, where):
        return False
    try:
        change(game_id, edit, label)
    except RecordError as error:
        say(where, refusal(error))
        return False
    except Unavailable as error:
        unavailable(where, error)
        return False
    say(where, t("undo.saved", change=change_text(label)), "success", label)
    return True


def undo_button(saved: Saved, key: str) -> None:
    """Undo the last change of the game still in effect (whoever made it), named on the button, if it is
    the one this phone shows: the version on screen travels with the tap, so a change made elsewhere
    meanwhile is never undone unseen. What was undone, or why not, is said under the button (the last
    control of every page that has one, so that the line coming or going moves nothing that keeps a
    state)."""
    label = store().undoable(saved.id)
    text = t("action.undo", change=change_text(label)) if label else t("action.nothing_to_undo")
    st.button(text, icon="↩️", key=key, width="stretch", disabled=label is None, on_click=_undo,
              args=(saved.id, saved.version, label))
    refused("undo", st)


def _undo(game_id: str, shown_version: int, label: dict[str, Any]) -> None:
    tapped()
    try:
        gated(store().undo(game_id, shown_version))
    except RecordError as error:
        say("undo", refusal(error))
    except Conflict:
        say("undo", t("error.undo_conflict"), "warning")
    except NothingToUndo:
        say("undo", t("error.nothing_to_undo"), "info")
    except Unavailable as error:
        unavailable("undo", error)
    else:
        say("undo", t("undo.done", change=change_text(label)), "success")


def change_text(label: dict[str, Any]) -> str:
    """A stored change in words, in the player's language ("Ben · Horse cart 🟤🟤 · 5 VP"): its catalog
    text filled with its numbers and names, ids turned into words. A change whose text or numbers are
    not known (stored by an older version) is named generically."""
    shown = {k: _LABEL_WORDS[k](v, t) if k in _LABEL_WORDS else v for k, v in label.items() if k != "key"}
    try:
        return t(str(label.get("key")), **{k: md(v) if isinstance(v, str) else v for k, v in shown.items()})
    except (KeyError, IndexError, ValueError):
        return t("change.other")


_LABEL_WORDS: dict[str, Callable[[Any, Callable[..., str]], str]] = {
    word: say_it for g in GAMES.values() for word, say_it in g.label_words.items()}
"""Label params stored as ids, and how each is said."""
