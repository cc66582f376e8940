"""The part of every generated module that is the same for all games: the journalled write, the pieces'
moves, the builtins the rules call, the random generator, the playout loop and perft (docs/backends.md).

It reads the constants that layout.py writes before it (TOP, PIECES, NBR, ...) and the rules' functions that
translate.py writes after it (list_moves, apply_move, stuck): numba resolves a module's globals when it compiles
a function, at its first call, once the whole module is there.
"""

PRELUDE = '''
K_GOLDEN = np.uint64(0x9E3779B97F4A7C15)
K_MIX1 = np.uint64(0xBF58476D1CE4E5B9)
K_MIX2 = np.uint64(0x94D049BB133111EB)
K_INDEX = np.uint64(0xD1B54A32D192ED03)


@njit(cache=True)
def w(st, jr, i, v):
    # every change of the state: st[i] = v, its old value kept in the journal
    n = jr[0]
    if 2 + 2 * n >= jr.shape[0]:  # (a move's journal holds JCAP writes; a move tried for its `ensure`s, TCAP)
        raise ValueError("a move changed the state more times than its journal holds")
    jr[1 + 2 * n] = i
    jr[2 + 2 * n] = st[i]
    jr[0] = n + 1
    st[i] = v


@njit(cache=True)
def undo_to(st, jr, mark):
    # take back the writes after the journal's entry `mark`, the last first
    n = jr[0]
    while n > mark:
        n -= 1
        st[jr[1 + 2 * n]] = jr[2 + 2 * n]
    jr[0] = n


@njit(cache=True)
def declare(st, jr, kind, who):
    # an ending statement: the first one of a move decides how the game ends
    if st[END_KIND] == 0:
        w(st, jr, END_KIND, kind)
        w(st, jr, END_WHO, who)


@njit(cache=True)
def ranking_top(st):
    # the seats at the top of the ranking, and how many (State._ranking: each key in turn keeps the best of those
    # still level)
    keys = np.zeros((NP, NKEYS), np.int64)
    rank_keys(st, keys)
    top = np.ones(NP, np.bool_)
    ntop = NP
    for k in range(NKEYS):
        if ntop == 1:
            break
        best = -(2 ** 62)
        for p in range(NP):
            if top[p] and keys[p, k] > best:
                best = keys[p, k]
        for p in range(NP):
            if top[p] and keys[p, k] != best:
                top[p] = False
                ntop -= 1
    return top, ntop


@njit(cache=True)
def conclude(st, jr):
    # the game is over: its `at end` triggers run, then a game that finishes is won by the top of its ranking
    # (ending.conclude, State._ranking)
    w(st, jr, OVER, 1)
    at_end(st, jr)
    if st[END_KIND] != 4 or HAS_RANK == 0:
        return
    top, ntop = ranking_top(st)
    mask = 0
    for p in range(NP):
        if top[p]:
            mask |= 1 << p
            who = p
    if ntop == 1:
        w(st, jr, END_KIND, 1)
        w(st, jr, END_WHO, who)
    elif ntop == NP and TIES_SHARE == 0:
        w(st, jr, END_KIND, 3)
    else:
        w(st, jr, END_KIND, 5)
        w(st, jr, END_WHO, mask)


@njit(cache=True)
def winners_of(st):
    # `winners`: who has won, or is winning as the game stands (ending.standing): the declared end, else the
    # ranking (as conclude ranks)
    kind = st[END_KIND]
    who = st[END_WHO]
    out = np.empty(NP, np.int64)
    n = 0
    if kind == 1:
        if who >= 0:
            out[0] = who
            n = 1
    elif kind == 2:
        for p in range(NP):
            if p != who:
                out[n] = p
                n += 1
    elif kind == 5:
        for p in range(NP):
            if (who >> p) & 1:
                out[n] = p
                n += 1
    elif kind != 3 and HAS_RANK != 0:
        top, ntop = ranking_top(st)
        if ntop < NP or TIES_SHARE != 0:
            for p in range(NP):
                if top[p]:
                    out[n] = p
                    n += 1
    return out[:n].copy()


@njit(cache=True)
def stuck(st, jr):
    # the player to move has no move: the game ends by the stuck rule (a rule of passing ends it when nobody can
    # move)
    # (the rule of the phase the game is in: phases.py's stuck_source)
    kind = STUCK_BY_PHASE[st[PHASE]]
    if kind == 6:
        kind = 4
    declare(st, jr, kind, st[TURN] if STUCK_SEAT_BY_PHASE[st[PHASE]] else -1)
    conclude(st, jr)


@njit(cache=True)
def end_turn(st, jr):
    # after a move's effect (turns.end_turn): its `after move` triggers; the end of the game if a rule ended it;
    # else the next turn (the mover's again after `again`), its `turn start` triggers
    after_move(st, jr)
    if st[END_KIND] != 0:
        conclude(st, jr)
        return
    if NPHASES > 1:
        next_phase(st, jr)
    nxt = st[NEXT]
    if nxt < 0:
        nxt = (st[TURN] + 1) % NP
    else:
        w(st, jr, NEXT, -1)
    w(st, jr, TURN, nxt)
    w(st, jr, TURNNO, st[TURNNO] + 1)
    if HAS_REPETITIONS:  # (a turn's start is counted before its triggers, as turns.turn_begins counts it)
        record_positions(st, jr)
    if HAS_TURN_START:
        turn_start(st, jr)
        if st[END_KIND] != 0:
            conclude(st, jr)
            return
    if STUCK_KIND == 6:
        # `when stuck: pass`, at once (as the interpreter does): chance.py's pass_while_stuck
        pass_while_stuck(st, jr)


# ---------------------------------------------------------------- reading the position

@njit(cache=True)
def step(s, d):
    if s < 0 or d < 0:
        return -1
    return NBR[s, d]


@njit(cache=True)
def leap(s, d, n):
    # the space n steps from s in direction d (n < 0: the other way), on a whole grid
    if s < 0 or d < 0:
        return -1
    if n < 0:
        d = OPP[d]
        n = -n
    for _ in range(n):
        s = NBR[s, d]
        if s < 0:
            return -1
    return s


@njit(cache=True)
def direction_of(a, b):
    # direction(a, b): the direction from a to b on the plane, if they are in a line across, up or diagonally
    if a < 0 or b < 0:
        return -1
    dx = PX[b] - PX[a]
    dy = PY[b] - PY[a]
    if dx == 0 and dy == 0:
        return -1
    if dx != 0 and dy != 0 and abs(dx) != abs(dy):
        return -1
    return DIR_OF[(dx > 0) - (dx < 0) + 1, (dy > 0) - (dy < 0) + 1]


@njit(cache=True)
def opposite_of(d):
    if d < 0:
        return -1
    return OPP[d]


@njit(cache=True)
def top_at(st, s):
    if s < 0:
        return -1
    return st[TOP + s]


@njit(cache=True)
def empty_at(st, s):
    return s < 0 or st[TOP + s] < 0


@njit(cache=True)
def owner_of(st, p):
    if p < 0:
        return -1
    return st[PIECES + PSTRIDE * p + 1]


@njit(cache=True)
def held_in(st, p, place):
    # `p in Z`: is piece p among the pieces of place Z (a zone, a space)?
    return p >= 0 and place >= 0 and st[PIECES + PSTRIDE * p + 2] == place


@njit(cache=True)
def topmost(st, p):
    # is piece p the top of a board's space (a move names it by the space)?
    s = st[PIECES + PSTRIDE * p + 2]
    return s >= 0 and s < NBOARDSPACES and st[TOP + s] == p


# a row's signature that tells nothing (a piece column holding none): the row is compared with every other (a
# row whose signature is this by chance too: compared in full, as is always exact)
ANY_SIG = np.int64(-0x7FFFFFFFFFFFFFFF - 1)


@njit(cache=True)
def same_row(st, out, m, n, columns):
    # do moves m and n read the same? columns[c - 1] says what column c holds: 0 a number, 1 a piece (compared by
    # its look: same_look), 2 a list's length (its items follow, marked 3, compared up to that length). The
    # numbers first, then the pieces' looks
    for c in range(1, columns.shape[0] + 1):
        code = columns[c - 1]
        if code == 0 or code == 2:
            if out[m, c] != out[n, c]:
                return False
            if code == 2:
                for k in range(out[n, c]):
                    if out[m, c + 1 + k] != out[n, c + 1 + k]:
                        return False
    for c in range(1, columns.shape[0] + 1):
        if columns[c - 1] == 1 and not same_look(st, out[m, c], out[n, c]):
            return False
    return True


@njit(cache=True)
def fresh_row_sig(st, out, first, n, columns, sigs):
    # does move n read otherwise than the moves first .. n - 1 (listing.unique: same_row)? Its signature (its
    # numbers, its lists' items and its pieces' look_sig) is kept in sigs[n]: two moves that read the same have
    # the same signature, so only the moves of n's signature are compared with it (one number a move; comparing
    # every move's columns took a listing of 150 moves ~11,000 comparisons)
    h = np.int64(0)
    for c in range(1, columns.shape[0] + 1):
        code = columns[c - 1]
        if code == 3:
            continue
        v = out[n, c]
        if code == 1:
            if v < 0:
                h = ANY_SIG
                break
            v = look_sig(st, v)
        h = h * np.int64(0x100000001B3) + v
        if code == 2:
            for k in range(out[n, c]):
                h = h * np.int64(0x100000001B3) + out[n, c + 1 + k]
    sigs[n] = h
    for m in range(first, n):
        g = sigs[m]
        if (g == h or g == ANY_SIG or h == ANY_SIG) and same_row(st, out, m, n, columns):
            return False
    return True


@njit(cache=True)
def owner_at(st, s):
    return owner_of(st, top_at(st, s))


@njit(cache=True)
def opponent_of(mover):
    return 1 - mover


@njit(cache=True)
def count_of(st, kind, owner):
    return st[CNT + kind * (NP + 1) + owner + 1]


@njit(cache=True)
def players_from(mover):
    out = np.empty(NP, np.int64)
    for i in range(NP):
        out[i] = (mover + i) % NP
    return out


@njit(cache=True)
def row_of(s, p):
    f = FACING[p]
    if f == 0:
        return SY[s]
    if f == 2:
        return SH[s] - SY[s] + 1
    if f == 3:
        return SX[s]
    return SW[s] - SX[s] + 1


@njit(cache=True)
def column_of(s, p):
    f = FACING[p]
    if f == 0:
        return SX[s]
    if f == 2:
        return SW[s] - SX[s] + 1
    if f == 3:
        return SH[s] - SY[s] + 1
    return SY[s]


@njit(cache=True)
def ray_at(s, d, k):
    # the k-th space from s in direction d (-1: past the edge)
    if s < 0 or d < 0:
        return -1
    return RAY[s, d, k]


@njit(cache=True)
def in_a_row(st, s, n):
    # is s in a straight line of n spaces or more whose top pieces have its top piece's owner?
    p = top_at(st, s)
    if p < 0:
        return False
    who = st[PIECES + PSTRIDE * p + 1]
    for a in range(4):
        run = 1
        for side in range(2):
            d = AXES[a, side]
            t = NBR[s, d]
            k = 0
            while t >= 0 and k < n - 1:
                q = st[TOP + t]
                if q < 0 or st[PIECES + PSTRIDE * q + 1] != who:
                    break
                run += 1
                k += 1
                t = NBR[t, d]
        if run >= n:
            return True
    return False


@njit(cache=True)
def group_into(st, s, dirs, out):
    # group(s, dirs): the spaces joined to s step by step in directions dirs through top pieces of its top piece's
    # owner, in the interpreter's order (a stack: library.group), written to out; how many
    if s < 0 or st[TOP + s] < 0:
        return 0
    who = st[PIECES + PSTRIDE * st[TOP + s] + 1]
    seen = np.zeros(NSPACES, np.bool_)
    todo = np.empty(NSPACES, np.int64)
    seen[s] = True
    todo[0] = s
    waiting = 1
    n = 0
    while waiting > 0:
        waiting -= 1
        t = todo[waiting]
        out[n] = t
        n += 1
        for d in dirs:
            u = NBR[t, d]
            if u >= 0 and not seen[u]:
                q = st[TOP + u]
                if q >= 0 and st[PIECES + PSTRIDE * q + 1] == who:
                    seen[u] = True
                    todo[waiting] = u
                    waiting += 1
    return n


@njit(cache=True)
def count_at(st, s):
    # the pieces on a space or in a zone (none: 0)
    if s < 0:
        return 0
    n = 0
    p = st[TOP + s]
    while p >= 0:
        n += 1
        p = st[PIECES + PSTRIDE * p + 3]
    return n


@njit(cache=True)
def pieces_on(st, s):
    # the pieces on a space or in a zone, the bottom first (as the interpreter's list)
    if MAXP <= 4096 and s >= 0:
        # (a game of few pieces: one walk down the stack, into the end of room for all of them, instead of one to
        # count them and another to list them; a draw from a zone of many cards lists it every time)
        room = np.empty(MAXP, np.int64)
        k = MAXP
        p = st[TOP + s]
        while p >= 0:
            k -= 1
            room[k] = p
            p = st[PIECES + PSTRIDE * p + 3]
        return room[k:]
    n = count_at(st, s)
    out = np.empty(n, np.int64)
    if n == 0:
        return out
    p = st[TOP + s]
    k = n - 1
    while p >= 0:
        out[k] = p
        k -= 1
        p = st[PIECES + PSTRIDE * p + 3]
    return out


@njit(cache=True)
def bottom_at(st, s):
    if s < 0 or st[TOP + s] < 0:
        return -1
    p = st[TOP + s]
    while st[PIECES + PSTRIDE * p + 3] >= 0:
        p = st[PIECES + PSTRIDE * p + 3]
    return p


@njit(cache=True)
def at_xy(b, x, y):
    # at(BOARD, x, y): its space at column x, row y, or none
    if x < 0 or y < 0 or x >= AT.shape[1] or y >= AT.shape[2]:
        return -1
    return AT[b, x, y]


@njit(cache=True)
def space_x(s):
    # .x of a value the checker could not type: a space's column (a zone has none: the rules' error)
    if s < 0:
        return -1
    if s >= NBOARDSPACES:
        raise ValueError("a column of something that is not a space")
    return SX[s]


@njit(cache=True)
def space_y(s):
    if s < 0:
        return -1
    if s >= NBOARDSPACES:
        raise ValueError("a row of something that is not a space")
    return SY[s]


@njit(cache=True)
def touch_at(s, b, k):
    # the k-th space of board b touching s on the plane (-1: no more)
    if s < 0:
        return -1
    return TOUCH[s, b, k]


@njit(cache=True)
def border_into(items, out):
    # border(items): the spaces next to theirs (orthogonally, on grids) and not among them, each once, in the
    # order met (library.border); how many, written to out (boards.py's border_steps_into)
    return border_steps_into(items, out, ORTHO)


@njit(cache=True)
def regions_into(items, flat, starts):
    # regions_of(items): region k is flat[starts[k]:starts[k + 1]], each spread from its first space breadth
    # first (library._spread), in the order of their first spaces; how many (boards.py's regions_steps_into)
    return regions_steps_into(items, flat, starts, ORTHO)


@njit(cache=True)
def checked_index(i, n):
    # an index into a list of n items (out of range: the rules' error, as the interpreter's)
    if i < 0 or i >= n:
        raise ValueError("an index out of range")
    return i


@njit(cache=True)
def index_of(items, x):
    # index(L, x): where x first is in L, from 0; -1 if it is not
    for k in range(items.shape[0]):
        if items[k] == x:
            return k
    return -1


@njit(cache=True)
def last_of(items):
    if items.shape[0] == 0:
        return -1
    return items[items.shape[0] - 1]


@njit(cache=True)
def minus(a, b):
    # a - b: the items of a that are not in b, in a's order
    out = np.empty(a.shape[0], np.int64)
    n = 0
    for v in a:
        if not contains(b, v):
            out[n] = v
            n += 1
    return out[:n].copy()


@njit(cache=True)
def sorted_by(items, keys):
    # the items in the order of their keys, ties kept in order (Python's sorted is stable)
    order = np.argsort(keys, kind="mergesort")
    return items[order]


@njit(cache=True)
def contains(items, x):
    for v in items:
        if v == x:
            return True
    return False


@njit(cache=True)
def item_at(items, i):
    # items[i], counting from 0 (out of range: the rules' error, as the interpreter's)
    if i < 0 or i >= items.shape[0]:
        raise ValueError("an index out of range")
    return items[i]


# ---------------------------------------------------------------- changing it

@njit(cache=True)
def create(st, jr, kind, owner, s):
    if s < 0:
        raise ValueError("a piece was placed on none")
    p = st[NPIECES]
    if p >= MAXP:
        raise ValueError("a game has too many pieces")
    if CAP[s] >= 0:
        check_capacity(st, s)
    w(st, jr, NPIECES, p + 1)
    b = PIECES + PSTRIDE * p
    w(st, jr, b, kind)
    w(st, jr, b + 1, owner)
    w(st, jr, b + 2, s)
    w(st, jr, b + 3, st[TOP + s])
    init_attributes(st, jr, b, kind)
    w(st, jr, TOP + s, p)
    c = CNT + kind * (NP + 1) + owner + 1
    w(st, jr, c, st[c] + 1)


@njit(cache=True)
def check_capacity(st, s):
    # a zone with a capacity that holds as many pieces already: the rules' error (State._check_capacity)
    n = 0
    q = st[TOP + s]
    while q >= 0:
        n += 1
        q = st[PIECES + PSTRIDE * q + 3]
    if n >= CAP[s]:
        raise ValueError("a zone is full: it holds as many pieces as its capacity")


@njit(cache=True)
def unlink(st, jr, p):
    # take piece p off the space it is on (from anywhere in its stack)
    b = PIECES + PSTRIDE * p
    s = st[b + 2]
    if s < 0:
        return
    below = st[b + 3]
    q = st[TOP + s]
    if q == p:
        w(st, jr, TOP + s, below)
        return
    while st[PIECES + PSTRIDE * q + 3] != p:
        q = st[PIECES + PSTRIDE * q + 3]
    w(st, jr, PIECES + PSTRIDE * q + 3, below)


@njit(cache=True)
def count_change(st, jr, p, by):
    c = CNT + st[PIECES + PSTRIDE * p] * (NP + 1) + st[PIECES + PSTRIDE * p + 1] + 1
    w(st, jr, c, st[c] + by)


@njit(cache=True)
def set_owner(st, jr, p, owner):
    if p < 0:
        return
    b = PIECES + PSTRIDE * p
    if st[b + 2] != BOX:
        count_change(st, jr, p, -1)
        w(st, jr, b + 1, owner)
        count_change(st, jr, p, 1)
    else:
        w(st, jr, b + 1, owner)


@njit(cache=True)
def move_piece(st, jr, p, dest):
    if p < 0:
        return
    if dest < 0:
        raise ValueError("a piece was moved to none")
    b = PIECES + PSTRIDE * p
    if st[b + 2] == dest:
        return
    if CAP[dest] >= 0:
        check_capacity(st, dest)
    if st[b + 2] == BOX:
        count_change(st, jr, p, 1)
    unlink(st, jr, p)
    w(st, jr, b + 3, st[TOP + dest])
    w(st, jr, TOP + dest, p)
    w(st, jr, b + 2, dest)


@njit(cache=True)
def remove_piece(st, jr, p):
    if p < 0:
        return
    b = PIECES + PSTRIDE * p
    if st[b + 2] == BOX:
        return
    unlink(st, jr, p)
    w(st, jr, b + 2, BOX)
    w(st, jr, b + 3, -1)
    count_change(st, jr, p, -1)


@njit(cache=True)
def remove_each(st, jr, items):
    # `remove` of a list of pieces: the last first. The end is the same in any order (each piece in the box, the
    # others' stacks linked as before without them, the counts), and a place's pieces are listed the bottom
    # first, so each removal then takes the top of its stack (unlink's walk down the stack: none)
    for k in range(items.shape[0] - 1, -1, -1):
        remove_piece(st, jr, items[k])


@njit(cache=True)
def remove_all(st, jr, s):
    # every piece on space s, the top first
    if s < 0:
        return
    while st[TOP + s] >= 0:
        remove_piece(st, jr, st[TOP + s])


# ---------------------------------------------------------------- chance: splitmix64, one stream a game

@njit(cache=True)
def next_random(rng):
    z = rng[0] + K_GOLDEN
    rng[0] = z
    z = (z ^ (z >> np.uint64(30))) * K_MIX1
    z = (z ^ (z >> np.uint64(27))) * K_MIX2
    return z ^ (z >> np.uint64(31))


@njit(cache=True)
def seed_game(rng, seed, index):
    # game `index` of a series with `seed`: its stream depends on (seed, index) alone
    rng[0] = np.uint64(seed)
    rng[0] = next_random(rng) ^ (np.uint64(index) * K_INDEX)
    next_random(rng)


@njit(cache=True)
def below(rng, n):
    # a whole number in [0, n), each as likely (to within n / 2**53)
    return np.int64((next_random(rng) >> np.uint64(11)) % np.uint64(n))


# ---------------------------------------------------------------- games and counts

@njit(cache=True)
def list_for_move(st, jr, out):
    # the listing a random mover picks its move from, and its growth kept in the move's journal (areas.py makes
    # both again for a game with an area board: the same listing and apply_move elsewhere)
    return list_moves(st, out)


@njit(cache=True)
def apply_listed(st, jr, mv):
    # apply_move of a move just listed by list_for_move
    apply_move(st, jr, mv)


PICKS = 0  # (1: a game's own pick_for_move, picking.py)


@njit(cache=True)
def pick_for_move(st, jr, out, rng):
    # a random mover's move: the listing, then one of its moves drawn (picking.py may pick it without listing):
    # (the moves listed, the row drawn), (0, 0) for none
    n = list_for_move(st, jr, out)
    if n == 0:
        return 0, 0
    return n, below(rng, n)


@njit(cache=True, inline="always")
def play_one(st, jr, buf, rng, max_moves, moves_out):
    # random movers from st to the end or max_moves moves; each move made is kept in moves_out (when it has
    # rows). Returns the number of moves made
    length = 0
    while st[OVER] == 0:
        n, k = pick_for_move(st, jr, buf, rng)
        if n == 0:
            stuck(st, jr)
            jr[0] = 0
            break
        if length >= max_moves:
            break
        if moves_out.shape[0] > length:
            for w in range(buf.shape[1]):  # (a loop, not a slice: numba compiles each slice copy as a function)
                moves_out[length, w] = buf[k, w]
        apply_listed(st, jr, buf[k])
        if moves_out.shape[0] > length and moves_out.shape[1] > WIDTH:
            moves_out[length, WIDTH] = st[NDRAWN]  # (the draws made so far, once the move is over)
        if st[QPARTS] == 0:  # (a move waiting at a question keeps its journal: an answer runs it again)
            jr[0] = 0
        length += 1
    return length


@njit(cache=True)
def playouts(start, seed, first, count, max_moves, results):
    # games first .. first + count - 1 of a series from `start`: results[g] = (moves, over, end kind, who)
    st = start.copy()
    jr = np.zeros(1 + 2 * JCAP, np.int64)
    buf = np.empty((MAXMOVES, WIDTH), np.int64)
    rng = np.zeros(1, np.uint64)
    none = np.empty((0, WIDTH), np.int64)
    used = PIECES + PSTRIDE * start[NPIECES]
    for g in range(count):
        for i in range(used):  # (a loop, not a slice: numba compiles each slice copy as a function)
            st[i] = start[i]
        jr[0] = 0
        seed_game(rng, seed, first + g)
        begin_game(st, jr, seed, first + g)
        results[g, 0] = play_one(st, jr, buf, rng, max_moves, none)
        results[g, 1] = st[OVER]
        results[g, 2] = st[END_KIND]
        results[g, 3] = st[END_WHO]


@njit(cache=True)
def playout_moves(start, seed, index, max_moves, moves_out, result):
    # game `index` of a series, its moves kept: result = (moves, over, end kind, who[, each seat's score[, the
    # draws of the start]]); moves_out[k, WIDTH] (when it has the column) the draws made once move k is over.
    # Returns the final vector (its DRAWLOG: the outcome of each draw)
    st = start.copy()
    jr = np.zeros(1 + 2 * JCAP, np.int64)
    buf = np.empty((MAXMOVES, WIDTH), np.int64)
    rng = np.zeros(1, np.uint64)
    seed_game(rng, seed, index)
    begin_game(st, jr, seed, index)
    if result.shape[0] >= 5 + NP:
        result[4 + NP] = st[NDRAWN]
    result[0] = play_one(st, jr, buf, rng, max_moves, moves_out)
    result[1] = st[OVER]
    result[2] = st[END_KIND]
    result[3] = st[END_WHO]
    if result.shape[0] >= 4 + NP:
        scores_into(st, result[4:])
    return st


@njit(cache=True)
def rollout(st, jr, buf, seed, max_moves, result):
    # random movers from the position st (played in place: st is a scratch copy) to the end or max_moves
    # moves, drawing from a stream seeded by `seed`: result = (moves, over, end kind, who)
    rng = np.zeros(1, np.uint64)
    seed_game(rng, seed, 0)
    seed_chance(st, seed, 0)
    jr[0] = 0
    result[0] = play_one(st, jr, buf, rng, max_moves, buf[:0])
    result[1] = st[OVER]
    result[2] = st[END_KIND]
    result[3] = st[END_WHO]


@njit(cache=True)
def legal_moves(start, out):
    st = start.copy()
    return list_moves(st, out)


@njit(cache=True)
def applied(start, mv):
    # the position after one move from start
    st = start.copy()
    jr = np.zeros(1 + 2 * JCAP, np.int64)
    apply_move(st, jr, mv)
    return st


@njit(cache=True)
def tally_end(st, jr, ends, d, listed):
    # a game that ended with the move at depth d: by a rule, or its next player stuck (nothing listed); ends by
    # (kind, who + 1), a shared win's who being the mask of its winners
    if st[OVER] != 0:
        ends[d, st[END_KIND], st[END_WHO] + 1] += 1
    elif listed == 0:
        mark = jr[0]
        stuck(st, jr)
        ends[d, st[END_KIND], st[END_WHO] + 1] += 1
        undo_to(st, jr, mark)


@njit(cache=True)
def perft(start, depth, counts, ends):
    # counts[d] += the sequences of d + 1 moves from start (a game that is over has no moves); when ends has
    # `depth` rows, ends[d, kind, who + 1] counts the games that end with the move at depth d (the last depth's
    # moves are played too)
    st = start.copy()
    jr = np.zeros(1 + 2 * JCAP, np.int64)
    perft_walk(st, jr, depth, counts, ends)


@njit(cache=True)
def perft_after(start, mv, depth, counts, ends):
    # perft after the move mv from start, on one journal (a move that waits at a question is run again from it)
    st = start.copy()
    jr = np.zeros(1 + 2 * JCAP, np.int64)
    apply_move(st, jr, mv)
    perft_walk(st, jr, depth, counts, ends)


@njit(cache=True)
def perft_walk(st, jr, depth, counts, ends):
    moves = np.empty((depth + 1, MAXMOVES, WIDTH), np.int64)
    n = np.zeros(depth, np.int64)
    k = np.zeros(depth, np.int64)
    marks = np.zeros(depth, np.int64)
    tally = ends.shape[0] == depth
    if depth == 0:
        return
    n[0] = list_moves(st, moves[0])
    counts[0] += n[0]
    last = depth - 1 if tally else depth - 2
    if last < 0:
        return
    d = 0
    while True:
        if k[d] < n[d]:
            marks[d] = jr[0]
            apply_move(st, jr, moves[d, k[d]])
            k[d] += 1
            e = d + 1
            c = list_moves(st, moves[e])
            if e < depth:
                counts[e] += c
            if tally:
                tally_end(st, jr, ends, d, c)
            if d < last and c > 0:
                n[e] = c
                k[e] = 0
                d = e
            else:
                undo_to(st, jr, marks[d])
        else:
            if d == 0:
                break
            d -= 1
            undo_to(st, jr, marks[d])
'''
