"""The games of `mire serve`, kept in SQLite: what starts each game (its rules, players, seed, options), who
sits in each seat and their tokens, and the moves. A game is rebuilt by playing its moves again; a move is
committed before any page is told of it, so a killed server loses nothing it acknowledged.
"""
from __future__ import annotations

import json
import sqlite3
import threading
import time
from pathlib import Path
from typing import Optional

SCHEMA = """
create table if not exists games (
    id text primary key, game text not null, players integer not null, seed integer not null,
    options text not null, seats text not null, created real not null);
create table if not exists tokens (
    token text primary key, game_id text not null references games(id), seats text not null);
create table if not exists moves (
    game_id text not null references games(id), n integer not null, seat integer not null, text text not null,
    primary key (game_id, n));
-- what a game starts from besides its seed and options (the hands brought, a position), when anything
create table if not exists starts (
    game_id text primary key references games(id), inputs text not null, position text);
create table if not exists answers (
    game_id text not null references games(id), n integer not null, seat integer not null, text text not null,
    primary key (game_id, n, seat));
"""


class Store:
    """One SQLite file; every write is its own transaction, committed before it returns."""

    def __init__(self, folder: str):
        Path(folder).mkdir(parents=True, exist_ok=True)
        self.path = str(Path(folder) / "mire-games.sqlite3")
        self.db = sqlite3.connect(self.path, check_same_thread=False, isolation_level=None)
        self.db.execute("pragma journal_mode=wal")
        self.db.execute("pragma synchronous=full")
        self.db.executescript(SCHEMA)
        self.lock = threading.Lock()

    def close(self):
        with self.lock:
            self.db.close()

    def _write(self, statements: list[tuple[str, tuple]]) -> None:
        with self.lock:
            self.db.execute("begin immediate")
            try:
                for sql, args in statements:
                    self.db.execute(sql, args)
                self.db.execute("commit")
            except BaseException:
                self.db.execute("rollback")
                raise

    def add_game(self, gid: str, game: str, players: int, seed: int, options: list, seats: list,
                 tokens: dict, moves: tuple = (), inputs: Optional[dict] = None,
                 position: Optional[str] = None) -> None:
        rows: list[tuple[str, tuple]] = [("insert into games values (?, ?, ?, ?, ?, ?, ?)",
                 (gid, game, players, seed, json.dumps(options), json.dumps(seats), time.time()))]
        if inputs or position is not None:
            kept = {zone: {str(seat): lines for seat, lines in by_seat.items()}
                    for zone, by_seat in (inputs or {}).items()}
            rows.append(("insert into starts values (?, ?, ?)", (gid, json.dumps(kept), position)))
        rows += [("insert into tokens values (?, ?, ?)", (t, gid, json.dumps(list(s)))) for t, s in tokens.items()]
        rows += [("insert into moves values (?, ?, ?, ?)", (gid, n, seat, text))
                 for n, (seat, text) in enumerate(moves)]
        self._write(rows)

    def add_move(self, gid: str, n: int, seat: int, text: str) -> None:
        """Move n (from 0) of the game; the answers kept for it are done with."""
        self._write([("insert into moves values (?, ?, ?, ?)", (gid, n, seat, text)),
                     ("delete from answers where game_id = ?", (gid,))])

    def add_answer(self, gid: str, n: int, seat: int, text: str) -> None:
        """A seat's answer at the simultaneous step before move n, kept until all have answered."""
        self._write([("insert or replace into answers values (?, ?, ?, ?)", (gid, n, seat, text))])

    def cut_moves(self, gid: str, keep: int) -> None:
        """Undo: the moves from number `keep` on are taken back."""
        self._write([("delete from moves where game_id = ? and n >= ?", (gid, keep)),
                     ("delete from answers where game_id = ?", (gid,))])

    def games(self) -> list:
        with self.lock:
            rows = self.db.execute("select id, game, players, seed, options, seats, created from games "
                                   "order by created").fetchall()
        return [{"id": r[0], "game": r[1], "players": r[2], "seed": r[3], "options": json.loads(r[4]),
                 "seats": json.loads(r[5]), "created": r[6]} for r in rows]

    def game(self, gid: str) -> Optional[dict]:
        return next((g for g in self.games() if g["id"] == gid), None)

    def start_of(self, gid: str) -> tuple:
        """(inputs as the engine takes them, the position's text) the game started from: ({}, None) for most."""
        with self.lock:
            row = self.db.execute("select inputs, position from starts where game_id = ?", (gid,)).fetchone()
        if row is None:
            return {}, None
        inputs = {zone: {int(seat): [tuple(line) for line in lines] for seat, lines in by_seat.items()}
                  for zone, by_seat in json.loads(row[0]).items()}
        return inputs, row[1]

    def tokens(self, gid: str) -> dict:
        with self.lock:
            rows = self.db.execute("select token, seats from tokens where game_id = ?", (gid,)).fetchall()
        return {t: tuple(json.loads(s)) for t, s in rows}

    def moves(self, gid: str) -> list:
        """[(seat, text)] in order."""
        with self.lock:
            rows = self.db.execute("select seat, text from moves where game_id = ? order by n", (gid,)).fetchall()
        return [(seat, text) for seat, text in rows]

    def answers(self, gid: str) -> dict:
        with self.lock:
            rows = self.db.execute("select n, seat, text from answers where game_id = ?", (gid,)).fetchall()
        return {(n, seat): text for n, seat, text in rows}

    def move_count(self, gid: str) -> int:
        with self.lock:
            return self.db.execute("select count(*) from moves where game_id = ?", (gid,)).fetchone()[0]
