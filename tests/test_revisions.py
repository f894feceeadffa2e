"""Revisions kept as ways back (schichtbuch/store/revisions.py): every way back restores the earlier document
exactly, even where the patch library errs; a long game's storage stays small and grows with its length;
a store of the previous schema (a whole copy per revision) migrates with every undo intact."""

import json
import sqlite3
from statistics import median

import pytest
from hypothesis import given
from hypothesis import strategies as st

from schichtbuch.store.revisions import go_back, way_back
from builders import long_game
from legacy_store import counted_sqlite
from schichtbuch.store import NothingToUndo, SQLiteStore
from schichtbuch.store.sqlite import migrate
from scoring.registry import is_over

ADD = {"key": "change.add"}

json_values = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False, allow_infinity=False) | st.text(max_size=5),
    lambda inner: st.lists(inner, max_size=5) | st.dictionaries(st.text(max_size=4), inner, max_size=5),
    max_leaves=30,
)

pytestmark = pytest.mark.store

documents = st.dictionaries(st.text(max_size=4), json_values, max_size=5)


def as_stored(doc):
    return json.dumps(doc, sort_keys=True)


@given(documents, documents)
def test_a_way_back_restores_the_earlier_document_exactly(new, old):
    assert as_stored(go_back(new, [way_back(new, old)])) == as_stored(old)


@pytest.mark.parametrize("new, old", [
    pytest.param({"l": [{"x": ["a", {"y": ["b"]}], "z": "a"}, {"x": ["c", {"d": ["d"]}], "z": "c"}, {}]},
                 {"l": [{"x": ["c", {"y": ["d"]}], "z": "c"}, {}]}, id="python-json-patch-138"),
    pytest.param({"a": [{"id": [1]}, {"id": [2]}], "b": [{"id": 5}]},
                 {"a": [{"id": []}, {"id": [1]}], "b": [{"id": 5, "newKey": 2}]}, id="python-json-patch-160"),
    pytest.param({"": [None, {}, []]}, {":": {}, "": [[]]}, id="diff_raises_type_error"),
    pytest.param({"n": 1}, {"n": True}, id="true_is_not_1"),
    pytest.param({"n": 1}, {"n": 1.0}, id="1.0_is_not_1"),
    pytest.param({"a": [1, 2, 3]}, {}, id="to_empty"),
])
def test_where_the_patch_library_errs_the_earlier_document_is_still_restored(new, old):
    assert as_stored(go_back(new, [way_back(new, old)])) == as_stored(old)


def stored_bytes(path, game_id):
    db = sqlite3.connect(path)
    try:
        doc = db.execute("SELECT length(doc) FROM games WHERE id = ?", (game_id,)).fetchone()[0]
        changes = db.execute("SELECT sum(coalesce(length(back), 0) + length(label)) FROM changes WHERE game = ?",
                             (game_id,)).fetchone()[0]
        return doc + changes
    finally:
        db.close()


def test_a_long_game_takes_at_most_30_kib_and_undo_walks_all_the_way_back(tmp_path):
    path = str(tmp_path / "games.sqlite3")
    store = SQLiteStore(path)
    game_id, docs = long_game(store)
    whole_copies = sum(len(json.dumps(d)) for d in docs)
    assert len(docs) >= 70 and is_over(docs[-1])
    assert stored_bytes(path, game_id) <= 30 * 1024 < whole_copies
    for version in range(len(docs), 1, -1):
        assert store.undo(game_id, store.version(game_id)).doc == docs[version - 2]
    assert store.load(game_id).doc == docs[0]
    with pytest.raises(NothingToUndo):
        store.undo(game_id, store.version(game_id))


def test_storage_grows_with_the_length_of_the_game_not_its_square(tmp_path):
    """A change late in the game is kept in as few bytes as one early on (the median way back of the last
    third of the changes against the first third); a whole copy grew with every change."""
    path = str(tmp_path / "games.sqlite3")
    game_id, _ = long_game(SQLiteStore(path))
    db = sqlite3.connect(path)
    sizes = [n for (n,) in db.execute("SELECT length(back) FROM changes WHERE game = ? AND version > 1"
                                      " ORDER BY version", (game_id,))]
    db.close()
    third = len(sizes) // 3
    assert median(sizes[-third:]) <= 1.1 * median(sizes[:third])


def test_a_store_of_whole_copies_migrates_and_every_revision_stays_reachable(tmp_path):
    old, new = str(tmp_path / "old.sqlite3"), str(tmp_path / "new.sqlite3")
    game_id, docs = long_game(SQLiteStore(new))
    db = counted_sqlite(old, 3)
    db.execute("INSERT INTO games VALUES (?, ?, ?, 0)", (game_id, json.dumps(docs[-1]), len(docs)))
    db.executemany("INSERT INTO revisions VALUES (?, ?, ?, ?)",
                   [(game_id, v, json.dumps(d), json.dumps(ADD)) for v, d in enumerate(docs, start=1)])
    migrate(db)
    db.close()
    store = SQLiteStore(old)
    assert stored_bytes(old, game_id) <= 30 * 1024
    for version in range(len(docs), 1, -1):
        assert store.undo(game_id, store.version(game_id)).doc == docs[version - 2]
