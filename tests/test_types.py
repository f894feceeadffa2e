"""The code type-checks strictly (the pure packages, the app's and its pages: what a page calls on the
store is checked against `Store`), and the store's contract is complete."""

import inspect
import os
from pathlib import Path

import pytest
from mypy import api

from browser import ROOT
from schichtbuch.store import SQLiteStore, Store
from schichtbuch.store.groups import GroupQueries
from schichtbuch.store.postgres import PostgresStore

pytestmark = pytest.mark.pure
CHECKED = ("scoring", "setup", "schichtbuch", "pages", "app.py")
CACHE = Path(os.environ.get("XDG_CACHE_HOME") or Path.home() / ".cache") / "schichtbuch" / "mypy"
"""mypy's cache, the user's, so that a fresh checkout (CI's) finds Streamlit's and pandas' types checked: a
run with it takes about a second, without it half a minute. mypy checks again whatever changed since."""
LIFETIME = {"close"}
"""A backend's methods that are about its own lifetime (the server's connection pool), not the store's
contract: whoever opened such a store closes it."""


def test_the_code_type_checks_strictly() -> None:
    out, err, status = api.run(["--strict", "--no-error-summary", "--cache-dir", str(CACHE), *(str(ROOT / p) for p in CHECKED)])
    assert status == 0, out + err


def public_methods(cls: type) -> set[str]:
    return {name for name, _ in inspect.getmembers(cls, inspect.isfunction) if not name.startswith("_")}


@pytest.mark.parametrize("backend", [SQLiteStore, PostgresStore])
def test_the_store_protocol_names_every_public_method_of_each_backend(backend: type) -> None:
    """What a backend offers is in the contract pages are typed against (mypy checks the other way, that
    each backend has all of `Store`: `open_store` returns them as one)."""
    assert public_methods(backend) - LIFETIME - between_halves() == public_methods(Store)


def between_halves() -> set[str]:
    """The methods by which the store's games half and its groups half (`GroupQueries`) reach each other
    in one transaction: what `GroupQueries` has beyond the contract. Pages never see them."""
    return public_methods(GroupQueries) - public_methods(Store)
