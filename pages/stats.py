"""Statistics of a group, per game: each member's plays, wins, win rate, average and best total (a chart of
the wins and a table), the average points per scoring category (a chart), and two members head to head."""

import altair as alt
import streamlit as st

from schichtbuch import groups, stats, ui
from schichtbuch.ui import md
from scoring.registry import GAMES

t = ui.page_start()
lang = st.session_state.lang
group = groups.require_group()
groups.links(group)
st.subheader(t("stats.title", group=md(group.name)))

game = GAMES[st.segmented_control(t("stats.game"), list(GAMES), format_func=lambda g: GAMES[g].names[lang],
                                  default=next(iter(GAMES)), required=True, key="stats_game")]
frame = stats.plays([{**p.summary, "id": p.id} for p in ui.store().group_games(group.id, game=game.id)])
if frame.empty:
    st.info(t("stats.none"))
    groups.watch_group(group)
    st.stop()

table = stats.members(frame, game.id)
st.markdown(f"**{t('stats.wins')}**")
long = table.reset_index().melt("player", ["wins", "plays"], "what", "count")
long["what"] = long["what"].map({"wins": t("stats.col.wins"), "plays": t("stats.col.plays")})
st.altair_chart(alt.Chart(long).mark_bar().encode(
    x=alt.X("count:Q", title=None, axis=alt.Axis(tickMinStep=1)), y=alt.Y("player:N", title=None, sort=list(table.index)),
    yOffset="what:N", color=alt.Color("what:N", title=None, legend=alt.Legend(orient="bottom")),
), width="stretch")
st.dataframe(table.rename(columns={c: t(f"stats.col.{c}") for c in stats.MEMBER_COLUMNS}).rename_axis(t("col.player")), width="stretch",
             column_config={t("stats.col.win_rate"): st.column_config.NumberColumn(format="percent"),
                            t("stats.col.average"): st.column_config.NumberColumn(format="%.1f")})

st.markdown(f"**{t('stats.categories')}**")
averages = stats.categories(frame, game.id, game.categories)
shown = averages.rename(columns={c: t(f"{game.id}.cat.{c}") for c in game.categories})
bars = shown.reset_index().melt("player", var_name="category", value_name="points")
st.altair_chart(alt.Chart(bars).mark_bar().encode(
    x=alt.X("points:Q", title=t("stats.average_points")), y=alt.Y("category:N", title=None, sort=list(shown.columns)),
    yOffset="player:N", color=alt.Color("player:N", title=None, legend=alt.Legend(orient="bottom")),
), width="stretch")

st.markdown(f"**{t('stats.head_to_head')}**")
players = list(table.index)
pick = st.columns(2)
first = pick[0].selectbox(t("stats.first"), players, key="stats_first", format_func=md)
second = pick[1].selectbox(t("stats.second"), players, index=min(1, len(players) - 1), key="stats_second", format_func=md)
duel = stats.head_to_head(frame, first, second, game.id)
if first == second or duel.games == 0:
    st.caption(t("stats.no_duel"))
else:
    st.markdown(t("stats.duel", games=duel.games, first=md(first), second=md(second), first_ahead=duel.first_ahead,
                  second_ahead=duel.second_ahead, level=duel.level, first_average=f"{duel.first_average:.1f}",
                  second_average=f"{duel.second_average:.1f}"))
groups.watch_group(group)
