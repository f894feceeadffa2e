"""Home: start a new game, reopen a recent one, or join one by its code."""

import random

import streamlit as st

from schichtbuch import codes, ui
from schichtbuch.ui import md
from scoring.records import RecordError
from scoring.registry import GAMES, PALETTE, is_over

t = ui.page_start()

lang = st.session_state.lang

st.subheader(t("home.new"))
game = GAMES[st.selectbox(t("home.game"), list(GAMES), format_func=lambda g: GAMES[g].names[lang], key="home_game")]
count = st.segmented_control(t("home.count"), list(game.players), default=game.players.start,
                             required=True, key=f"home_count_{game.id}")
names, colours = [], {}
for seat in range(count):
    name_col, colour_col = st.columns([3, 2], wrap=False)
    names.append(name_col.text_input(t("home.name", seat=seat + 1), key=f"home_name_{seat}", max_chars=24).strip())
    colours[seat] = colour_col.selectbox(t("home.colour", seat=seat + 1), PALETTE, index=seat % len(PALETTE),
                                         format_func=lambda c: t(f"colour.{c}"), key=f"home_colour_{seat}")
st.caption(t("home.seating"))


def seat_name(seat: int) -> str:
    return names[seat] or t("home.seat", seat=seat + 1)


options = {}
if "variant" in game.options:
    options["variant"] = st.toggle(t(f"{game.id}.option.variant"), key=f"home_variant_{game.id}", help=t(f"{game.id}.option.variant_help"))
if "dummy" in game.options:
    dummy = st.selectbox(t(f"{game.id}.option.dummy"), range(-1, count), key=f"home_dummy_{game.id}",
                         format_func=lambda s: t(f"{game.id}.option.no_dummy") if s < 0 else seat_name(s),
                         help=t(f"{game.id}.option.dummy_help"))
draw = game.draw_start and st.toggle(t("home.draw_start"), value=True, key="home_draw", help=t("home.draw_unverified"))
start = None if draw else st.radio(t(f"{game.id}.start_player" if not game.draw_start else "home.start_player"), range(count),
                                   format_func=lambda s: md(seat_name(s)), horizontal=True, key="home_start")

if st.button(t("home.start"), type="primary", icon="▶️", width="stretch"):
    problem = next((t("home.name_empty", seat=s + 1) for s, n in enumerate(names) if not n), None) or next(
        (t("home.name_twice", seat=s + 1, name=n) for s, n in enumerate(names) if n in names[:s]), None)
    if problem:
        st.error(problem)
    else:
        first = random.SystemRandom().randrange(count) if draw else start
        try:
            if "dummy" in game.options:
                options["dummy"] = None if dummy < 0 else names[dummy]
            record = game.new_record(names, {names[s]: c for s, c in colours.items()}, names[first], **options)
        except RecordError as error:
            st.error(ui.refusal(error))
        else:
            saved = ui.store().create(record, {"key": "change.start"})
            st.switch_page(ui.page_path(game.id, game.pages[0]), query_params={"game": saved.id, "lang": lang})


def join() -> None:
    """Join by what was typed: on to the game (see `ui.follow_join`), or one line saying why not."""
    typed = st.session_state.home_code.strip()
    if typed and (problem := ui.join_typed(typed)):
        st.session_state.home_join_refused = t(problem, code=codes.shown(codes.code_from(typed) or typed))


st.divider()
st.subheader(t("home.join"))
with st.form("home_join", border=False):
    st.text_input(t("home.code"), key="home_code", placeholder=t("home.code_hint"))
    st.form_submit_button(t("home.join_button"), icon="🔗", width="stretch", on_click=join)
ui.refused("home_join")

recent = ui.recent_games()
if recent:
    st.divider()
    st.subheader(t("home.recent"))
for saved in recent:
    g = GAMES[saved.doc["game"]]
    key, numbers = g.status(saved.doc)
    over = is_over(saved.doc)
    label = f"{g.names[lang]}: {', '.join(saved.doc['players'])}"
    st.page_link(ui.table_page(saved), label=md(label), icon="🏁" if over else "🎲",
                 query_params={"game": saved.id, "lang": lang})
    st.caption(t("home.recent_state", when=ui.when(saved.updated), stage=t(key, **numbers),
                 state=t("home.recent_over" if over else "home.recent_playing")))
