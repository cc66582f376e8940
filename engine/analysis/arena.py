"""Bots against bots: a series of games with the bots changing seats from game to game, counted per seat
and per bot, with 95% intervals.

Game i gives the bot named for seat s the seat (s + i) mod players (unless the seats are fixed), and each
bot draws from a seed made of (seed, i, seat) alone: a game's result depends on its number only.
"""
from __future__ import annotations

import attrs

from ..bots import parse_spec
from .playout import Mean, Summary, play_series, series_rng, wilson


@attrs.define
class BotTally:
    """One bot's games: won alone, won with others, drawn, lost, unfinished."""
    n: int = 0
    wins: int = 0
    shared: int = 0
    draws: int = 0
    losses: int = 0
    unfinished: int = 0
    score: Mean = attrs.Factory(Mean)   # its final scores, where the game keeps one

    def merge(self, other):
        for name in ("n", "wins", "shared", "draws", "losses", "unfinished"):
            setattr(self, name, getattr(self, name) + getattr(other, name))
        self.score.merge(other.score)   # sums of scores and of their squares: exact, so the same for every --jobs

    def as_dict(self):
        out = {"n": self.n, "wins": self.wins, "shared": self.shared, "draws": self.draws, "losses": self.losses,
               "unfinished": self.unfinished, "win_rate": list(wilson(self.wins, self.n))}
        if self.score.n:
            out["score"] = round(self.score.mean, 4)
            out["score_interval"] = self.score.interval()
        return out


@attrs.define
class ArenaResult:
    game: str
    players: int
    specs: list              # the bot named for each seat
    rotate: bool
    summary: Summary         # per seat
    by_bot: dict             # label -> BotTally

    def merge(self, other):
        """Add the games of another range of game numbers of the same arena (engine/analysis/parallel.py)."""
        self.summary.merge(other.summary)
        for label, tally in other.by_bot.items():
            self.by_bot[label].merge(tally)
        return self

    def as_dict(self):
        out = {"game": self.game, "players": self.players, **self.summary.as_dict(),
               "win_rate": self.summary.win_rates(), "seats": list(self.specs), "rotate": self.rotate}
        if self.rotate:
            out["by_bot"] = {label: t.as_dict() for label, t in self.by_bot.items()}
        if self.summary.interrupted:
            out["interrupted"] = True
        return out


def bot_labels(specs):
    """A name for each seat's bot: its spec, numbered when two seats have the same one (random#1, random#2)."""
    out = []
    for i, spec in enumerate(specs):
        same = [j for j, s in enumerate(specs) if s == spec]
        out.append(spec if len(same) == 1 else f"{spec}#{same.index(i) + 1}")
    return out


def arena(game, specs, n, seed=0, players=None, options=(), rotate=True, max_moves=10000, on_game=None,
          on_move=None, start=0, result=None, backend="python") -> ArenaResult:
    """Games `start` .. `start + n - 1` between the bots `specs` (one per seat, as parse_spec reads them).
    `result` carries on a result already begun. `backend` "native" (the game's native module: see
    native_backend): random bots in every seat play the series natively (unless `on_move` watches the moves; the
    games' state is not given to `on_game`), search bots play their random lines natively."""
    players = players if players is not None else game.min_players
    if len(specs) != players:
        raise ValueError(f"{len(specs)} bots for {players} seats")
    parsed = [parse_spec(s) for s in specs]
    if any(p.kind == "human" for p in parsed):
        raise ValueError("an arena is for bots: no seat can be human")
    labels = bot_labels([p.text for p in parsed])
    if result is None:
        result = ArenaResult(game.name, players, [p.text for p in parsed], rotate,
                             Summary(game.seat_names(players)), {label: BotTally() for label in labels})

    def bot_at(i, seat):
        """Which of the named bots plays `seat` in game i."""
        return (seat - i) % players if rotate else seat

    native = native_backend(game, players, options) if backend == "native" else None
    rollouts = "native" if native is not None else "python"

    def bots_for(i, players):
        return [parsed[bot_at(i, s)].make(seed=series_rng(seed, i, f"seat {s}").getrandbits(31), rollouts=rollouts)
                for s in range(players)]

    def tally(i, state, record):
        outcome = record.outcome
        for seat in range(players):
            t = result.by_bot[labels[bot_at(i, seat)]]
            t.n += 1
            if outcome is not None and outcome.scores:
                t.score.add(outcome.scores.get(seat) or 0)
            if outcome is None:
                t.unfinished += 1
            elif outcome.draw:
                t.draws += 1
            elif seat in outcome.winners:
                if len(outcome.winners) == 1:
                    t.wins += 1
                else:
                    t.shared += 1
            else:
                t.losses += 1
        if on_game is not None:
            on_game(i, state, record)

    if native is not None and on_move is None and all(p.kind == "random" for p in parsed):
        native_series(native, n, seed, start, max_moves, result.summary, tally)
        return result
    play_series(game, n, seed=seed, players=players, options=options, bots_for=bots_for, max_moves=max_moves,
                summary=result.summary, on_game=tally, on_move=on_move, start=start)
    return result


def native_backend(game, players, options):
    """The game's native module, shared in this process (engine/native/rollouts.shared_game); raises what it
    raises when the native backend cannot play the game (the command has said so before it asked)."""
    from ..native.rollouts import shared_game
    return shared_game(game, players, tuple(options))


def native_series(native, n, seed, start, max_moves, summary, on_game) -> None:
    """Games start .. start + n - 1 of random movers played natively, each added to `summary` and given to
    `on_game(i, None, record)`; Ctrl-C stops it between two runs of games (the summary says `interrupted`)."""
    import time

    from ..native.analyses import records
    began = time.perf_counter()
    try:
        for i, record in records(native, n, seed, start, max_moves):
            summary.add(record)
            on_game(i, None, record)
    except KeyboardInterrupt:
        summary.interrupted = True
    summary.seconds += time.perf_counter() - began
