"""The README's run section as a newcomer follows it: a virtual environment first, then the packages and
the app; and what to open, since the app's configuration starts it headless (no browser opens)."""

import re
import tomllib

import pytest

from apptest import ROOT

pytestmark = pytest.mark.pure


def run_section() -> str:
    text = (ROOT / "README.md").read_text(encoding="utf-8")
    return text.split("## Run it", 1)[1].split("\n## ", 1)[0]


def test_run_block_makes_and_activates_a_virtual_environment_before_installing():
    block = re.search(r"```sh\n(.*?)```", run_section(), re.S).group(1).splitlines()
    assert block[0] == "python3 -m venv .venv && . .venv/bin/activate"
    assert block[1] == "pip install -r requirements.txt && streamlit run app.py"


def test_run_section_says_what_to_open_as_the_app_starts_headless():
    config = tomllib.loads((ROOT / ".streamlit" / "config.toml").read_text(encoding="utf-8"))
    assert config["server"]["headless"] is True
    section = " ".join(run_section().split())
    assert "open http://localhost:8501 on this computer" in section
    assert "join link or its QR code" in section
    assert "The app opens at" not in section
