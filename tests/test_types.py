"""The code type-checks strictly, and the store's contract (`Store`) is complete."""

import inspect

import pytest
from mypy import api

from browser import ROOT
from schichtbuch.store import SQLiteStore, Store
from schichtbuch.store.postgres import PostgresStore

pytestmark = pytest.mark.pure
LIFETIME = {"close"}
"""A backend's methods that are about its own lifetime (the server's connection pool), not the store's
contract: whoever opened such a store closes it."""


def test_scoring_and_setup_type_check_strictly() -> None:
    out, err, status = api.run(["--strict", "--no-error-summary", str(ROOT / "scoring"), str(ROOT / "setup")])
    assert status == 0, out + err


def public_methods(cls: type) -> set[str]:
    return {name for name, _ in inspect.getmembers(cls, inspect.isfunction) if not name.startswith("_")}


@pytest.mark.parametrize("backend", [SQLiteStore, PostgresStore])
def test_the_store_protocol_names_every_public_method_of_each_backend(backend: type) -> None:
    """What a backend offers is in the contract pages are typed against (mypy checks the other way, that
    each backend has all of `Store`: `open_store` returns them as one)."""
    assert public_methods(backend) - LIFETIME == public_methods(Store)
