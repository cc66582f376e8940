"""Games played to the end by bots: the one loop that `mire simulate`, `arena` and `balance`, the golden
playthroughs, the benchmarks and the tests use, and the summary of many games.

Game i of a series starts from `game.new_state(seed=seed + i)` and its bots draw from generators seeded by
`(seed, i)` alone, so a series can be split by game number (run in parallel, stopped and resumed) and give
the same results.
"""
from __future__ import annotations

import math
import random
import statistics
import time
from typing import Any, Optional

import attrs

from ..bots import RandomBot
from ..run.ending import Outcome


@attrs.define
class GameRecord:
    """How one game went: its length in decisions, and its outcome (None when it did not finish)."""
    length: int
    outcome: Optional[Outcome]


def play_game(state, bots, max_moves=None, on_move=None) -> GameRecord:
    """Play `state` on with one bot per seat (`bots[seat].choose(state, seat)`) until the game is over or
    `max_moves` decisions were made; at a simultaneous step each seat of `state.deciders` gives its own answer
    and they are applied as one decision. `on_move(state, seat, move)` is called before each move is
    applied (at a simultaneous step, with the first of its seats)."""
    length = 0
    if not state.is_over() and not state.simultaneous and not state.has_moves():
        # (a position arranged by hand: after a move the engine sees to it that the player to move has a move,
        # or the game is over)
        return GameRecord(0, None)
    if max_moves is None:
        max_moves = float("inf")
    while not state.over and length < max_moves:
        pending = state.pending
        if pending is None:
            seat = state.turn_player.index
            move = bots[seat].choose(state, seat)
        elif pending.joint:
            seat = state.to_move
            # each seat answers on the state as it is: no bot sees another's answer, then all count as one move
            move = state.joint_move({i: bots[i].choose(state, i) for i in state.deciders})
        else:
            seat = pending.chooser.index
            move = bots[seat].choose(state, seat)
        if on_move is not None:
            on_move(state, seat, move)
        state.apply(move)
        length += 1
    return GameRecord(length, state.outcome() if state.is_over() else None)


def series_rng(seed, index, what="moves") -> random.Random:
    """The generator for game `index` of a series: a function of (seed, index) only."""
    return random.Random(f"{seed}:{index}:{what}")


@attrs.define
class Mean:
    """The mean of many games' scores of one seat (or bot), with a 95% interval; exact sums, so fractions add
    up exactly."""
    n: int = 0
    total: Any = 0      # an int or a Fraction
    squares: Any = 0

    def add(self, x):
        self.n += 1
        self.total += x
        self.squares += x * x

    def merge(self, other):
        self.n += other.n
        self.total += other.total
        self.squares += other.squares

    @property
    def mean(self) -> float:
        return float(self.total) / self.n if self.n else 0.0

    def interval(self, z=1.96):
        """[low, high]: the mean give or take z standard errors (a normal approximation; the sample's
        standard deviation, with n - 1), rounded to 4 places. A single game gives no spread: [mean, mean]."""
        if self.n < 2:
            return [round(self.mean, 4), round(self.mean, 4)]
        variance = max(0.0, float(self.squares - self.total * self.total / self.n) / (self.n - 1))
        half = z * math.sqrt(variance / self.n)
        return [round(self.mean - half, 4), round(self.mean + half, 4)]


@attrs.define
class Summary:
    """The results of many games, per seat: sole wins, shared wins and draws (they add up, with the
    unfinished games, to n), lengths, mean scores where the game keeps a score, and speed."""
    seats: list                       # seat names
    n: int = 0
    wins: dict = attrs.Factory(dict)      # seat -> games it won alone
    shared: dict = attrs.Factory(dict)    # seat -> games it won together with others
    draws: int = 0
    losses: int = 0                   # games nobody won that were no draw: lost by the one player of a solo game
    unfinished: int = 0
    lengths: list = attrs.Factory(list)
    scores: dict = attrs.Factory(dict)    # seat -> Mean of its final scores, in the games that keep one
    seconds: float = 0.0
    interrupted: bool = False

    def __attrs_post_init__(self):
        for name in self.seats:
            self.wins.setdefault(name, 0)
            self.shared.setdefault(name, 0)

    def add(self, record: GameRecord):
        self.n += 1
        self.lengths.append(record.length)
        outcome = record.outcome
        if outcome is None:
            self.unfinished += 1
            return
        if outcome.draw:
            self.draws += 1
        elif not outcome.winners:
            self.losses += 1
        elif len(outcome.winners) == 1:
            self.wins[self.seats[outcome.winners[0]]] += 1
        else:
            for w in outcome.winners:
                self.shared[self.seats[w]] += 1
        if outcome.scores:
            for seat, score in outcome.scores.items():
                self.scores.setdefault(self.seats[seat], Mean()).add(score or 0)

    def merge(self, other):
        """Add the games of another summary of the same series (another range of game numbers)."""
        self.n += other.n
        for name in self.seats:
            self.wins[name] += other.wins[name]
            self.shared[name] += other.shared[name]
            if name in other.scores:
                self.scores.setdefault(name, Mean()).merge(other.scores[name])
        self.draws += other.draws
        self.losses += other.losses
        self.unfinished += other.unfinished
        self.lengths += other.lengths
        self.seconds = max(self.seconds, other.seconds)
        self.interrupted = self.interrupted or other.interrupted
        return self

    @property
    def decided(self):
        """Games with a sole winner."""
        return sum(self.wins.values())

    @property
    def shared_games(self):
        return self.n - self.unfinished - self.draws - self.losses - self.decided

    def length_stats(self):
        if not self.lengths:
            return {"mean": 0, "min": 0, "max": 0}
        return {"mean": statistics.fmean(self.lengths), "min": min(self.lengths), "max": max(self.lengths)}

    @property
    def scored(self):
        """Games that ended with scores."""
        return max((m.n for m in self.scores.values()), default=0)

    def mean_scores(self):
        """Each seat's mean final score (None when the game keeps no score)."""
        if not self.scored:
            return None
        return {name: self.scores[name].mean if name in self.scores else 0.0 for name in self.seats}

    def score_intervals(self):
        """Each seat's mean score as a 95% interval [low, high] (None when the game keeps no score)."""
        if not self.scored:
            return None
        return {name: self.scores.get(name, Mean()).interval() for name in self.seats}

    def win_rates(self):
        """Each seat's rate of sole wins, as a 95% Wilson interval [low, high]."""
        return {name: list(wilson(k, self.n)) for name, k in self.wins.items()}

    def per_second(self):
        return self.n / self.seconds if self.seconds > 0 else float("inf")

    def as_dict(self):
        out = {"n": self.n, "wins": dict(self.wins), "shared": dict(self.shared), "draws": self.draws,
               "unfinished": self.unfinished, "length": self.length_stats()}
        if len(self.seats) == 1:  # one player: lost games too, and the rate of wins
            out["losses"] = self.losses
            out["win_rate"] = self.win_rates()[self.seats[0]]
        scores = self.mean_scores()
        if scores is not None:
            out["scores"] = {k: round(v, 4) for k, v in scores.items()}
            out["score_intervals"] = self.score_intervals()
        return out


def play_series(game, n, seed=0, players=None, options=(), bots_for=None, max_moves=10000, summary=None,
                on_game=None, on_move=None, start=0) -> Summary:
    """Games `start` .. `start + n - 1` of a series: game i from `new_state(seed=seed + i)`, played by
    `bots_for(i, players)` (a list, one bot per seat; default: one random bot for every seat, drawing from
    `series_rng(seed, i)`). `on_move(i, state, seat, move)` sees each move before it is made,
    `on_game(i, state, record)` each finished game (one state plays every game of the series, started again
    with State.restart: read it there, do not keep it). Ctrl-C stops the series between two games, or in the
    middle of one (which is then not counted): the summary says `interrupted`."""
    players = players if players is not None else game.min_players
    if summary is None:
        summary = Summary(game.seat_names(players))
    # random movers read nothing of what could have been drawn: their games keep no record of it (a sixth of a
    # playout of a game that deals hidden cards)
    records = bots_for is not None
    if bots_for is None:
        def bots_for(i, players):
            return [RandomBot(series_rng(seed, i))] * players
    began = time.perf_counter()
    state = None
    try:
        for i in range(start, start + n):
            if state is None:
                state = game.new_state(seed=seed + i, players=players, options=tuple(options), records=records)
            else:
                state.restart(seed + i)  # the game new_state(seed=seed + i) would start, not built again
            watch = None if on_move is None else (lambda state, seat, move, i=i: on_move(i, state, seat, move))
            record = play_game(state, bots_for(i, players), max_moves=max_moves, on_move=watch)
            summary.add(record)
            if on_game is not None:
                on_game(i, state, record)
    except KeyboardInterrupt:
        summary.interrupted = True
    summary.seconds += time.perf_counter() - began
    return summary


def random_playouts(game, n, seed=0, players=None, options=(), max_moves=10000) -> Summary:
    """`n` games between random movers (see play_series)."""
    return play_series(game, n, seed=seed, players=players, options=options, max_moves=max_moves)


def wilson(k, n, z=1.96):
    """The Wilson score interval of a rate of k in n (95% for z = 1.96), rounded to 4 places."""
    if n == 0:
        return (0.0, 1.0)
    p = k / n
    denominator = 1 + z * z / n
    centre = (p + z * z / (2 * n)) / denominator
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / denominator
    return (round(max(0.0, centre - half), 4), round(min(1.0, centre + half), 4))
