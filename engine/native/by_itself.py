"""An action `each turn` natively (`action bid() each turn:`): a turn whose one legal move is of such an action
begins by itself, its effect run up to its first choice, which is the turn's first decision; the move itself is
no decision (turns.turn_by_itself). An action each turn that asks nobody this time ends its turn, and the next
one begins so.

After every move (`apply_move`, once its turn is over) and after a start made natively (`setup_game`),
`turn_by_itself` lists the moves: one move, of an action each turn, is begun (`begin_move`, its effect) there and
then. The question it stops at is the position's: its answers are what the listing gives.

A move so begun has written nothing but its question when it stops (the rules before its first choice may only
`let` and `log`: checked at translation, `check_by_itself`), so its journal mark is set to -1 (`PMARK`): its
answer takes back the question's slots alone (`resume_move` of choices.py, `clear_question`), not the journal since
a mark. So the position waiting at that question is whole in its vector, whatever journal comes next: a series
empties its journal after the start, perft starts from a fresh one, and the interpreter's start, waiting at such a
question, is handed over as the position before the move with the move then begun natively
(`NativeGame.begun`).
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ...grammar import nodes as N
from ...grammar.limits import MAX_PASSES_IN_A_ROW

BY_ITSELF_PRELUDE = '''

# ---------------------------------------------------------------- an action each turn (by_itself.py)

@njit(cache=True)
def clear_question(st, jr):
    # a move begun by itself waits at its first question, having written nothing else: its answer takes the
    # question's slots back (QPARTS, QSITE and each seat's options), as revert_to would have
    if st[QPARTS] != 0:
        w(st, jr, QPARTS, 0)
    if st[QSITE] != 0:
        w(st, jr, QSITE, 0)
    for i in range(QSEAT, QVAL + QMAXPARTS * QCAP):
        if st[i] != 0:
            w(st, jr, i, 0)
'''


def check_by_itself(translator: Any, action: N.Action) -> None:
    """Refuse (Unsupported) an action each turn the native backend cannot begin by itself: one that may ask nobody
    (not an action that asks), or whose rules before its first choice change the game (they may only `let` and
    `log`)."""
    if action.name not in translator.choosing:
        raise translator.unsupported(action.span, "an action each turn that asks nobody")
    for s in action.body:
        if translator.asks_here(s):
            return
        if not isinstance(s, (N.Let, N.Log)):
            raise translator.unsupported(s.span, "a rule of an action each turn before its first choice (but "
                                                 "`let` and `log`)")
    raise translator.unsupported(action.span, "an action each turn whose first choice is not in its own rules")


class ByItselfTranslation:
    """The Translator's part for actions each turn (a mixin: translate.py's Translator inherits it)."""

    if TYPE_CHECKING:
        sym: Any
        choosing: frozenset

    def by_itself_names(self) -> list[str]:
        return [a.name for a in self.sym.actions.values() if a.by_itself]

    def by_itself_source(self, actions: list) -> list[str]:
        """BY_ITSELF (per action: whether it is an action each turn) and turn_by_itself(st, jr), for the module of a
        game with such an action; nothing else."""
        flags = [1 if a.by_itself else 0 for a in actions]
        if not any(flags):
            return []  # (nothing calls it: another game's module is as it was)
        lines = ["", "HAS_BY_ITSELF = 1", f"BY_ITSELF = np.array({flags!r}, dtype=np.int64)", "",
                 "@njit(cache=True)", "def turn_by_itself(st, jr):",
                 "    # a turn whose one move is of an action each turn begins by itself (turns.turn_by_itself)",
                 "    buf = np.empty((MAXMOVES, WIDTH), np.int64)", "    turns = 0",
                 "    while st[OVER] == 0 and st[QPARTS] == 0:", "        n = list_moves(st, buf)",
                 "        if n != 1 or BY_ITSELF[buf[0, 0]] == 0:", "            return", "        turns += 1",
                 f"        if turns > {MAX_PASSES_IN_A_ROW}:",
                 "            raise ValueError(\"an action each turn asked nobody anything turn after turn\")",
                 "        a = buf[0, 0]", "        mover = st[TURN]", "        begin_move(st, jr, buf[0])"]
        for i, a in enumerate(actions):
            if a.by_itself:
                lines += [f"        if a == {i}:", f"            act_{i}(st, jr, mover)"]
        return lines + ["        if st[QPARTS] != 0:", "            w(st, jr, PMARK, -1)", "            return",
                        "        finish_move(st, jr)", "        end_turn(st, jr)"]

    def move_over_lines(self) -> list[str]:
        """The last lines of apply_move in a game whose moves may ask: the move counted as a decision (not a move of
        an action each turn, which is none), then a turn that begins by itself; a question of a move begun by
        itself that asks first is its position alone (PMARK -1)."""
        if not self.by_itself_names():
            return ["    w(st, jr, DECISIONS, st[DECISIONS] + 1)"]
        return ["    if BY_ITSELF[a] == 0:", "        w(st, jr, DECISIONS, st[DECISIONS] + 1)",
                "    turn_by_itself(st, jr)"]

    def resume_lines(self) -> list[str]:
        """Lines of apply_move before an answer's resume_move: a move begun by itself waiting at its first
        question (PMARK -1) takes its question back alone, and its journal mark is where the journal is now."""
        if not self.by_itself_names():
            return []
        return ["        if st[PMARK] < 0:", "            clear_question(st, jr)",
                "            w(st, jr, PMARK, jr[0])"]

    def start_functions(self) -> list[str]:
        """chance.py's setup_game, which ends (a start made natively) with a turn that begins by itself."""
        lines = super().start_functions()  # type: ignore[misc]
        if self.by_itself_names() and any(line.startswith("HAS_SETUP = 1") for line in lines):
            lines.append("    turn_by_itself(st, jr)")
        return lines

    def waiting_lines(self) -> list[str]:
        """Lines of apply_move when its move waits at a question: a move of an action each turn at its first
        question has written nothing but it (PMARK -1, as turn_by_itself marks it)."""
        if not self.by_itself_names():
            return []
        return ["        if BY_ITSELF[a] != 0 and st[PN] == 0:", "            w(st, jr, PMARK, -1)"]


def begins_by_itself(state) -> bool:
    """Does the interpreter's state wait at the first question of a move begun by itself (nothing asked yet)? Its
    position is then the one before the move, which the native code begins again."""
    pending = state.pending
    return pending is not None and pending.move.action.by_itself and not pending.choices
