"""Is a game (or a variant) fair? Many games with one kind of bot in every seat: each seat's wins with 95%
intervals, how long games last, draws and shared wins, how often each action is chosen (one that is never or
almost never chosen is flagged as a dead rule), and the branching factor turn by turn.
"""
from __future__ import annotations

import attrs

from ..bots import parse_spec
from .arena import native_backend
from .playout import Summary, play_series, series_rng

RARE = 0.005   # an action chosen in fewer than this share of the decisions is "almost never" chosen


@attrs.define
class BalanceRun:
    """One game (or variant) played n times by one kind of bot in every seat."""
    game: str
    title: str
    bot: str
    players: int
    summary: Summary
    actions: list                                    # the game's action names, in the order of the rules
    chosen: dict = attrs.Factory(dict)               # action -> moves of it made
    legal: dict = attrs.Factory(dict)                # action -> decisions at which it could be made
    decisions: int = 0
    branching: dict = attrs.Factory(dict)            # turn -> [sum of legal moves, decisions]

    def record(self, state, move):
        moves = state.legal_moves()
        self.decisions += 1
        name = move.action.name
        self.chosen[name] = self.chosen.get(name, 0) + 1
        for a in {m.action.name for m in moves}:
            self.legal[a] = self.legal.get(a, 0) + 1
        entry = self.branching.setdefault(state.turn, [0, 0])
        entry[0] += len(moves)
        entry[1] += 1

    def merge(self, other):
        """Add the games of another range of game numbers of the same run (engine/analysis/parallel.py)."""
        self.summary.merge(other.summary)
        for mine, theirs in ((self.chosen, other.chosen), (self.legal, other.legal)):
            for action, k in theirs.items():
                mine[action] = mine.get(action, 0) + k
        self.decisions += other.decisions
        for turn, (total, count) in other.branching.items():
            entry = self.branching.setdefault(turn, [0, 0])
            entry[0] += total
            entry[1] += count
        return self

    def share(self, action):
        return self.chosen.get(action, 0) / self.decisions if self.decisions else 0.0

    def dead(self):
        """The actions never chosen, or chosen in fewer than RARE of the decisions: {action: "never" | "rare"}."""
        out = {}
        for a in self.actions:
            k = self.chosen.get(a, 0)
            if k == 0:
                out[a] = "never"
            elif self.decisions and k / self.decisions < RARE:
                out[a] = "rare"
        return out

    def branching_by_turn(self):
        return [[turn, round(total / count, 2)] for turn, (total, count) in sorted(self.branching.items())]

    def length_histogram(self, bins=10):
        """[[low, high, games], ...] over the lengths seen."""
        lengths = self.summary.lengths
        if not lengths:
            return []
        low, high = min(lengths), max(lengths)
        width = max(1, -(-(high - low + 1) // bins))
        out = []
        for start in range(low, high + 1, width):
            out.append([start, start + width - 1, sum(start <= x < start + width for x in lengths)])
        return out

    def as_dict(self):
        lengths = sorted(self.summary.lengths)
        quartiles = [lengths[int(q * (len(lengths) - 1))] for q in (0.25, 0.5, 0.75)] if lengths else []
        return {
            "bot": self.bot, **self.summary.as_dict(), "win_rate": self.summary.win_rates(),
            "length_quartiles": quartiles, "length_histogram": self.length_histogram(),
            "decisions": self.decisions,
            "actions": {a: {"chosen": self.chosen.get(a, 0), "legal": self.legal.get(a, 0),
                            "share": round(self.share(a), 4)} for a in self.actions + ["choose"]
                        if a != "choose" or a in self.chosen},
            "dead": self.dead(), "branching": self.branching_by_turn(),
            **({"interrupted": True} if self.summary.interrupted else {}),
        }


def balance(game, bot, n, seed=0, players=None, options=(), max_moves=10000, on_game=None, start=0,
            backend="python") -> BalanceRun:
    """`n` games of `game` (from game number `start`) with the bot `bot` (a spec) in every seat, each seat its
    own bot. `backend` "native": random bots play the series natively, search bots their random lines (see
    arena.arena)."""
    spec = parse_spec(bot)
    if spec.kind == "human":
        raise ValueError("balance is measured with bots, not people")
    players = players if players is not None else game.min_players
    names = []
    for a in game.compiled.actions:
        if a.name not in names:
            names.append(a.name)
    run = BalanceRun(game.name, game.title, spec.text, players, Summary(game.seat_names(players)), names)

    native = native_backend(game, players, options) if backend == "native" else None
    if native is not None and spec.kind == "random":
        import time

        from ..native.analyses import balance_counts
        began = time.perf_counter()
        try:
            balance_counts(native, n, seed, start, max_moves, run, on_game)
        except KeyboardInterrupt:
            run.summary.interrupted = True
        run.summary.seconds += time.perf_counter() - began
        return run
    rollouts = "native" if native is not None else "python"

    def bots_for(i, players):
        return [spec.make(seed=series_rng(seed, i, f"seat {s}").getrandbits(31), rollouts=rollouts)
                for s in range(players)]

    play_series(game, n, seed=seed, players=players, options=options, bots_for=bots_for, max_moves=max_moves,
                summary=run.summary, on_game=on_game, on_move=lambda i, state, seat, move: run.record(state, move),
                start=start)
    return run
