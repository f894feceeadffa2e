"""What only the PostgreSQL store has: named migrations recorded in the database and run once when several
app processes start together; and a long game kept as compactly as in SQLite, every undo intact. (The
games logic runs on PostgreSQL in every `store` test of test_store.py.)"""

import json
import threading

import pytest

import psycopg

from schichtbuch.store.migrations import STEPS
from schichtbuch.store.postgres import PostgresStore
from builders.coal_baron import long_game

pytestmark = pytest.mark.store


def applied(url):
    with psycopg.connect(url) as db:
        return db.execute("SELECT number, name FROM schema_migrations ORDER BY number").fetchall()


def test_a_new_database_gets_every_named_migration_once(postgres_url):
    PostgresStore(postgres_url).close()
    PostgresStore(postgres_url).close()  # a second start applies nothing again
    assert applied(postgres_url) == [(n, name) for n, (name, _) in enumerate(STEPS, start=1)]


def test_processes_starting_together_migrate_once(postgres_url):
    failures = []

    def start():
        try:
            PostgresStore(postgres_url).close()
        except Exception as error:  # noqa: BLE001 — collected and shown by the assertion below
            failures.append(error)

    starts = [threading.Thread(target=start) for _ in range(4)]
    for thread in starts:
        thread.start()
    for thread in starts:
        thread.join(timeout=60)
    assert failures == [] and len(applied(postgres_url)) == len(STEPS)


def test_a_long_game_is_kept_compactly_and_undo_walks_all_the_way_back(postgres_url):
    store = PostgresStore(postgres_url)
    game_id, docs = long_game(store)
    with psycopg.connect(postgres_url) as db:
        kept = db.execute("SELECT (SELECT length(doc) FROM games WHERE id = %s) + sum(coalesce(length(back), 0)"
                          " + length(label)) FROM changes WHERE game = %s", (game_id, game_id)).fetchone()[0]
    assert kept <= 30 * 1024 < sum(len(json.dumps(d)) for d in docs)
    for version in range(len(docs), 1, -1):
        assert store.undo(game_id, store.version(game_id)).doc == docs[version - 2]
    store.close()

