"""The browser tests' fixtures: one `mire serve` and one headless Chromium per test module.

Chromium is Debian's (`apt-get install chromium`), driven by Playwright for Python; without it the tests are
skipped saying so, except in CI (CI=true), where its absence fails them.
"""
from __future__ import annotations

import os
import shutil
import sys
from pathlib import Path

import pytest

sys.path.insert(0, os.path.dirname(__file__))
from web_server import Server  # noqa: E402

CHROMIUM = os.environ.get("MIRE_CHROMIUM") or shutil.which("chromium") or "/usr/bin/chromium"
ARGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update",
        "--disable-sync", "--no-first-run"]
ARTIFACTS = Path(__file__).parent / "artifacts"
GAMES = Path(__file__).parent / "games"   # rules files the tests serve besides the bundled games


def _missing() -> str:
    try:
        import playwright  # noqa: F401
    except ImportError:
        return "Playwright for Python is not installed (pip install '.[test]')"
    try:
        import starlette  # noqa: F401
        import uvicorn  # noqa: F401
    except ImportError:
        return "the web extra is not installed (pip install '.[web]')"
    if not os.path.exists(CHROMIUM):
        return f"no Chromium at {CHROMIUM} (apt-get install chromium)"
    return ""


@pytest.fixture(scope="module")
def browser():
    missing = _missing()
    if missing:
        if os.environ.get("CI") == "true":
            pytest.fail(f"the browser tests must run in CI: {missing}")
        pytest.skip(missing)
    from playwright.sync_api import sync_playwright
    with sync_playwright() as p:
        b = p.chromium.launch(executable_path=CHROMIUM, args=ARGS, headless=True)
        yield b
        b.close()


@pytest.fixture(scope="module")
def server(browser, tmp_path_factory):
    s = Server(tmp_path_factory.mktemp("serve"), game=str(GAMES)).start()
    yield s
    s.stop()


@pytest.fixture
def page(browser, server):
    context = browser.new_context(viewport={"width": 1280, "height": 800})
    p = context.new_page()
    yield p
    context.close()


@pytest.fixture(scope="session")
def artifacts() -> Path:
    ARTIFACTS.mkdir(exist_ok=True)
    return ARTIFACTS
