"""Closing a stage (a shift, a round) with the stage the phone showed, asking first when nothing was logged
in it; and what a phone says once a stage was closed, on it or on another phone, before it shows the next
stage."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

import streamlit as st

from schichtbuch.live.messages import refusal, refused, said_elsewhere, say, tapped, unavailable
from schichtbuch.live.saving import saved_on_tap
from schichtbuch.session.page import go_to, slot
from schichtbuch.session.resources import store
from schichtbuch.store import Document, Saved, Unavailable
from schichtbuch.texts.words import t
from scoring.errors import RecordError


def close_on_tap(game_id: str, edit: Callable[[Document], Document], label: dict[str, Any], where: str,
                 stage: int, empty: bool = False, anyway: bool = False) -> None:
    """`saved_on_tap` for the tap that closes stage `stage` of the game (a shift, a round), which `edit`
    refuses if another phone closed it first. If nothing was logged in it (`empty`), the phone asks first
    (`ask_first`) and only a second tap, `anyway`, closes it. Once it is saved, this phone remembers the
    stage it closed, for `stage_news`."""
    tapped()
    if empty and not anyway:
        try:  # what the rules refuse anyway is said at once, not after the question
            edit(store().load(game_id).doc)
        except RecordError as error:
            say(where, refusal(error))
            return
        except Unavailable as error:
            unavailable(where, error)
            return
        st.session_state[_ask_key(game_id, where)] = stage
        return
    st.session_state.pop(_ask_key(game_id, where), None)
    if saved_on_tap(game_id, edit, label, where):
        st.session_state.pop(f"{where}_said")  # the page confirms the close itself (`confirm_closed`)
        st.session_state[f"closed_{game_id}"] = stage


def close_button(game_id: str, text: str, where: str, stage: int, edit: Callable[[Document], Document],
                 label: dict[str, Any], empty: bool, question: str, anyway: str) -> None:
    """The primary button that closes stage `stage`, its refusal next to it, and, once tapped with
    nothing logged in the stage, the question with a button to close it anyway and one to go back. The
    key names the stage, so that a tap meant for a stage closed meanwhile never closes the next one."""
    refused(where)
    args = (game_id, edit, label, where, stage, empty)
    if not ask_first(game_id, where, stage, empty, question, anyway, close_on_tap, args):
        st.button(text, type="primary", icon="✅", width="stretch", key=f"{where}_{stage}", on_click=close_on_tap,
                  args=args)


def ask_first(game_id: str, where: str, stage: int, empty: bool, question: str, anyway: str,
              close: Callable[..., None], args: tuple[Any, ...]) -> bool:
    """Whether the close of stage `stage` tapped at `where` waits for an answer (nothing was logged in the
    stage, see `close_on_tap`), and if so the question, a button that closes it anyway (`close(*args,
    anyway=True)`) and one to go back. Once something is logged (`empty` False), the question is over."""
    key = _ask_key(game_id, where)
    if st.session_state.get(key) != stage or not empty:
        st.session_state.pop(key, None)
        return False
    st.warning(question)
    st.button(anyway, type="primary", icon="✅", width="stretch", key=f"{where}_anyway_{stage}", on_click=close,
              args=args, kwargs={"anyway": True})
    st.button(t("action.back"), width="stretch", key=f"{where}_back_{stage}", on_click=_not_now, args=(key,))
    return True


def _ask_key(game_id: str, where: str) -> str:
    return f"ask_{game_id}_{where}"


def _not_now(key: str) -> None:
    st.session_state.pop(key, None)


@dataclass(frozen=True)
class StageNews:
    """A stage closed since this phone last showed the game's stage pages: the last one closed, and
    whether this phone closed it (else another phone did)."""

    stage: int
    here: bool


def stage_news(saved: Saved, closed: int) -> StageNews | None:
    """What this phone is to be told before it shows the next stage's forms, `closed` stages being
    closed now: the stage closed since it last showed one (on this phone or another), until the news is
    put away (`confirm_closed`). A phone seeing the game for the first time, or after an undo took a
    close back, is up to date."""
    key = f"stage_{saved.id}"
    seen = st.session_state.get(key)
    if seen is None or closed <= seen:
        st.session_state[key] = closed
        return None
    return StageNews(closed, st.session_state.get(f"closed_{saved.id}") == closed)


def confirm_closed(saved: Saved, news: StageNews, title: str, lines: Sequence[str], next_label: str,
                   next_page: str | None) -> None:
    """What the close scored, and the one way on: a primary button to the next step, another page or
    (`next_page` None) this page's next stage. A close from another phone is said as such, and the
    messages of this phone's taps meant for the closed stage are shown here, since its controls are gone
    (those of taps before the close only until the news comes: `said_elsewhere`)."""
    shown = f"news_shown_{saved.id}"
    fresh = st.session_state.get(shown) != news.stage
    said_elsewhere(fresh)
    st.success("  \n".join(lines), title=title, icon="✅" if news.here else "📣")
    place = slot()
    if fresh:  # once: a phone scrolled down sees what happened
        st.session_state[shown] = news.stage
        place.html("<script>document.querySelector('[data-testid=stAlertContentSuccess]')"
                   "?.scrollIntoView({block: 'center'})</script>", unsafe_allow_javascript=True)
    st.button(next_label, type="primary", icon="▶️", width="stretch", key=f"closed_next_{news.stage}",
              on_click=_put_away, args=(saved.id, news.stage, next_page))


def _put_away(game_id: str, stage: int, next_page: str | None) -> None:
    """The news of stage `stage` is read: put it away, and go on to `next_page` on the next run (`current`)."""
    st.session_state[f"stage_{game_id}"] = stage
    st.session_state.pop(f"closed_{game_id}", None)
    if next_page is not None:
        go_to(next_page)
