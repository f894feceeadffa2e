"""Starting a game, the same on the home page and on a group's page: the set-up choices a game offers
(its registry `options`: the variant as a toggle, a dummy seat or none), what they hold at the tap, and
the game created with them (`begin`)."""

from __future__ import annotations

import random
import time
from collections.abc import Callable, Mapping, Sequence

import streamlit as st

from schichtbuch.session.resources import store
from schichtbuch.shell.nav import page_path
from schichtbuch.texts.words import t
from scoring.app_fields import with_start
from scoring.game import Game, StartOption


def option_key(prefix: str, option: StartOption, game: Game) -> str:
    """The widget key of one option of `game` on a page (`<prefix>_<option>_<game>`)."""
    return f"{prefix}_{option}_{game.id}"


def option_widgets(game: Game, prefix: str, seats: int, seat_name: Callable[[int], str]) -> None:
    """The game's options as widgets; a dummy is chosen by seat (0 to `seats` − 1, or −1 for none)."""
    if StartOption.VARIANT in game.options:
        st.toggle(t(f"{game.id}.option.variant"), key=option_key(prefix, StartOption.VARIANT, game),
                  help=t(f"{game.id}.option.variant_help"))
    if StartOption.DUMMY in game.options:
        st.selectbox(t(f"{game.id}.option.dummy"), range(-1, seats), key=option_key(prefix, StartOption.DUMMY, game),
                     format_func=lambda s: t(f"{game.id}.option.no_dummy") if s < 0 else seat_name(s),
                     help=t(f"{game.id}.option.dummy_help"))


def chosen_options(game: Game, prefix: str, names: Sequence[str]) -> dict[str, object]:
    """The options as the widgets hold them at the tap, as `new_record` takes them: the variant on or
    off, the dummy's name or None (also when the seat chosen is no longer there)."""
    state = st.session_state
    chosen: dict[str, object] = {}
    if StartOption.VARIANT in game.options:
        chosen[StartOption.VARIANT] = bool(state.get(option_key(prefix, StartOption.VARIANT, game), False))
    if StartOption.DUMMY in game.options:
        seat = state.get(option_key(prefix, StartOption.DUMMY, game), -1)
        chosen[StartOption.DUMMY] = names[seat] if isinstance(seat, int) and 0 <= seat < len(names) else None
    return chosen


def begin(game: Game, prefix: str, names: Sequence[str], colours: Mapping[str, str], first: str | None,
          group: str | None = None) -> tuple[str, str]:
    """Create the game with these seats and the options of the page (`prefix`), stamped with its start
    time, in `group` if given. The start player is `first`, or, where it is None, drawn by the app (only
    for a game whose rules let the app draw). The page to open and the new game's id; the store's errors
    (a RecordError, an unknown group) as it raises them."""
    chosen = first if first in names else random.SystemRandom().choice(list(names)) if game.draw_start else names[0]
    record = with_start(game.new_record(list(names), dict(colours), chosen, **chosen_options(game, prefix, names)),
                        time.time())
    return page_path(game.id, game.pages[0]), store().create(record, {"key": "change.start"}, group=group).id
