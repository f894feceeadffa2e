"""Taps that reach a session which has not drawn the control tapped.

A phone whose session the server no longer holds (the server restarted, the phone slept longer than the
disconnected-session TTL, its process behind the proxy died) still shows its page, and its next tap opens
a new session. That tap's rerun request carries the button's trigger, but the new session has never
drawn the button, so Streamlit knows no callback for it and drops it without a word. So does a session
that drew the page again without the control (another phone closed its stage) just before the tap came.

`unclaimed()`, at the start of a run before any widget is drawn, lists the taps the session received for
controls it knows no callback for. `run_page` runs the page, and once it has drawn its controls hands
those taps back to Streamlit (`claim`): a rerun that carries them as the phone sent them, in which
Streamlit runs the callbacks of the controls now drawn under the same widget ids (the same key: the same
card, the same stage) before the page is drawn again, as for any tap. A tap whose control is not on the
page any more is dropped and refused with a message (`messages.say`). A newer request that arrives before
the run has claimed its taps (the page's own rerun once the connection is back, another control) stops
that run and carries no trigger: the taps wait in the session (`taps_unclaimed`) for the next run.

The first request after a server starts runs a page without the app (`nav.page_start`), which reruns at
once: `rerun_keeping_taps` makes that rerun carry the phone's widget values, so the tap survives it.

This reads Streamlit's session state internals (`SessionState._new_widget_state`, 1.67; requirements.txt
pins that minor release, and tests/test_streamlit_private.py fails on one without them), as live/refresh.py reads
its sessions; where they are missing, nothing is claimed and taps behave as Streamlit has them. Of the other widgets a new session receives, those that save what the
phone sets them to (a tick, a choice: `drawn`) are claimed when their value differs from the stored one;
form fields keep what the phone typed, saved with their form's tap.

Quick taps on one phone. The page sends one rerun request per tap, carrying the control's trigger, and
clears the trigger at once; the server runs a control's callback at the start of the run that receives
it. Two ways Streamlit 1.67 dropped a tap that came while another was being handled, without a word:
with `runner.fastReruns` (its default) each new request stops the running script and starts a new one
with that request alone, so a tap whose run had not yet run its callbacks was gone; and the run that
has taken a request checks for newer ones (a "yield") as it starts to run the callbacks and at every
read of `st.session_state` in them, where a newer request stops it, the triggers it had taken with it.
So `.streamlit/config.toml` turns `fastReruns` off, which makes a request join the one waiting (its
triggers kept, as Streamlit merges requests), and `whole_dispatch` keeps the callbacks of a run's taps
from being stopped: a newer request stops the run right after them, before the page is drawn (of 308
cards tapped 60 ms apart by a script in the page, 30 were lost; none since, tests/test_browser_taps.py).
Streamlit merges a waiting request's taps behind the newer request's, and a run handles its taps in the
order of its request, so two quick taps were stored the other way round: `taps_in_order` puts the waiting
taps first, so that the cards of a quick series are stored, listed and undone in the order tapped."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

import streamlit as st
from streamlit.proto.WidgetStates_pb2 import WidgetState, WidgetStates
from streamlit.runtime.scriptrunner import RerunData, get_script_run_ctx

from schichtbuch.live.messages import say
from schichtbuch.texts.words import t

try:
    from streamlit.runtime.scriptrunner_utils import script_requests
    from streamlit.runtime.scriptrunner_utils.exceptions import RerunException, StopException
    from streamlit.runtime.state.safe_session_state import SafeSessionState
    from streamlit.runtime.state.session_state import Serialized, Value
except ImportError:  # another Streamlit: nothing to claim (`_widgets` finds no states either)
    # typed as 1.67's classes; here a stand-in that no state is an instance of
    RerunException = StopException = Serialized = Value = type("Missing", (Exception,), {})  # type: ignore[misc, assignment]
    SafeSessionState = script_requests = None  # type: ignore[misc, assignment]


def whole_dispatch() -> None:
    """From now on in this process, a run runs the callbacks of the taps it took before it checks for
    newer requests (see the module's docstring): `SafeSessionState.on_script_will_rerun`, which runs
    them, does so with its check for newer requests (`_yield_callback`) turned off. Once (a mark on the
    method); nothing on another Streamlit that lacks either."""
    dispatch = getattr(SafeSessionState, "on_script_will_rerun", None)
    if dispatch is None or getattr(dispatch, "whole", False):
        return

    def whole(self: Any, *args: Any, **kwargs: Any) -> None:
        check = getattr(self, "_yield_callback", None)
        if check is not None:
            object.__setattr__(self, "_yield_callback", lambda: None)
        try:
            dispatch(self, *args, **kwargs)
        finally:
            if check is not None:
                object.__setattr__(self, "_yield_callback", check)

    whole.whole = True  # type: ignore[attr-defined]
    setattr(SafeSessionState, "on_script_will_rerun", whole)  # Streamlit's own method, replaced on purpose


def taps_in_order() -> None:
    """From now on in this process, a request merged into a waiting one has its taps after the waiting
    one's (see the module's docstring): Streamlit's merge (`script_requests._coalesce_widget_states`) is
    wrapped to order the taps it returns so. Once (a mark on the function); nothing on another Streamlit
    that lacks it."""
    merge = getattr(script_requests, "_coalesce_widget_states", None)
    if merge is None or getattr(merge, "in_order", False):
        return

    def in_order(waiting: WidgetStates | None, newer: WidgetStates | None) -> WidgetStates | None:
        merged: WidgetStates | None = merge(waiting, newer)
        if merged is None or waiting is None:
            return merged
        first = {state.id for state in waiting.widgets if _is_trigger(state)}
        slots = [i for i, state in enumerate(merged.widgets) if _is_trigger(state)]
        taps = sorted((merged.widgets[i] for i in slots), key=lambda state: state.id not in first)
        ordered = WidgetStates()
        ordered.CopyFrom(merged)
        for slot, tap in zip(slots, taps):
            ordered.widgets[slot].CopyFrom(tap)
        return ordered

    in_order.in_order = True  # type: ignore[attr-defined]
    setattr(script_requests, "_coalesce_widget_states", in_order)  # Streamlit's own function, wrapped on purpose


whole_dispatch()
taps_in_order()


@dataclass(frozen=True)
class Pending:
    """What a run received for controls the session knows no callback for: taps (buttons, form submits)
    and the values of the other widgets, by widget id."""

    taps: tuple[str, ...] = ()
    values: frozenset[str] = frozenset()


def unclaimed() -> Pending:
    """What this run received for controls the session knows no callback for (called before any widget
    is drawn); and the run counted, by which `messages.say` tells the taps one run handles together from
    those of other runs."""
    st.session_state.taps_drawn = {}
    st.session_state.runs_started = st.session_state.get("runs_started", 0) + 1
    widgets = _widgets()
    if widgets is None:
        return Pending()
    unknown = {wid: state for wid, state in widgets.states.items()
               if wid not in widgets.widget_metadata and isinstance(state, Serialized)}
    taps = {wid: state.value for wid, state in unknown.items() if _is_tap(state)}
    for wid, tap in st.session_state.get("taps_unclaimed", {}).items():
        if not _tapped(widgets.states.get(wid)):  # a newer request stopped the run that received it
            widgets.states[wid] = Serialized(tap)
            taps[wid] = tap
    st.session_state.taps_unclaimed = taps
    return Pending(tuple(taps), frozenset(wid for wid, state in unknown.items() if not _is_tap(state)))


def drawn(key: str, stored: Any) -> None:
    """The widget `key`, which saves what the phone sets it to (`on_change`), was drawn for the value
    stored now: a new session that received another value for it claims that change too (`claim`)."""
    st.session_state.taps_drawn[key] = stored


def run_page(run: Callable[[], None], pending: Pending) -> None:
    """Run the page (`run`), then `claim` what this run received, also when the page stopped early (a
    question, a confirmation); a page that failed shows its error instead."""
    try:
        run()
    except StopException:
        claim(pending)
        raise
    claim(pending)


def claim(pending: Pending) -> None:
    """Rerun with the taps whose controls are now drawn and the changes of `drawn` widgets, for Streamlit
    to run their callbacks; drop the other taps and say that they were not saved (nothing if there were
    none). A changed widget is set back to the stored value before the rerun, which carries the phone's:
    Streamlit then sees the change the phone made."""
    st.session_state.taps_unclaimed = {}
    state = _state()
    if state is None or not (pending.taps or pending.values):
        return
    widgets, ids = state._new_widget_state, state._key_id_mapper
    lost = [wid for wid in pending.taps if wid not in widgets.widget_metadata]
    for wid in lost:
        widgets.states.pop(wid, None)
    if lost:
        say("tap", t("error.tap_lost"), "warning")
    changed = {wid: stored for key, stored in st.session_state.taps_drawn.items()
               if (wid := ids.get_id_from_key(key)) in pending.values and widgets[wid] != stored}
    if len(lost) == len(pending.taps) and not changed:
        if lost:
            st.rerun()
        return
    sent = {wid: widgets.get_serialized(wid) for wid in changed}
    for wid, stored in changed.items():
        widgets.set_from_value(wid, stored)
    _rerun([sent.get(s.id, s) for s in widgets.as_widget_states()])


def rerun_keeping_taps() -> None:
    """Rerun now, with the widget values and taps this run received (see the module's docstring)."""
    widgets = _widgets()
    if widgets is None:
        st.rerun()
    _rerun([state.value for state in widgets.states.values() if isinstance(state, Serialized)])


def _rerun(states: list[WidgetState]) -> None:
    """Rerun the script now with these widget values, as a phone's request would carry them."""
    ctx = get_script_run_ctx()
    if ctx is None:
        st.rerun()
    widget_states = WidgetStates()
    widget_states.widgets.extend(states)
    raise RerunException(RerunData(query_string=ctx.query_string, page_script_hash=ctx.page_script_hash,
                                   widget_states=widget_states, context_info=ctx.context_info))


def _is_tap(state: Any) -> bool:
    """A button's or form submit's trigger, still in the form the phone sent it."""
    return isinstance(state, Serialized) and _is_trigger(state.value)


def _is_trigger(state: WidgetState) -> bool:
    """A widget state that is a tap on a button or a form's submit."""
    return state.WhichOneof("value") == "trigger_value" and bool(state.trigger_value)


def _tapped(state: Any) -> bool:
    """A button's or form submit's trigger, sent by the phone or already read by Streamlit."""
    return _is_tap(state) or (isinstance(state, Value) and state.value is True)


def _state() -> Any:
    """This session's `SessionState`, or None outside a script run or on another Streamlit."""
    ctx = get_script_run_ctx()
    state = getattr(getattr(ctx, "session_state", None), "_state", None)
    widgets = getattr(state, "_new_widget_state", None)
    found = hasattr(widgets, "states") and hasattr(widgets, "widget_metadata") and hasattr(state, "_key_id_mapper")
    return state if found else None


def _widgets() -> Any:
    """This session's widget states (`WStates`), or None (see `_state`)."""
    state = _state()
    return None if state is None else state._new_widget_state
