"""A player's profile (`?group=<id>&player=<name>`), in the group or in every group this phone knows:
plays, wins and win rate by game and by player count, average and best total, time played, the players
played with most, the nemesis and the player beaten most often, head to head, and the player's ratings in
the group; the rules they are counted by in one caption (profiles.py, ratings.py). Without a player of the
group: a link to each one's profile."""

import streamlit as st

from schichtbuch.groups import player_stats, profiles
from schichtbuch.groups import groups
from schichtbuch.groups.player_stats import decimal, percent, time_played
from schichtbuch.session.cookies import recent_groups
from schichtbuch.shell.nav import page_start
from schichtbuch.texts.words import listed, md
from schichtbuch.widgets.scoreboard import table
from scoring.registry import GAMES

t = page_start()
lang = st.session_state.lang
group = groups.require_group()
groups.links(group)
names = player_stats.players(group.id, group.version)
player = st.query_params.get("player", "")
if player not in names:
    st.subheader(t("player.players", group=md(group.name)))
    if names:
        player_stats.profile_links(group, names, t("player.pick"))
    else:
        st.info(t("player.none"))
    st.stop()

st.subheader(f"👤 {md(player)}")
scope: player_stats.Scope = ((group.id, group.version),)
known = recent_groups()
if len(known) > 1 and st.segmented_control(
        t("player.scope"), [False, True], key="player_scope", default=False, required=True,
        format_func=lambda every: t("player.scope.all", count=len(known)) if every else t("player.scope.group")):
    scope = tuple((g.id, g.version) for g in known)
found = player_stats.profile(scope, player)
st.markdown(t("player.summary", games=found.tally.plays, wins=found.tally.wins, rate=percent(found.tally.win_rate),
              time=time_played(found.minutes, found.timed)))


def wins(tally: profiles.Tally) -> str:
    return f"{tally.wins} ({percent(tally.win_rate)})"


def most(one: str, tied: str, rivals: tuple[profiles.Rival, ...], count: int) -> str:
    """The nemesis, or the player beaten most often, with their shared games (`one`); players tied for it
    all named (`tied`: tied, they share the count and the games, `profiles.Profile.nemeses`)."""
    first = rivals[0]
    if len(rivals) == 1:
        return t(one, rival=md(first.name), player=md(player), count=count, games=first.games)
    return t(tied, rivals=listed(f"**{md(r.name)}**" for r in rivals), player=md(player), count=count, games=first.games)


st.markdown(f"**{t('player.by_game')}**\n\n" + table(
    (t("stats.game"), t("stats.col.plays"), t("stats.col.wins"), t("stats.col.average"), t("stats.col.best"), t("player.col.time")),
    [(GAMES[g.game].names[lang], g.tally.plays, wins(g.tally), decimal(g.average), g.best, time_played(g.minutes, g.timed))
     for g in found.games]))
st.markdown(f"**{t('player.by_count')}**\n\n" + table(
    (t("stats.game"), t("stats.col.plays"), t("stats.col.wins")),
    [(f"{GAMES[c.game].names[lang]} · {t('player.people', count=c.players)}", c.tally.plays, wins(c.tally)) for c in found.counts]))

st.markdown(f"**{t('stats.head_to_head')}**")
if found.rivals:
    buddies = listed(t("player.buddy", rival=md(r.name), games=r.games) for r in found.buddies)
    lines = [f"{t('player.buddies')} {buddies}"]
    if found.nemeses:
        lines.append(most("player.nemesis", "player.nemesis_tied", found.nemeses, found.nemeses[0].behind))
    if found.beaten:
        lines.append(most("player.beaten", "player.beaten_tied", found.beaten, found.beaten[0].ahead))
    st.markdown("\n\n".join(lines))
    st.markdown(table((t("player.col.rival"), t("player.col.shared"), t("player.col.ahead"), t("player.col.behind"),
                       t("player.col.level")), [(md(r.name), r.games, r.ahead, r.behind, r.level) for r in found.rivals]))
else:
    st.caption(t("player.no_rivals", player=md(player), count=profiles.SHARED_AT_LEAST))
st.caption(t("player.rules", count=profiles.SHARED_AT_LEAST))

st.markdown(f"**{t('player.ratings', group=md(group.name))}**")
player_stats.show_ratings(t("stats.game"), [(GAMES[g].names[lang], r) for g in GAMES
                                             for r in player_stats.game_ratings(group.id, group.version, g) if r.player == player])

st.divider()
player_stats.profile_links(group, [n for n in names if n != player], t("player.others"))
