"""What the property-based tests (`test_fuzz.py`) draw from: values a fuzzer would try, and the argument
strategies each game's changes are called with (`Args`). Each game's own change strategies are its
builder's `changes` (`tests/builders/<id>.py`), built from these."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from hypothesis import strategies as st

ODD_TEXT = st.sampled_from(["", " ", " Koks ", "\ud800", "a\nb", "\x00", "=1+1", "Ä" * 30, "x" * 200, "_", "a.b"])
ODD_NUMBER = st.sampled_from([-1, 0, 1, 19, 20, 21, 44, 48, 49, 999, 1000, 10**16, -(10**16), 2**70])
SCALAR = st.one_of(st.none(), st.booleans(), st.integers(-50, 50), ODD_NUMBER, st.floats(allow_nan=True),
                   st.text(max_size=6), ODD_TEXT)
ANYTHING = st.recursive(SCALAR, lambda inner: st.one_of(st.lists(inner, max_size=3),
                                                        st.dictionaries(st.text(max_size=4) | ODD_TEXT, inner, max_size=3)),
                        max_leaves=8)

Change = tuple[str, Callable[..., Any], tuple[Any, ...]]
"""A change drawn: its name, its function, and the arguments it is called with after the record."""


class Args:
    """Argument strategies for one change: plausible ones, or with `hostile` any value mixed in."""

    def __init__(self, doc: dict[str, Any], hostile: bool) -> None:
        self.doc, self.hostile, self.names = doc, hostile, list(doc["players"])

    def __call__(self, plausible: st.SearchStrategy[Any], odd: st.SearchStrategy[Any] = st.nothing()) -> st.SearchStrategy[Any]:
        """`plausible`, or when hostile also `odd` values (out of range, stale) and anything at all."""
        return st.one_of(plausible, odd, ANYTHING) if self.hostile else plausible

    def player(self) -> st.SearchStrategy[Any]:
        return self(st.sampled_from(self.names))

    def number(self, low: int, high: int) -> st.SearchStrategy[Any]:
        return self(st.one_of(st.integers(low, high), st.sampled_from([low, high])))

    def counts(self, keys: list[str], high: int) -> st.SearchStrategy[Any]:
        """Counts per player or per field, often at the limit and now and then one past it."""
        value = st.one_of(st.integers(0, high), st.sampled_from([0, high, high, high + 1]))
        return self(st.fixed_dictionaries({k: value for k in keys}))

    def seen(self, value: Any) -> st.SearchStrategy[Any]:
        return self(st.just(value))


def change(name: str, function: Callable[..., Any], *args: st.SearchStrategy[Any]) -> st.SearchStrategy[Change]:
    return st.tuples(st.just(name), st.just(function), st.tuples(*args))


def no_options(names: list[str]) -> st.SearchStrategy[dict[str, Any]]:
    """The start options of a game that has none: `new_record` with the players, colours and first alone."""
    return st.just({})
