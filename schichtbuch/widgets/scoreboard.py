"""The standings as a phone shows them: a row per player with the breakdown under short labels, the
winner, every line explained, and the progress chart with a legend naming every player."""

from __future__ import annotations

from collections.abc import Collection, Sequence
from typing import Any

import streamlit as st

from schichtbuch.live.caching import kept
from schichtbuch.session.page import extra
from schichtbuch.sharing.keepsakes import keepsakes
from schichtbuch.sharing.qr import qr_code
from schichtbuch.store import Document, Saved
from schichtbuch.texts.words import listed, md, played_offset, t, tally, translator
from schichtbuch.widgets.charts import lines
from scoring import bgstats
from scoring.game import Game
from scoring.registry import GAMES, score
from scoring.standings import Line, Result

CHART_COLOURS = {"red": "#d62728", "blue": "#1f77b4", "green": "#2ca02c", "yellow": "#a88600",
                 "white": "#949494", "black": "#666666"}
"""Line colours for the player colours of the palette, each at least 3:1 against the light and the dark
theme's background (WCAG's contrast for graphics): yellow darkened, white a light grey and black a dark
one, so that each shows on both."""


CHART_HEIGHT = 320
"""Pixels of the chart with its axes; the legend below it adds `LEGEND_ROW` pixels per row of names, so
a legend of six names does not squeeze the plot."""


LEGEND_ROW = 30


LEGEND_WIDTH = 340
"""Pixels a chart legend may take on a phone (390 px screen less the page's margins)."""


LEGEND_SYMBOL = 30
"""Pixels of a legend entry besides its name: the symbol, its padding and the gap to the next column."""


LEGEND_CHAR = 7
"""Pixels of one character of a legend name in Streamlit's chart theme (measured at 390 px: about 6.8)."""


def table(head: Sequence[object], rows: Sequence[Sequence[object]], left: Collection[int] = (0,)) -> str:
    """A Markdown table for a phone: the columns numbered in `left` (the player's, the first) on the left,
    the rest (numbers) on the right. Cells are shown as given: names escaped by the caller (`md`)."""
    lines = [head, [":--" if i in left else "--:" for i in range(len(head))], *rows]
    return "\n".join("| " + " | ".join(map(str, line)) + " |" for line in lines)


def stage_points(result: Result, stage: int) -> str:
    """Each player's points from stage `stage` alone, from the scorer's running totals: `Anna +9, Ben +4`."""
    before = result.progress[stage - 2] if stage > 1 else {}
    return tally(f"{md(p)} {v - before.get(p, 0):+d}" for p, v in result.progress[stage - 1].items())


STANDINGS_CACHED = 512
"""Standings kept drawn, one per game version and language: every table of a busy server, twice over."""


def standings(saved: Saved, read_only: bool = False) -> None:
    """The standings as a phone shows them at any player count: the winner named once the game is over,
    the players whose end values are still to come named while they are, one row per player in rank
    order (rank and name, total, then each category under its short label), the tie-breaks named, every
    line explained, and the progress chart. Drawn once per game version and language, then replayed from
    Streamlit's cache for every other phone and every later run (`drawn_standings`): a phone watching
    the standings costs a look-up, not a scoring, a table and a chart. A finished game ends with the
    table's photo and note and its link to BG Stats (in this browser's time zone, so drawn for each phone);
    `read_only` (the watch link) shows the photo and the note only."""
    if drawn_standings(saved.id, saved.version, st.session_state.lang, saved.doc):
        keepsakes(saved, read_only)
        if not read_only:
            extra(lambda: send_to_bgstats(saved))


@kept(st.cache_data, STANDINGS_CACHED)
def drawn_standings(game_id: str, version: int, lang: str, _doc: Document, phone: bool = True) -> bool:
    """The standings of `_doc`, the game `game_id` at `version` in `lang` (the cache's key: the document
    itself is not hashed), and whether the game is over. Streamlit keeps the elements drawn here and
    replays them on a cache hit. Not for a `phone` (the watch page's TV view, where nothing is opened or
    read closely), without the breakdown to open and the chart."""
    result, g, t = score(_doc), GAMES[_doc["game"]], translator()
    st.subheader(t("standings.final" if result.final else "standings.so_far"))
    if result.final:
        winner_line(result, g)
    if result.pending:
        st.info(t("standings.pending", players=listed(named(p, result.dummy) for p in result.pending)))
    head = [t("col.total"), *(t(f"{g.id}.cat.{c}.short") for c in g.categories)]
    rows = [(md(f"{s.rank}. ") + named(s.player, result.dummy), s.total, *(s.breakdown[c] for c in g.categories))
            for s in result.standings]
    with st.container(key="standings"):
        st.markdown(table(("", *head), rows))
        st.caption(t("standings.swipe"))  # shown only while the table is wider than the screen (webapp.py)
    for s in result.standings:
        if s.decided_by:
            st.caption(f"{named(s.player, result.dummy)}: {t(s.decided_by, value=s.tiebreak)}")
        if result.final and sum(o.rank == s.rank for o in result.standings) > 1:
            st.caption(f"{named(s.player, result.dummy)}: {t(f'{g.id}.shared_place')}")
    if not phone:
        return result.final
    with st.expander(t("standings.details")):
        st.caption(" · ".join(f"**{t(f'{g.id}.cat.{c}.short')}**: {t(f'{g.id}.cat.{c}')}" for c in g.categories))
        st.markdown("\n\n".join(f"**{named(s.player, result.dummy)}**\n" + "\n".join(f"- {md(line_text(ln))}" for ln in s.lines)
                                  for s in result.standings))  # one element: each is a message in every run
    if result.progress:
        extra(lambda: progress_chart(result, g, _doc.get("colours", {})))
    return result.final


def send_to_bgstats(saved: Saved) -> None:
    """A finished game's "Send to BG Stats" link and a QR code of the same link (for the phone that has
    BG Stats when another one shows the game): the play date in this browser's time zone, the comments in
    its language. The QR code's link leaves out the points per category (BG Stats' comments, after the note
    and the dummy's line), which would make the code of a long game too dense to scan or too long to draw;
    where even that does not fit, the page says so."""
    lang, offset = st.session_state.get("lang", "en"), played_offset(saved)
    st.link_button(t("bgstats.send"), bgstats.link(saved.doc, t, lang, offset), icon="📤", width="stretch")
    with st.expander(t("bgstats.qr")):
        qr_code(bgstats.link(saved.doc, t, lang, offset, points=False), t("bgstats.qr_alt"))
        st.caption(t("bgstats.note"))


def winner_line(result: Result, g: Game) -> None:
    """The winner named above the table (or the players sharing first place), with their points. Where
    the dummy seat is first (alone or sharing), it is not called the winner, since no rule says it can
    win: its points are named with that caveat, then the first of the players at the table."""
    first = [s for s in result.standings if s.rank == 1]
    points = t(f"{g.id}.score", count=first[0].total)
    if result.dummy is not None and result.dummy in (s.player for s in first):
        st.info(t("standings.dummy_first", player=named(result.dummy, result.dummy), score=points), icon="🤖")
        won = result.winners
        best = [s for s in result.standings if s.player in won]
        st.success(t("standings.best_player", players=listed(md(s.player) for s in best),
                     score=t(f"{g.id}.score", count=best[0].total)), icon="🏅")
    elif len(first) == 1:
        st.success(t("standings.winner", player=md(first[0].player), score=points), icon="🏆")
    else:
        st.success(t("standings.winners", players=listed(md(s.player) for s in first), score=points), icon="🏆")


def named(player: str, dummy: str | None) -> str:
    """A player's name as the standings write it in Markdown (shown literally), the dummy seat's marked
    as such (`Robo (dummy)`)."""
    return t("standings.dummy", player=md(player)) if player == dummy else md(player)


def progress_chart(result: Result, g: Game, colours: dict[str, str]) -> None:
    """Each player's total after each stage (and at the end), in the players' colours, with a legend
    that names every player (fewer columns where names are long)."""
    stages = [t(g.stage, stage=g.stages[i]) for i in range(len(result.progress))]
    totals = list(result.progress) + ([{s.player: s.total for s in result.standings}] if result.final else [])
    stages += [t("standings.end")] if result.final else []
    shown = {p: t("standings.dummy", player=p) if p == result.dummy else p for p in totals[0]}
    rows = [{"stage": stage, "player": shown[p], "points": v} for stage, row in zip(stages, totals) for p, v in row.items()]
    players = list(shown.values())
    columns, label_limit = legend_layout(players)
    st.markdown(f"**{t(f'{g.id}.chart')}**")
    st.vega_lite_chart(spec=lines(
        rows, "stage", "points", "player", stages, t(f"{g.id}.points"),
        {shown[p]: CHART_COLOURS.get(colours.get(p, ""), "#888") for p in shown}, columns, label_limit,
    ), width="stretch", height=CHART_HEIGHT + LEGEND_ROW * -(-len(players) // columns))


def legend_layout(players: Sequence[str]) -> tuple[int, int]:
    """A chart legend naming `players` on a phone: as many columns (at most 3) as the longest name leaves
    room for, so that no name is cut short, and the pixels each name may take in them."""
    longest = max(len(p) for p in players) * LEGEND_CHAR
    columns = max(c for c in (1, 2, 3) if c == 1 or longest + LEGEND_SYMBOL <= LEGEND_WIDTH // c)
    return columns, LEGEND_WIDTH // columns - LEGEND_SYMBOL


def palette_colours(players: Sequence[str]) -> dict[str, str]:
    """Chart colours for players who sit in no one colour (a group's, whose seats change colour from game
    to game): the seats' own (`CHART_COLOURS`, in the palette's order, each at 3:1 on both themes) in
    turn, from the first again after the sixth."""
    palette = list(CHART_COLOURS.values())
    return {p: palette[i % len(palette)] for i, p in enumerate(players)}


def line_text(line: Line) -> str:
    """One breakdown line in the player's language, its points signed."""
    values = {k.removesuffix("_keys").removesuffix("_key"): _param(k, v) for k, v in line.params.items()}
    return f"{t(line.key, **values)}: {line.points:+d}"


def _param(name: str, value: Any) -> Any:
    if name.endswith("_keys"):
        return " + ".join(t(v) for v in value)
    return t(value) if name.endswith("_key") else value
