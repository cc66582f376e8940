"""`mire serve`'s bots think in worker processes: a search bot thinking in one game never holds up another's moves.

(How much it slows them is measured, not asserted: bench/serve_load.py --thinking.)"""
from __future__ import annotations

import asyncio
import json
import os

import pytest

pytest.importorskip("starlette")

from mire.cli.web.hub import Hub, catalog_of  # noqa: E402


def test_another_games_moves_are_served_while_a_search_bot_thinks_in_a_worker(tmp_path):
    hub = Hub(str(tmp_path), catalog_of(None))
    try:
        thinking = hub.new_game("connect-four", 2, 1, [], ["hard", "here"])   # about 5 s a move
        other = hub.new_game("tic-tac-toe", 2, 1, [], ["here", "here"])

        async def run():
            table = hub.table(thinking["id"])
            driving = asyncio.create_task(hub.drive_bots(table))
            while thinking["id"] not in hub.thinking:
                await asyncio.sleep(0.01)
            game = hub.table(other["id"])
            played = []
            for text in ["a1", "b1", "a2", "b2", "a3"]:
                ok, _ = await hub.locked(game, hub.play, game, game.state.to_move, text)
                played.append(ok)
            still = thinking["id"] in hub.thinking and len(table.state.history) == 0
            await driving
            return played, still

        played, still = asyncio.run(run())
        assert played == [True] * 5 and hub.table(other["id"]).state.outcome().text == "X wins"
        assert still, "the other game's moves waited for the bot"
        # the bot's move was chosen in another process, and played in the game it was thought for
        assert len(hub.table(thinking["id"]).state.history) == 1
        assert hub.bot_pids and hub.bot_pids[-1] != os.getpid()
        assert hub.store.moves(thinking["id"]) == [(0, hub.table(thinking["id"]).state.history[0])]
    finally:
        hub.close()


def test_a_random_bot_draws_in_the_server_as_in_the_terminal(tmp_path):
    hub = Hub(str(tmp_path), catalog_of(None))
    try:
        made = hub.new_game("tic-tac-toe", 2, 7, [], ["random", "random"])
        asyncio.run(hub.drive_bots(hub.table(made["id"])))
        assert hub.table(made["id"]).state.is_over() and hub.bots.executor is None   # no worker was needed
    finally:
        hub.close()


def test_a_hint_is_thought_in_a_worker_and_told_in_the_players_words(tmp_path):
    from starlette.testclient import TestClient

    from mire.cli.web.app import make_app
    hub = Hub(str(tmp_path), catalog_of(None))
    try:
        client = TestClient(make_app(hub), base_url="http://localhost:8000")
        made = client.post("/api/games", json={"game": "tic-tac-toe", "seats": ["here", "here"], "seed": 1}).json()
        with client.websocket_connect(f"ws://localhost:8000/ws/{made['id']}") as ws:
            ws.send_text(json.dumps({"type": "hello", "token": made["here"]}))
            assert ws.receive_json()["type"] == "state"
            for text in ("a1", "b1", "a2", "b2"):   # X to move, with a1-a3 open: the hint is the win
                ws.send_text(json.dumps({"type": "move", "text": text}))
                assert ws.receive_json()["type"] == "state"
            ws.send_text(json.dumps({"type": "hint"}))
            assert ws.receive_json() == {"type": "said", "text": "hint: place a3"}
        assert hub.bot_pids == [] and hub.bots.executor is not None   # (thought in the pool, no bot moved)
    finally:
        hub.close()


def _stat(pid: int) -> list:
    """The fields of /proc/PID/stat after the command's name (state first, then the parent), or [] when gone."""
    try:
        with open(f"/proc/{pid}/stat") as f:
            return f.read().rsplit(")", 1)[1].split()
    except OSError:
        return []


def _bot_workers(server_pid: int) -> set:
    found = set()
    for entry in filter(str.isdigit, os.listdir("/proc")):
        stat = _stat(int(entry))
        if stat and int(stat[1]) == server_pid:
            try:
                with open(f"/proc/{entry}/cmdline", "rb") as f:
                    if b"spawn_main" in f.read():
                        found.add(int(entry))
            except OSError:
                continue
    return found


def _running(pid: int) -> bool:
    stat = _stat(pid)
    return bool(stat) and stat[0] != "Z"   # (a zombie has ended: only its parent's reaping is left)


@pytest.mark.skipif(not os.path.isdir("/proc"), reason="reads the processes from /proc")
def test_a_killed_server_leaves_no_bot_worker_behind(tmp_path):
    import time

    from web_server import Server
    server = Server(tmp_path).start()
    try:
        server.new_game("connect-four", ["hard", "hard"], seed=1)   # its bots think in a worker at once
        workers: set = set()
        for _ in range(300):   # (waiting, at most 30 s, for the pool to start its worker)
            workers = _bot_workers(server.proc.pid)
            if workers:
                break
            time.sleep(0.1)
        assert workers, "no bot worker was started"
        server.kill()   # SIGKILL: the server cannot end them; they see it gone and end by themselves
        for _ in range(300):
            if not any(_running(w) for w in workers):
                break
            time.sleep(0.1)
        assert not any(_running(w) for w in workers), "a bot worker outlived its server"
    finally:
        server.stop()
