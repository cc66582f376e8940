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


# ---------------------------------------------------------------------------------
# playing a balance run in batches: an estimate of the time left after each, and a stop once narrow enough

FIRST_BATCH = 20   # games in the first batch (times the workers, at least): the first estimate comes from them


def widest(run: BalanceRun) -> float:
    """Half the width of the widest win-rate interval the run reports (a share: 0.03 is ±3%)."""
    rates = run.summary.win_rates()
    return max(((high - low) / 2 for low, high in rates.values()), default=1.0)


def games_for(run: BalanceRun, bound: float, z: float = 1.96) -> int:
    """About how many games make every seat's win-rate interval at most ±`bound`, from the rates seen so far
    (a normal approximation: z·√(p(1−p)/n) ≤ bound, p the rate nearest one half)."""
    s = run.summary
    if not s.n:
        return 0
    p = max((k / s.n * (1 - k / s.n) for k in s.wins.values()), default=0.25)
    return int(z * z * max(p, 1 / s.n) / (bound * bound)) + 1


@attrs.define
class Batches:
    """How a run in batches goes: the games asked for (the most, with --until), those played, the seconds they
    took, and why it stopped ("narrow": every interval within the bound; "all": the games asked for were played;
    "interrupted")."""
    asked: int
    played: int = 0
    seconds: float = 0.0
    stop: str = ""

    def expected(self, target: int) -> float:
        """Seconds still to go for `target` games in all, at the pace so far."""
        return self.seconds / self.played * max(0, target - self.played) if self.played else 0.0


def play_in_batches(series, runner, until=None, on_game=None, on_batch=None):
    """A balance `series` (engine/analysis/parallel.py) played in batches of games, the first FIRST_BATCH (times
    the workers), then more, as many as the run seems to need: (its BalanceRun, its Batches). With `until` (a
    share: 0.03 for ±3%) it stops once every seat's win-rate interval is within it, at most `series.n` games.
    `on_batch(batches, target)` after each batch, target being the games it now expects to play in all. The
    result is the one a single series of as many games gives (game i depends on its number alone)."""
    import time

    from .parallel import run_series
    jobs = getattr(runner, "jobs", 1)
    batches = Batches(series.n)
    run = None
    size = min(series.n, FIRST_BATCH * jobs)
    while size > 0:
        began = time.perf_counter()
        try:
            part = run_series(attrs.evolve(series, n=size, start=series.start + batches.played), runner,
                              on_game=on_game)
        except KeyboardInterrupt:  # before a game of this batch was done: the batches before it stay
            if run is None:
                raise
            run.summary.interrupted = True
            batches.stop = "interrupted"
            break
        batches.seconds += time.perf_counter() - began
        batches.played += part.summary.n
        run = part if run is None else run.merge(part)
        if part.summary.interrupted or part.summary.n < size:
            run.summary.interrupted = True
            batches.stop = "interrupted"
            break
        target = series.n
        if until is not None:
            if widest(run) <= until + 1e-9:
                batches.stop = "narrow"
                break
            target = min(series.n, max(batches.played + 1, games_for(run, until)))
        if batches.played >= series.n:
            batches.stop = "all"
            break
        if on_batch is not None:
            on_batch(batches, target)
        # the games the run seems to need, at most as many again as were played (the estimate grows surer)
        size = min(series.n - batches.played, max(target - batches.played, FIRST_BATCH * jobs), batches.played)
    if run is not None:
        run.summary.seconds = batches.seconds
    return run, batches
