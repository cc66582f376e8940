"""The flow of turns: after a move, its triggers, the next phase and the next player; a turn's start; a player
with no legal move following the `when stuck` rule; and whether a player could move. The functions taking `S`
are State's methods (assigned in its class body)."""
from __future__ import annotations

from ...grammar.limits import MAX_PASSES_IN_A_ROW
from .ending import conclude
from .journal import TURN
from .moves import Move
from .repetition import record
from .runtime import RuleError
from .sampling import has_moves


def follow_stuck_rule(S) -> bool:
    """In a position arranged by hand: when the player to move has no legal move, follow the `when stuck`
    rule as the start of a turn does (they lose, the game ends, or they pass). Whether anything happened."""
    if S.over or S.pending is not None or S._ending is not None or S.legal_moves():
        return False
    S._stuck()
    if S._ending is not None:
        conclude(S)
    S._version += 1
    return True


def end_turn(S):
    """After a move's effect: its `after move` triggers; then the end of the game if a rule ended it, or
    the next phase and the next turn (its start, then the stuck rule)."""
    after = S._after_move[S.phase]
    if after:
        S._run_rules(after)
    if S._ending is not None:
        conclude(S)
        return
    if S.phase is not None:
        S._next_phase()
    player = S.turn_player
    nxt = S._next if S._next is not None else S.players[(player.index + 1) % S.n]
    S._journal.append((TURN, player, S.turn))
    S.turn_player = nxt
    S.turn += 1
    S._turn_begins()
    if S._ending is None and not (has_moves(S) if S.phase in S.sampler.plans else S.legal_moves()):
        S._stuck()
    if S._ending is not None:
        conclude(S)


def next_phase(S):
    """Move on through the phases whose `until` holds."""
    phases, phase = S.game.phases, S.phase
    assert phase is not None  # (a game with phases)
    while phase + 1 < len(phases):
        until = phases[phase].until
        if until is None or not until(S):
            break
        phase += 1
        S.set_attr(S, "phase", phase)


def stuck(S):
    """After the turn-start triggers, the player to move has no legal move: they follow the game's `when
    stuck` rule. They lose, win, draw, or finish the game (scored as it stands, the default); or they pass,
    and the turn goes to the next player, whose turn starts (its triggers run, then this check again); when
    every player in a row has passed so, nobody can move, and the game finishes."""
    passed = passes = 0
    while not has_moves(S):
        rule = S.game.stuck_rule(S.phase)
        if rule != "pass":
            S.declare_end(rule, S.turn_player if rule in ("lose", "win") else None,
                             S.game.stuck_reason(S) or f"{S.turn_player.name} has no move")
            return
        passed += 1
        passes += 1
        if passed == S.n or passes > MAX_PASSES_IN_A_ROW:
            S.declare_end("finish", None, "nobody can move")
            return
        S._journal.append((TURN, S.turn_player, S.turn))
        S.turn_player = S.next_player(S.turn_player)
        S.turn += 1
        S._version += 1  # the moves listed for the player who passed are not the next player's
        drawn = len(S._script.used)
        S._turn_begins()
        if S._ending is not None:
            return
        if len(S._script.used) != drawn:
            # the turn's start drew (the dice rolled again): those who passed might move now, so the round of
            # passes starts again
            passed = 0


def can_move(S, player, fallbacks: bool = True):
    """Would `player` have a legal move (a fallback action's included, unless `fallbacks` is false) if it were
    their turn now? Their moves are listed as they would be, counted against the budget of what asks."""
    if player is None:
        return False
    S.enter_call("can_move", None)  # a condition that asks it lists moves that ask it again: bounded
    saved = S.turn_player
    S.turn_player = player
    try:
        if not S._trying:
            regular_acts, fallback_acts = S._by_phase[S.phase]
            return any(a.exists(S) for a in regular_acts) or \
                fallbacks and any(a.exists(S) for a in fallback_acts)
        regular, fallback = S._listers[S.phase]
        moves: list[Move] = []
        for listers in (regular, fallback) if fallbacks else (regular,):
            for gen in listers:
                gen(S, moves)
                if S._trying:  # a move whose `ensure` fails is no move
                    moves = [m for m in moves if not m.action.ensures or S.unmet(m) is None]
                if moves:
                    return True
        return False
    finally:
        S.turn_player = saved
        S.leave_call()


def turn_begins(S):
    """A turn begins: its position is counted (for `repetitions`), then its `at turn start` rules run."""
    if S.positions is not None:
        record(S)
    if S._turn_start_rules[S.phase]:
        S._turn_start()
    else:
        S._next = None


def turn_start(S):
    S._next = None
    S._run_rules(S._turn_start_rules[S.phase])
    if S._ending is None and S._next is not None and S._next is not S.turn_player:
        # `next P` at the start of a turn gives the turn to P instead
        S.set_attr(S, "turn_player", S._next)
        S._next = None


def turn_by_itself(S) -> None:
    """A turn whose one legal move is of an action `each turn` (`action NAME() each turn:`) begins by itself: the
    action runs up to its first choice, which is the turn's first decision (a joint one for an `at once`); the move
    itself is no decision and is in no history (replaying the history begins it again). An action each turn that
    asks nobody this time ends its turn, and the next one begins so, at most MAX_PASSES_IN_A_ROW in a row. What
    runs so may draw nothing: the draws belong to a decision (draw in an `at turn start` trigger, which belongs to
    the decision before)."""
    turns = 0
    while not S.over and S.pending is None:
        moves = S.legal_moves()
        if len(moves) != 1 or not moves[0].action.by_itself:
            return
        act = moves[0].action
        turns += 1
        if turns > MAX_PASSES_IN_A_ROW:
            raise RuleError(f"action '{act.name}' (each turn) asked nobody anything for {MAX_PASSES_IN_A_ROW} "
                            "turns in a row", act.where)
        script = S._script
        S._run(moves[0], [], len(S._journal))
        S._version += 1
        drew, S._script = S._script.used, script
        if drew:
            raise RuleError(f"action '{act.name}' (each turn) drew at random before its first choice, or its turn "
                            "asked nobody and the next turn's start drew: draw in an `at turn start` trigger, and ask "
                            "with `always`", act.where)
