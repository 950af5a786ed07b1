"""The browser tests' harness itself (tests/web/browser.py), without a browser."""

from __future__ import annotations

import subprocess
from pathlib import Path

import pytest

from tests.web import browser
from tests.web.browser import join_feature_switches, write_launcher


def test_the_launcher_joins_every_feature_switch_into_one_as_chromium_keeps_only_the_last() -> None:
    playwright_first = ["--no-sandbox", "--disable-features=PaintHolding,HttpsUpgrades", "--enable-features=A",
                        "--headless", "--disable-features=HttpsUpgrades,WebUIOmniboxPopup"]
    assert join_feature_switches(playwright_first) == [
        "--no-sandbox", "--headless", "--disable-features=PaintHolding,HttpsUpgrades,WebUIOmniboxPopup", "--enable-features=A"]
    assert join_feature_switches(["--headless"]) == ["--headless"]


def test_the_launcher_starts_the_browser_with_the_joined_switches(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The script Playwright starts passes the joined arguments to the browser it replaces itself with
    (here a stand-in that prints its arguments)."""
    stand_in = tmp_path / "stand-in"
    stand_in.write_text('#!/bin/sh\nprintf "%s\\n" "$@"\n')
    stand_in.chmod(0o755)
    monkeypatch.setattr(browser, "CHROMIUM", str(stand_in))
    (tmp_path / "launcher").mkdir()
    launcher = write_launcher(tmp_path / "launcher")
    out = subprocess.run([str(launcher), "--disable-features=A", "--x", "--disable-features=B"], capture_output=True,
                         text=True, check=True).stdout
    assert out.splitlines() == ["--x", "--disable-features=A,B"]
