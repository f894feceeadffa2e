"""`python -m scoring score RECORD.json` (../rules/records.md), each game's own commands from its descriptor
(`python -m scoring loot LOOTING.json` for MINE!), and `python -m scoring bgstats RECORD.json
[--utc-offset MINUTES] [--location TEXT] [--lang de|en|fr|ja]`: the BG Stats push link of a finished game
(scoring/bgstats.py), printed as plain text, its comments and board in the app's words for that language: the
app's compiled catalogs (`schichtbuch/locales/<lang>/LC_MESSAGES/messages.mo`), read as files with the standard
library's gettext (scoring imports nothing of the app); and `python -m scoring card RECORD.json --out CARD.png
[--lang de|en|fr|ja] [--utc-offset MINUTES]`: the results card of a finished game (scoring/card.py), the same
PNG the end page shares, written to CARD.png, nothing printed.

A refused record exits 2 with one line on stderr naming the field; nothing goes to stdout."""

from __future__ import annotations

import argparse
import gettext
import json
import sys
from functools import cache
from pathlib import Path
from typing import Any

from scoring.bgstats import bgstats_command
from scoring.errors import RecordError
from scoring.game import Command, Translate
from scoring.gate import MAX_BYTES, parse
from scoring.registry import GAMES, score

COMMANDS = {"score": Command("print the standings of a game record", lambda data: score(data).to_dict())} | {
    name: command for g in GAMES.values() for name, command in g.commands.items()}
"""The commands that print JSON for a file: scoring a record, and each game's own."""
CATALOGS = Path(__file__).resolve().parent.parent / "schichtbuch" / "locales"
"""The app's compiled catalogs, one `<lang>/LC_MESSAGES/messages.mo` per language."""
LANGUAGES = ("de", "en", "fr", "ja")
"""The languages of the app's catalogs (schichtbuch/texts/i18n.py's `LANGUAGES`; a test holds them equal)."""


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m scoring", description="Score a Schichtbuch game record.")
    commands = parser.add_subparsers(dest="command", required=True)
    for name, command in COMMANDS.items():
        commands.add_parser(name, help=command.help).add_argument("file")
    push = commands.add_parser("bgstats", help="print the BG Stats link of a finished game record")
    push.add_argument("file")
    push.add_argument("--utc-offset", type=int, default=0, help="minutes from UTC of the play date (default 0)")
    push.add_argument("--location", default="", help="where the game was played")
    push.add_argument("--lang", choices=LANGUAGES, default="en", help="language of the game's name and the comments")
    drawn = commands.add_parser("card", help="draw the results card of a finished game record as a PNG file")
    drawn.add_argument("file")
    drawn.add_argument("--out", required=True, help="the PNG file to write")
    drawn.add_argument("--lang", choices=LANGUAGES, default="en", help="language of the card")
    drawn.add_argument("--utc-offset", type=int, default=0, help="minutes from UTC of the date shown (default 0)")
    args = parser.parse_args(argv)
    try:
        if args.command == "card":
            card(args.file, args.out, args.lang, args.utc_offset)
            return 0
        if args.command == "bgstats":
            print(bgstats_command(load(args.file), texts(args.lang), args.lang, args.utc_offset, args.location))
            return 0
        output = COMMANDS[args.command].run(load(args.file))
    except RecordError as error:
        print(f"error: {error}", file=sys.stderr)
        return 2
    print(json.dumps(output, ensure_ascii=False))
    return 0


def load(path: str) -> object:
    """Read a record file: at most 1 MB of JSON."""
    try:
        with open(path, "rb") as file:
            data = file.read(MAX_BYTES + 1)
    except OSError as error:
        raise RecordError("file", "cannot_read", path=path, reason=error.strerror) from None
    return parse(data)


def card(path: str, out: str, lang: str, utc_offset: int) -> None:
    """Write the results card of the finished game in `path` to `out`: nothing is written for a record
    that is refused."""
    from scoring.card import card_png  # here: only this command loads Pillow and the card's font

    png = card_png(load(path), texts(lang), lang, utc_offset)
    try:
        with open(out, "wb") as file:
            file.write(png)
    except OSError as error:
        raise RecordError("out", "cannot_write", path=out, reason=error.strerror) from None


def texts(lang: str) -> Translate:
    """`t(key, **params)` in `lang` from the app's compiled catalog (English where it lacks a text), its
    placeholders filled as written."""
    catalog = _catalog(lang)

    def t(key: str, **params: Any) -> str:
        return catalog.gettext(key).format(**params)

    return t


@cache
def _catalog(lang: str) -> gettext.NullTranslations:
    return gettext.translation("messages", CATALOGS, languages=[lang, "en"])


if __name__ == "__main__":
    sys.exit(main())
