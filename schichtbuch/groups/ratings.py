"""Ratings of a group's players, one per game: OpenSkill's Plackett–Luce model (the `openskill` package
with its default parameters: every player starts at μ = 25, σ = 25/3), replayed over the group's finished
games of that game in the order they were played (`profiles.plays`).

- Each finished game is one `rate` call: the people at the table, each a team of one, ranked by their
  places as scored (the game's tie-breakers included). Players sharing a place are tied: equal ranks,
  which the model counts as a tie.
- MINE!'s dummy seat is not rated and takes no part in the call (`profiles.Play` leaves it out); a game
  with fewer than two people left rates nobody.
- A rating is shown as μ ± σ, the skill the model estimates and how uncertain it still is; players are
  ordered by μ − 3σ (OpenSkill's `ordinal`), a skill the player has at least with high confidence, which
  rises as games are played.

Pure: no Streamlit, no store, no clock; the same history gives the same ratings.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable
from dataclasses import dataclass

from openskill.models import PlackettLuce, PlackettLuceRating

from schichtbuch.groups.profiles import Play

CONFIDENCE = 3
"""The σs taken off μ for the conservative rating (OpenSkill's `ordinal`, z = 3)."""


@dataclass(frozen=True)
class Rating:
    """A player's rating in one game of a group after every finished game of it."""

    player: str
    mu: float
    """The skill the model estimates."""
    sigma: float
    """Its uncertainty: one standard deviation."""
    games: int
    """The finished games rated."""

    @property
    def ordinal(self) -> float:
        """The conservative rating, μ − 3σ."""
        return self.mu - CONFIDENCE * self.sigma


def ratings(history: Iterable[Play], game: str) -> tuple[Rating, ...]:
    """Every player's rating in `game` after replaying its finished games of `history` in order, the
    highest conservative rating (μ − 3σ) first, then by name; a player of no rated game has none."""
    model = PlackettLuce()
    current: dict[str, PlackettLuceRating] = {}
    rated: Counter[str] = Counter()
    for play in history:
        if play.game != game or len(play.ranks) < 2:
            continue
        names = list(play.ranks)
        teams = [[current[n] if n in current else model.rating(name=n)] for n in names]
        for name, (after,) in zip(names, model.rate(teams, ranks=[float(play.ranks[n]) for n in names])):
            current[name] = after
            rated[name] += 1
    found = [Rating(n, r.mu, r.sigma, rated[n]) for n, r in current.items()]
    return tuple(sorted(found, key=lambda r: (-r.ordinal, r.player)))
