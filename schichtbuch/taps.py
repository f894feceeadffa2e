"""Taps that reach a session which has not drawn the control tapped.

A phone whose session the server no longer holds (the server restarted, the phone slept longer than the
disconnected-session TTL, its process behind the proxy died) still shows its page, and its next tap opens
a new session. That tap's rerun request carries the button's trigger, but the new session has never
drawn the button, so Streamlit knows no callback for it and drops it without a word. So does a session
that drew the page again without the control (another phone closed its stage) just before the tap came.

`unclaimed()`, at the start of a run before any widget is drawn, lists the taps the session received for
controls it knows no callback for; `claim(taps)`, once the page has drawn its controls, hands each tap to
the callback of the control now drawn under the same widget id (the same key: the same card, the same
stage), in the order the phone sent them, and reruns so that the page shows what they did. A tap whose
control is not on the page any more is refused with a message (`writes.say`).

The first request after a server starts runs a page without the app (`nav.page_start`), which reruns at
once: `rerun_keeping_taps` makes that rerun carry the phone's widget values, so the tap survives it.

This reads Streamlit's session state internals (`SessionState._new_widget_state`, 1.67), as live.py
reads its sessions; without them (another Streamlit release) nothing is claimed and taps behave as
Streamlit has them."""

from __future__ import annotations

from typing import Any

import streamlit as st
from streamlit.proto.WidgetStates_pb2 import WidgetStates
from streamlit.runtime.scriptrunner import RerunData, get_script_run_ctx
from streamlit.runtime.scriptrunner_utils.exceptions import RerunException
from streamlit.runtime.state.session_state import Serialized

from schichtbuch.session import t
from schichtbuch.writes import say


def unclaimed() -> list[str]:
    """The widget ids of the taps this run received for controls the session knows no callback for."""
    widgets = _widgets()
    if widgets is None:
        return []
    return [wid for wid, state in widgets.states.items()
            if wid not in widgets.widget_metadata and _is_tap(state)]


def claim(taps: list[str]) -> None:
    """Run the callback of each control now drawn under a tapped id, say that the others were not saved,
    and rerun to show what the taps did (nothing if there were none)."""
    widgets = _widgets()
    if not taps or widgets is None:
        return
    for wid in taps:
        if wid in widgets.widget_metadata:
            widgets.call_callback(wid)
        else:
            say("tap", t("error.tap_lost"), "warning")
    st.rerun()


def rerun_keeping_taps() -> None:
    """Rerun now, with the widget values and taps this run received (see the module's docstring)."""
    ctx = get_script_run_ctx()
    widgets = _widgets()
    if ctx is None or widgets is None:
        st.rerun()
        return
    states = WidgetStates()
    states.widgets.extend(s.value for s in widgets.states.values() if isinstance(s, Serialized))
    raise RerunException(RerunData(query_string=ctx.query_string, page_script_hash=ctx.page_script_hash,
                                   widget_states=states, context_info=ctx.context_info))


def _is_tap(state: Any) -> bool:
    """A button's or form submit's trigger, still in the form the phone sent it."""
    return isinstance(state, Serialized) and state.value.WhichOneof("value") == "trigger_value" and state.value.trigger_value


def _widgets() -> Any:
    """This session's widget states (`WStates`), or None outside a script run or on another Streamlit."""
    ctx = get_script_run_ctx()
    state = getattr(getattr(ctx, "session_state", None), "_state", None)
    widgets = getattr(state, "_new_widget_state", None)
    return widgets if hasattr(widgets, "states") and hasattr(widgets, "widget_metadata") else None
