"""Playing in a page as a person does: by clicks (helpers of the browser tests)."""
from __future__ import annotations

import json
import urllib.request

try:
    from playwright.sync_api import Error as PlaywrightError
except ImportError:  # (without playwright the browser tests are skipped: conftest.py)
    PlaywrightError = Exception  # type: ignore[misc,assignment]

TIMEOUT = 20_000


def moves_shown(page) -> int:
    return int(page.get_attribute("body", "data-moves") or 0)


def wait_view(page, view: str = "seat"):
    page.wait_for_selector(f'body[data-view="{view}"]', timeout=TIMEOUT)


def wait_moves(page, n: int):
    page.wait_for_selector(f'body[data-moves="{n}"]', timeout=TIMEOUT, state="attached")


def arrive(page) -> None:
    """A page just opened: a screen of several seats that see different things shows the curtain first (whoever
    is at it is not known to be the seat to move), and that seat sits down."""
    page.wait_for_selector('body[data-view="seat"], body[data-view="curtain"]', timeout=TIMEOUT)
    sit_down(page)


def sit_down(page) -> bool:
    """At a curtain, the next person sits down; whether there was one."""
    if page.get_attribute("body", "data-view") == "curtain":
        page.click("#curtain-ok")
        wait_view(page)
        return True
    return False


def click_one_move(page, prefer=None) -> None:
    """Make a legal move by clicks alone: a lit place, else a button, until the move is made (the number of
    moves shown changes, or the seat stops deciding: an answer given, a choice asked of another)."""
    before = moves_shown(page)
    seat = page.get_attribute("body", "data-seat")

    def made() -> bool:
        return moves_shown(page) != before or page.get_attribute("body", "data-view") != "seat" \
            or page.get_attribute("body", "data-seat") != seat or "waiting" in page.inner_text("#status")

    for clicks in range(12):
        lit = page.query_selector_all("[data-target].legal")
        buttons = page.query_selector_all("#choices button")
        if prefer is not None:
            wanted = [e for e in lit + buttons if prefer(e)]
            if wanted:
                lit, buttons = wanted, []
        if not lit and not buttons:
            if clicks and made():  # (the last click's move was answered after the 60 ms looked for it)
                return
            raise AssertionError("nothing to click: " + page.inner_text("#status"))
        try:
            (lit or buttons)[0].click()
        except PlaywrightError as err:
            # another seat's move arrived and the board was drawn again between finding the place and
            # clicking it: find it again on the board as it is now
            if "not attached" not in str(err):
                raise
            continue
        page.wait_for_timeout(60)
        if made():
            return
    raise AssertionError("twelve clicks did not make a move")


def save_of(server, gid: str, token: str) -> dict:
    req = urllib.request.Request(f"{server.url}api/games/{gid}/save", headers={"x-mire-token": token})
    with urllib.request.urlopen(req, timeout=30) as r:
        return json.loads(r.read())


def imported(server, game: str, players: int, seed: int, moves: list) -> dict:
    """A game started from the moves of a save (every seat a person at one screen)."""
    return server.api("/api/import", {"format": "mire-save", "version": 1, "game": game, "players": players,
                                      "seed": seed, "options": [], "moves": moves})
