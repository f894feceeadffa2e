"""Writes to the store and what the phone says about them: saving a change in a tap's callback with one
line naming the field when it is refused (or saying "Not saved" when the database cannot be reached),
kept next to the control until this phone's next tap; undo naming the change it takes back; closing a
stage (a shift, a round) with the stage the phone showed, asking first when nothing was logged in it;
and what a phone says once a stage was closed, on it or on another phone, before it shows the next
stage."""

from __future__ import annotations

import logging
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

import streamlit as st
from streamlit.runtime.scriptrunner import get_script_run_ctx

from schichtbuch.session.page import go_to, slot
from schichtbuch.session.resources import store
from schichtbuch.store import Conflict, Document, NothingToUndo, Saved, Unavailable
from schichtbuch.texts.words import md, t
from scoring.errors import RecordError
from scoring.registry import GAMES

_LOG = logging.getLogger(__name__)

FIELD_WORDS = frozenset({"colours", "end", "ended", "file", "game", "games", "members", "name", "player", "players",
                         "record", "note", "pauses", "photo", "setup_ticks", "started"}).union(*(g.field_words for g in GAMES.values()))
"""The words of the record paths a refusal can name, each said by its `field.<word>` text: those every
record has, a group's (`name`, `members`), and each game's."""

LIST_FIELDS = frozenset({"members", "pauses"}).union(*(g.list_fields for g in GAMES.values()))
"""Record fields that are lists: a number after one of them is a position, shown counting from 1."""


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


def said_elsewhere() -> None:
    """Show the messages about this phone's last tap for a page whose controls have gone (another phone
    closed the stage they belonged to), so that the tap still ends visibly; those whose control the page
    still draws (`DRAWN_LATER`) are shown there."""
    for key in [str(k) for k in st.session_state if str(k).endswith("_said")]:
        if key.removesuffix("_said") not in DRAWN_LATER:
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
        store().change(game_id, edit, label)
    except RecordError as error:
        say(where, refusal(error))
        return False
    except Unavailable as error:
        unavailable(where, error)
        return False
    say(where, t("undo.saved", change=change_text(label)), "success", label)
    return True


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
        store().undo(game_id, shown_version)
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


# --- closing a stage ---------------------------------------------------------------------------------------

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
    messages of this phone's taps meant for the closed stage are shown here, since its controls are gone."""
    said_elsewhere()
    st.success("  \n".join(lines), title=title, icon="✅" if news.here else "📣")
    place, shown = slot(), f"news_shown_{saved.id}"
    if st.session_state.get(shown) != news.stage:  # once: a phone scrolled down sees what happened
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
