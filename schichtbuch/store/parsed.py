"""The newest document of each game this process has read or written lately, kept parsed. A stored version
never changes, so a read that finds the version it keeps (written at the same moment: a write rolled back
is never taken for the one stored since) takes the document kept, and the database does not even send its
text. So a tap reads its record once: its change's transaction takes the document of the version the page
showed, and the page drawn after it, and every other phone of the table, the document the change wrote.

The documents are shared: whoever gets one reads it and never changes it in place (a change returns a new
document; the games' changes copy what they change). They are bounded by the length of their JSON text,
most of it a photo where a game has one: the games read longest ago go first."""

from __future__ import annotations

import json
import threading
from collections import OrderedDict
from dataclasses import dataclass

from schichtbuch.store.types import Document

PARSED_CHARS = 16_000_000
"""The JSON text the kept documents came from, at most: about thirty games with a full-size photo, thousands
without (a finished game's record is about 2 KB); parsed, a record takes 1.5 to 3.2 times its text in
memory (tracemalloc, a finished game of each)."""


@dataclass(frozen=True)
class Kept:
    """A game's document as kept: its version, the moment that version was written, the document and the
    length of the JSON text it came from."""

    version: int
    updated: float
    doc: Document
    chars: int


class Parsed:
    """The newest document kept for each game, by id."""

    def __init__(self, chars: int = PARSED_CHARS) -> None:
        self._chars = chars
        self._kept: OrderedDict[str, Kept] = OrderedDict()
        self._held = 0
        self._lock = threading.Lock()

    def kept(self, game_id: str) -> Kept | None:
        """The game's document as kept, if it is; a read that finds this version takes it."""
        with self._lock:
            found = self._kept.get(game_id)
            if found is not None:
                self._kept.move_to_end(game_id)
        return found

    def parse(self, game_id: str, version: int, updated: float, text: str) -> Document:
        """The document of a version read from its JSON `text`, kept as the game's newest."""
        doc: Document = json.loads(text)
        self.keep(game_id, Kept(version, updated, doc, len(text)))
        return doc

    def keep(self, game_id: str, kept: Kept) -> None:
        """Keep a document as the game's newest, then drop the games read longest ago while the texts kept
        are longer than the bound allows (the one just kept stays)."""
        with self._lock:
            if (old := self._kept.pop(game_id, None)) is not None:
                self._held -= old.chars
            self._kept[game_id] = kept
            self._held += kept.chars
            while self._held > self._chars and len(self._kept) > 1:
                self._held -= self._kept.popitem(last=False)[1].chars
