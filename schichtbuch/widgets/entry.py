"""Entry widgets shared by the games' pages: a number field, one player's counts at a time, a number per
player in one form, the setup checklist, naming a player with one tap, and asking for a player a record
does not name. Every write happens in the widget's callback."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any, NoReturn, TypeVar, overload

import streamlit as st

from schichtbuch.live.messages import refusal, refused, say, tapped, unavailable
from schichtbuch.live.saving import Pick, change, change_text, picked_anew, save_on_tap
from schichtbuch.live.taps import drawn
from schichtbuch.session.page import widget_key
from schichtbuch.store import Document, Saved, Unavailable
from schichtbuch.texts.words import listed, md, step_text, t
from scoring.app_fields import setup_ticks, tick
from scoring.errors import RecordError
from setup import Step

T = TypeVar("T")


def linked(key: str, options: Sequence[T], default: T) -> T:
    """Where the picker `key` starts: the option the link names (`?<key>=`, set by `keep_in_link`), so that
    after a reload or in a session the server made anew the phone shows what it had picked; else
    `default`."""
    named = st.query_params.get(key)
    return next((o for o in options if str(o) == named), default)


def keep_in_link(key: str) -> None:
    """The `on_change` of a picker that `linked` starts: its choice into the link (none: out of it)."""
    if st.session_state[key] is None:
        st.query_params.pop(key, None)
    else:
        st.query_params[key] = str(st.session_state[key])


@overload
def number(label: str, value: int, key: str, **options: Any) -> int: ...
@overload
def number(label: str, value: int | None, key: str, **options: Any) -> int | None: ...
def number(label: str, value: int | None, key: str, **options: Any) -> int | None:
    """A field for a whole number, with no bounds of its own. A browser refuses a number outside a
    field's bounds without a word: it marks the field red and its form's Save sends nothing, so nothing
    would be stored and nothing said. Every number goes to the game's reader instead, whose refusal names
    the field and says why next to the Save button; and no stored number can be out of the field's reach."""
    typed: int | None = st.number_input(label, value=value, step=1, format="%d", key=key, **options)
    return typed


def player_entry(saved: Saved, key: str, stored: dict[str, dict[str, int]], labels: dict[str, str],
                 edit: Callable[[Document, str, dict[str, int], dict[str, int] | None], Document],
                 defaults: dict[str, dict[str, int]] | None = None) -> None:
    """A form in which one player at a time enters their counts (one number per label, bounded by the
    reader: what it refuses is named below the Save button), starting from `defaults` (what the app
    worked out) until they have entered their own. Enter does not submit it; its Save button saves in a
    callback. The save carries what this phone showed when editing began: if another phone changed that
    player's counts meanwhile, nothing is overwritten; the new counts are shown with a message, to be
    checked and saved again."""
    players = tuple(saved.doc["players"])
    picker = f"{key}_player"
    who = st.segmented_control(t("col.player"), players, default=linked(picker, players, players[0]), format_func=md,
                               required=True, key=picker, on_change=keep_in_link, args=(picker,))
    seen, base_key = stored.get(who), widget_key(key, "base", saved.id, who)
    st.session_state.setdefault(base_key, seen)
    with st.form(f"{key}_form", enter_to_submit=False):
        start = seen or (defaults or {}).get(who, {})
        for f, label in labels.items():
            number(label, start.get(f, 0), widget_key(key, who, f))
        st.form_submit_button(t("action.save"), type="primary", width="stretch", on_click=_enter,
                              args=(saved.id, key, who, tuple(labels), edit, base_key,
                                    Pick(picker, who, f"{t('col.player')}: {md(who)}")))
        refused(key, st)
    waiting = [p for p in players if p not in stored]
    if waiting:
        st.info(t("entry.waiting", players=listed(md(p) for p in waiting)))


def counts(key: str, shown: Mapping[str, int], label: Callable[[str], str], save: Callable[[dict[str, int]], None]) -> None:
    """A form with one number per player (`shown`: player → stored number), saved by `save` in the Save
    button's callback. Its key and its widgets' follow the stored values: another phone's entry shows at
    once, and a Save tapped on the form as it was before reaches no form (`taps.unclaimed`: said to be
    not saved) rather than saving over that entry. What the rules refuse is named below its Save."""
    keys = {p: widget_key(key, p, n) for p, n in shown.items()}
    with st.form(widget_key(key, *shown.values()), enter_to_submit=False):
        for p, n in shown.items():
            number(label(p), n, keys[p])
        st.form_submit_button(t("action.save"), type="primary", width="stretch",
                              on_click=lambda: save({p: st.session_state[k] for p, k in keys.items()}))
        refused(key, st)


def _enter(game_id: str, key: str, who: str, fields: tuple[str, ...],
           edit: Callable[[Document, str, dict[str, int], dict[str, int] | None], Document], base_key: str,
           pick: Pick) -> None:
    """Save one player's counts as entered (see `player_entry`); a refusal keeps them, except that
    counts another phone changed meanwhile are shown anew. A form of the player shown before the phone
    picked another is not saved (`picked_anew`)."""
    tapped()
    if picked_anew((pick,), key):
        return
    values = {f: st.session_state[widget_key(key, who, f)] for f in fields}
    base = st.session_state.get(base_key)
    label = {"key": f"change.{key}", "player": who}
    try:
        change(game_id, lambda d: edit(d, who, values, base), label)
    except RecordError as error:
        say(key, refusal(error))
        if error.code != "changed_elsewhere":
            return
        for f in fields:
            st.session_state.pop(widget_key(key, who, f), None)
    except Unavailable as error:
        unavailable(key, error)
        return
    else:
        say(key, t("undo.saved", change=change_text(label)), "success")
    st.session_state.pop(base_key, None)


def checklist(saved: Saved, steps: Sequence[Step]) -> None:
    """A game's setup steps as tick-boxes with a progress bar; ticks are saved with the game (in the
    tick's callback, as the box was set at the tap) and so shared between the phones."""
    ticked = set(setup_ticks(saved.doc)) & {s.id for s in steps}
    st.progress(len(ticked) / len(steps), text=t("setup.done", done=len(ticked), total=len(steps)))
    refused("setup")
    for step in steps:
        key = widget_key("setup", step.id, step.id in ticked)
        st.checkbox(step_text(step), value=step.id in ticked, key=key, on_change=_tick,
                    args=(saved.id, key, step.id, step.id in ticked))
        drawn(key, step.id in ticked)


def _tick(game_id: str, key: str, step: str, shown: bool) -> None:
    """Tick the step or untick it, as the box was set at the tap. A box still as the page drew it (`shown`)
    was not tapped, though Streamlit may run its callback (when the value it kept from the run that drew it
    is gone): nothing is saved."""
    on = bool(st.session_state[key])
    if on != shown:
        save_on_tap(game_id, lambda d: tick(d, step, on), {"key": "change.tick", "step": step}, "setup")


def choose_player(saved: Saved, label: str, shown: str, edit: Callable[[Document, str, str], Document], key: str) -> None:
    """One tap to name another player (the holder of a marker): the change, saved in the tap's callback,
    carries the player this phone showed, so a change made elsewhere meanwhile is refused, not overwritten."""
    players = tuple(saved.doc["players"])
    widget = widget_key(key, shown)
    refused(key)

    def choose() -> None:
        """Save the player picked; the one the page drew (a callback Streamlit ran untapped, as `_tick`
        says) is no change."""
        chosen = st.session_state[widget]
        if chosen != shown:
            save_on_tap(saved.id, lambda d: edit(d, chosen, shown), {"key": f"change.{key}", "player": chosen}, key)

    st.segmented_control(label, players, default=shown, format_func=md, required=True, key=widget, on_change=choose)
    drawn(widget, shown)


def row() -> Any:
    """A line and its buttons side by side, centred (a logged order and its ✕): one element, where
    columns take three, sent again in every run."""
    return st.container(horizontal=True, wrap=False, vertical_alignment="center", gap="small")


def ask_player(saved: Saved, question: str, players: tuple[str, ...], edit: Callable[[Document, str], Document]) -> NoReturn:
    """Ask the table for a player the record does not name (an imported record), save the answer in the
    button's callback, and stop the page until it is given."""
    st.warning(question)
    refused("ask_player")
    st.selectbox(t("col.player"), players, key="ask_player")  # a selectbox shows plain text

    def answer() -> None:
        who = st.session_state.ask_player
        save_on_tap(saved.id, lambda d: edit(d, who), {"key": "change.start_player", "player": who}, "ask_player")

    st.button(t("action.save"), type="primary", width="stretch", key="ask_player_save", on_click=answer)
    st.stop()
