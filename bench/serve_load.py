"""`mire serve` under load, on loopback: many games at once, each with two websocket clients playing random
legal moves; then the server killed mid-run and started again, and the moves it had acknowledged counted.

    python bench/serve_load.py [--games N] [--seconds S] [--game NAME] [--seed N] [--json]
    python bench/serve_load.py --thinking N [--seconds S] [--json]

Each game has two seats, each a person elsewhere with its own link; a client, when its page says it must
decide, sends one of its moves at random and waits for the state that shows it played: the time between is
the move's latency. When a game ends another starts in its place. Reported: moves per second, the median and
the 99th percentile of the latency, the server's memory (resident set, from /proc). Then, at half time (of a
second run of S seconds) the server is killed with SIGKILL, started again on the same data folder, and each
client reconnects: a move the server acknowledged (a state that showed it was sent to a page) and that the
restarted server does not have is lost; the figure must be 0.

With --thinking N: one game of tic-tac-toe played at random by two clients, its move latency measured alone,
then while N games of connect four between two `hard` search bots (about 5 s a move each) think on the same
server, once with the bots in their worker processes (the default) and once with them in the server's own
threads (MIRE_SERVE_BOT_WORKERS=0, as before they had workers): how much a thinking bot slows another game.

Speed is measured here and never asserted in tests: the numbers depend on the machine and its load. The
server's guards apply (20 new connections or requests a second from one address, with a burst of 60): the
games are set up at that pace.
"""
from __future__ import annotations

import argparse
import asyncio
import json
import os
import random
import re
import signal
import statistics
import subprocess
import sys
import tempfile
import threading
import time
import urllib.request

PACE = 1 / 15   # seconds between two connections or requests: under the server's guard of 20 a second


class Server:
    def __init__(self, data: str, port: int = 0, env=None):
        self.data, self.port, self.proc, self.env = data, port, None, env or {}

    def start(self):
        self.proc = subprocess.Popen([sys.executable, "-c", "from mire.cli.main import main; main()", "serve",
                                      "--port", str(self.port), "--data", self.data],
                                     stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True,
                                     env=dict(os.environ, PYTHONUNBUFFERED="1", **self.env))
        line = self.proc.stdout.readline()
        found = re.search(r"http://[\d.]+:(\d+)/", line)
        if not found:
            raise SystemExit(f"mire serve did not start: {line}{self.proc.stdout.read()}")
        self.port = int(found.group(1))
        # what it says next (warnings, tracebacks) goes on being read: a full pipe would stop the server
        log = open(os.path.join(self.data, "server.log"), "a")
        threading.Thread(target=lambda: [log.write(line) or log.flush() for line in self.proc.stdout],
                         daemon=True).start()
        return self

    def rss_mb(self) -> float:
        with open(f"/proc/{self.proc.pid}/status") as f:
            kb = next(int(line.split()[1]) for line in f if line.startswith("VmRSS"))
        return kb / 1024

    def kill(self):
        self.proc.send_signal(signal.SIGKILL)
        self.proc.wait()

    def stop(self):
        self.proc.terminate()
        self.proc.wait()

    def post(self, path: str, body: dict) -> dict:
        req = urllib.request.Request(f"http://localhost:{self.port}{path}", data=json.dumps(body).encode(),
                                     headers={"content-type": "application/json"})
        with urllib.request.urlopen(req, timeout=60) as r:
            return json.loads(r.read())


class Figures:
    def __init__(self):
        self.latencies: list = []
        self.moves = 0
        self.games_done = 0
        self.acked: dict = {}   # game id -> the most moves a page was shown


async def client(server: Server, gid: str, token: str, rng: random.Random, figures: Figures, stop: float,
                 pace: asyncio.Lock):
    """One seat's page: plays at random until the game ends, the time is up or the server goes away."""
    import websockets
    async with pace:
        await asyncio.sleep(PACE)
    async with websockets.connect(f"ws://localhost:{server.port}/ws/{gid}", max_size=2 ** 22) as ws:
        await ws.send(json.dumps({"type": "hello", "token": token}))
        sent_at = None
        while time.monotonic() < stop:
            try:
                msg = json.loads(await asyncio.wait_for(ws.recv(), timeout=max(0.1, stop - time.monotonic())))
            except asyncio.TimeoutError:
                return
            if msg.get("type") != "state":
                sent_at = None
                continue
            figures.acked[gid] = max(figures.acked.get(gid, 0), msg["n"])
            if sent_at is not None and msg["n"] > sent_at[1]:
                figures.latencies.append(time.monotonic() - sent_at[0])
                figures.moves += 1
                sent_at = None
            if msg["over"]:
                figures.games_done += 1
                return
            if msg["deciding"] and sent_at is None and msg["moves"]:
                move = rng.choice(msg["moves"])["text"]
                sent_at = (time.monotonic(), msg["n"])
                await ws.send(json.dumps({"type": "move", "text": move}))


async def slot(server: Server, game: str, rng: random.Random, figures: Figures, stop: float, pace, games: list):
    """One game at a time, then the next, until the time is up."""
    while time.monotonic() < stop:
        async with pace:
            await asyncio.sleep(PACE)
            made = await asyncio.to_thread(server.post, "/api/games", {"game": game,
                                                                        "seats": ["elsewhere", "elsewhere"]})
        games.append(made)
        try:
            await asyncio.gather(*(client(server, made["id"], made["seats"][str(i)], rng, figures, stop, pace)
                                   for i in range(2)))
        except Exception as e:  # noqa: BLE001 - the server was killed under it
            if server.proc.poll() is None:
                print(f"a client failed: {e!r}", file=sys.stderr)
            return


async def run(server: Server, n: int, seconds: float, game: str, seed: int, figures: Figures, games: list,
              kill_at=None):
    stop = time.monotonic() + seconds
    pace = asyncio.Lock()
    tasks = [asyncio.create_task(slot(server, game, random.Random(seed * 1000 + i), figures, stop, pace, games))
             for i in range(n)]
    memory = []
    start = time.monotonic()
    while time.monotonic() < stop:
        await asyncio.sleep(1)
        if server.proc.poll() is None:
            memory.append(server.rss_mb())
        if kill_at is not None and time.monotonic() - start >= kill_at:
            server.kill()
            kill_at = None
            break
    await asyncio.gather(*tasks, return_exceptions=True)
    return memory


async def moves_now(server: Server, made: dict) -> int:
    import websockets
    await asyncio.sleep(PACE)
    async with websockets.connect(f"ws://localhost:{server.port}/ws/{made['id']}", max_size=2 ** 22) as ws:
        await ws.send(json.dumps({"type": "hello", "token": made["watch"]}))
        while True:
            msg = json.loads(await ws.recv())
            if msg.get("type") == "state":
                return msg["n"]


def _latency(figures: Figures) -> dict:
    lat = sorted(figures.latencies)
    return {"moves": figures.moves,
            "median_ms": round(1000 * statistics.median(lat), 1) if lat else None,
            "p99_ms": round(1000 * lat[int(0.99 * (len(lat) - 1))], 1) if lat else None,
            "max_ms": round(1000 * lat[-1], 1) if lat else None}


async def _one_game(server: Server, seconds: float, seed: int) -> Figures:
    figures: Figures = Figures()
    await run(server, 1, seconds, "tic-tac-toe", seed, figures, [])
    return figures


def thinking(n: int, seconds: float) -> dict:
    """A game's move latency alone, then beside N games of thinking bots: in workers, then in threads."""
    out: dict = {"thinking_games": n, "seconds": seconds}
    for label, env in (("workers", {}), ("threads", {"MIRE_SERVE_BOT_WORKERS": "0"})):
        server = Server(tempfile.mkdtemp(prefix="mire-serve-think-"), env=env).start()
        try:
            out[f"alone_{label}"] = _latency(asyncio.run(_one_game(server, seconds, 1)))
            for _ in range(n):
                server.post("/api/games", {"game": "connect-four", "seats": ["hard", "hard"]})
                time.sleep(PACE)
            time.sleep(3)   # (the workers started, the bots thinking)
            out[f"beside_bots_{label}"] = _latency(asyncio.run(_one_game(server, seconds, 2)))
        finally:
            server.stop()
    return out


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=100)
    ap.add_argument("--seconds", type=float, default=30)
    ap.add_argument("--game", default="connect-four")
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--json", action="store_true")
    ap.add_argument("--thinking", type=int, metavar="N",
                    help="measure a game's moves beside N games of thinking bots instead (see above)")
    args = ap.parse_args()
    if args.thinking:
        figures = thinking(args.thinking, args.seconds)
        print(json.dumps(figures, indent=2))
        return 0
    data = tempfile.mkdtemp(prefix="mire-serve-load-")
    server = Server(data).start()
    figures, games = Figures(), []
    try:
        memory = asyncio.run(run(server, args.games, args.seconds, args.game, args.seed, figures, games))
        lat = sorted(figures.latencies)
        result = {"games_at_once": args.games, "game": args.game, "seconds": args.seconds, "moves": figures.moves,
                  "games_finished": figures.games_done, "moves_per_second": round(figures.moves / args.seconds, 1),
                  "latency_median_ms": round(1000 * statistics.median(lat), 1) if lat else None,
                  "latency_p99_ms": round(1000 * lat[int(0.99 * (len(lat) - 1))], 1) if lat else None,
                  "server_rss_mb_max": round(max(memory), 1) if memory else None}
        # the crash: killed at half time of a second run, started again, every game's moves counted
        figures2, games2 = Figures(), []
        asyncio.run(run(server, args.games, args.seconds, args.game, args.seed + 1, figures2, games2,
                        kill_at=args.seconds / 2))
        server = Server(data, server.port).start()

        async def count():
            return [await moves_now(server, made) for made in games2 if made["id"] in figures2.acked]
        stored = asyncio.run(count())
        acked = [figures2.acked[m["id"]] for m in games2 if m["id"] in figures2.acked]
        result.update(crash_moves_acknowledged=sum(acked), crash_games=len(acked),
                      crash_moves_lost=sum(max(0, a - s) for a, s in zip(acked, stored)))
    finally:
        if server.proc is not None and server.proc.poll() is None:
            server.stop()
    if args.json:
        print(json.dumps(result, indent=2))
    else:
        for k, v in result.items():
            print(f"{k:>28}: {v}")
    return 1 if result.get("crash_moves_lost") else 0


if __name__ == "__main__":
    sys.exit(main())
