"""The search bot: information-set Monte Carlo tree search (Cowling, Powley and Whitehouse 2012), for any game.

Each iteration takes a state consistent with what the bot's seat knows (mire.engine.run.knowledge: hidden
pieces dealt again, other players' pending secret choices made again, the random numbers still to come
drawn afresh), walks down one tree of moves with UCB1, adds one move, plays on at random to the end, and
gives every seat its own result: 1 for a win, 1/k to each of k who share a win or a draw, 0 for a loss.
A node is the sequence of moves that led to it, whoever made them (chance, mid-move choices by any seat and
secret choices included); a move is known by its text. Since the states differ from one iteration to
the next, a move is not always there to choose: it is judged against the times it was there (the
"availability" count of ISMCTS).

A simultaneous step (`at once`) is one node whose moves are the joint answers, but no seat chooses the
joint answer: each seat of it keeps its own statistics of its own answers there and picks by UCB1 among them
with its own results, not knowing the others' picks (decoupled UCT, as OpenSpiel's and Lanctot's
simultaneous-move MCTS); the joint answer they make leads to the child. At such a step the bot answers for
its seat alone: its most visited answer.

OpenSpiel's mcts.py and ismcts.py (github.com/google-deepmind/open_spiel) were read for this; this one
works through the engine's public API only, with one copy of the state per decision, applying and
undoing moves on it.
"""
from __future__ import annotations

import hashlib
import math
import random
import time

from ..analysis.playout import play_game
from ..run.knowledge import Worlds
from ..run.runtime import RuleError
from . import RandomBot

EXPLORATION = 0.7          # UCB1's constant, for results between 0 and 1
CHECK_EVERY = 16           # iterations between two looks at whether the choice is settled
LEAST_SHARE = 0.1          # the least share of a move's time a choice inside the move is given
ROLLOUT_LIMIT = 1000       # moves a random playout may take before it is scored as it stands (unfinished)


class _Node:
    __slots__ = ("children", "visits", "total", "available", "answers")

    def __init__(self):
        self.children = {}   # move text -> _Node
        self.visits = 0
        self.total = 0.0     # the results of the seat that made the move into this node
        self.available = 0   # times this move could have been chosen when its parent was visited
        self.answers = None  # at a simultaneous step: seat -> answer text -> _Node (its own statistics)


class _TimeUp(Exception):
    """The search's time ran out in the middle of a line of play."""


class SearchBot:
    """`iterations` and `seconds` bound the thinking (the first one reached ends it; iterations alone gives
    the same moves on any machine). `peek=True` lets it see everything (chance stays unknown).

    The time is looked at before each move of a line of play, not only between lines: a line may be up to
    `rollout_limit` moves, and a hostile game's move up to the engine's bound of steps, so a search with
    `seconds` stops within one move of its time. A line cut short is scored as it stands (as at the limit).
    Without `seconds` nothing looks at the clock: the same seed gives the same moves."""

    clock = staticmethod(time.perf_counter)   # (a test gives its own, to count the work done in a time)

    def __init__(self, iterations=None, seconds=None, seed=0, peek=False, spec="mcts", exploration=EXPLORATION,
                 rollout_limit=ROLLOUT_LIMIT, rollouts="python", tree=None):
        if iterations is None and seconds is None:
            raise ValueError("a search needs iterations or seconds")
        self.iterations, self.seconds = iterations, seconds
        self.seed, self.peek, self.spec = seed, peek, spec
        self.exploration, self.rollout_limit = exploration, rollout_limit
        self.last = None   # what the last search found: {"iterations", "seconds", "visits": {move text: n}}
        # "native": the random lines are played by the native backend where it plays the game (engine/native)
        self.native = None
        # and the whole iteration native (engine/native/search.py: the worlds, the tree and the lines) where it can
        # search the position; `tree="python"` keeps this tree with native rollouts
        self.tree = None
        if rollouts == "native":
            from ..native.rollouts import NativeRollouts
            self.native = NativeRollouts()
            if tree != "python":
                from ..native.search import NativeTree
                self.tree = NativeTree()
        # the move this bot is in the middle of: (its seat, the length of the history at its next choice in that
        # move, the move's deadline), so that a choice inside the move spends what is left of the move's time
        self._within = None

    def choose(self, state, seat):
        joint = state.simultaneous
        moves = state.moves_for(seat) if joint else state.legal_moves()
        began = self.clock()
        deadline = self._deadline(state, seat, began)
        self._within = (seat, len(state.history) + 1, deadline)
        if len(moves) == 1:
            self.last = {"iterations": 0, "seconds": 0.0, "visits": {moves[0].text: 0}}
            return moves[0]
        rng = random.Random(self._decision_seed(state, seat))
        if self.tree is not None:
            found = self.tree.search(self, state, seat, rng, began, deadline)
            if found is not None:
                return self._chosen(moves, found, rng, began)
        worlds = Worlds(state, seat, peek=self.peek)
        root = _Node()
        done = 0
        judged: dict = {}
        while self.iterations is None or done < self.iterations:
            self._iterate(worlds.sample(rng), root, rng, deadline)
            done += 1
            if deadline is not None and self.clock() >= deadline:
                break
            judged = (root.answers or {}).get(seat, {}) if joint else root.children
            if done % CHECK_EVERY == 0 and self._settled(judged, done, began, deadline):
                break
        by_text = {m.text: m for m in moves}
        judged = (root.answers or {}).get(seat, {}) if joint else root.children
        tried = [(child.visits, child.total / max(1, child.visits), text)
                 for text, child in judged.items() if text in by_text]
        self.last = {"iterations": done, "seconds": self.clock() - began,
                     "visits": {text: child.visits for text, child in judged.items()}}
        if not tried:  # nothing it imagined is legal here (legal moves that depend on hidden things)
            return moves[rng.randrange(len(moves))]
        return by_text[max(tried)[2]]

    def _chosen(self, moves, found, rng, began):
        """The move of a native search (engine/native/search.py): the most visited of the root's moves legal here,
        the better mean, then the text, breaking ties, as `choose` does."""
        judged, done = found
        by_text = {m.text: m for m in moves}
        tried = [(visits, total / max(1, visits), text) for text, (visits, total) in judged.items() if text in by_text]
        self.last = {"iterations": done, "seconds": self.clock() - began,
                     "visits": {text: visits for text, (visits, _) in judged.items()}, "native": True}
        if not tried:
            return moves[rng.randrange(len(moves))]
        return by_text[max(tried)[2]]

    def _deadline(self, state, seat, began):
        """When the thinking ends: `seconds` from now at the start of a move; at a choice inside the move this bot
        is making, what is left of that move's time (at least a tenth of it: a choice is not made blind)."""
        if self.seconds is None:
            return None
        within = self._within
        if state.pending is not None and within is not None and within[:2] == (seat, len(state.history)) \
                and within[2] is not None:
            return max(within[2], began + self.seconds * LEAST_SHARE)
        return began + self.seconds

    def _settled(self, judged, done, began, deadline) -> bool:
        """Can the most visited move (the one chosen) no longer be overtaken by the thinking left? With
        iterations, those left; with time, as many as the time left would give at the rate so far."""
        visits = sorted((child.visits for child in judged.values()), reverse=True)
        if len(visits) < 2:
            return False
        left = self.iterations - done if self.iterations is not None else None
        if deadline is not None:
            spent = max(self.clock() - began, 1e-9)
            by_time = int(done * max(0.0, deadline - self.clock()) / spent) + 1
            left = by_time if left is None else min(left, by_time)
        return left is not None and visits[0] - visits[1] > left

    def _decision_seed(self, state, seat):
        """The same decision for the same seed, seat and game as the seat has seen it."""
        seen = "\n".join([str(self.seed), str(seat), *state.history_for(seat)])
        return int.from_bytes(hashlib.blake2b(seen.encode(), digest_size=8).digest(), "big")

    def _iterate(self, world, root, rng, deadline=None):
        node = root
        path: list = []      # (node, the seat that moved into it)
        answered: list = []  # (a seat's statistics of its answer at a simultaneous step, the seat)
        depth = world.decisions
        on_move = None if deadline is None else (lambda *_: self._in_time(deadline))
        try:
            while not world.is_over():
                if path and on_move is not None:   # (the first step always: a line adds at least one node)
                    on_move()
                moves = world.legal_moves()
                if not moves:
                    break
                mover = world.to_move
                children = node.children
                if world.simultaneous:
                    move = self._answer_together(world, node, rng, answered)
                    child = children.get(move.text)
                    fresh = child is None
                    if fresh:
                        child = children[move.text] = _Node()
                    world.apply(move)
                    path.append((child, mover))
                    if fresh:
                        break
                    node = child
                    continue
                untried, there = _split(moves, children)
                if untried:
                    move = untried[rng.randrange(len(untried))]
                    child = children[move.text] = _Node()
                    child.available = 1
                    world.apply(move)
                    path.append((child, mover))
                    break
                move = self._select(there)
                child = children[move.text]
                world.apply(move)
                path.append((child, mover))
                node = child
            # then random moves to the end (or to the limit, scored as unfinished)
            result = None if self.native is None or world.is_over() else \
                self.native.result(world, rng, self.rollout_limit)
            if result is None:
                play_game(world, [RandomBot(rng)] * world.num_players, max_moves=self.rollout_limit,
                          on_move=on_move)
                result = rewards(world)
        except _TimeUp:    # scored as it stands, as a line at the rollout limit
            result = rewards(world)
        except RuleError:  # a rule failed on a move: the move did not happen; the line counts as unfinished
            result = [1.0 / world.num_players] * world.num_players
        for child, mover in path + answered:
            child.visits += 1
            child.total += result[mover]
        world.undo(world.decisions - depth)

    def _in_time(self, deadline):
        if self.clock() >= deadline:
            raise _TimeUp

    def _answer_together(self, world, node, rng, answered):
        """The joint answer at a simultaneous step: each seat picks its own answer from its own statistics
        (an answer not tried yet first, at random; else UCB1), as if it did not know the others' picks."""
        if node.answers is None:
            node.answers = {}
        picks = {}
        for seat in world.deciders:
            stats = node.answers.setdefault(seat, {})
            options = world.moves_for(seat)
            untried, there = _split(options, stats)
            if untried:
                pick = untried[rng.randrange(len(untried))]
                stats[pick.text] = child = _Node()
                child.available = 1
            else:
                pick = self._select(there)
            answered.append((stats[pick.text], seat))
            picks[seat] = pick
        return world.joint_move(picks)

    def _select(self, there):
        """UCB1 over the moves there now, judged against the times each was there."""
        c = self.exploration
        best, best_value = None, -1.0
        for i in range(0, len(there), 2):
            child = there[i]
            value = child.total / child.visits + c * math.sqrt(math.log(child.available) / child.visits)
            if value > best_value:
                best, best_value = there[i + 1], value
        return best


def _split(moves, children):
    """The moves not tried yet from a node, and the tried ones as [child, move, child, move, ...] for UCB1;
    each tried move's child counts one more time it was there to choose."""
    untried, there = [], []
    for m in moves:
        child = children.get(m.text)
        if child is None:
            untried.append(m)
        else:
            child.available += 1
            there.append(child)
            there.append(m)
    return untried, there


def rewards(state):
    """Each seat's result: 1 for a sole win, 1/k to each of k who share a win, a draw or an unfinished game
    (shared by all), 0 for a loss. Alone (a game of one player), a game neither won nor lost is worth 1/2."""
    n = state.num_players
    out = state.outcome() if state.is_over() else None
    if out is not None and not out.draw and not out.winners:
        return [0.0] * n   # lost, with nobody to win (one player)
    if out is None or out.draw or not out.winners:
        return [0.5 if n == 1 else 1.0 / n] * n
    share = 1.0 / len(out.winners)
    result = [0.0] * n
    for w in out.winners:
        result[w] = share
    return result
