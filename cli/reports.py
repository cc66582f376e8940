"""What `mire arena` and `mire balance` print: text tables, a progress bar on stderr, and a picture."""
from __future__ import annotations

import contextlib
import sys

from .safe_text import printable


@contextlib.contextmanager
def progress(total, what):
    """A progress bar on stderr for `total` games (tqdm; nothing when stderr is not a terminal). Yields a
    function to call after each game; its `say(line)` writes a line on stderr above the bar (or alone)."""
    try:
        from tqdm import tqdm
    except ImportError:  # the bar is a comfort, not a need
        yield _Tick(None)
        return
    bar = tqdm(total=total, desc=printable(what), unit="game", file=sys.stderr, disable=None, leave=False,
               dynamic_ncols=True)
    try:
        yield _Tick(bar)
    finally:
        bar.close()


class _Tick:
    """After each game, the bar goes on (`tick()`); `tick.say(line)`: a line on stderr, above the bar."""

    def __init__(self, bar):
        self.bar = bar

    def __call__(self, *args):
        if self.bar is not None:
            self.bar.update(1)

    def say(self, line: str):
        if self.bar is not None and not self.bar.disable:
            self.bar.write(line, file=sys.stderr)
        else:
            print(line, file=sys.stderr, flush=True)


def pct(k, n):
    return f"{100 * k / n:.1f}%" if n else "-"


def interval(pair):
    low, high = pair
    return f"[{100 * low:.1f}%, {100 * high:.1f}%]"


def table(rows, right=()):
    """Rows of cells as aligned columns (the columns numbered in `right` aligned right); a cell's text, which may
    come from a rules file (a seat's or an action's name), escaped."""
    rows = [[printable(str(c)) for c in r] for r in rows]
    widths = [max(len(str(r[i])) for r in rows) for i in range(len(rows[0]))]
    lines = []
    for r in rows:
        cells = [str(c).rjust(w) if i in right else str(c).ljust(w) for i, (c, w) in enumerate(zip(r, widths))]
        lines.append("  ".join(cells).rstrip())
    return "\n".join(lines)


def score_cells(mean):
    """A mean score and its 95% interval, as two cells."""
    if mean is None or not mean.n:
        return ("-", "")
    low, high = mean.interval()
    return (f"{mean.mean:.2f}", f"[{low:.2f}, {high:.2f}]")


def arena_text(result, title):
    data = result.as_dict()
    s = result.summary
    n = s.n
    lines = [f"{printable(title)}: {n} games, {result.players} players, seats "
             + ("rotating" if result.rotate else "fixed: " + ", ".join(
                 f"{name} {spec}" for name, spec in zip(s.seats, result.specs)))]
    scored = s.mean_scores() is not None
    rows = [("seat", "wins", "", "95% interval", "shared") + (("mean score", "95% interval") if scored else ())]
    for name in s.seats:
        row: tuple = (name, s.wins[name], pct(s.wins[name], n), interval(data["win_rate"][name]), s.shared[name])
        if scored:
            row += score_cells(s.scores.get(name))
        rows.append(row)
    lines.append(table(rows, right=(1, 2, 4, 5)))
    lines.append(f"draws: {s.draws} ({pct(s.draws, n)})" + (f", unfinished: {s.unfinished}" if s.unfinished else ""))
    length = s.length_stats()
    lines.append(f"length: mean {length['mean']:.1f}, min {length['min']}, max {length['max']}")
    if result.rotate:
        rows = [("bot", "wins", "", "95% interval", "shared", "draws", "losses")
                + (("mean score", "95% interval") if scored else ())]
        for label, t in result.by_bot.items():
            row = (label, t.wins, pct(t.wins, t.n), interval(t.as_dict()["win_rate"]), t.shared, t.draws, t.losses)
            rows.append(row + (score_cells(t.score) if scored else ()))
        lines.append(table(rows, right=(1, 2, 4, 5, 6, 7)))
    if s.interrupted:
        lines.append("interrupted: these are the games played so far")
    return "\n".join(lines)


def balance_json(columns, interrupted):
    return {"interrupted": interrupted,
            "games": [{"game": label, "title": next(iter(runs.values())).title,
                       "players": next(iter(runs.values())).players,
                       "bots": {b: r.as_dict() for b, r in runs.items()}} for label, runs in columns]}


def balance_text(columns, interrupted=False):
    """columns: [(game label, {bot: BalanceRun})], shown side by side."""
    heads = [label for label, _ in columns]
    bots = []
    for _, runs in columns:
        bots += [b for b in runs if b not in bots]
    out = [table(_result_rows(columns, heads, bots)), "",
           "actions: share of all decisions (never / rare: a dead rule?)",
           table(_action_rows(columns, heads)), "  (" + " / ".join(bots) + ")", "",
           "branching factor: mean legal moves by turn", table(_branching_rows(columns, heads, bots))]
    if interrupted or any(run.summary.interrupted for _, runs in columns for run in runs.values()):
        out.append("interrupted: these are the games played so far")
    return "\n".join(out)


def _result_rows(columns, heads, bots):
    rows = [[""] + heads]
    for bot in bots:
        some = next(runs[bot] for _, runs in columns if bot in runs)
        rows.append([f"{bot}, {some.players} players"] + [f"n={runs[bot].summary.n}" if bot in runs else ""
                                                          for _, runs in columns])
        for i in range(len(some.summary.seats)):
            rows.append([f"  seat {i + 1} wins"] + [_seat_wins(runs.get(bot), i) for _, runs in columns])
        for what, value in (("  shared wins", lambda r: pct(r.summary.shared_games, r.summary.n)),
                            ("  draws", lambda r: pct(r.summary.draws, r.summary.n)),
                            ("  unfinished", lambda r: str(r.summary.unfinished)),
                            ("  length", _length_text)):
            rows.append([what] + [value(runs[bot]) if bot in runs else "" for _, runs in columns])
    return rows


def _seat_wins(run, i):
    if run is None or i >= len(run.summary.seats):
        return ""
    s = run.summary
    seat = s.seats[i]
    return f"{pct(s.wins[seat], s.n)} {interval(s.win_rates()[seat])}"


def _action_rows(columns, heads):
    rows = [[""] + heads]
    names = []
    for _, runs in columns:
        for run in runs.values():
            names += [a for a in run.actions + ["choose"] if a not in names and (a != "choose" or a in run.chosen)]
    for a in names:
        cells = []
        for _, runs in columns:
            parts = []
            for run in runs.values():
                if a in run.actions or a in run.chosen:
                    flag = run.dead().get(a)
                    parts.append(f"{100 * run.share(a):.1f}%" + (f" {flag}" if flag else ""))
            cells.append(" / ".join(parts))
        rows.append([f"  {a}"] + cells)
    return rows


def _branching_rows(columns, heads, bots):
    rows = [[""] + heads]
    for bot in bots:
        for lo, hi in _turn_spans([runs[bot] for _, runs in columns if bot in runs]):
            label = f"  {bot}, turn {lo}" + (f"-{hi}" if hi != lo else "")
            rows.append([label] + [_branching(runs[bot], lo, hi) if bot in runs else "" for _, runs in columns])
    return rows


def _length_text(run):
    s = run.summary.length_stats()
    q = run.as_dict()["length_quartiles"]
    return f"{s['mean']:.1f} ({s['min']}-{s['max']}; median {q[1]})" if q else "-"


def _turn_spans(runs, rows=8):
    last = max((max(r.branching) for r in runs if r.branching), default=0)
    if not last:
        return []
    width = max(1, -(-last // rows))
    return [(lo, min(last, lo + width - 1)) for lo in range(1, last + 1, width)]


def _branching(run, lo, hi):
    total = count = 0
    for turn in range(lo, hi + 1):
        t, c = run.branching.get(turn, (0, 0))
        total += t
        count += c
    return f"{total / count:.1f}" if count else "-"


def balance_plot(columns, path):
    """Seat win rates with their intervals, game lengths and branching factor, one column per game."""
    import matplotlib
    matplotlib.use("Agg")
    import matplotlib.pyplot as plt
    fig, axes = plt.subplots(3, len(columns), figsize=(4.5 * len(columns), 10), squeeze=False)
    for col, (label, runs) in enumerate(columns):
        ax = axes[0][col]
        width = 0.8 / max(1, len(runs))
        for b, (bot, run) in enumerate(runs.items()):
            s = run.summary
            rates = s.win_rates()
            xs = [i + b * width for i in range(len(s.seats))]
            ys = [s.wins[name] / s.n if s.n else 0 for name in s.seats]
            errors = [[y - rates[name][0] for y, name in zip(ys, s.seats)],
                      [rates[name][1] - y for y, name in zip(ys, s.seats)]]
            ax.bar(xs, ys, width, yerr=errors, capsize=3, label=f"{bot} (n={s.n})")
            ax.set_xticks([i + width * (len(runs) - 1) / 2 for i in range(len(s.seats))], s.seats)
        ax.axhline(1 / max(1, next(iter(runs.values())).players), color="grey", lw=0.8, ls="--")
        ax.set_title(label)
        ax.set_ylabel("sole wins (95% interval)")
        ax.legend(fontsize=8)
        ax = axes[1][col]
        for bot, run in runs.items():
            ax.hist(run.summary.lengths, bins=15, alpha=0.5, label=bot)
        ax.set_xlabel("game length (decisions)")
        ax.legend(fontsize=8)
        ax = axes[2][col]
        for bot, run in runs.items():
            turns = run.branching_by_turn()
            ax.plot([t for t, _ in turns], [m for _, m in turns], label=bot)
        ax.set_xlabel("turn")
        ax.set_ylabel("legal moves")
        ax.legend(fontsize=8)
    fig.tight_layout()
    fig.savefig(path, dpi=90)
    plt.close(fig)
