"""Statistics of a group, per game (opening on the game of its most recently played finished game): each
member's plays, wins, win rate, average and best total (a chart of the wins and a table) with a link to
each one's profile, the ratings (OpenSkill, ratings.py), the average minutes played per player count, the
average points per scoring category (a chart), and two members head to head."""

import pandas as pd
import streamlit as st

from schichtbuch.groups import group_stats, groups, player_stats, stats
from schichtbuch.shell.nav import page_start
from schichtbuch.texts.words import md
from schichtbuch.widgets import scoreboard
from schichtbuch.widgets.charts import grouped_bars
from scoring.registry import GAMES

t = page_start()
lang = st.session_state.lang
group = groups.require_group()
groups.links(group)
st.subheader(t("stats.title", group=md(group.name)))

opening = group_stats.latest_game(group.id, group.version) or next(iter(GAMES))
game = GAMES[st.segmented_control(t("stats.game"), list(GAMES), format_func=lambda g: GAMES[g].names[lang],
                                  default=opening, required=True, key="stats_game")]
computed = group_stats.game_stats(group.id, group.version, game.id)
if computed is None:
    st.info(t("stats.none"))
    st.stop()

table = computed.members
players = list(table.index)
st.markdown(f"**{t('stats.wins')}**")
counts = table[["wins", "plays"]].to_dict("index")
counted = [{"player": p, "what": t(f"stats.col.{what}"), "count": counts[p][what]} for p in players for what in ("wins", "plays")]
st.vega_lite_chart(spec=grouped_bars(counted, "count", "player", "what", players), width="stretch")
st.dataframe(table.rename(columns={c: t(f"stats.col.{c}") for c in stats.MEMBER_COLUMNS}).rename_axis(t("col.player")), width="stretch",
             column_config={t("stats.col.win_rate"): st.column_config.NumberColumn(format="percent"),
                            t("stats.col.average"): st.column_config.NumberColumn(format="%.1f")})
player_stats.profile_links(group, players, t("player.pick"))

st.markdown(f"**{t('rating.title')}**")
rated = player_stats.game_ratings(group.id, group.version, game.id)
player_stats.show_ratings(t("col.player"), [(md(f"{i}. {r.player}"), r) for i, r in enumerate(rated, 1)])

durations = [(t("app.players", count=n), row.games, "–" if pd.isna(row.minutes) else t("history.minutes", minutes=round(row.minutes)))
             for n, row in computed.durations.iterrows()]
st.markdown(f"**{t('stats.durations')}**\n\n" + scoreboard.table(("", t("stats.col.plays"), t("stats.col.minutes")), durations))

st.markdown(f"**{t('stats.categories')}**")
names = {c: t(f"{game.id}.cat.{c}") for c in game.categories}
averages = computed.averages.to_dict("index")
points = [{"player": p, "category": names[str(c)], "points": v} for p, row in averages.items() for c, v in row.items() if pd.notna(v)]
st.vega_lite_chart(spec=grouped_bars(points, "points", "category", "player", list(names.values()), t("stats.average_points"),
                                     scoreboard.palette_colours(players), *scoreboard.legend_layout(players)),
                   width="stretch")

st.markdown(f"**{t('stats.head_to_head')}**")
pick = st.columns(2)
first = pick[0].selectbox(t("stats.first"), players, key="stats_first", format_func=md)
second = pick[1].selectbox(t("stats.second"), players, index=min(1, len(players) - 1), key="stats_second", format_func=md)
duel = group_stats.duel(group.id, group.version, game.id, first, second)
if first == second or duel.first_average is None or duel.second_average is None:  # no game together
    st.caption(t("stats.no_duel"))
else:
    st.markdown(t("stats.duel", games=duel.games, first=md(first), second=md(second), first_ahead=duel.first_ahead,
                  second_ahead=duel.second_ahead, level=duel.level, first_average=round(duel.first_average, 1),
                  second_average=round(duel.second_average, 1)))
