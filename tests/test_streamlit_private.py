"""The parts of Streamlit that are not its public API and that the app relies on, checked against the
release installed (requirements.txt pins its minor release): a release without them fails here, loudly,
instead of leaving taps unclaimed (taps.py) or the phones without their connection banner and their run
after a reconnect (webapp.py). live/refresh.py's session API is checked in test_live.py."""

from __future__ import annotations

import contextlib
import dataclasses
import inspect
from pathlib import Path

import pytest
import streamlit
from streamlit.proto.WidgetStates_pb2 import WidgetState, WidgetStates
from streamlit.runtime.scriptrunner import RerunData
from streamlit.runtime.scriptrunner_utils import script_run_context
from streamlit.runtime.scriptrunner_utils.script_requests import ScriptRequests
from streamlit.runtime.state.safe_session_state import SafeSessionState
from streamlit.runtime.state.session_state import SessionState, WidgetMetadata, WStates

from schichtbuch.live import taps

pytestmark = pytest.mark.pure
BUNDLE = Path(streamlit.__file__).parent / "static" / "static" / "js"


def test_taps_finds_the_widget_states_it_claims_taps_from() -> None:
    fields = {f.name for f in dataclasses.fields(SessionState)}
    assert {"_new_widget_state", "_key_id_mapper"} <= fields
    assert {f.name for f in dataclasses.fields(WStates)} >= {"states", "widget_metadata"}
    for method in ("get_serialized", "set_from_value", "as_widget_states"):
        assert callable(getattr(WStates, method))
    assert taps.Serialized.__module__ == taps.Value.__module__ == "streamlit.runtime.state.session_state"
    assert taps.RerunException.__module__ == "streamlit.runtime.scriptrunner_utils.exceptions"


def test_a_runs_tap_callbacks_can_be_kept_from_newer_requests() -> None:
    """taps.whole_dispatch turns off the check for newer requests while a run's tap callbacks run."""
    assert "self._yield_callback" in inspect.getsource(SafeSessionState)
    assert getattr(SafeSessionState.on_script_will_rerun, "whole", False)  # taps.py, imported above, replaced it


def tap(button: str, picked: str) -> RerunData:
    """The request a tap on `button` sends, with the page's other widget, a picker, showing `picked`."""
    states = WidgetStates()
    states.widgets.extend([WidgetState(id="picker", string_value=picked), WidgetState(id=button, trigger_value=True)])
    return RerunData(widget_states=states)


def test_quick_taps_merged_into_one_run_run_their_callbacks_in_the_order_tapped(monkeypatch) -> None:
    """Taps that wait for a running script are merged into one request (`taps.taps_in_order` orders them);
    the run that takes them runs their callbacks in the order of its request."""
    requests = ScriptRequests()  # a run is going on: the requests wait for it, merged
    for button in ("first", "second", "third"):
        requests.request_rerun(tap(button, picked=button))
    merged = requests.on_scriptrunner_ready().rerun_data.widget_states
    assert [w.id for w in merged.widgets if w.trigger_value] == ["first", "second", "third"]

    called: list[str] = []
    state = SessionState()
    for button in ("first", "second", "third"):
        state._new_widget_state.set_widget_metadata(WidgetMetadata(
            id=button, deserializer=bool, serializer=bool, value_type="trigger_value",
            callback=lambda button=button: called.append(button)))
    monkeypatch.setattr(script_run_context.ThreadState, "scoped", classmethod(lambda cls, **_: contextlib.nullcontext()))
    SafeSessionState(state, yield_callback=lambda: None).on_script_will_rerun(merged)
    assert called == ["first", "second", "third"]
    assert state._new_widget_state.states["picker"].value.string_value == "third"  # the newest request's values


def test_a_rerun_carries_the_query_page_and_widget_states_taps_hands_on() -> None:
    fields = {f.name for f in dataclasses.fields(RerunData)}
    assert {"query_string", "page_script_hash", "widget_states", "context_info"} <= fields
    assert "rerun_data" in inspect.signature(taps.RerunException).parameters


@pytest.mark.parametrize("attribute", ["data-test-connection-state", "data-test-script-state"])
def test_the_page_still_says_its_connection_and_run_state_where_the_head_script_reads_them(attribute: str) -> None:
    assert any(attribute in bundle.read_text(encoding="utf-8") for bundle in BUNDLE.glob("*.js")), attribute
