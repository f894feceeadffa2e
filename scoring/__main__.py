"""`python -m scoring score RECORD.json` (../rules/records.md).

A refused record exits 2 with one line on stderr naming the field; nothing goes to stdout."""

from __future__ import annotations

import argparse
import json
import sys

from scoring.records import MAX_BYTES, RecordError, parse
from scoring.registry import score


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m scoring", description="Score a Schichtbuch game record.")
    commands = parser.add_subparsers(dest="command", required=True)
    commands.add_parser("score", help="print the standings of a game record").add_argument("record")
    args = parser.parse_args(argv)
    try:
        result = score(load(args.record))
    except RecordError as error:
        print(f"error: {error}", file=sys.stderr)
        return 2
    print(json.dumps(result.to_dict(), ensure_ascii=False))
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
