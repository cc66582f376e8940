"""A killed `mire serve` started again resumes every game with nothing lost: the pages reconnect by
themselves and show the same moves, and play goes on."""
from __future__ import annotations

from clicking import arrive, click_one_move, moves_shown, save_of, sit_down, wait_moves
from web_server import Server


def test_a_killed_and_restarted_server_resumes_every_game_with_nothing_lost(browser, tmp_path):
    server = Server(tmp_path).start()
    games = [server.new_game("tic-tac-toe", ["here", "random"], seed=1),
             server.new_game("mudwater", ["here", "here"], seed=2),
             server.new_game("quagmire", ["here", "random", "random"], seed=3)]
    context = browser.new_context()
    pages = []
    try:
        for made in games:
            p = context.new_page()
            p.goto(server.link(made["id"], made["here"]))
            arrive(p)
            for _ in range(2):
                sit_down(p)
                click_one_move(p)
                p.wait_for_timeout(300)
            pages.append(p)
        before = [save_of(server, m["id"], m["here"])["moves"] for m in games]
        assert all(before)
        port = server.port
        server.kill()   # as a crash: no time to write anything more
        for p in pages:
            p.wait_for_selector('body[data-connected="no"]', timeout=20_000)
        server.port = port
        server.start()
        after = [save_of(server, m["id"], m["here"])["moves"] for m in games]
        assert after == before
        for p, moves in zip(pages, before):
            p.wait_for_selector('body[data-connected="yes"]', timeout=20_000)
            if p.get_attribute("body", "data-view") == "seat":
                wait_moves(p, len(moves))
            sit_down(p)
            assert moves_shown(p) == len(moves)
        # and the games go on
        click_one_move(pages[0])
        assert len(save_of(server, games[0]["id"], games[0]["here"])["moves"]) > len(before[0])
    finally:
        context.close()
        server.stop()
