"""What each seat is told of the moves: a move that hides some of its parts from some seats (a card from a hidden
hand is `card` to the others; a move that reveals nothing), what they read of it then and later (`history_for`,
`move_as_read`, `told`), and the pieces a move showed to everyone on its way, named to all after it. The
functions taking `S` are State's methods, or called from its `apply`."""
from __future__ import annotations

import re

from .choices import ANSWER_PART, CHOICE
from .journal import ATTR, EMPTIED, MOVE
from .moves import move_word
from .runtime import Piece, shown_text, value_text


def unmask_shown(S, move, pending, mark):
    """After a move (or the answer to a choice in one, `pending`): the pieces that it hides from some seats and
    that lay face up where all see at some point of it, from journal entry `mark` on, are named to all, in it
    and in the move the answer goes on with."""
    masked = move._masked
    if masked is not None and masked[1] is not None:
        _unmask(S, move, pending, mark)
    if pending is not None:
        masked = pending.move._masked
        if masked is not None and masked[1] is not None:
            _unmask(S, pending.move, None, mark)


def _unmask(S, move, pending, mark):
    """A move that names some of its pieces to some seats alone (a card from a hidden hand is `card` to the
    others): each of them that lay face up where every player sees it at some point of the move, from its
    start (journal entry `mark`) to now, is named to everyone. `pending`: the choice a choice move answers.
    The change is journalled: undo takes it back with the move."""
    if move.action is CHOICE:
        if pending is None or pending.secret or pending.joint:  # a secret choice stays `(NAME chose)`
            return
        v = pending.options[move.args[0]]
        if isinstance(v, Piece) and _shown_to_all(S, (v,), mark):
            S.set_attr(move, "_masked", (move.text, None, None, (), (v,)))
        return
    masked = move._masked
    if len(masked) < 5:
        return
    _, seen_by, words, hidden, shown = masked
    args = move.args
    if len(hidden) == 1:  # (most moves: one card from a hand, often left face up on the table)
        p = args[hidden[0]]
        if _in_the_open(p.loc, p.up, S.box) and not p.covered or _shown_to_all(S, (p,), mark):
            S.set_attr(move, "_masked", (move.text, None, words, (), shown + (p,)))
        return
    revealed = _shown_to_all(S, [args[i] for i in hidden], mark)
    if not revealed:
        return
    still = tuple(i for i in hidden if id(args[i]) not in revealed)
    shown = shown + tuple(args[i] for i in hidden if id(args[i]) in revealed)
    if still:
        S.set_attr(move, "_masked", (move.others_text(words, still), seen_by, words, still, shown))
    else:
        S.set_attr(move, "_masked", (move.text, None, words, (), shown))


def _shown_to_all(S, pieces, mark) -> set:
    """The ids of those of `pieces` that lay face up in a place every player sees (a public zone or board;
    not the box, which nobody looks into), or were turned face up there, at some point since journal entry
    `mark`: now, or between two of the changes since, as the journal tells them walked back from now. A move
    that gives its piece a face (`move c to pile face down`) is one change: the piece arrives so. (A piece
    of a kind hidden when covered counts on a board only as it lies now: what covered it then is not kept.)
    A move and a flip after it (`move c to table`, then `flip c`) are two changes: the piece lay face up between
    them if it was face up when it moved."""
    box = S.box
    where: dict = {}
    out: set = set()
    for p in pieces:
        where[id(p)] = [p.loc, p.up]
        if _in_the_open(p.loc, p.up, box) and not p.covered:
            out.add(id(p))
    journal = S._journal
    k = len(journal)
    while k > mark and len(out) < len(where):
        k -= 1
        op = journal[k]
        code = op[0]
        if code == MOVE:
            was = where.get(id(op[1]))
            if was is None:
                continue
            was[0] = op[2]
        elif code == ATTR:
            was = where.get(id(op[1]))
            if was is None or op[2] != "up":
                continue
            was[1] = op[3]
            before = journal[k - 1] if k > mark and len(op) > 4 else None
            if before is not None and before[0] == MOVE and before[1] is op[1]:
                k -= 1  # (`move ... face up/down`: it arrived with this face)
                was[0] = before[2]
        elif code == EMPTIED:
            for p in op[2]:
                was = where.get(id(p))
                if was is not None:
                    was[0] = op[1]
                    if k > mark and _in_the_open(was[0], was[1], box) and not p.kind.covered_hidden:
                        out.add(id(p))
            continue
        else:
            continue
        # how it lay just before this change, if that was during the move
        if k > mark and _in_the_open(was[0], was[1], box) and not (op[1].kind.covered_hidden and was[0].is_space):
            out.add(id(op[1]))
    return out


def told_of(S, move, pending):
    """What the seats are told of a move about to be applied, when it is less than all they may see:
    (the text the others read, None when they learn nothing of it; the seats that read it whole: the one
    who decides it and the one whose move it is part of); None when it is the move as they may see it.
    A space of a board the others cannot see reads as the board's name; the answer to a choice in a move
    that reveals less than all reads `(NAME chose)`."""
    by, mover = S.to_move, S.turn_player.index
    readers = frozenset((by, mover))
    if pending is not None:
        reveals = pending.move.action.reveals
        if reveals is None:
            return None
        if pending.joint:  # a simultaneous step: every player who answered reads it
            readers = readers | {player.index for player, _, _ in pending.joint}
        return (None if reveals == "nothing" else f"({pending.chooser.name} chose)", readers)
    reveals = move.action.reveals
    hidden = {i for i, a in enumerate(move.args) if getattr(a, "is_space", False)
              and a.board.visibility != "public"}
    if reveals is None and not hidden:
        return None
    if reveals == "nothing":
        return (None, readers)
    if reveals == "action":
        return (move.action.name, readers)
    shown = range(len(move.args)) if reveals is None else reveals
    words = [move.action.name]
    masked = []  # the pieces named by their kind alone: named whole if the move shows them to all
    for i, a in enumerate(move.args):
        if i not in shown:
            words.append("?")
        elif i in hidden:
            words.append(a.board.name)
            if a.board.visibility == "private" and a.board.owner is not None:
                readers = readers | {a.board.owner.index}
        else:
            word = move_word(a)
            if isinstance(a, Piece) and word != value_text(a):
                masked.append(i)
            words.append(word)
    return (" ".join(words), readers, words, tuple(masked)) if masked else (" ".join(words), readers)


def move_as_read(S, k, seat):
    """Move k (from 0) as `seat` may read it, or None when it learns nothing of it (a move of another that
    reveals nothing)."""
    S._named()
    told = S._told[k][0] if S._told else None
    if told is None or seat in told[1]:
        return S._moves[k].text_for(seat)
    if len(told) > 2:  # pieces named by their kind: those the move showed to all are named whole
        masked = S._moves[k]._masked
        if masked is not None and len(masked) > 4 and masked[2] is not None:
            words = list(told[2])
            for i in told[3]:
                if i not in masked[3]:
                    words[i + 1] = masked[2][i + 1]
            return " ".join(words)
    return told[0]


def told(S, seat):
    """(the seat to move, the seat whose turn it is) as `seat` was last told: a move that reveals nothing
    tells the others nothing, not even that the turn went on; a seat that must decide now knows it."""
    if seat == S.to_move or not S._told:
        return S.to_move, S.turn_player.index
    for told, after in reversed(S._told):
        if told is None or told[0] is not None or seat in told[1]:
            return after
    return S._told_start


def history_for(S, seat):
    """The moves so far as `seat` may read them (a move of another that reveals nothing is not there)."""
    S._named()
    if not S._told:
        return [m.text_for(seat) for m in S._moves]
    return [t for t in (move_as_read(S, k, seat) for k in range(len(S._moves))) if t is not None]


def _in_the_open(loc, up, box) -> bool:
    """Does a piece lying at `loc` (face up or not) show itself to every player (face up, in a public place: not
    the box, which nobody looks into)?"""
    return up and loc is not None and loc is not box and \
        (loc.board.visibility if loc.is_space else loc.visibility) == "public"


def hidden_from(v, seat):
    """Is `v` a piece in a zone that `seat` may not look into?"""
    if not isinstance(v, Piece) or v.loc is None or v.loc.is_space:
        return False
    zone = v.loc
    return zone.visibility == "secret" or (zone.visibility == "private" and
                                           (zone.owner is None or zone.owner.index != seat))


def describe_move(S, move, seat):
    """A legal move as `seat` may read it, in the game's words when its action has a label (`as "..."`).
    Ask before the move is applied: its pieces are named by where they are. seat None reads everything.
    None when `seat` learns nothing of the move (another's that reveals nothing)."""
    if seat is not None and S.game.hides_moves:
        told = told_of(S, move, S.pending)
        if told is not None and seat not in told[1]:
            return told[0]
    text = move.text if seat is None else move.text_for(seat)
    if move.action is ANSWER_PART:
        return f"{text}, to: {S.prompt_for(move.args[0])}"
    if move.action is CHOICE and S.pending is not None:
        if S.pending.joint:
            return text
        if S.pending.secret and seat is not None and seat != S.pending.chooser.index:
            return "in secret"
        return f"{text}, to: {S.pending.prompt}"
    label = getattr(move.action, "label", None)
    if label is None:
        return text
    L: list = [None] * move.action.size
    for prm, v in zip(move.action.params, move.args):
        L[prm.slot] = v if text == move.text or not hidden_from(v, seat) else f"a {v.kind.name}"
    try:
        return label(S, L)
    except Exception:  # noqa: BLE001 - a label that fails (on a stand-in for a hidden card) shows the text
        return text


# ---------------------------------------------------------------------------------
# a choice in the middle of a move, told as what happened: `blue chooses B3 as the square it moves to (white
# knight)`, `you choose ...` to the chooser, `red answers in secret: ...` to the others of a secret one

_YOU = {"you": "they", "your": "their", "yours": "theirs", "yourself": "themselves", "you're": "they're",
        "you've": "they've", "you'll": "they'll"}
_YOU_WORDS = re.compile(r"\b(" + "|".join(re.escape(w) for w in sorted(_YOU, key=len, reverse=True)) + r")\b",
                        re.IGNORECASE)
# a phrase that names what is chosen (`the pad the fly you landed on goes to`): the value is chosen *as* it
_ORDER = re.compile(r"choose which .+ comes next")
_NOUN_PHRASE = re.compile(r"(the|a|an|one|some|another|any)\b", re.IGNORECASE)


def third_person(prompt: str) -> str:
    """A prompt written to the chooser (`the animal your opponent must move next`) as told to the others of the
    chooser: `the animal their opponent must move next`."""
    def swap(m):
        word = _YOU[m.group(0).lower()]
        return word.capitalize() if m.group(0)[0].isupper() else word
    return _YOU_WORDS.sub(swap, prompt)


def prompt_parts(prompt: str) -> tuple:
    """(heading, phrase) of a choice's prompt: `white knight: the square it moves to` is ("white knight",
    "the square it moves to"); a prompt the engine wrote (`choose one of your animals`) is (None, `one of your
    animals`), and one that names nothing more than its values (`choose: move or stay`) (None, "")."""
    prompt = " ".join(prompt.split())
    if _ORDER.fullmatch(prompt):  # (the engine's own, of `for ... ordered by`)
        return None, "to come next"
    if prompt.startswith("choose:") or prompt == "choose":
        return None, ""
    if prompt.startswith("choose "):
        return None, prompt[len("choose "):]
    head, colon, rest = prompt.partition(": ")
    if colon and rest and len(head.split()) <= 4 and not head.endswith("?"):
        return head, rest
    return None, prompt


def _answer_words(phrase: str, value: str, verb: str, answer: str) -> str:
    """`chooses B3 as the square it moves to`, `answers stay to "move their pawns ...?"`, `chooses d4, one of
    their animals`, `chooses b2 from their hand` (verb: chooses/choose, answer: answers/answer)."""
    if not phrase:
        return f"{verb} {value}"
    if phrase.endswith("?"):
        return f'{answer} {value} to "{phrase}"'
    if phrase.lower().startswith(("from ", "for ", "to ")):
        return f"{verb} {value} {phrase}"
    lowered = phrase.lower()
    if lowered.startswith("one of ") or lowered.startswith(("a ", "an ")) and " " not in phrase[2:].strip():
        return f"{verb} {value}, {phrase}"   # (`chooses d4, one of their animals`, `chooses b2, a space`)
    if _NOUN_PHRASE.match(phrase):
        return f"{verb} {value} as {phrase}"
    return f"{verb} {value}: {phrase}"


def choice_told(S, move, seat):
    """The answer `move` to the choice pending now (ask before it is applied) as `seat` may be told it, a whole
    sentence in the game's words: `you choose B3 as the square it moves to (white knight)` to the chooser, `blue
    chooses B3 as ...` to the others (the prompt, written to the chooser, told of them: `your` is `their`),
    `blue answers in secret: ...` to those a secret answer is kept from; the answers of a simultaneous step
    together (`yellow and you answer at once: yellow answered in secret; you: stay, to "...?"`). None when `seat`
    learns nothing of it. seat None reads everything."""
    p = S.pending
    if seat is not None and S.game.hides_moves:
        told = told_of(S, move, p)
        if told is not None and seat not in told[1] and told[0] is None:
            return None

    def who(i):
        return "you" if seat is not None and i == seat else S.seat_name(i)
    if p.joint:
        return _joint_told(S, move, seat, who)
    i = p.chooser.index
    mine = seat is not None and seat == i
    heading, phrase = prompt_parts(p.prompt)
    if not mine:
        phrase = third_person(phrase)
    tail = f" ({heading})" if heading else ""
    value = move.text_for(seat) if seat is not None else move.text
    masked = seat is not None and move._masked is not None and move._masked[1] is not None \
        and seat not in move._masked[1]
    if not mine and masked and p.secret:
        return f"{who(i)} answers in secret" + (f": {phrase}" if phrase else "") + tail
    chosen = p.options[move.args[0]] if move.args and move.args[0] < len(p.options) else None
    if isinstance(chosen, Piece) and not masked and S.game.names:  # as players call it (`show KIND named`)
        value = shown_text(S, chosen)
    verb, answer = ("choose", "answer") if mine else ("chooses", "answers")
    return f"{who(i)} {_answer_words(phrase, value, verb, answer)}{tail}"


def _joint_told(S, move, seat, who):
    """The answers of a simultaneous step as `seat` reads them (see choice_told)."""
    p = S.pending
    names = [who(player.index) for player, _, _ in p.joint]
    subject = ", ".join(names[:-1]) + f" and {names[-1]}" if len(names) > 1 else names[0]
    deciding = seat is not None and any(player.index == seat for player, _, _ in p.joint)
    prompt = next((prompt for player, _, prompt in p.joint if player.index == seat), p.joint[0][2])
    heading, phrase = prompt_parts(prompt)
    phrase = third_person(phrase) if not deciding or len(p.joint) > 1 else phrase
    # the answers first: a line too long for the screen loses the end of the question, not an answer
    asked = (f', to "{phrase}"' if phrase.endswith("?") else f", as {phrase}" if _NOUN_PHRASE.match(phrase)
             else f" ({phrase})") if phrase else ""
    answers = []
    for index, _, text, masked in move.parts:
        if seat is None or seat == index or masked is None or seat in masked[1]:
            answers.append(f"{who(index)}: {text}")
        elif p.secret:
            answers.append(f"{who(index)} answered in secret")
        else:
            answers.append(f"{who(index)}: {masked[0]}")
    tail = f" ({heading})" if heading else ""
    return f"{subject} answer at once{tail}: {'; '.join(answers)}{asked}"


# ---------------------------------------------------------------------------------
# what a move did to the other players' pieces, from its journal: `blue's pawn on b3 is removed`

def move_mark(S):
    """Where the journal of the move made last (or being made: a choice is pending in it) begins."""
    if not S._steps:
        return None
    step = S._steps[-1]
    return step if isinstance(step, int) else step.mark  # (a step that answered a choice: its Pending)


def effects_told(S, mover, seat):
    """What the move made last did to the pieces of players other than `mover` (a seat), as `seat` may read it:
    `blue's pawn on b3 is removed` (gone to the box), `... is captured` (now in a zone of the mover's), `...
    moves to c4`, `... goes to blue's discard`, `... is turned face up`. A piece is named by its owner and kind
    (and by its key, for a kind with a `key`, when it lay face up: `blue's card ace`), and where it lay;
    several alike together by their kind alone. One that `seat` could not see where it lay is not told of (its
    moves are hidden from it). seat None reads everything. Ask once the move is whole (no choice pending)."""
    mark = move_mark(S)
    if mark is None:
        return []
    said: dict = {}   # (whose, kind, what befell them) -> the places they lay, in order: told together
    for p, was, face in _changed(S, mark):
        owner = p.owner
        if owner is None or not hasattr(owner, "index") or owner.index == mover or was is None:
            continue
        if seat is not None and not _seen_by(was, seat):
            continue
        what = _befell(S, p, was, face, mover, seat)
        if what is None:
            continue
        # (a piece seen face up is named too, as players call it (`show KIND named`), or by its key: `card ace`)
        key = _spoken(S, p) if (p.up if face is None else face) and not p.covered else None
        said.setdefault((S.seat_name(owner.index), p.kind.name.replace("_", " "), what), []).append((was, key))
    out = []
    for (whose, kind, what), places in said.items():
        names = [w.name for w, _ in places if w.is_space]
        where = f" on {_and(names)}" if names else ""
        if len(places) > 1:
            out.append(f"{whose}'s {kind}s{where} {what[1]}")
        else:
            key = places[0][1]
            out.append(f"{whose}'s {kind}{f' {key}' if key else ''}{where} {what[0]}")
    return out


def _spoken(S, p):
    """What players call piece `p` (`show KIND named "..."`), else its key's value (`name: text key`), else None."""
    named = S.game.names.get(p.kind.name) if S.game.names else None
    if named is not None:
        try:
            return named(S, p)
        except Exception:  # noqa: BLE001 - a name that fails: the piece is told of by its kind
            return None
    return p.describe() if p.kind.shown is not p.kind.attrs else None


def _changed(S, mark) -> list:
    """The pieces moved or turned over since journal entry `mark`, in the order first changed: (piece, where it
    lay then, its face then, or None when it was not turned over)."""
    first: dict = {}
    for op in S._journal[mark:]:
        code = op[0]
        if code == MOVE:
            first.setdefault(id(op[1]), [op[1], op[2], None])
        elif code == EMPTIED:
            for p in op[2]:
                first.setdefault(id(p), [p, op[1], None])
        elif code == ATTR and op[2] == "up" and isinstance(op[1], Piece):
            entry = first.setdefault(id(op[1]), [op[1], op[1].loc, op[3]])
            if entry[2] is None:
                entry[2] = op[3]
    return [tuple(entry) for entry in first.values()]


def _befell(S, p, was, face, mover, seat):
    """What befell piece `p` (which lay at `was`, with `face` then) as `seat` reads it: (said of one, said of
    several), or None when nothing that shows."""
    now = p.loc
    if now is not was:
        if now is None or now is S.box:
            return ("is removed", "are removed")
        if not now.is_space and now.owner is not None and now.owner.index == mover:
            return ("is captured", "are captured")
        if now.is_space:
            return (f"moves to {now.name}", f"move to {now.name}")
        if seat is None or _seen_by(now, seat):
            return (f"goes to {_place_name(S, now)}", f"go to {_place_name(S, now)}")
        return ("is taken away", "are taken away")
    if face is not None and face != p.up:
        side = "up" if p.up else "down"
        return (f"is turned face {side}", f"are turned face {side}")
    return None


def _and(names) -> str:
    return names[0] if len(names) == 1 else ", ".join(names[:-1]) + f" and {names[-1]}"


def _seen_by(loc, seat) -> bool:
    """Does `seat` see what lies at `loc` (a space of a board, or a zone)?"""
    visibility = loc.board.visibility if loc.is_space else loc.visibility
    owner = loc.board.owner if loc.is_space else loc.owner
    return visibility == "public" or visibility == "private" and owner is not None and owner.index == seat


def _place_name(S, zone) -> str:
    owner = zone.owner
    return f"{S.seat_name(owner.index)}'s {zone.name}" if owner is not None else zone.name
