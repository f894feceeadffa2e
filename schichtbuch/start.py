"""Starting a game: the set-up choices a game offers (its registry `options`: the variant as a toggle, a
dummy seat or none), the same on the home page and on a group's page, and what they hold at the tap."""

from __future__ import annotations

from collections.abc import Callable, Sequence

import streamlit as st

from schichtbuch.session import t
from scoring.registry import Game


def option_key(prefix: str, option: str, game: Game) -> str:
    """The widget key of one option of `game` on a page (`<prefix>_<option>_<game>`)."""
    return f"{prefix}_{option}_{game.id}"


def option_widgets(game: Game, prefix: str, seats: int, seat_name: Callable[[int], str]) -> None:
    """The game's options as widgets; a dummy is chosen by seat (0 to `seats` − 1, or −1 for none)."""
    if "variant" in game.options:
        st.toggle(t(f"{game.id}.option.variant"), key=option_key(prefix, "variant", game),
                  help=t(f"{game.id}.option.variant_help"))
    if "dummy" in game.options:
        st.selectbox(t(f"{game.id}.option.dummy"), range(-1, seats), key=option_key(prefix, "dummy", game),
                     format_func=lambda s: t(f"{game.id}.option.no_dummy") if s < 0 else seat_name(s),
                     help=t(f"{game.id}.option.dummy_help"))


def chosen_options(game: Game, prefix: str, names: Sequence[str]) -> dict[str, object]:
    """The options as the widgets hold them at the tap, as `new_record` takes them: the variant on or
    off, the dummy's name or None (also when the seat chosen is no longer there)."""
    state = st.session_state
    chosen: dict[str, object] = {}
    if "variant" in game.options:
        chosen["variant"] = bool(state.get(option_key(prefix, "variant", game), False))
    if "dummy" in game.options:
        seat = state.get(option_key(prefix, "dummy", game), -1)
        chosen["dummy"] = names[seat] if isinstance(seat, int) and 0 <= seat < len(names) else None
    return chosen
