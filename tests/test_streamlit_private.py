"""The parts of Streamlit that are not its public API and that the app relies on, checked against the
release installed (requirements.txt pins its minor release): a release without them fails here, loudly,
instead of leaving taps unclaimed (taps.py) or the phones without their connection banner and their run
after a reconnect (webapp.py). live/refresh.py's session API is checked in test_live.py."""

from __future__ import annotations

import ast
import contextlib
import dataclasses
import inspect
import subprocess
import sys
from pathlib import Path

import pytest
import streamlit
from babel.messages.pofile import read_po
from hypothesis import given
from hypothesis import strategies as st
from streamlit.proto.WidgetStates_pb2 import WidgetState, WidgetStates
from streamlit.runtime.scriptrunner import RerunData
from streamlit.runtime.scriptrunner_utils import script_run_context
from streamlit.runtime.scriptrunner_utils.script_requests import ScriptRequests
from streamlit.runtime.state.safe_session_state import SafeSessionState
from streamlit.runtime.state.session_state import SessionState, WidgetMetadata, WStates

from schichtbuch.live import taps
from schichtbuch.session import one_offs

pytestmark = pytest.mark.pure
BUNDLE = Path(streamlit.__file__).parent / "static" / "static" / "js"
ROOT = Path(__file__).resolve().parent.parent


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


def icons_in_code() -> set[str]:
    """The emojis the app's code passes as `icon=` (a text, or either text of `a if … else b`)."""
    found: set[str] = set()
    for path in [ROOT / "app.py", *(ROOT / "pages").glob("*.py"), *(ROOT / "schichtbuch").rglob("*.py")]:
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.keyword) and node.arg == "icon":
                values = [node.value.body, node.value.orelse] if isinstance(node.value, ast.IfExp) else [node.value]
                found |= {v.value for v in values if isinstance(v, ast.Constant) and isinstance(v.value, str)}
    return {icon for icon in found if not icon.startswith(":material/")}


def streamlits_leading_emoji(text: str) -> tuple[str, str]:
    """What Streamlit's catalog finds at the start of `text` (its regular expression, asked directly)."""
    from streamlit.emojis import EMOJI_EXTRACTION_REGEX

    found = EMOJI_EXTRACTION_REGEX.search(text)
    return ("", text) if found is None else (found.group(1), found.group(2))


def catalog_texts() -> set[str]:
    """Every translated text of the app, in every language."""
    texts: set[str] = set()
    for po in (ROOT / "schichtbuch" / "locales").glob("*/LC_MESSAGES/messages.po"):
        with po.open("rb") as file:
            for message in read_po(file):
                texts |= {s for s in (message.string if isinstance(message.string, tuple) else (message.string,)) if s}
    return texts


def test_the_emojis_known_without_streamlits_catalog_are_in_it_and_are_the_apps() -> None:
    from streamlit.emojis import ALL_EMOJIS

    assert all(one_offs.could_start_emoji(emoji) for emoji in ALL_EMOJIS)
    assert one_offs.APP_EMOJIS <= ALL_EMOJIS
    assert icons_in_code() <= one_offs.APP_EMOJIS
    first_words = {text.split(" ", 1)[0].strip() for text in catalog_texts()}
    assert {w for w in first_words if streamlits_leading_emoji(w) == (w, "")} <= one_offs.APP_EMOJIS


@given(st.one_of(st.sampled_from(sorted(one_offs.APP_EMOJIS)), st.text(max_size=6), st.from_regex(r"[#*0-9][\ufe0f\u20e3–]", fullmatch=True),
                 st.builds(lambda e, rest: e + rest, st.sampled_from(sorted(one_offs.APP_EMOJIS)), st.text(max_size=4))))
def test_the_answers_known_without_the_catalog_are_the_catalogs(text: str) -> None:
    from streamlit.emojis import ALL_EMOJIS

    if (known := one_offs._leading(text)) is not None:
        assert known == streamlits_leading_emoji(text)
    if text in one_offs.APP_EMOJIS:
        assert text.replace("\ufe0f", "") in ALL_EMOJIS


def test_a_first_run_skips_streamlits_prompt_check_and_its_emoji_catalog() -> None:
    """one_offs.skip_one_offs: the app's icons and labels (Japanese too) pass without loading the catalog
    (whose module compiles a regular expression of every emoji), others are still checked by it, and the
    warning about the prompt (an inspection of the whole stack) counts as given."""
    script = """if True:
        import sys
        from streamlit import delta_generator, string_util
        from streamlit.errors import StreamlitAPIException
        from schichtbuch.session.one_offs import skip_one_offs
        assert delta_generator._use_warning_has_been_displayed is False
        skip_one_offs()
        skip_one_offs()
        assert string_util.validate_emoji("🏁") == "🏁" and string_util.validate_emoji("⛏️") == "⛏️"
        assert string_util.extract_leading_icon("🏠") == ("🏠", "")
        assert string_util.extract_leading_icon("シフト") == ("", "シフト")
        assert string_util.extract_leading_icon("Übersicht") == ("", "Übersicht")
        assert string_util.extract_leading_icon("2–3") == ("", "2–3")
        assert "streamlit.emojis" not in sys.modules
        assert delta_generator._use_warning_has_been_displayed is True
        assert string_util.extract_leading_icon("🦊") == ("🦊", "")
        assert string_util.validate_emoji("🦊") == "🦊"
        try:
            string_util.validate_emoji("x")
        except StreamlitAPIException:
            print("refused")
    """
    done = subprocess.run([sys.executable, "-c", script], check=False, cwd=ROOT, capture_output=True, text=True, timeout=60)
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip() == "refused"
