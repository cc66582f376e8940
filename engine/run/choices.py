"""Choices in the middle of a move and simultaneous steps (`at once`): the moves that answer them (a choice
move's action is CHOICE; one seat's answer at a simultaneous step is a part, `ANSWER_PART`; all the answers together a
JointMove), and what the generated code asks with (`S.choice_options`, `S.joint_request`, ...). The functions
taking `S` are State's methods (assigned in its class body)."""
from __future__ import annotations

import itertools

from ...grammar.limits import MAX_LEGAL_MOVES
from .moves import IllegalMove, Move
from .runtime import Piece, RuleError, value_text


class ChoiceAction:
    """The action of a choice move: its text is the chosen value's."""
    name = "choose"
    eager_text = False


CHOICE = ChoiceAction()


class AnswerPart:
    """The action of one player's answer at a simultaneous step (State.moves_for): args (seat, index)."""
    name = "answer"
    eager_text = False


ANSWER_PART = AnswerPart()


JOINT = object()  # the `who` of a request that asks several players at once (State.joint_request)


class JointMove(Move):
    """The answers of every player asked at a simultaneous step, as one decision: `args` is (the index of each
    player's answer,), `parts` (seat, the answer's text, what the others read of it) per player asked."""
    __slots__ = ("parts",)

    def __init__(self, args, parts):
        super().__init__(CHOICE, args, "; ".join(f"{name}: {text}" for _, name, text, _ in parts))
        self.parts = parts

    def text_for(self, seat):
        """Each answer as `seat` may read it: its own in full, the others' as the rules let them be seen (a
        secret answer is `(NAME chose)`, a card from a hidden hand its kind)."""
        return "; ".join(f"{name}: {text if seat == who or masked is None or seat in masked[1] else masked[0]}"
                         for who, name, text, masked in self.parts)


def choice_options(options):
    """The options of a choice, those a player cannot tell apart (two identical tokens, say) made one."""
    if len(options) > 1:
        seen: dict = {}
        for v in options:
            seen.setdefault(value_text(v), v)
        options = list(seen.values())
    return options


def joint_asks(parts, always=False):
    """Does anyone of an `at once` have a choice to make (more than one option; one, for `choose ... always`)?"""
    return any(len(options) > _alone(always) for _, options, _ in parts)


def joint_request(parts, secret, detail, always=False):
    """What an `at once` yields: the players with a choice to make, asked together; one alone is asked an
    ordinary choice (their answer is then one index, not one per player)."""
    asked = tuple(part for part in parts if len(part[1]) > _alone(always))
    if len(asked) == 1:
        who, options, prompt = asked[0]
        return who, options, prompt, secret, detail
    return JOINT, asked, "", secret, detail


def joint_answers(parts, answers, always=False):
    """(player, the value they chose) for each player of an `at once`, in order, from the indices answered."""
    given = iter(() if answers is None else (answers,) if isinstance(answers, int) else answers)
    return [(who, options[next(given)] if len(options) > _alone(always) else options[0])
            for who, options, _ in parts]


def _alone(always):
    """The most options a player may have and not be asked: one (taken without asking), none for `always`."""
    return 0 if always else 1


def moves_for(S, seat):
    """The moves `seat` chooses among now: at a simultaneous step, its own answers (give them to
    `joint_move`); else the legal moves when it is to move, [] when it is not."""
    p = S.pending
    if p is not None and p.joint:
        for player, options, _ in p.joint:
            if player.index == seat:
                return [Move(ANSWER_PART, (seat, i), value_text(v)) for i, v in enumerate(options)]
        return []
    return S.legal_moves() if not S.over and seat == S.to_move else []


def prompt_for(S, seat):
    """What `seat` is asked now, in the middle of a move (None when it is asked nothing)."""
    p = S.pending
    if p is None:
        return None
    if p.joint:
        return next((prompt for player, _, prompt in p.joint if player.index == seat), None)
    return p.prompt if p.chooser.index == seat else None


def joint_move(S, parts):
    """The legal move made of each decider's answer at a simultaneous step: `parts` maps each seat of
    `deciders` to one of its `moves_for(seat)` (or its index among them)."""
    p = S.pending
    if p is None or not p.joint:
        raise IllegalMove("no simultaneous decision is being made now")
    index = []
    for player, options, _ in p.joint:
        part = parts.get(player.index)
        if part is None:
            raise IllegalMove(f"{player.name} has not answered yet")
        i = part.args[1] if isinstance(part, Move) else int(part)
        if not 0 <= i < len(options):
            raise IllegalMove(f"{player.name} has no answer number {i}")
        index.append(i)
    return joint_answer_move(p, tuple(index))


def parse_part(S, seat, text):
    """`seat`'s answer at a simultaneous step from its text (IllegalMove when it is not one of them)."""
    text = " ".join(text.split())
    moves = S.moves_for(seat)
    for m in moves:
        if m.text == text:
            return m
    raise IllegalMove(f"'{text}' is not an answer here: {', '.join(m.text for m in moves)}")


def joint_answer_move(p, index):
    parts = []
    for (player, options, _), i in zip(p.joint, index):
        v = options[i]
        masked = None
        if p.secret:  # the others learn only that a choice was made
            masked = (f"({player.name} chose)", {player.index})
        elif isinstance(v, Piece) and v.loc is not None and not v.loc.is_space and v.loc.visibility != "public":
            zone = v.loc
            masked = (v.kind.name, {zone.owner.index} if zone.visibility == "private" and zone.owner is not None
                      else set())
        parts.append((player.index, player.name, value_text(v), masked))
    return JointMove((index,), parts)


def choice_moves(p, named=True):
    """The moves of a pending choice (`named`: with their texts, as the option reads now)."""
    if p.joint:
        count = 1
        for _, options, _ in p.joint:
            count *= len(options)
        if count > MAX_LEGAL_MOVES:
            # (not how many each chooser has: that may be the size of a hand another may not see)
            raise RuleError(f"there are more than {MAX_LEGAL_MOVES} joint answers at once")
        return [joint_answer_move(p, index) for index in itertools.product(*(range(len(o)) for _, o, _ in p.joint))]
    if not named:
        return [Move(CHOICE, (i,)) for i in range(len(p.options))]
    moves = [Move(CHOICE, (i,), value_text(v)) for i, v in enumerate(p.options)]
    for m, v in zip(moves, p.options):
        if p.secret:  # the others learn only that a choice was made
            m._masked = (f"({p.chooser.name} chose)", {p.chooser.index})
        elif isinstance(v, Piece) and v.loc is not None and not v.loc.is_space \
                and v.loc.visibility != "public":  # a card chosen from a hidden hand is just 'card'
            zone = v.loc
            owner = {zone.owner.index} if zone.visibility == "private" and zone.owner is not None else set()
            m._masked = (v.kind.name, owner)
    return moves
