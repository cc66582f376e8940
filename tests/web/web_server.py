"""A `mire serve` in a subprocess for the browser tests: started on a free port, killed and started again."""
from __future__ import annotations

import json
import os
import re
import signal
import subprocess
import sys
import threading
import time
import urllib.request
from pathlib import Path
from typing import Optional

ROOT = Path(__file__).resolve().parents[2]


class Server:
    def __init__(self, data: Path, game: Optional[str] = None):
        self.data, self.game = data, game
        self.proc: Optional[subprocess.Popen] = None
        self.url = ""
        self.port = 0

    def start(self) -> "Server":
        args = [sys.executable, "-c", "from mire.cli.main import main; main()", "serve", "--port", str(self.port),
                "--data", str(self.data)]
        if self.game:
            args.insert(4, self.game)
        self.proc = subprocess.Popen(args, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True,
                                     cwd=str(self.data), env=dict(os.environ, PYTHONUNBUFFERED="1"))
        deadline = time.time() + 60
        assert self.proc.stdout is not None
        while time.time() < deadline:
            line = self.proc.stdout.readline()
            if not line:
                raise RuntimeError(f"mire serve stopped: exit {self.proc.poll()}")
            found = re.search(r"(http://[\w.\[\]:]+/)", line)
            if found:
                self.url = found.group(1).replace("127.0.0.1", "localhost")
                self.port = int(self.url.rstrip("/").rsplit(":", 1)[1])
                # what it says next goes on being read (a full pipe would stop the server), kept for a failure
                self.said: list = []
                threading.Thread(target=self._drain, args=(self.proc.stdout,), daemon=True).start()
                return self
        raise RuntimeError("mire serve did not say its address")

    def _drain(self, stream) -> None:
        for line in stream:
            self.said.append(line)

    def kill(self) -> None:
        """Killed as a crash kills it: no chance to tidy up."""
        if self.proc is not None and self.proc.poll() is None:
            self.proc.send_signal(signal.SIGKILL)
            self.proc.wait(10)
        self.proc = None

    def stop(self) -> None:
        if self.proc is not None and self.proc.poll() is None:
            self.proc.terminate()
            try:
                self.proc.wait(10)
            except subprocess.TimeoutExpired:
                self.kill()
        self.proc = None

    def api(self, path: str, body=None, headers=None) -> dict:
        data = None if body is None else json.dumps(body).encode()
        req = urllib.request.Request(self.url.rstrip("/") + path, data=data,
                                     headers={"content-type": "application/json", **(headers or {})})
        with urllib.request.urlopen(req, timeout=30) as r:
            return json.loads(r.read())

    def new_game(self, game: str, seats: list, seed: int = 1, players=None, options=()) -> dict:
        return self.api("/api/games", {"game": game, "seats": seats, "seed": seed, "players": players or len(seats),
                                       "options": list(options)})

    def link(self, gid: str, token: str) -> str:
        return f"{self.url}play/{gid}#t={token}"
