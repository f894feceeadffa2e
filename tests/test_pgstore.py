"""What only the PostgreSQL store has: named migrations recorded in the database and run once when several
app processes start together; a long game kept as compactly as in SQLite, every undo intact; connections
the server dropped replaced before use, and a server that does not answer said as `Unavailable`. (The
games logic runs on PostgreSQL in every `store` test of test_store.py.)"""

import json
import secrets
import threading
import time
from concurrent.futures import ThreadPoolExecutor

import pytest

import psycopg

from schichtbuch.store import Unavailable
from schichtbuch.store.migrations import STEPS
from schichtbuch.store.postgres import POOL_SIZE, WAIT_SECONDS, PostgresStore
from builders import long_game
from servers import free_port
from unchecked import any_document

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



def terminate(url, name):
    """End, from another connection, every server connection of the application called `name`, as a
    server restart does: the pool's connections stay open on its side until they are used."""
    with psycopg.connect(url, autocommit=True) as admin:
        ended = admin.execute("SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE application_name = %s",
                              (name,)).fetchall()
    assert ended and all(ok for (ok,) in ended)


@pytest.mark.parametrize("call", [
    pytest.param(lambda store, game: store.load(game).doc, id="read"),
    pytest.param(lambda store, game: store.change(game, lambda d: {**d, "items": ["after"]}, {"key": "x"}).doc,
                 id="write"),
])
def test_a_connection_the_server_dropped_is_replaced_before_the_next_call(postgres_url, call):
    name = f"schichtbuch_{secrets.token_hex(4)}"
    store = PostgresStore(f"{postgres_url}&application_name={name}", gate=any_document)
    try:
        games = [store.create({"items": ["before"]}, {"key": "x"}).id for _ in range(POOL_SIZE)]
        together = threading.Barrier(POOL_SIZE)

        def held(doc):
            together.wait(timeout=30)
            return doc

        with ThreadPoolExecutor(POOL_SIZE) as phones:  # every connection of the pool at once, all then dropped
            list(phones.map(lambda game: store.change(game, held, {"key": "x"}), games))
        terminate(postgres_url, name)
        started = time.monotonic()
        assert call(store, games[0])["items"] in (["before"], ["after"])
        assert time.monotonic() - started < 1
    finally:
        store.close()


def test_a_server_that_does_not_answer_is_unavailable(postgres_url):
    port = free_port()
    started = time.monotonic()
    with pytest.raises(Unavailable):
        PostgresStore(f"postgresql://postgres@127.0.0.1:{port}/postgres")
    assert time.monotonic() - started < WAIT_SECONDS + 5
