"""A group's player profiles and ratings as the pages show them (`profiles.py` and `ratings.py` compute
them): the history read once per version of a group and shared by every phone of it, each profile and
each game's ratings computed once per version of the groups they count; the links to the profiles, and
the tables the statistics and profile pages draw."""

from __future__ import annotations

from collections.abc import Sequence

import streamlit as st
from babel.numbers import format_decimal, format_percent

from schichtbuch.groups import profiles, ratings
from schichtbuch.live.caching import kept
from schichtbuch.session.resources import store
from schichtbuch.shell.nav import page_path
from schichtbuch.store import Group
from schichtbuch.texts.words import md, t
from schichtbuch.widgets.scoreboard import table

PROFILES_CACHED = 64
"""Histories, profiles and ratings kept computed on the server, each: the groups and players in use tonight.
They hold no mutable value, so Streamlit's resource cache hands every phone the same one, uncopied."""

Scope = tuple[tuple[str, int], ...]
"""The groups a profile counts, each by its id and version."""


@kept(st.cache_resource, PROFILES_CACHED)
def history(group_id: str, version: int) -> tuple[profiles.Play, ...]:
    """The group's finished games in the order they were played (`profiles.plays`), once per version of
    the group (one more with every change of its games and members)."""
    return profiles.plays(store().group_games(group_id))


@kept(st.cache_resource, PROFILES_CACHED)
def players(group_id: str, version: int) -> tuple[str, ...]:
    """Everyone with a finished game in the group, the most games first (`profiles.players`)."""
    return tuple(profiles.players(history(group_id, version)))


@kept(st.cache_resource, PROFILES_CACHED)
def profile(scope: Scope, player: str) -> profiles.Profile:
    """The profile of `player` in the finished games of the groups of `scope`, once per their versions."""
    return profiles.profile([play for group_id, version in scope for play in history(group_id, version)], player)


@kept(st.cache_resource, PROFILES_CACHED)
def game_ratings(group_id: str, version: int, game: str) -> tuple[ratings.Rating, ...]:
    """The group's ratings in `game` (`ratings.ratings`), once per version of the group."""
    return ratings.ratings(history(group_id, version), game)


def profile_links(group: Group, names: Sequence[str], label: str) -> None:
    """A link to the profile of each player of `names` who has one (a finished game in the group, not as
    the dummy seat), the name on its face, side by side under a caption `label`."""
    found = set(players(group.id, group.version))
    st.caption(label)
    with st.container(horizontal=True, gap="xsmall", wrap=True, key="player_links"):
        for name in (n for n in names if n in found):
            st.page_link(page_path(None, "player"), label=md(name), icon="👤",
                         query_params={"group": group.id, "lang": st.session_state.lang, "player": name})


def show_ratings(first: str, rows: Sequence[tuple[str, ratings.Rating]]) -> None:
    """Ratings as a table of μ ± σ, μ − 3σ and games rated, a row per name in the first column (headed
    `first`: a player's, or a game's), and the line that explains them; without any, a line saying so."""
    if rows:
        st.markdown(table((first, t("rating.col.skill"), t("rating.col.ordinal"), t("rating.col.games")),
                          [(name, skill(r), decimal(r.ordinal), r.games) for name, r in rows]))
    st.caption(t("rating.explain") if rows else t("rating.none"))


def skill(rating: ratings.Rating) -> str:
    """μ ± σ, each to one decimal as the page's language writes it."""
    return t("rating.skill", mu=decimal(rating.mu), sigma=decimal(rating.sigma))


def decimal(value: float) -> str:
    """A number to one decimal, the zero too (`7.0`), as the page's language writes it (`7,0`)."""
    return format_decimal(value, format="#,##0.0", locale=st.session_state.lang)


def percent(rate: float) -> str:
    """A share as the page's language writes a percentage (`42 %` in French)."""
    return format_percent(rate, locale=st.session_state.lang)


def time_played(minutes: int, timed: int) -> str:
    """Minutes played as hours and minutes from an hour on; a dash where no game's duration is known
    (`timed`, how many are)."""
    if not timed:
        return "–"
    hours, rest = divmod(minutes, 60)
    return t("player.hours", hours=hours, minutes=rest) if hours else t("history.minutes", minutes=minutes)
