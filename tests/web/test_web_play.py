"""`mire serve` in a real headless Chromium: games played by clicks, at one screen and across pages.

One server and one browser for the module (conftest.py); each test opens its own pages.
"""
from __future__ import annotations

import base64
import json
import random
import re
import urllib.error

import pytest
from clicking import TIMEOUT, arrive, click_one_move, imported, moves_shown, save_of, sit_down, wait_moves, wait_view

from mire.cli.web.svg import piece_text
from mire.engine import load_game


def test_a_whole_game_of_tic_tac_toe_by_clicks_against_a_bot(page, server):
    made = server.new_game("tic-tac-toe", ["here", "random"], seed=5)
    page.goto(server.link(made["id"], made["here"]))
    arrive(page)
    assert page.inner_text("#status").startswith("X: your move")
    assert len(page.query_selector_all("[data-target].legal")) == 9
    for _ in range(5):
        if page.get_attribute("body", "data-over") == "yes" or not page.is_hidden("#end"):
            break
        n = moves_shown(page)
        page.click("[data-target].legal")
        page.wait_for_function(f"() => document.body.dataset.moves > {n + 1} || !document.getElementById('end').hidden",
                               timeout=TIMEOUT)
    page.wait_for_selector("#end:not([hidden])", timeout=TIMEOUT)
    result = page.inner_text("#end-result")
    assert re.fullmatch(r"(X wins|O wins|draw.*)", result), result
    history = page.query_selector_all("#history li")
    movers = [h.inner_text().split(" ")[0] for h in history]
    assert movers == ["X", "O"] * (len(history) // 2) + ["X"] * (len(history) % 2)
    # the server's game is the page's: the save has the same moves
    saved = save_of(server, made["id"], made["here"])
    assert len(saved["moves"]) == len(history)


def test_a_refused_click_is_told_in_the_players_words(page, server):
    made = server.new_game("tic-tac-toe", ["here", "here"], seed=1)
    page.goto(server.link(made["id"], made["here"]))
    arrive(page)
    page.click('[data-target$=":b2"]')
    wait_moves(page, 1)
    page.click('[data-target$=":b2"]')   # O clicks the taken square
    page.wait_for_selector("#said.refused", timeout=TIMEOUT)
    assert page.inner_text("#said") == "cannot place b2: b2 is not empty"
    page.click("#why")
    page.wait_for_function("() => !document.getElementById('said').classList.contains('refused')", timeout=TIMEOUT)
    assert "empty(c)" in page.inner_text("#said")   # the author's account: the rule as written
    # the move box takes the REPL's words
    page.fill("#move", "C3")
    page.press("#move", "Enter")
    wait_moves(page, 2)
    assert page.inner_text("#history li:last-child") == "O plays place c3"
    page.click("#undo")
    wait_moves(page, 1)


def test_keyboard_play_and_labels_for_screen_readers(page, server):
    made = server.new_game("tic-tac-toe", ["here", "here"], seed=2)
    page.goto(server.link(made["id"], made["here"]))
    arrive(page)
    labels = [e.get_attribute("aria-label") for e in page.query_selector_all("svg [data-target]")]
    assert "cells a1: empty" in labels and len(labels) == 9
    page.focus('[data-target$=":a1"]')
    page.keyboard.press("Enter")
    wait_moves(page, 1)
    assert page.get_attribute('[data-target$=":a1"]', "aria-label") == "cells a1: X mark"
    page.focus('[data-target$=":c3"]')
    page.keyboard.press(" ")
    wait_moves(page, 2)
    assert page.get_attribute('[data-target$=":c3"]', "aria-label") == "cells c3: O mark"


def _texts_of_hand(view: dict, seat_name: str) -> set:
    for z in view["zones"]:
        if z["owner"] == seat_name and z["visible"] and z["pieces"]:
            return {piece_text(p) for p in z["pieces"]}
    return set()


def _everything_in(page) -> str:
    """The page's text, its markup and every attribute value."""
    attrs = page.evaluate("() => [...document.querySelectorAll('*')].flatMap(e => [...e.attributes].map(a => a.value))"
                          ".join('\\n')")
    return page.content() + page.inner_text("body") + attrs


def test_mudwater_hot_seat_hands_over_without_showing_the_last_hand(page, server):
    frames: list = []
    page.on("websocket", lambda ws: ws.on("framereceived", lambda f: frames.append(f)))
    made = server.new_game("mudwater", ["here", "here"], seed=4)
    page.goto(server.link(made["id"], made["here"]))
    arrive(page)
    first = page.get_attribute("body", "data-seat")
    click_one_move(page)
    # the next seat's turn: a curtain, and nothing of the first seat's hand in the page
    page.wait_for_selector('body[data-view="curtain"]', timeout=TIMEOUT)
    saved = save_of(server, made["id"], made["here"])
    game = load_game("mudwater")
    state = game.new_state(seed=saved["seed"], players=2)
    for m in saved["moves"]:
        state.apply(state.parse_move(m))
    names = [state.seat_name(i) for i in range(2)]
    mine, other = names.index(first), 1 - names.index(first)
    secret = _texts_of_hand(state.view(mine), first) - {""}
    other_view = json.dumps(state.view(other))
    secret = {t for t in secret if t not in other_view and len(t) > 3}
    assert secret, "the first seat holds cards the other may not see"
    frames.clear()
    shown = _everything_in(page)
    assert not [t for t in secret if t in shown]
    sit_down(page)
    assert page.get_attribute("body", "data-seat") == names[other]
    shown = _everything_in(page) + "\n".join(frames)
    assert not [t for t in secret if t in shown], "the last seat's hand is in the next seat's page"


def test_quagmire_for_three_people_in_three_pages_moves_appear_live(browser, server):
    made = server.new_game("quagmire", ["elsewhere"] * 3, seed=7)
    pages = []
    for seat in range(3):
        context = browser.new_context(viewport={"width": 1000, "height": 700})
        p = context.new_page()
        p.goto(server.link(made["id"], made["seats"][str(seat)]))
        arrive(p)
        pages.append(p)
    try:
        for _ in range(3):
            mover = next(p for p in pages if "your move" in p.inner_text("#status"))
            before = moves_shown(mover)
            click_one_move(mover)
            after = moves_shown(mover)
            assert after > before
            for p in pages:
                wait_moves(p, after)
            lines = [p.inner_text("#history") for p in pages]
            assert all(lines), lines
        # each sees only its own hand: the hands of the others are counts
        for p in pages:
            assert len(p.query_selector_all(".zone.hidden")) >= 2
    finally:
        for p in pages:
            p.context.close()


def _moving_to(game: str, players: int, seed: int, action: str, leads_to, page, server):
    """A random game (seeded) played until `action` has a move after which `leads_to(state)` holds, opened in
    `page` as a game of people at one screen: (its moves so far, the state there, that move)."""
    s = load_game(game).new_state(seed=seed, players=players)
    rng = random.Random(seed)
    moves: list = []
    for _ in range(120):
        for m in s.legal_moves():
            if m.action.name != action:
                continue
            s.apply(m)
            found = leads_to(s)
            s.undo()
            if found:
                made = imported(server, game, players, seed, moves)
                page.goto(server.link(made["id"], made["here"]))
                arrive(page)
                sit_down(page)
                return moves, s, m
        m = s.random_move(rng)
        moves.append(m.text)
        s.apply(m)
    raise AssertionError("no such position")


def test_queensland_take_a_tile_turn_it_lay_it_and_answer_secretly(page, server):
    moves, s, take = _moving_to("queensland", 3, 0, "take", lambda t: t.simultaneous, page, server)
    k, where, d = take.text.split()[1:]
    page.click(f'#choices button:text-is("take {k}")')  # the market's tile
    page.click(f'svg [data-target$=":{where}"].legal')  # where it goes
    if page.query_selector(f'#choices button:text-is("{d}")'):
        page.click(f'#choices button:text-is("{d}")')  # which way its arrow points: its turn
    # the others answer at once, in secret, each after a curtain
    answered, histories = [], []
    for _ in range(2):
        page.wait_for_selector('body[data-view="curtain"]', timeout=TIMEOUT)
        sit_down(page)
        assert "move your toads" in page.inner_text("#prompt")
        seat = page.get_attribute("body", "data-seat")
        # the first answer is kept by the server, in nobody's view: the second seat's page shows nothing of it
        histories.append(page.inner_text("#history").replace(seat, "SEAT"))
        page.click('#choices button:text-is("move")')
        answered.append(seat)
    assert histories[0].count("\n") == histories[1].count("\n")
    page.wait_for_selector('body[data-view="curtain"]', timeout=TIMEOUT)
    sit_down(page)
    page.click("details:has(#log) summary")
    log = page.inner_text("body")
    assert all(f"{a} moves their toads" in log for a in answered), log


def test_mosquito_show_a_double_jump_with_the_order_of_its_effects_chosen_by_clicks(page, server):
    def ordered(t):
        return t.pending is not None and "comes next" in (t.pending.prompt or "")
    moves, s, jump = _moving_to("mosquito-show", 2, 1, "toucan", ordered, page, server)
    _, src, dst = jump.text.split()
    page.click(f'svg [data-target$=":{src}"].legal')
    page.click(f'svg [data-target$=":{dst}"].legal')
    wait_moves(page, len(moves) + 1)
    page.wait_for_function("() => document.getElementById('prompt').textContent.includes('comes next')",
                           timeout=TIMEOUT)
    cards = page.query_selector_all(".card.legal")
    assert len(cards) == 2
    s.apply(jump)
    options = [str(o) for o in s.pending.options]      # e.g. "blue", "flower-red"
    words = cards[-1].get_attribute("aria-label")
    clicked = next(o for o in options if all(w in words for w in o.split("-")))
    cards[-1].click()                                  # the second effect first
    wait_moves(page, len(moves) + 2)
    assert page.inner_text("#history li:last-child") == f"{s.seat_name(s.to_move)} chooses {clicked}"
    # the effects' own choices, by clicks, until the turn passes
    for _ in range(8):
        if "your move" not in page.inner_text("#status") or not page.inner_text("#prompt"):
            break
        click_one_move(page)
    assert len(page.query_selector_all("#history li")) >= len(moves) + 2


def test_a_rules_file_of_markup_and_script_shows_it_as_text(page, server):
    made = server.new_game("markup", ["here", "here"], seed=1)
    dialogs = []
    page.on("dialog", lambda d: (dialogs.append(d.message), d.dismiss()))
    page.goto(server.link(made["id"], made["here"]))
    arrive(page)
    page.click('[data-target$=":a1"]')
    wait_moves(page, 1)
    page.click("details:has(#log) summary")
    assert "<script>window.pwned = 1</script><b id=bold>Bold</b> game" in page.inner_text("#title")
    assert "<img src=x" in page.inner_text("#about")
    assert "<script>window.pwned = 4</script> placed at a1" in page.inner_text("#log")
    assert "put <u>a mark</u> at a1" in page.inner_text("#history") or "a1" in page.inner_text("#history")
    label = page.get_attribute('[data-target$=":a1"]', "aria-label")
    assert "<svg onload=window.pwned=3>X" in label
    assert page.evaluate("() => window.pwned") is None
    assert page.query_selector("#bold") is None and page.query_selector("main img, main u, main i") is None
    assert len(page.query_selector_all("script")) == 1 and not dialogs
    # and the lobby lists its title as text too
    page.goto(server.url)
    page.wait_for_selector('body[data-ready="yes"]', timeout=TIMEOUT)
    assert page.evaluate("() => window.pwned") is None and page.query_selector("#bold") is None


def test_a_token_acts_only_for_its_seat(page, server):
    made = server.new_game("tic-tac-toe", ["elsewhere", "elsewhere"], seed=3)
    o_link = server.link(made["id"], made["seats"]["1"])
    page.goto(o_link)
    arrive(page)
    assert page.get_attribute("body", "data-seat") == "O"
    said = page.evaluate("""async ([gid, token]) => {
        const ws = new WebSocket(`ws://${location.host}/ws/${gid}`);
        const got = [];
        await new Promise((ok) => { ws.onopen = ok; });
        ws.onmessage = (e) => got.push(JSON.parse(e.data));
        ws.send(JSON.stringify({type: "hello", token}));
        ws.send(JSON.stringify({type: "move", text: "b2", seat: 0}));
        ws.send(JSON.stringify({type: "sit", seat: 0}));
        ws.send(JSON.stringify({type: "undo"}));
        await new Promise((ok) => setTimeout(ok, 1500));
        const bad = new WebSocket(`ws://${location.host}/ws/${gid}`);
        await new Promise((ok) => { bad.onopen = ok; });
        const refused = new Promise((ok) => { bad.onmessage = (e) => ok(JSON.parse(e.data)); });
        bad.send(JSON.stringify({type: "hello", token: token + "x"}));
        got.push(await refused);
        return got;
    }""", [made["id"], made["seats"]["1"]])
    texts = [m.get("text") for m in said if m["type"] != "state"]
    assert texts == ["it is not your turn", "that seat is not the one to sit down",
                     "nothing of yours to undo: undo takes back your last move when nobody else has moved since",
                     "this link is not one of a game here"], texts
    assert all(m.get("n", 0) == 0 for m in said)
    # nor may it take a save, which would show the other seat's hidden information
    with pytest.raises(urllib.error.HTTPError) as refused:
        save_of(server, made["id"], made["seats"]["1"])
    assert refused.value.code == 403


SCREENS = {"desktop": {"width": 1280, "height": 800}, "phone": {"width": 390, "height": 844}}
SEED_GAMES = {"tic-tac-toe": 2, "mudwater": 2, "quagmire": 3, "queensland": 2, "mosquito-show": 2}


VARIANCE = """async (b64) => {
    // the variance of the grey levels of a screenshot, decoded by the browser itself
    const img = new Image();
    img.src = "data:image/png;base64," + b64;
    await img.decode();
    const canvas = document.createElement("canvas");
    canvas.width = img.width; canvas.height = img.height;
    const ctx = canvas.getContext("2d");
    ctx.drawImage(img, 0, 0);
    const data = ctx.getImageData(0, 0, img.width, img.height).data;
    let n = 0, sum = 0, squares = 0;
    for (let i = 0; i < data.length; i += 4 * 7) {
        const g = (data[i] + data[i + 1] + data[i + 2]) / 3;
        n++; sum += g; squares += g * g;
    }
    return squares / n - (sum / n) ** 2;
}"""


@pytest.mark.parametrize("game", sorted(SEED_GAMES))
def test_screenshots_of_each_seed_game_are_not_blank(browser, server, artifacts, game):
    made = server.new_game(game, ["here"] * SEED_GAMES[game], seed=11)
    for name, size in SCREENS.items():
        context = browser.new_context(viewport=size)
        p = context.new_page()
        try:
            p.goto(server.link(made["id"], made["here"]))
            arrive(p)
            path = artifacts / f"{game}-{name}.png"
            png = p.screenshot(path=str(path), full_page=False)
            assert p.evaluate(VARIANCE, base64.b64encode(png).decode()) > 100, f"{path} looks blank"
            assert p.query_selector("svg.board") is not None
        finally:
            context.close()


def test_the_lobby_starts_a_game_with_a_bot_and_lists_it_to_watch(page, server):
    page.goto(server.url)
    page.wait_for_selector('body[data-ready="yes"]', timeout=TIMEOUT)
    page.select_option("#game", "connect-four")
    assert page.inner_text("#seats").count("\n") >= 1
    page.select_option('#seats select[data-seat="1"]', "random")
    page.fill("#seed", "12")
    page.click("#start")
    wait_view(page)   # the game's page, at this screen
    assert page.get_attribute("body", "data-seat") == page.inner_text("#seats li:first-child").split(":")[0]
    click_one_move(page)
    wait_moves(page, 2)   # the bot answered
    page.goto(server.url)
    page.wait_for_selector("#live li a", timeout=TIMEOUT)
    watch = [a.get_attribute("href") for a in page.query_selector_all("#live li a")
             if a.inner_text().startswith("connect-four")][-1]
    page.goto(server.url.rstrip("/") + watch)
    wait_view(page, "spectator")
    assert moves_shown(page) >= 2 and page.query_selector("[data-target].legal") is None


def _focused(page) -> str:
    return page.evaluate("() => { const t = document.activeElement && document.activeElement.closest('[data-target]');"
                         " return t ? t.getAttribute('data-target') : ''; }")


def _arrow_to(page, square: str) -> None:
    """Walk the focus to a square of a grid with the arrow keys, a square at a time, checking each step lands
    where the drawn board says (a1 at the bottom left)."""
    for _ in range(8):
        here = _focused(page).rsplit(":", 1)[1]
        if here == square:
            return
        dx = ord(square[0]) - ord(here[0])
        dy = int(square[1:]) - int(here[1:])
        key, step = (("ArrowRight" if dx > 0 else "ArrowLeft"), (1 if dx > 0 else -1, 0)) if dx else \
            (("ArrowUp" if dy > 0 else "ArrowDown"), (0, 1 if dy > 0 else -1))
        page.keyboard.press(key)
        expected = f"{chr(ord(here[0]) + step[0])}{int(here[1:]) + step[1]}"
        assert _focused(page).endswith(f":{expected}"), (key, here, _focused(page))
    raise AssertionError(f"the arrows did not reach {square}")


def test_a_whole_game_of_tic_tac_toe_by_keyboard_alone(page, server):
    made = server.new_game("tic-tac-toe", ["here", "random"], seed=11)
    page.goto(server.link(made["id"], made["here"]))
    arrive(page)
    # Tab reaches the board (its legal places are in the tab order)
    for _ in range(40):
        if _focused(page):
            break
        page.keyboard.press("Tab")
    assert _focused(page).startswith("s:"), "Tab never reached the board"
    order = ["b2", "a1", "c3", "a3", "c1", "a2", "b1", "b3", "c2"]
    while page.is_hidden("#end"):
        n = moves_shown(page)
        taken = {e.get_attribute("data-target").rsplit(":", 1)[1]
                 for e in page.query_selector_all("svg [data-target]") if "empty" not in e.get_attribute("aria-label")}
        square = next(s for s in order if s not in taken)
        if not _focused(page):   # (a move arrived and the board was drawn again: the focus stays on it)
            raise AssertionError("the focus left the board")
        _arrow_to(page, square)
        page.keyboard.press("Enter" if n % 4 == 0 else " ")
        page.wait_for_function(f"() => document.body.dataset.moves > {n + 1} || !document.getElementById('end').hidden",
                               timeout=TIMEOUT)
        assert page.get_attribute(f'[data-target$=":{square}"]', "aria-label") == f"cells {square}: X mark"
    result = page.inner_text("#end-result")
    assert re.fullmatch(r"(X wins|O wins|draw.*)", result), result
    assert len(save_of(server, made["id"], made["here"])["moves"]) == len(page.query_selector_all("#history li"))


def test_escape_lets_go_of_a_move_half_made(page, server):
    made = server.new_game("breakthrough", ["here", "here"], seed=1)
    page.goto(server.link(made["id"], made["here"]))
    arrive(page)
    page.focus('[data-target$=":b2"]')
    page.keyboard.press("Enter")     # the pawn chosen: the squares it may go to light up
    page.wait_for_selector('[data-target$=":b2"].chosen', timeout=TIMEOUT)
    assert {e.get_attribute("data-target").rsplit(":", 1)[1] for e in page.query_selector_all(".legal")} >= {"b3"}
    page.keyboard.press("Escape")
    page.wait_for_selector("#said:text('move cleared')", timeout=TIMEOUT)
    assert page.query_selector_all(".chosen") == [] and moves_shown(page) == 0
    assert page.get_attribute("#board", "aria-describedby") == "keys"
    _arrow_to(page, "b3")
    assert page.get_attribute('[data-target$=":b3"]', "aria-label") == "cells b3: empty"


def _lobby(page, server, game: str):
    page.goto(server.url)
    page.wait_for_selector('body[data-ready="yes"]', timeout=TIMEOUT)
    page.select_option("#game", game)
    for select in page.query_selector_all("#seats select"):
        select.select_option("here")


def _upload(page, picker: str, name: str, text: str):
    page.select_option(f"#{picker}", "upload")
    page.set_input_files(f"#{picker}-upload", files=[{"name": name, "mimeType": "text/plain",
                                                      "buffer": text.encode()}])


def test_the_lobby_starts_a_game_from_a_position_of_the_games_folder_or_refuses_one_saying_why(page, server):
    _lobby(page, server, "slow")
    assert page.query_selector("#hands select") is None      # (this game takes no hands)
    # an uploaded position that does not fit: `mire play --position`'s words, markup shown as text
    _upload(page, "position", "bad.position", "position of slow\nX = mark of <b>Z</b>\ncells:\n    X . .\n")
    page.click("#start")
    page.wait_for_selector("#made:has-text('Not started')", timeout=TIMEOUT)
    assert page.inner_text("#made") == \
        "Not started: bad.position:2: there is no player '<b>Z</b>'; the players are X, O"
    assert page.query_selector("#made b, #problems b") is None
    # the game's own folder offers its position files
    assert "corner.position (the game's folder)" in page.inner_text("#position")
    page.select_option("#position", "file:corner.position")
    page.click("#start")
    arrive(page)
    assert page.get_attribute('[data-target$=":c1"]', "aria-label") == "cells c1: X mark"
    assert page.get_attribute('[data-target$=":a3"]', "aria-label") == "cells a3: O mark"
    assert page.inner_text("#status") == "X: your move (7 legal)"


def test_the_lobby_deals_the_hands_a_player_brings_and_shows_each_problem_by_file_and_line(page, server):
    _lobby(page, server, "mudwater")
    assert [e.get_attribute("aria-label") for e in page.query_selector_all("#hands select")] == \
        ["Hand of black", "Hand of white"]
    _upload(page, "hand-1", "mine.txt", "Bottle Rocket\nNobody <b>Card</b>\n")
    page.click("#start")
    page.wait_for_selector("#made:has-text('Not started')", timeout=TIMEOUT)
    told = page.inner_text("#made") + page.inner_text("#problems")
    assert "mine.txt: black's hand, line 2: there is no card 'Nobody <b>Card</b>' in the collection" in told
    assert page.query_selector("#made b, #problems b") is None
    hand = ["Bottle Rocket", "The Boathouse", "The Deckhand", "Sea Dog", "Galley Hand", "Rope Burn", "Dinghy Dan",
            "Bait Bucket", "Mud Puddle", "Tadpole", "Lily Hopper", "Fog Horn", "Bilge Pump", "Cattail Kid"]
    _upload(page, "hand-1", "mine.txt", "# my deck\n" + "\n".join(hand) + "\n")
    page.fill("#seed", "4")
    page.click("#start")
    arrive(page)
    if page.get_attribute("body", "data-seat") != "black":
        raise AssertionError("black does not move first with seed 4: " + page.inner_text("#status"))
    shown = page.inner_text("#zones")
    assert all(name in shown for name in hand[:5]), shown
