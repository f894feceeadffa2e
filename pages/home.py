"""Home: start a new game, reopen a recent one, or join one by its code."""

import streamlit as st

from schichtbuch.groups import groups
from schichtbuch.live.messages import refusal, refused, say, tapped, unavailable
from schichtbuch.session.cookies import recent_games
from schichtbuch.sharing.joining import join_typed
from schichtbuch.shell import start
from schichtbuch.shell.nav import page_path, page_start, table_page
from schichtbuch.store import Unavailable, codes
from schichtbuch.texts.words import md, when
from schichtbuch.widgets.entry import row
from scoring.errors import RecordError
from scoring.fields import NAME_CHARS
from scoring.registry import GAMES, PALETTE, is_over

COLOUR_PX = 140
"""The colour's list beside each name, as wide as the longest colour in any language needs ("schwarz")."""

t = page_start()

lang = st.session_state.lang

st.subheader(t("home.new"))
game = GAMES[st.selectbox(t("home.game"), list(GAMES), format_func=lambda g: GAMES[g].names[lang], key="home_game")]
count = st.segmented_control(t("home.count"), list(game.players), default=game.players.start,
                             required=True, key=f"home_count_{game.id}")
names = []
for seat in range(count):
    with row():
        names.append(st.text_input(t("home.name", seat=seat + 1), key=f"home_name_{seat}").strip())
        st.selectbox(t("home.colour", seat=seat + 1), PALETTE, index=seat % len(PALETTE), width=COLOUR_PX,
                     format_func=lambda c: t(f"colour.{c}"), key=f"home_colour_{seat}")
st.caption(t("home.seating"))


def seat_name(seat: int) -> str:
    return names[seat] or t("home.seat", seat=seat + 1)


start.option_widgets(game, "home", count, seat_name)
draw = game.draw_start and st.toggle(t("home.draw_start"), value=True, key="home_draw", help=t("home.draw_unverified"))
if not draw:
    st.radio(t(f"{game.id}.start_player" if not game.draw_start else "home.start_player"), range(count),
             format_func=lambda s: md(seat_name(s)), horizontal=True, key="home_start")


def start_game() -> None:
    """Create the game as the widgets hold it at the tap (read from the session, so a name typed just
    before the tap, which arrives with it, counts); names are checked first, one line naming the seat.
    A name over the limit is refused and kept as typed (the fields have no `max_chars`: Streamlit's field
    drops a paste longer than that whole, leaving the field empty). The page then opens the game's first
    page."""
    tapped()
    state = st.session_state
    g = GAMES[state.home_game]
    seats = state[f"home_count_{g.id}"]
    typed = [state.get(f"home_name_{s}", "").strip() for s in range(seats)]
    problem = next((t("home.name_empty", seat=s + 1) for s, n in enumerate(typed) if not n), None) or next(
        (t("home.name_long", seat=s + 1, limit=NAME_CHARS) for s, n in enumerate(typed) if len(n) > NAME_CHARS),
        None) or next((t("home.name_twice", seat=s + 1, name=n) for s, n in enumerate(typed) if n in typed[:s]), None)
    if problem:
        say("home", problem)
        return
    seat = state.get("home_start", 0)
    first = None if g.draw_start and state.get("home_draw", True) else typed[seat if seat in range(seats) else 0]
    colours = {n: state.get(f"home_colour_{s}", PALETTE[s % len(PALETTE)]) for s, n in enumerate(typed)}
    try:
        state.home_started = start.begin(g, "home", typed, colours, first)
    except RecordError as error:
        say("home", refusal(error))
    except Unavailable as error:
        unavailable("home", error)


refused("home")
st.button(t("home.start"), type="primary", icon="▶️", width="stretch", key="home_go", on_click=start_game)
if started := st.session_state.pop("home_started", None):
    st.switch_page(started[0], query_params={"game": started[1], "lang": lang})


def join() -> None:
    """Join by what was typed: on to the game (see `joining.follow_join`), or one line saying why not."""
    tapped()
    typed = st.session_state.home_code.strip()
    try:
        problem = typed and join_typed(typed)
    except Unavailable as error:
        unavailable("home_join", error)
        return
    if problem:
        say("home_join", t(problem, code=codes.shown(codes.code_from(typed) or typed)))


st.divider()
st.subheader(t("home.join"))
with st.form("home_join", border=False):
    st.text_input(t("home.code"), key="home_code", placeholder=t("home.code_hint"))
    st.form_submit_button(t("home.join_button"), icon="🔗", width="stretch", on_click=join)
refused("home_join")

st.page_link(page_path(None, "group"), label=t("group.home_link"), icon="👥", query_params={"lang": lang})
groups.your_groups()
recent = recent_games()
if recent:
    st.divider()
    st.subheader(t("home.recent"))
for saved in recent:
    g = GAMES[saved.doc["game"]]
    key, numbers = g.status(saved.doc)
    over = is_over(saved.doc)
    label = f"{g.names[lang]}: {', '.join(saved.doc['players'])}"
    st.page_link(table_page(saved), label=md(label), icon="🏁" if over else "🎲",
                 query_params={"game": saved.id, "lang": lang})
    st.caption(t("home.recent_state", when=when(saved.updated), stage=t(key, **numbers),
                 state=t("home.recent_over" if over else "home.recent_playing")))
