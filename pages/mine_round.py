"""MINE! round assistant: the die holder and the sale cap, each player's coal, the dummy's cards, then the
resolution in the printed order (events, looting and watchtower, expedition, mine, recruitment), one at a
time (`panels.mine.RoundPage.section`); every number is saved as entered and can be corrected, and the round
is closed once resolved (asking first if nothing of it was entered). Once a round is closed, on this
phone or another, the page says so before it shows the next one."""

from functools import partial

import streamlit as st

from schichtbuch.live.closing import close_button, stage_news
from schichtbuch.live.saving import undo_button
from schichtbuch.shell.nav import page_path, page_start, params, require_game
from schichtbuch.texts.words import step_text
from schichtbuch.widgets.panels.mine import RoundPage
from schichtbuch.widgets.scoreboard import standings
from scoring import mine
from scoring.mine import ROUNDS
from setup.mine import placement

t = page_start()

saved = require_game("mine")
record = mine.read(saved.doc)
page = RoundPage(saved, record)
if news := stage_news(saved, len(record.rounds)):
    page.confirm(news)
    standings(saved)
    undo_button(saved, "mine_undo")
    st.stop()
if record.current is None:
    st.success(t("mine.round.over", target=mine.TARGET, rounds=ROUNDS))
    st.page_link(page_path("mine", "end"), label=t("page.mine_end"), icon="🏁", query_params=params())
    undo_button(saved, "mine_undo")
    st.stop()

number = page.sheet.number
st.subheader(t("mine.round.title", round=number, rounds=ROUNDS))
page.die()
page.coal()
st.info(step_text(placement(page.sheet.die_holder)))
page.dummy_cards()
page.section()

close_button(saved.id, t("mine.round.close", round=number), "mine_close", number,
             partial(mine.close_round, number=number), {"key": "change.mine_close", "round": number},
             not saved.doc.get("current"), t("mine.round.empty", round=number), t("mine.round.anyway", round=number))
if record.rounds:
    standings(saved)
undo_button(saved, "mine_undo")
