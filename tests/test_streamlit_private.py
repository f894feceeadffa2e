"""The parts of Streamlit that are not its public API and that the app relies on, checked against the
release installed (requirements.txt pins its minor release): a release without them fails here, loudly,
instead of leaving taps unclaimed (taps.py) or the phones without their connection banner and their run
after a reconnect (webapp.py). live/refresh.py's session API is checked in test_live.py."""

from __future__ import annotations

import dataclasses
import inspect
from pathlib import Path

import pytest
import streamlit
from streamlit.runtime.scriptrunner import RerunData
from streamlit.runtime.state.safe_session_state import SafeSessionState
from streamlit.runtime.state.session_state import SessionState, WStates

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


def test_a_rerun_carries_the_query_page_and_widget_states_taps_hands_on() -> None:
    fields = {f.name for f in dataclasses.fields(RerunData)}
    assert {"query_string", "page_script_hash", "widget_states", "context_info"} <= fields
    assert "rerun_data" in inspect.signature(taps.RerunException).parameters


@pytest.mark.parametrize("attribute", ["data-test-connection-state", "data-test-script-state"])
def test_the_page_still_says_its_connection_and_run_state_where_the_head_script_reads_them(attribute: str) -> None:
    assert any(attribute in bundle.read_text(encoding="utf-8") for bundle in BUNDLE.glob("*.js")), attribute
