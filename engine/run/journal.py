"""The kinds of entry in a state's journal (the record of its changes that undo rolls back), in a module of
their own so that the build layer's kept listings can read a journal without importing the state."""

# MOVE: a piece moved; CREATE: a piece made; ATTR, ITEM: an attribute or an item set; ORDER: a zone reordered;
# RNG: the generator drawn from; ADDED: an item added to the end of a list (the log, the chance events, the
# writes); TURN: the turn passed; SPACE: a space's value set; PIECE_VALUE: a piece's value set; EMPTIED: a place
# emptied at once; ITEM_HEAVY: an ITEM whose old value is a list, with the items it holds (see MAX_JOURNAL)
MOVE, CREATE, ATTR, ITEM, ORDER, RNG, ADDED, TURN, SPACE, PIECE_VALUE, EMPTIED, ITEM_HEAVY = range(12)

ABSENT = object()  # the old value of a variable that was not there before it was set (ITEM)


def rollback(S, mark, restore_rng=True):
    """Take back the changes journalled from entry `mark` on, latest first (and the generator's state, unless
    `restore_rng` is false: a restart seeds it afresh)."""
    S._listed_at = ()
    j = S._journal
    ops = j[mark:]
    del j[mark:]  # (taken off the journal first, as each was when popped one by one)
    for op in reversed(ops):  # (the commonest changes first)
        code = op[0]
        if code == MOVE:
            _, p, old, idx = op
            p.loc.pieces.pop()
            if old is not None:
                old.pieces.insert(idx, p)
            p.loc = old
        elif code == CREATE:
            p = op[1]
            p.loc.pieces.pop()
            S.kind_pieces[p.kind.name].pop()
            S._next_id -= 1
        elif code == TURN:
            S.turn_player, S.turn = op[1], op[2]
        elif code == ATTR:
            setattr(op[1], op[2], op[3])
        elif code == ITEM:
            if op[3] is ABSENT:
                del op[1][op[2]]
            else:
                op[1][op[2]] = op[3]
        elif code == ADDED:
            line = op[1].pop()
            if op[1] is S.log:
                S._log_chars -= len(line[1])
        elif code == RNG:
            if restore_rng:
                S.rng.setstate(op[1])
        else:
            _undo_rare(S, op)
    for board in S._areas:
        board.occupied = None


def _undo_rare(S, op):
    code = op[0]
    if code == ITEM_HEAVY:
        op[1][op[2]] = op[3]
        S._journal_weight -= op[4]
    elif code == ORDER:
        op[1][:] = op[2]
        S._journal_weight -= len(op[2])
    elif code == SPACE:
        op[1].shrink(op[2])
    elif code == PIECE_VALUE:
        op[1].attrs[op[2]] = op[3]
        op[1].named = op[1].kept = None
    elif code == EMPTIED:
        _, place, moved, box = op
        del box.pieces[len(box.pieces) - len(moved):]
        S._journal_weight -= len(moved)
        place.pieces[:] = moved
        for p in moved:
            p.loc = place
