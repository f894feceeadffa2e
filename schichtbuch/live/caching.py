"""Streamlit's caches for values keyed by a game's or group's version, without their leak.

Streamlit (1.67) keeps, beside every value a cache computes, a lock for computing it, and drops the lock
only when the cache is cleared (`Cache._value_locks`): `max_entries` evicts the value, never its lock and
64-character key. A cache keyed by a version grows by one of each, about 185 bytes (tracemalloc), with
every tap for as long as the server runs. The standings and the check that a stored game reads are two
such caches: at 24 tables, a tap every 5 seconds each (`tests/load/soak.py`), 35,000 keys and 6 MB an
hour.

`kept` clears such a cache whenever its calls have asked for twice `entries` keys since the last clear,
which bounds those locks. What it drops is computed again when asked for; the versions shown now are
asked for again within seconds anyway, since they are the ones taps replace."""

from __future__ import annotations

import functools
import inspect
import threading
from collections.abc import Callable
from typing import Any, TypeVar

F = TypeVar("F", bound=Callable[..., Any])


def kept(cache: Callable[..., Any], entries: int) -> Callable[[F], F]:
    """Decorate a function with Streamlit's `cache` (`st.cache_data` or `st.cache_resource`) keeping up to
    `entries` values, cleared after `2 * entries` keys (the arguments not named with a leading "_", as
    Streamlit hashes them) since the last clear."""

    def decorate(func: F) -> F:
        cached = cache(max_entries=entries, show_spinner=False)(func)
        signature, asked, lock = inspect.signature(func), set(), threading.Lock()

        @functools.wraps(func)
        def call(*args: Any, **kwargs: Any) -> Any:
            bound = signature.bind(*args, **kwargs).arguments
            with lock:
                asked.add(tuple((name, value) for name, value in bound.items() if not name.startswith("_")))
                full = len(asked) > 2 * entries
                if full:
                    asked.clear()
            if full:
                cached.clear()
            return cached(*args, **kwargs)

        return call  # type: ignore[return-value]

    return decorate
