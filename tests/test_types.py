"""The pure packages type-check strictly."""

import pytest
from mypy import api

from browser import ROOT

pytestmark = pytest.mark.pure


def test_scoring_and_setup_type_check_strictly() -> None:
    out, err, status = api.run(["--strict", "--no-error-summary", str(ROOT / "scoring"), str(ROOT / "setup")])
    assert status == 0, out + err
