"""`python -m scoring score RECORD.json` (../rules/records.md), each game's own commands from its descriptor
(`python -m scoring loot LOOTING.json` for MINE!), and `python -m scoring bgstats RECORD.json
[--utc-offset MINUTES] [--location TEXT]`: the BG Stats push link of a finished game (scoring/bgstats.py),
printed as plain text.

A refused record exits 2 with one line on stderr naming the field; nothing goes to stdout."""

from __future__ import annotations

import argparse
import json
import sys

from scoring.bgstats import bgstats_command
from scoring.errors import RecordError
from scoring.game import Command
from scoring.gate import MAX_BYTES, parse
from scoring.registry import GAMES, score

COMMANDS = {"score": Command("print the standings of a game record", lambda data: score(data).to_dict())} | {
    name: command for g in GAMES.values() for name, command in g.commands.items()}
"""The commands that print JSON for a file: scoring a record, and each game's own."""


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m scoring", description="Score a Schichtbuch game record.")
    commands = parser.add_subparsers(dest="command", required=True)
    for name, command in COMMANDS.items():
        commands.add_parser(name, help=command.help).add_argument("file")
    push = commands.add_parser("bgstats", help="print the BG Stats link of a finished game record")
    push.add_argument("file")
    push.add_argument("--utc-offset", type=int, default=0, help="minutes from UTC of the play date (default 0)")
    push.add_argument("--location", default="", help="where the game was played")
    args = parser.parse_args(argv)
    try:
        if args.command == "bgstats":
            print(bgstats_command(load(args.file), args.utc_offset, args.location))
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


if __name__ == "__main__":
    sys.exit(main())
