"""MINE! end: each player's coal in stock and profession cards in hand (the first two tie-breakers), a die
roll for players still tied, and the standings naming the rule that decided; once every player's counts
are in, the page opens with the die roll still needed (if any) and the final standings, the counts folded
away below."""

import random

import streamlit as st

from schichtbuch.after_game.offer import after_game
from schichtbuch.after_game.rematch import follow
from schichtbuch.live.messages import refused
from schichtbuch.live.saving import save_on_tap, undo_button
from schichtbuch.session.page import widget_key
from schichtbuch.shell.nav import page_path, page_start, params, require_game
from schichtbuch.texts.words import listed, tally
from schichtbuch.widgets.entry import player_entry
from schichtbuch.widgets.scoreboard import named, standings
from scoring import mine

t = page_start()


def roll(tied: tuple[str, ...], shown: dict[str, int]) -> None:
    """Roll the die for the players still tied (a tap saves one roll each, the same on every phone); a
    roll made on another phone since this one last looked stands, and this tap is refused."""
    faces = random.SystemRandom()
    rolls = {p: faces.randint(1, mine.DIE_FACES) for p in tied}
    save_on_tap(saved.id, lambda d: mine.roll_die(d, rolls, shown),
                {"key": "change.mine_die", "rolls": ", ".join(f"{p} {v}" for p, v in rolls.items())}, "mine_die")


def counts() -> None:
    """Each player's coal and cards, the coal the app tracked filled in."""
    st.subheader(t("mine.end.title"))
    st.caption(t("mine.end.hint"))
    tracked = record.rounds[-1].coal
    player_entry(saved, "end_items", {p: dict(v) for p, v in record.items.items()},
                 {"coal": t("mine.end.coal"), "cards": t("mine.end.cards")}, mine.set_items,
                 defaults={p: {"coal": tracked[p], "cards": 0} for p in record.players})


saved = require_game("mine")
record = mine.read(saved.doc)
if not record.is_over:
    st.info(t("mine.end.not_yet", target=mine.TARGET, rounds=mine.ROUNDS))
    st.page_link(page_path("mine", "round"), label=t("page.mine_round"), icon="⛏️", query_params=params())
    standings(saved)
    st.stop()

if record.end is None:
    counts()
    standings(saved)
else:
    follow(saved)
    refused("mine_die")
    for tied in mine.still_tied(saved.doc):
        names = listed(named(p, record.dummy) for p in tied)
        st.warning(t("mine.end.still_tied", players=names))
        st.button(t("mine.end.roll", players=names), icon="🎲", width="stretch", key=widget_key("mine_roll", *tied),
                  on_click=roll, args=(tied, dict(record.die_roll)))
    if record.die_roll:
        st.caption(t("mine.end.rolled", rolls=tally(f"{named(p, record.dummy)} {v}" for p, v in record.die_roll.items())))
    standings(saved)
    after_game(saved)
    with st.expander(t("standings.correct")):
        counts()
undo_button(saved, "mine_undo")
