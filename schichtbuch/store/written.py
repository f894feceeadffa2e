"""What a write stores of a game, decided here rather than by the store's backends: the one gate (every document the
store writes is read and scored by its game's reader, `scoring.registry.check`, else a RecordError and
nothing is stored), the `ended` stamp (whole seconds since 1970, UTC) on the write that makes a game final,
and the row a group's history keeps of the game (`scoring.registry.summary`). The store calls `written`
inside its write transaction (its `Gate`) and stores what it returns."""

from __future__ import annotations

import time
from collections.abc import Mapping
from dataclasses import dataclass
from functools import cached_property
from typing import Any

from scoring.app_fields import end_stamp
from scoring.registry import check, summary
from scoring.standings import Result


@dataclass(frozen=True)
class Written:
    """A document as the store is to write it, with its game's score (`result`)."""

    doc: dict[str, Any]
    result: Result

    @cached_property
    def summary(self) -> dict[str, Any]:
        """The group's history row of the game (`scoring.registry.summary`: game, players, final, times,
        standings), from the gate's scoring; made only for a game of a group."""
        return summary(self.doc, self.result)


def written(before: Mapping[str, Any] | None, after: dict[str, Any]) -> Written:
    """The document to store for a write that turns `before` into `after` (`before` None: a new game, an
    imported one, or a game added to a group, which are stored as they come): `after` read and scored,
    with `ended` stamped (`end_stamp`: now, never before its start or a break) the first time a change
    makes the game final. The stamp needs no second reading: no game's reader looks at `ended`, and a
    stamp at or after every time the record holds is one the app fields accept."""
    result = check(after)
    if before is not None and result.final and "ended" not in after:
        after = {**after, "ended": end_stamp(after, time.time())}
    return Written(after, result)
