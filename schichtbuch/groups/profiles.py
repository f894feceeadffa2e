"""A player's profile, from a group's history or from several groups' together: plays, wins and win rate
by game and by player count, average and best total by game, minutes played, the players they play with
most (buddies), the one who finishes ahead of them most often (nemesis), the one they finish ahead of most
often, and head-to-head against every other player.

Pure functions of the history's summary rows (`scoring.registry.summary`, one per game, as the store keeps
them): no Streamlit, no store, no clock. The numbers are the standings' numbers, never recounted here.

The rules, as the profile page states them:
- Only finished games count; a game still being played has no result yet.
- MINE!'s dummy seat (the seat a summary names `dummy`) never counts: it is no player of a profile, no
  buddy, nemesis or rival, never wins (`scoring.standings.winners`), and is no player of the player count.
- A win is the best place among the people at the table; a shared first place is a win for each.
- Ahead, behind or level compares the two places as scored (the game's tie-breakers included): the same
  place is a tie, counted as such, and neither finished ahead.
- Buddies, nemesis, the player beaten most often and head-to-head count only the players with whom the
  profile's player shared at least `SHARED_AT_LEAST` finished games.
- Across groups, a player is the same player wherever the name is spelled the same.
"""

from __future__ import annotations

from collections import Counter, defaultdict
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Protocol

from scoring.registry import summary_minutes, summary_winners

SHARED_AT_LEAST = 3
"""Finished games two players must have shared before buddies, nemesis and head-to-head count them."""

BUDDIES = 3
"""How many buddies a profile names: those with the most shared games."""


class HistoryRow(Protocol):
    """One game of a group's history as the store reads it (`schichtbuch.store.Played`)."""

    @property
    def id(self) -> str: ...

    @property
    def played(self) -> float: ...

    @property
    def summary(self) -> dict[str, Any]: ...


@dataclass(frozen=True)
class Play:
    """One finished game as the profiles and ratings read it: the people at the table, the dummy seat left
    out."""

    game: str
    """The game's id in the registry."""
    ranks: Mapping[str, int]
    """Each person's place as scored (competition ranking, 1, 1, 3), in seating order; the dummy seat's
    place is left out, so the numbers may skip it."""
    totals: Mapping[str, int]
    """Each person's total."""
    winners: frozenset[str]
    """Who won (`summary_winners`: never the dummy seat)."""
    minutes: int | None
    """Minutes played, where known."""


def plays(rows: Iterable[HistoryRow]) -> tuple[Play, ...]:
    """The finished games of a history in the order they were played: by when each was played (its
    `started` time, else when it was added), then when it ended, then its id, so that the order is the
    same on every server."""
    finished = sorted((r for r in rows if r.summary["final"]),
                      key=lambda r: (r.played, r.summary.get("ended") or r.played, r.id))
    return tuple(_play(r.summary) for r in finished)


def _play(s: Mapping[str, Any]) -> Play:
    people = [x for x in s["standings"] if x["player"] != s.get("dummy")]
    seats = {p: i for i, p in enumerate(s.get("players", ()))}
    people.sort(key=lambda x: seats.get(x["player"], len(seats)))
    return Play(s["game"], {x["player"]: x["rank"] for x in people}, {x["player"]: x["total"] for x in people},
                frozenset(summary_winners(s)), summary_minutes(s))


def players(history: Iterable[Play]) -> list[str]:
    """Everyone with a finished game in the history, the most games first, then by name."""
    counted = Counter(p for play in history for p in play.ranks)
    return sorted(counted, key=lambda p: (-counted[p], p))


@dataclass(frozen=True)
class Tally:
    """Plays and wins of a player in a set of finished games."""

    plays: int
    wins: int

    @property
    def win_rate(self) -> float:
        """Wins / plays (0 without a play)."""
        return self.wins / self.plays if self.plays else 0.0


@dataclass(frozen=True)
class GameLine:
    """A player's finished games of one game."""

    game: str
    tally: Tally
    average: float
    """Average total."""
    best: int
    """Best total."""
    minutes: int
    """Minutes played in the games whose duration is known."""
    timed: int
    """How many games' duration is known."""


@dataclass(frozen=True)
class CountLine:
    """A player's finished games of one game at one player count (the people at the table)."""

    game: str
    players: int
    tally: Tally


@dataclass(frozen=True)
class Rival:
    """Another player in the finished games both played: `ahead + behind + level == games`."""

    name: str
    games: int
    """Finished games both played."""
    ahead: int
    """Games the profile's player finished ahead of this one (a better place)."""
    behind: int
    """Games this one finished ahead of the profile's player."""
    level: int
    """Games both finished in the same place: a tie."""


@dataclass(frozen=True)
class Profile:
    """A player's profile (see the module's rules)."""

    player: str
    tally: Tally
    """Every finished game of the player."""
    minutes: int
    """Minutes played in the games whose duration is known."""
    timed: int
    """How many games' duration is known."""
    games: tuple[GameLine, ...]
    """By game, the most played first."""
    counts: tuple[CountLine, ...]
    """By game and player count, in the order of `games`, the fewer players first."""
    rivals: tuple[Rival, ...]
    """Head to head: every player with at least SHARED_AT_LEAST shared finished games, the most shared
    first, then by name."""

    @property
    def buddies(self) -> tuple[Rival, ...]:
        """The BUDDIES players this one played with most."""
        return self.rivals[:BUDDIES]

    @property
    def nemeses(self) -> tuple[Rival, ...]:
        """The player who finished ahead of this one most often (at least once); between equal counts the
        one with the larger share of the shared games. Players equal in both are tied, and all of them
        are the nemesis (in the order of `rivals`); none if nobody finished ahead."""
        return _most(self.rivals, lambda r: r.behind)

    @property
    def beaten(self) -> tuple[Rival, ...]:
        """The player this one finished ahead of most often, chosen as the nemesis is (all of them if tied)."""
        return _most(self.rivals, lambda r: r.ahead)


def _most(rivals: Sequence[Rival], count: Callable[[Rival], int]) -> tuple[Rival, ...]:
    """The rivals with the highest `count` (above 0), and among them those with the fewest shared games
    (the larger share: the counts are equal)."""
    counted = [r for r in rivals if count(r) > 0]
    best = min(((-count(r), r.games) for r in counted), default=None)
    return tuple(r for r in counted if (-count(r), r.games) == best)


def profile(history: Iterable[Play], player: str) -> Profile:
    """The profile of `player` in the finished games `history` (`plays`, of one group or several)."""
    own = [play for play in history if player in play.ranks]
    by_game: dict[str, list[Play]] = defaultdict(list)
    for play in own:
        by_game[play.game].append(play)
    games = sorted((_game_line(game, found, player) for game, found in by_game.items()),
                   key=lambda line: (-line.tally.plays, line.game))
    counts = [CountLine(line.game, n, _tally([p for p in by_game[line.game] if len(p.ranks) == n], player))
              for line in games for n in sorted({len(p.ranks) for p in by_game[line.game]})]
    return Profile(player, _tally(own, player), sum(line.minutes for line in games), sum(line.timed for line in games),
                   tuple(games), tuple(counts), _rivals(own, player))


def _tally(found: Sequence[Play], player: str) -> Tally:
    return Tally(len(found), sum(player in p.winners for p in found))


def _game_line(game: str, found: Sequence[Play], player: str) -> GameLine:
    totals, timed = [p.totals[player] for p in found], [p.minutes for p in found if p.minutes is not None]
    return GameLine(game, _tally(found, player), sum(totals) / len(totals), max(totals), sum(timed), len(timed))


def _rivals(own: Iterable[Play], player: str) -> tuple[Rival, ...]:
    """Every other player's shared games with `player`, ahead, behind and level, counted in one pass."""
    shared: Counter[str] = Counter()
    ahead: Counter[str] = Counter()
    behind: Counter[str] = Counter()
    for play in own:
        own_place = play.ranks[player]
        for other, place in play.ranks.items():
            if other != player:
                shared[other] += 1
                ahead[other] += own_place < place
                behind[other] += place < own_place
    rivals = [Rival(o, n, ahead[o], behind[o], n - ahead[o] - behind[o]) for o, n in shared.items() if n >= SHARED_AT_LEAST]
    return tuple(sorted(rivals, key=lambda r: (-r.games, r.name)))
