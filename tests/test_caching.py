"""caching.kept: Streamlit's caches keyed by a version, with the compute locks Streamlit keeps bounded."""

from __future__ import annotations

import pytest
import streamlit as st

from schichtbuch.live import caching

pytestmark = pytest.mark.pure

ENTRIES = 4

CACHES = [st.cache_data, st.cache_resource]


def counted() -> tuple:
    """A function of a game's version (its document not hashed) and the list of its computations."""
    computed: list[tuple[str, int]] = []

    def stored_version(game_id: str, version: int, _doc: dict) -> int:
        computed.append((game_id, version))
        return version

    return stored_version, computed


def locks(cache, func) -> int:
    """How many compute locks Streamlit keeps for `func`'s `cache` (`Cache._value_locks`; the cache is
    found by the function, as Streamlit finds it)."""
    cached = cache(max_entries=ENTRIES, show_spinner=False)(func)
    return len(cached._info.get_function_cache(cached._function_key)._value_locks)


@pytest.fixture(autouse=True)
def cleared():
    yield
    for cache in CACHES:
        cache.clear()


@pytest.mark.parametrize("cache", CACHES)
def test_streamlit_alone_keeps_a_lock_for_every_key_it_ever_computed(cache):
    """What `kept` is for: if this fails, Streamlit no longer keeps them and `kept` can go."""
    func, _ = counted()
    cached = cache(max_entries=ENTRIES, show_spinner=False)(func)
    for version in range(10 * ENTRIES):
        cached("g", version, {})
    assert locks(cache, func) == 10 * ENTRIES


@pytest.mark.parametrize("cache", CACHES)
def test_kept_bounds_the_locks_and_answers_every_version(cache):
    func, computed = counted()
    cached = caching.kept(cache, ENTRIES)(func)
    for version in range(10 * ENTRIES):
        assert cached("g", version, {"any": "document"}) == version
        assert cached("g", version, _doc={}) == version   # the document is not part of the key
    assert locks(cache, func) <= 2 * ENTRIES
    assert computed == [("g", v) for v in range(10 * ENTRIES)]


@pytest.mark.parametrize("cache", CACHES)
def test_kept_computes_each_of_up_to_entries_keys_once(cache):
    func, computed = counted()
    cached = caching.kept(cache, ENTRIES)(func)
    for _ in range(3):
        for game in ("g", "h"):
            for version in range(ENTRIES // 2):
                cached(game, version, {})
    assert computed == [(g, v) for g in ("g", "h") for v in range(ENTRIES // 2)]
