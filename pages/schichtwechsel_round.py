"""Schichtwechsel round: the guide to the round being played (preparation, actions, scoring) with the
start player named, the round card and each player's VP from it, running totals and corrections."""

import streamlit as st

from schichtbuch.live.closing import StageNews, confirm_closed, stage_news
from schichtbuch.live.saving import Pick, undo_button
from schichtbuch.shell.nav import page_path, page_start, params, require_game
from schichtbuch.texts.words import md, step_text
from schichtbuch.widgets.entry import ask_player, choose_player
from schichtbuch.widgets.panels.schichtwechsel import round_form
from schichtbuch.widgets.scoreboard import stage_points, table
from scoring import schichtwechsel as sw
from scoring.schichtwechsel import ROUNDS, Record
from setup.schichtwechsel import ACTION_RULES, SCORING_RULES, preparation

t = page_start()


def guide(record: Record, number: int) -> None:
    """Phases A, B and C of the round; the preparation open, the rest at a glance."""
    steps = preparation(number, record.players, record.start_player or "")
    with st.expander(t("schichtwechsel.round.phase_preparation"), expanded=True):
        st.markdown("\n".join(f"{i}. {step_text(s)}" for i, s in enumerate(steps, 1)))
    with st.expander(t("schichtwechsel.round.phase_actions")):
        st.markdown("\n".join(f"- {t(f'schichtwechsel.rule.{k}')}" for k in ACTION_RULES))
    with st.expander(t("schichtwechsel.round.phase_scoring")):
        st.markdown("\n".join(f"- {t(f'schichtwechsel.rule.{k}')}" for k in SCORING_RULES))


def confirm(news: StageNews) -> None:
    """Round `news.stage` was entered, on this phone or another: the VP from its card, who starts the next
    round, and the way on (play it, or the final scoring)."""
    number = news.stage
    title = t("schichtwechsel.round.done" if news.here else "schichtwechsel.round.done_elsewhere", round=number)
    lines = [t("schichtwechsel.round.done_points", card=md(record.rounds[number - 1].card),
               points=stage_points(sw.score(saved.doc), number))]
    if number < ROUNDS:
        lines.append(t("schichtwechsel.round.done_start", round=number + 1, player=md(record.start_player or "")))
        confirm_closed(saved, news, title, lines, t("schichtwechsel.round.play", round=number + 1), None)
    else:
        confirm_closed(saved, news, title, lines, t("schichtwechsel.round.to_end"), page_path("schichtwechsel", "end"))


def totals(record: Record) -> None:
    """The round cards so far: a row per player with the running total and the VP from each card (so the
    table grows with the rounds, not the players), the cards named below by their round's number."""
    total = sw.score(saved.doc).progress[-1]
    rounds = range(1, len(record.rounds) + 1)
    rows = [(md(p), total[p], *(r.points[p] for r in record.rounds)) for p in record.players]
    st.markdown(table((t("col.player"), t("col.total"), *rounds), rows))
    st.caption(t("schichtwechsel.round.cards", cards=" · ".join(
        t("schichtwechsel.round.card_named", round=i, card=md(r.card)) for i, r in zip(rounds, record.rounds))))


saved = require_game("schichtwechsel")
record = sw.read(saved.doc)
if record.start_player is None:
    ask_player(saved, t("schichtwechsel.ask_start"), record.players, lambda d, w: sw.pass_marker(d, w, None))
playing = len(record.rounds) + 1
news = stage_news(saved, len(record.rounds))

if news:
    confirm(news)
elif playing <= ROUNDS:
    st.subheader(t("schichtwechsel.round.title", round=playing, rounds=ROUNDS))
    choose_player(saved, t("schichtwechsel.round.start_player"), record.start_player, sw.pass_marker, "marker")
    guide(record, playing)
    st.subheader(t("schichtwechsel.round.card_title", round=playing))
    round_form(saved, record, playing, None)
else:
    st.success(t("schichtwechsel.round.all_played", rounds=ROUNDS))
    st.page_link(page_path("schichtwechsel", "end"), label=t("page.schichtwechsel_end"), icon="🏁", query_params=params())

if record.rounds:
    st.subheader(t("schichtwechsel.round.so_far"))
    totals(record)
    with st.expander(t("schichtwechsel.round.correct")):
        fix = st.segmented_control(t("schichtwechsel.round.which"), range(1, len(record.rounds) + 1),
                                   default=len(record.rounds), required=True, key="round_fix")
        round_form(saved, record, fix, record.rounds[fix - 1], (Pick("round_fix", fix, f"{t('schichtwechsel.round.which')}: {fix}"),))
undo_button(saved, "round_undo")
