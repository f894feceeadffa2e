"""Schichtwechsel – Die Förderung liegt in deiner Hand (Thomas Spitzer, Spielefaible 2021): round cards
and final scoring.

Follows ../rules/schichtwechsel.md; the rules come from the German rules summary
../seeds/000_e7e74b63b3be7c62.txt [seed]. The round cards and what each rewards are UNVERIFIED: the table
records each card's name and the VP it gave. No source gives a tie-breaker: equal totals share a place.

A record is the JSON of ../rules/records.md, plus the app's optional fields `colours`, `setup_ticks`,
`start_player` (who holds the start-player marker now), `finish` (the arrivals at the end fields so far,
entered as they happen) and `end_items` (the end items of the players who have entered theirs). The end
section is built from those once every player has entered their items.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
import copy
from dataclasses import dataclass
from enum import StrEnum
from typing import Any

from scoring.app_fields import setup_ticks
from scoring.errors import RecordError, define
from scoring.fields import MAX_COUNT, count, enter, mapping, per_player, player, players, sequence, text
from scoring.standings import Line, Result, standings

PROBLEMS = {
    "unknown_track": "unknown track {value}",
    "listed_twice": "a player is listed twice",
    "items_too_early": "are entered after round {rounds}",
}
"""The refusals of this game's records, in English (errors.PROBLEMS has those every game shares)."""
define(PROBLEMS)


ROUNDS = 5
FIRST_TO_FINISH_VP = 8
LATER_FINISHER_VP = 5
"""The first player to reach the end of the day shift or of a track gets 8, every later one 5 [seed]."""
TOOL_VP = -2
START_PLAYER_VP = 2
ROUND_NAMES = ("1", "2", "3", "4", "5")
CARD_CHARS = 40
"""The longest round-card name; the cards' names are not confirmed (UNVERIFIED), so the table types them."""


class Track(StrEnum):
    RAIL = "rail"
    ROAD = "road"
    CANAL = "canal"


RACES = ("miner", *(t.value for t in Track))
"""The end fields scored by order of arrival: the day shift's and each track's [seed]."""


PLAYER_ITEMS = ("track_points", "houses", "coke", "vp_chips", "tools")
"""Entered per player from the board at the end: VP printed on passed track thresholds, on the chosen
house fields and under the sold coke pairs, VP chips, and tool tiles held [seed]."""
ITEM_LIMITS = dict.fromkeys(PLAYER_ITEMS, MAX_COUNT)
"""No end item has a printed limit (tool tiles: each player starts with 6 and can take more [seed]): a
typo guard."""
CATEGORIES = ("rounds", "miner", "rail", "road", "canal", "track_points", "houses", "coke", "vp_chips",
              "start_player", "tools")


@dataclass(frozen=True)
class Round:
    """One round's card as the table named it, and the VP each player got from it."""

    card: str
    points: Mapping[str, int]


@dataclass(frozen=True)
class End:
    """What the final scoring needs: the finish orders, the start-player marker and each player's items."""

    finish: Mapping[str, tuple[str, ...]]
    """Per end field (`RACES`), the players in the order they got there."""
    start_player: str
    items: Mapping[str, Mapping[str, int]]


@dataclass(frozen=True)
class Record:
    """A game as entered. `start_player`, `finish` and `items` are the end section's values where it
    is present, otherwise the app's fields for a game in progress (the current holder of the marker,
    the arrivals so far, the end items entered so far)."""

    players: tuple[str, ...]
    rounds: tuple[Round, ...]
    end: End | None
    start_player: str | None
    finish: Mapping[str, tuple[str, ...]]
    items: Mapping[str, Mapping[str, int]]


def read(record: Mapping[str, Any]) -> Record:
    """Check a record against the format and the rules; the first problem raises RecordError."""
    names = players(record, range(2, 5))
    rounds = tuple(_round(r, f"rounds.{i}", names) for i, r in enumerate(sequence(record.get("rounds", []), "rounds")))
    if len(rounds) > ROUNDS:
        raise RecordError("rounds", "too_many_rounds", count=len(rounds), limit=ROUNDS)
    setup_ticks(record)
    if record.get("end") is not None and len(rounds) < ROUNDS:
        raise RecordError("end", "items_too_early", rounds=ROUNDS)
    if record.get("end") is not None:
        end = _end(record["end"], names)
        return Record(names, rounds, end, end.start_player, end.finish, end.items)
    holder = record.get("start_player")
    finish = mapping(record.get("finish", {}), "finish")
    for race in finish:
        if race not in RACES:
            raise RecordError(f"finish.{race}", "unknown_track", value=race)
    return Record(
        names, rounds, None,
        None if holder is None else player(holder, "start_player", names),
        {r: _finish(finish.get(r, []), f"finish.{r}", names) for r in RACES},
        {player(p, "end_items", names): _items(v, f"end_items.{p}")
         for p, v in mapping(record.get("end_items", {}), "end_items").items()},
    )


def score(data: Mapping[str, Any]) -> Result:
    """Standings of a (possibly partial) record: round-card VP as entered and the end fields reached so
    far, then the rest of the final scoring once the game is over. No tie-breaker is known: equal totals
    share a place (UNVERIFIED)."""
    record = read(data)
    races = {r: race(record.finish[r]) for r in RACES}
    lines = {p: [Line("rounds", "schichtwechsel.line.round", r.points[p], {"round": i + 1, "card": r.card})
                 for i, r in enumerate(record.rounds)]
             + [Line(r, f"schichtwechsel.line.{r}", points[p], {}) for r, points in races.items() if p in points]
             for p in record.players}
    if record.end is not None:
        for p in record.players:
            lines[p] += _final_lines(record, p)
    return Result("schichtwechsel", record.end is not None, standings(record.players, lines, CATEGORIES),
                  _progress(record))


def race(finish: Sequence[str]) -> dict[str, int]:
    """VP for reaching an end field, by the order of arrival: the first 8, every later one 5 [seed]."""
    return {p: FIRST_TO_FINISH_VP if i == 0 else LATER_FINISHER_VP for i, p in enumerate(finish)}


def _final_lines(record: Record, who: str) -> list[Line]:
    """The end items, the start-player marker and the tools of one player [seed]."""
    items = record.items[who]
    return [
        *(Line(i, f"schichtwechsel.line.{i}", items[i], {}) for i in ("track_points", "houses", "coke", "vp_chips")),
        Line("start_player", "schichtwechsel.line.start_player", START_PLAYER_VP if record.start_player == who else 0, {}),
        Line("tools", "schichtwechsel.line.tools", TOOL_VP * items["tools"], {"tools": items["tools"]}),
    ]


def _progress(record: Record) -> tuple[dict[str, int], ...]:
    """Running totals of the round cards after each round."""
    return tuple({p: sum(r.points[p] for r in record.rounds[: k + 1]) for p in record.players}
                 for k in range(len(record.rounds)))


def _round(value: Any, where: str, names: Sequence[str]) -> Round:
    entry = mapping(value, where)
    card = text(entry.get("card"), f"{where}.card", CARD_CHARS)
    return Round(card, per_player(entry.get("points"), f"{where}.points", names, count))


def _end(value: Any, names: Sequence[str]) -> End:
    end = mapping(value, "end")
    tracks = mapping(end.get("track_finish"), "end.track_finish")
    for key in tracks:
        if key not in set(Track):
            raise RecordError(f"end.track_finish.{key}", "unknown_track", value=key)
    return End(
        finish={"miner": _finish(end.get("miner_finish"), "end.miner_finish", names)}
        | {t.value: _finish(tracks.get(t.value, []), f"end.track_finish.{t.value}", names) for t in Track},
        start_player=player(end.get("start_player"), "end.start_player", names),
        items=per_player(end.get("players"), "end.players", names, _items),
    )


def _items(value: Any, where: str) -> dict[str, int]:
    return {i: count(mapping(value, where).get(i, 0), f"{where}.{i}", limit) for i, limit in ITEM_LIMITS.items()}


def _finish(value: Any, where: str, names: Sequence[str]) -> tuple[str, ...]:
    """An order of arrival: players of the game, each at most once."""
    order = tuple(player(p, f"{where}.{i}", names) for i, p in enumerate(sequence(value, where)))
    if len(set(order)) != len(order):
        raise RecordError(where, "listed_twice")
    return order


def new_record(names: Sequence[str], colours: Mapping[str, str], start_player: str) -> dict[str, Any]:
    """The record of a game about to start."""
    record = {"game": "schichtwechsel", "players": list(names), "colours": dict(colours),
              "start_player": start_player, "rounds": []}
    read(record)
    return record


def status(data: Mapping[str, Any]) -> tuple[str, dict[str, Any]]:
    """The stage for the header: the round being played, or the final scoring."""
    played = len(data.get("rounds", []))
    if played >= ROUNDS:
        return "schichtwechsel.status.end", {}
    return "schichtwechsel.status.round", {"round": played + 1, "rounds": ROUNDS}


# Changes the table makes. Each takes the stored record and what the phone showed, and returns a new
# record or raises RecordError: a stale phone is refused instead of overwriting.

def add_round(data: Mapping[str, Any], number: int, card: str, points: Mapping[str, int]) -> dict[str, Any]:
    """Enter round `number`'s card and the VP each player got from it; a round another phone has
    entered meanwhile is refused, and so is a sixth round."""
    new = _editable(data)
    if count(number, "round", ROUNDS + 1) != len(new["rounds"]) + 1:
        raise RecordError(f"rounds.{number - 1}", "round_entered" if number <= len(new["rounds"]) else "round_not_reached",
                          round=number)
    new["rounds"].append(_round_entry(card, points))
    return _settled(new)


def edit_round(data: Mapping[str, Any], number: int, card: str, points: Mapping[str, int],
               seen: Mapping[str, Any]) -> dict[str, Any]:
    """Correct an entered round; `seen` is the round as the phone showed it."""
    new = _editable(data)
    if not 1 <= count(number, "round", ROUNDS) <= len(new["rounds"]) or new["rounds"][number - 1] != seen:
        raise RecordError(f"rounds.{number - 1}", "changed_elsewhere")
    new["rounds"][number - 1] = _round_entry(card, points)
    return _settled(new)


def _round_entry(card: Any, points: Any) -> dict[str, Any]:
    """A round as typed: the card's name trimmed (an empty one is refused by the reader)."""
    return {"card": card.strip() if isinstance(card, str) else card, "points": dict(mapping(points, "points"))}


def arrive(data: Mapping[str, Any], end_field: str, who: str, place: int) -> dict[str, Any]:
    """`who` reached the end of the day shift or of a track, after the `place` players the phone showed
    there; a list another phone changed meanwhile is refused."""
    new = _editable(data)
    arrivals = new["finish"].get(end_field) if isinstance(end_field, str) else None
    if arrivals is None:
        raise RecordError(f"finish.{end_field}", "unknown_track", value=end_field)
    if len(arrivals) != count(place, f"finish.{end_field}"):
        raise RecordError(f"finish.{end_field}", "changed_elsewhere")
    arrivals.append(who)
    return _settled(new)


def withdraw(data: Mapping[str, Any], end_field: str, who: str) -> dict[str, Any]:
    """Take a player off an end field's arrivals (to correct the order); later ones move up."""
    new = _editable(data)
    arrivals = new["finish"].get(end_field, []) if isinstance(end_field, str) else []
    if not isinstance(who, str) or who not in arrivals:
        raise RecordError(f"finish.{end_field}", "already_removed")
    arrivals.remove(who)
    return _settled(new)


def pass_marker(data: Mapping[str, Any], who: str, seen: str | None) -> dict[str, Any]:
    """The start-player marker goes to `who` (the start-player action); `seen` is the holder the phone
    showed (None for an imported record that names nobody)."""
    new = _editable(data)
    if new.get("start_player") != seen:
        raise RecordError("start_player", "changed_elsewhere")
    new["start_player"] = who
    return _settled(new)


def set_items(data: Mapping[str, Any], who: str, items: Mapping[str, int], seen: Mapping[str, int] | None) -> dict[str, Any]:
    """Enter one player's end items after round 5 (see `records.enter` for `seen`). Once every player
    has, the end section is built and the game is over."""
    if len(data.get("rounds", [])) < ROUNDS:
        raise RecordError("end_items", "items_too_early", rounds=ROUNDS)
    new = _editable(data)
    enter(new["end_items"], "end_items", who, items, seen, new["players"])
    return _settled(new)


def _editable(data: Mapping[str, Any]) -> dict[str, Any]:
    """A copy to change, its app fields filled in (from the end section where there is one)."""
    record = read(data)
    new = copy.deepcopy(dict(data))
    new.pop("end", None)
    new.setdefault("rounds", [])
    new["start_player"] = record.start_player
    new["finish"] = {r: list(record.finish[r]) for r in RACES}
    new["end_items"] = {p: dict(v) for p, v in record.items.items()}
    return new


def _settled(new: dict[str, Any]) -> dict[str, Any]:
    """Check the changed record and build its end section once every player has entered their items."""
    record = read(new)
    if len(record.items) == len(record.players) and record.start_player is not None:
        new["end"] = {
            "miner_finish": list(record.finish["miner"]),
            "track_finish": {t.value: list(record.finish[t.value]) for t in Track},
            "start_player": record.start_player,
            "players": {p: dict(record.items[p]) for p in record.players},
        }
    return new
