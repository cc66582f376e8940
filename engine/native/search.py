"""The search bot's whole iteration natively: information-set Monte Carlo tree search (bots/search.py) with the
worlds, the tree, its walk and the random lines in compiled code, written once for all games over the generated
module's `list_moves`, `apply_move` and `play_one` (docs/backends.md, "The search bot").

What a seat knows is worked out once a decision by the interpreter (`Worlds(state, seat)`, never the state
itself): one world it samples is handed over, and the *pools* it found (pieces whose identities the seat knows
only as a whole) become arrays: each pool's pieces (their numbers in the native vector), the identities dealt
among them (the slots of their fixed attributes, read from that world), and the face each piece shows and each
identity would show (a face-down piece keeps what it shows). Each iteration copies that world, deals each pool's
identities again among its pieces with the native generator (a face-down piece first, among the identities of its
face, then the rest shuffled: Worlds.sample's distribution), reseeds chance, walks down the tree, adds a node,
plays on at random (`play_one`) and scores the line as bots/search.rewards does.

The tree is arrays: a node's visits, total and availability, and a hash table from (parent, a move's identity) to
the child. A move's identity is the same in every world the seat imagines, as its text is (the Python bot knows a
move by its text): its action and numbers, and each piece it names by how it reads (the space it tops, else its
kind and the attributes it shows: look_sig). UCB1 with the availability counts, the untried moves first at random,
and the early stop when the most visited move can no longer be overtaken, as bots/search.py does them. A
simultaneous step (`at once`) is decoupled UCT, as there: each seat of it picks among its own answers by its own
statistics (kept after the nodes, under the parent -2 - node), the joint answer leads to the child, and at the root
the bot's seat's own answers are judged.

Where the native tree does not hold what the interpreter's does, `NativeTree.search` returns None and the bot
searches with its own tree (with native rollouts): a seat that imagines a piece's attribute's value or a drawn
variable not of numbers or truth values (a variable of those it saw drawn is drawn again natively in each world),
other seats' secret choices to make again,
boards or zones whose contents are hidden, a move in progress that drew at random before its question. A position
waiting at a question in the middle of a move (which the vector does not hold) is handed over at the move's start,
and the move's steps so far (found among the native moves by their texts) are played again in each world.
"""
from __future__ import annotations

from typing import Optional

from ...grammar import nodes as N
from .layout import ATTR_FIELDS, P_HAS, HandOffError

CHECK_EVERY = 16   # as bots/search.py: iterations between two looks at whether the choice is settled
CHUNK = 64         # iterations between two looks at the clock, in a search bounded by time

SEARCH = '''

# ---------------------------------------------------------------- the search bot's tree (engine/native/search.py)

K_KEY = np.int64(0x100000001B3)


@njit(cache=True)
def piece_key(st, p):
    # a piece as a move's text names it: the space it tops, else how it looks (look_sig)
    if p < 0:
        return np.int64(-1)
    if topmost(st, p):
        return (st[PIECES + PSTRIDE * p + 2] + 7) * np.int64(0x5851F42D4C957F2D)
    return look_sig(st, p)


@njit(cache=True)
def move_key(st, row, codes, piece_sites, nactions):
    # a move's identity, the same in every world (its text's): its action, numbers, lists, and its pieces by how
    # they read; codes[action, column]: 0 a number, 1 a piece, 2 a list's length (items 3, or 4 for pieces), -1 none
    a = row[0]
    h = np.int64(a + 1)
    if a == nactions:  # (an answer: its question's site, then each seat's answer; not the answer's number)
        site = row[2]
        h = h * K_KEY + site
        for j in range(row[3]):
            h = h * K_KEY + row[4 + 2 * j]
            v = row[5 + 2 * j]
            if piece_sites[site]:
                v = piece_key(st, v)
            h = h * K_KEY + v
        return h
    c = 1
    while c < codes.shape[1]:
        code = codes[a, c]
        if code < 0:
            break
        v = row[c]
        if code == 1:
            v = piece_key(st, v)
        h = h * K_KEY + v
        if code == 2:
            pieces = codes[a, c + 1] == 4
            for k in range(v):
                item = row[c + 1 + k]
                if pieces:
                    item = piece_key(st, item)
                h = h * K_KEY + item
            c += 1
            while c < codes.shape[1] and codes[a, c] >= 3:
                c += 1
            continue
        c += 1
    return h


@njit(cache=True)
def move_keys(start, steps, nsteps, codes, piece_sites, nactions, out_rows, out_keys, after):
    # the moves of a position after the steps steps[:nsteps] from start (a move in progress, to its question), and
    # their identities; returns how many (`after`: that position)
    st = start.copy()
    jr = np.zeros(1 + 2 * JCAP, np.int64)
    for i in range(nsteps):
        made_move(st, jr, steps[i])
    for i in range(st.shape[0]):
        after[i] = st[i]
    n = list_moves(st, out_rows)
    for k in range(n):
        out_keys[k] = move_key(st, out_rows[k], codes, piece_sites, nactions)
    return n


@njit(cache=True)
def deal_pools(st, rng, members, member_face, pool_start, id_rows, id_face, id_has, cols, has_mask, has_at, left,
               chosen):
    # each pool's identities dealt again among its pieces: a piece that shows a face takes one of that face, the
    # rest are shuffled among the others (knowledge.Worlds.sample); chosen[m]: the identity piece m took
    for q in range(pool_start.shape[0] - 1):
        lo = pool_start[q]
        hi = pool_start[q + 1]
        nleft = hi - lo
        for i in range(nleft):
            left[i] = lo + i
        for blank in range(2):  # (the pieces that show a face first, then the others)
            for m in range(lo, hi):
                f = member_face[m]
                if (f < 0) != (blank == 1):
                    continue
                fits = 0
                for i in range(nleft):
                    if f < 0 or id_face[left[i]] == f:
                        fits += 1
                if fits == 0:
                    raise ValueError("a face no identity of its pool shows")
                r = below(rng, fits)
                i = 0
                while True:
                    if f < 0 or id_face[left[i]] == f:
                        if r == 0:
                            break
                        r -= 1
                    i += 1
                ident = left[i]
                chosen[m] = ident
                left[i] = left[nleft - 1]
                nleft -= 1
                base = PIECES + PSTRIDE * members[m]
                for j in range(cols.shape[1]):
                    if cols[q, j] < 0:
                        break
                    st[base + cols[q, j]] = id_rows[ident, j]
                if has_at >= 0:
                    st[base + has_at] = (st[base + has_at] & ~has_mask[q]) | id_has[ident]


@njit(cache=True)
def deal_samples(world, members, member_face, pool_start, id_rows, id_face, id_has, cols, has_mask, has_at, rng, out):
    # `out.shape[0]` worlds dealt from `world` (what the tests compare with the interpreter's Worlds): out[s, m] the
    # identity piece m took in world s
    st = world.copy()
    left = np.empty(max(1, members.shape[0]), np.int64)
    for s in range(out.shape[0]):
        deal_pools(st, rng, members, member_face, pool_start, id_rows, id_face, id_has, cols, has_mask, has_at,
                   left, out[s])


@njit(cache=True)
def tree_find(table_key, table_parent, table_child, parent, key):
    mask = table_key.shape[0] - 1
    i = np.int64((np.uint64(key) ^ (np.uint64(parent) * np.uint64(0x9E3779B97F4A7C15))) >> np.uint64(7)) & mask
    while table_child[i] >= 0:
        if table_key[i] == key and table_parent[i] == parent:
            return table_child[i]
        i = (i + 1) & mask
    return np.int64(-1)


@njit(cache=True)
def tree_add(table_key, table_parent, table_child, parent, key, child):
    mask = table_key.shape[0] - 1
    i = np.int64((np.uint64(key) ^ (np.uint64(parent) * np.uint64(0x9E3779B97F4A7C15))) >> np.uint64(7)) & mask
    while table_child[i] >= 0:
        i = (i + 1) & mask
    table_key[i] = key
    table_parent[i] = parent
    table_child[i] = child


@njit(cache=True)
def new_node(visits, totals, avail, node, available):
    # a node of the tree (or a seat's answer's statistics) made: no visit yet, available `available` times
    visits[node] = 0
    totals[node] = 0.0
    avail[node] = available


@njit(cache=True)
def child_found(table_key, table_parent, table_child, parent, key, i, kids, untried, nun, avail):
    # the i-th child of `parent` by its key: its node in kids[i], available once more; or -1 there and i noted as
    # the next of the `nun` untried. Returns the untried's number
    a = tree_find(table_key, table_parent, table_child, parent, key)
    kids[i] = a
    if a < 0:
        untried[nun] = i
        return nun + 1
    avail[a] += 1
    return nun


@njit(cache=True)
def best_child(kids, n, visits, totals, avail, exploration):
    # UCB1 among the n children kids[0..n) (each visited): the index of the first of the highest value
    best = -1
    best_value = -1.0
    for i in range(n):
        a = kids[i]
        value = totals[a] / visits[a] + exploration * np.sqrt(np.log(avail[a]) / visits[a])
        if value > best_value:
            best = i
            best_value = value
    return best


@njit(cache=True)
def made_move(st, jr, row):
    # a move made, its journal emptied once the move is over (a move waiting at a question keeps it for the answers)
    apply_move(st, jr, row)
    if st[QPARTS] == 0:
        jr[0] = 0


@njit(cache=True)
def line_rewards(st, res):
    # each seat's result of a line (bots/search.rewards): 1 a sole win, 1/k to each of k who share a win, a draw or
    # an unfinished line, 0 a loss; alone, a game neither won nor lost is worth 1/2
    share = 0.5 if NP == 1 else 1.0 / NP
    for p in range(NP):
        res[p] = share
    if st[OVER] == 0:
        return
    kind = st[END_KIND]
    who = st[END_WHO]
    winners = 0
    if kind == 1:
        if who >= 0:
            winners = 1 << who
    elif kind == 5:
        winners = who
    elif kind == 2:
        winners = ((1 << NP) - 1) & ~(1 << who)
    else:
        return  # (a draw)
    if winners == 0:
        # (nobody won: a draw, `lose` in a game of one player too; the native backend plays no edition 3, whose
        # games of one player have a loss of their own, worth 0)
        return
    k = 0
    for p in range(NP):
        if (winners >> p) & 1:
            k += 1
    for p in range(NP):
        res[p] = 1.0 / k if (winners >> p) & 1 else 0.0


@njit(cache=True)
def tree_search(world, keep_lo, keep_hi, members, member_face, pool_start, id_rows, id_face, id_has, cols, has_mask,
                has_at, draw_slots, draw_start, draw_options, codes, piece_sites, nactions, steps, nsteps, rng, first,
                last, budget, exploration, limit, check_every, root_seat, node_cap,
                visits, totals, avail, table_key, table_parent, table_child, root_kids, root_values, counts):
    # iterations first .. last - 1 of a search from `world` (the tree in the arrays, counts = (nodes, root
    # children, the next seat's answer statistics)); stops early once the most visited root move cannot be overtaken
    # in `budget` iterations (-1: no such bound). Returns the iterations done.
    # The nodes are visits[:node_cap]; after them, at a simultaneous step (several seats answering at once), each
    # seat's statistics of its own answers there (decoupled UCT, bots/search.py): in the table under the parent
    # -2 - node, found by the answer's identity alone. At the root the judged moves are root_seat's answers there
    # (root_values: the value each answered, to name it)
    st = world.copy()
    jr = np.zeros(1 + 2 * JCAP, np.int64)
    buf = np.empty((MAXMOVES, WIDTH), np.int64)
    keys = np.empty(MAXMOVES, np.int64)
    kids = np.empty(MAXMOVES, np.int64)
    untried = np.empty(MAXMOVES, np.int64)
    left = np.empty(max(1, members.shape[0]), np.int64)
    chosen = np.empty(max(1, members.shape[0]), np.int64)
    cap = node_cap
    path = np.empty(cap, np.int64)
    movers = np.empty(cap, np.int64)
    answered = np.empty(cap * max(1, QMAXPARTS), np.int64)
    answered_seat = np.empty(cap * max(1, QMAXPARTS), np.int64)
    res = np.empty(NP, np.float64)
    used = PIECES + PSTRIDE * world[NPIECES]
    done = first
    while done < last:
        for i in range(used):  # (loops, not slices: numba compiles each slice copy as a function)
            st[i] = world[i]
        for i in range(keep_lo, keep_hi):
            st[i] = world[i]
        jr[0] = 0
        deal_pools(st, rng, members, member_face, pool_start, id_rows, id_face, id_has, cols, has_mask, has_at,
                   left, chosen)
        for v in range(draw_slots.shape[0]):  # (the values the seat saw drawn but not what came: drawn again)
            st[draw_slots[v]] = draw_options[draw_start[v] + below(rng, draw_start[v + 1] - draw_start[v])]
        seed_chance(st, np.int64(next_random(rng) >> np.uint64(1)), 0)
        for i in range(nsteps):  # (the move in progress, to its question: its journal kept for the answers)
            made_move(st, jr, steps[i])
        node = 0
        depth = 0
        nanswered = 0
        while st[OVER] == 0:
            n = list_moves(st, buf)
            if n == 0:
                break
            if st[QPARTS] > 1:  # (seats answering at once: each picks from its own statistics, bots/search.py)
                parts = st[QPARTS]
                if counts[0] >= cap or counts[2] + parts > visits.shape[0]:
                    break  # (the tree is full: the line goes on at random from here)
                site = st[QSITE]
                answer = 0
                for j in range(parts):
                    seat = st[QSEAT + j]
                    nopt = st[QCOUNT + j]
                    nun = 0
                    for i in range(nopt):
                        v = st[QVAL + j * QCAP + i]
                        if piece_sites[site]:
                            v = piece_key(st, v)
                        # (the identity of this seat's answer alone: move_key of a row of one part)
                        key = ((np.int64(nactions + 1) * K_KEY + site) * K_KEY + seat) * K_KEY + v
                        keys[i] = key
                        nun = child_found(table_key, table_parent, table_child, -2 - node, key, i, kids, untried, nun,
                                          avail)
                    if nun > 0:
                        pick = untried[below(rng, nun)]
                        a = counts[2]
                        counts[2] += 1
                        new_node(visits, totals, avail, a, 1)
                        tree_add(table_key, table_parent, table_child, -2 - node, keys[pick], a)
                        if node == 0 and seat == root_seat:
                            root_kids[counts[1]] = a
                            root_values[counts[1]] = st[QVAL + j * QCAP + pick]
                            counts[1] += 1
                    else:
                        pick = best_child(kids, nopt, visits, totals, avail, exploration)
                        a = kids[pick]
                    answered[nanswered] = a
                    answered_seat[nanswered] = seat
                    nanswered += 1
                    answer = answer * nopt + pick  # (list_pending's order: the last seat's answer changes fastest)
                mover = st[TURN]
                key = move_key(st, buf[answer], codes, piece_sites, nactions)
                ch = tree_find(table_key, table_parent, table_child, node, key)
                fresh = ch < 0
                if fresh:
                    ch = counts[0]
                    counts[0] += 1
                    new_node(visits, totals, avail, ch, 0)
                    tree_add(table_key, table_parent, table_child, node, key, ch)
                made_move(st, jr, buf[answer])
                path[depth] = ch
                movers[depth] = mover
                depth += 1
                if fresh:
                    break
                node = ch
                continue
            mover = st[TURN] if st[QPARTS] == 0 else st[QSEAT]
            nun = 0
            for k in range(n):
                key = move_key(st, buf[k], codes, piece_sites, nactions)
                keys[k] = key
                nun = child_found(table_key, table_parent, table_child, node, key, k, kids, untried, nun, avail)
            if nun > 0:
                if counts[0] >= cap:  # (the tree is full: the line goes on at random from here)
                    break
                k = untried[below(rng, nun)]
                ch = counts[0]
                counts[0] += 1
                new_node(visits, totals, avail, ch, 1)
                tree_add(table_key, table_parent, table_child, node, keys[k], ch)
                if node == 0:
                    root_kids[counts[1]] = ch
                    counts[1] += 1
                made_move(st, jr, buf[k])
                path[depth] = ch
                movers[depth] = mover
                depth += 1
                break
            best = best_child(kids, n, visits, totals, avail, exploration)
            ch = kids[best]
            made_move(st, jr, buf[best])
            path[depth] = ch
            movers[depth] = mover
            depth += 1
            node = ch
        if st[OVER] == 0:
            play_one(st, jr, buf, rng, limit, buf[:0])
        line_rewards(st, res)
        for d in range(depth):
            visits[path[d]] += 1
            totals[path[d]] += res[movers[d]]
        for d in range(nanswered):
            visits[answered[d]] += 1
            totals[answered[d]] += res[answered_seat[d]]
        done += 1
        if budget >= 0 and done % check_every == 0 and counts[1] >= 2:
            top = -1
            second = -1
            for i in range(counts[1]):
                v = visits[root_kids[i]]
                if v > top:
                    second = top
                    top = v
                elif v > second:
                    second = v
            if top - second > budget - done:
                break
    return done
'''

ENTRIES = ("tree_search", "move_keys", "deal_samples")


def has_simultaneous(game) -> bool:
    """Does the game have seats answering at once (`at once`)? (The native tree makes room for their statistics.)"""
    return any(isinstance(node, N.AtOnce) for node in N.walk(game.analysis.checked.module))


def prepare(game) -> None:
    """Compile the native search's entry points of a NativeGame now (saying so through its `say`, the first time), as
    `cli.backend.prepared` compiles the rollouts before the games begin."""
    for name in ENTRIES:
        _entry(game, name)


def _entry(game, name: str):
    """The module's entry `name`, compiled (or read from numba's cache) at its first use by a warm-up on the start,
    with the types a search calls it with (NativeGame.entry warms up the entries it knows)."""
    from .build import compile_entry
    if name not in game.compile_seconds:
        game.compile_seconds[name] = compile_entry(game.module, name, lambda: _warm_up(game, name), game.say,
                                                   game.game.title)
    return getattr(game.module, name)


def _warm_up(game, name: str) -> None:
    import numpy as np
    module = game.module
    codes, sites, nactions = _codes(game)
    pools = NativeTree.pools_of([], [], [], [], [], [], [], [], False)
    steps = np.zeros((0, module.WIDTH), np.int64)
    rng = np.zeros(1, np.uint64)
    if name == "tree_search":
        tree = (np.zeros(4, np.int64), np.zeros(4, np.float64), np.zeros(4, np.int64), np.zeros(64, np.int64),
                np.zeros(64, np.int64), np.full(64, -1, np.int64), np.zeros(module.MAXMOVES, np.int64),
                np.zeros(module.MAXMOVES, np.int64), np.array([1, 0, 4], np.int64))
        module.tree_search(game.begun, 0, 0, *pools, *_values_of([], [], []), codes, sites, nactions, steps, 0, rng,
                           0, 1, 1, 0.7, 1, CHECK_EVERY, 0, 4, *tree)
    elif name == "move_keys":
        module.move_keys(game.begun, steps, 0, codes, sites, nactions, np.zeros((module.MAXMOVES, module.WIDTH),
                                                                                np.int64),
                         np.zeros(module.MAXMOVES, np.int64), np.zeros_like(game.begun))
    elif name == "deal_samples":
        module.deal_samples(game.begun, *pools, rng, np.zeros((1, 0), np.int64))


def _values_of(slots, starts, options) -> tuple:
    """tree_search's arrays of the values drawn again (the same types with none)."""
    import numpy as np
    return np.array(slots, np.int64), np.array(starts or [0], np.int64), np.array(options or [0], np.int64)


def _codes(game) -> tuple:
    """What column of a move's row holds what, by action (move_key's `codes`), whether each question's values are
    pieces, and the number of actions (the action of an answer)."""
    import numpy as np
    module = game.module
    width, nactions = module.WIDTH, len(game.actions)
    listcap = getattr(module, "LISTCAP", 0)
    codes = np.full((nactions + 1, width), -1, np.int64)
    for a, (_name, kinds) in enumerate(game.actions):
        column = 1
        for kind in kinds:
            if kind.startswith("list of "):
                codes[a, column] = 2
                codes[a, column + 1:column + 1 + listcap] = 4 if kind == "list of piece" else 3
                column += 1 + listcap
            else:
                codes[a, column] = 1 if kind == "piece" else 0
                column += 1
    sites = np.array([1 if kind == "piece" else 0 for kind in game.choice_kinds] or [0], np.int64)
    return codes, sites, nactions


class NativeTree:
    """The native search of the games a search bot meets (the compiled game shared in the process); `search`
    returns None where the native tree cannot search the position, and the caller searches with its own."""

    def __init__(self):
        self._games: dict = {}
        self.reason: Optional[str] = None   # why the last search was not native (None: it was)

    def _native(self, state):
        key = (state.game.path, state.num_players, state.options)
        if key not in self._games:
            self._games[key] = self._prepare(state)
        return self._games[key]

    def _prepare(self, state):

        from .game import NativeUnavailable
        from .rollouts import shared_at
        from .translate import Unsupported
        try:
            game = shared_at(state.game.path, state.num_players, state.options)
        except (Unsupported, NativeUnavailable, HandOffError) as err:
            return f"the native backend does not play this game ({err})"
        prepare(game)
        codes, sites, nactions = _codes(game)
        layout = game.layout
        keep = (layout.pieces + layout.stride * layout.max_pieces, layout.draw_log)
        return {"game": game, "codes": codes, "sites": sites, "nactions": nactions, "keep": keep}

    def search(self, bot, state, seat, rng, began, deadline) -> Optional[tuple]:
        """The root's moves the search judged, {text: (visits, total)}, and the iterations done; None (with `reason`)
        where the native tree cannot search."""
        import numpy as np
        native = self._native(state)
        if isinstance(native, str):
            self.reason = native
            return None
        imagined = self.imagined(state, seat, rng, bot.peek)
        if imagined is None:
            return None
        vector, pools, _, steps, values = imagined
        game = native["game"]
        module = game.module
        tree_search = _entry(game, "tree_search")
        cap = (bot.iterations if bot.iterations is not None else 1 << 16) + 2
        # after the nodes, the seats' statistics of their answers at simultaneous steps: at most every option of
        # every seat asked at each node (with iterations; by time, a part of that, the line going on at random when
        # they are full)
        joint = module.QMAXPARTS * module.QCAP if has_simultaneous(game.game) else 0
        size = cap + cap * (joint if bot.iterations is not None else min(joint, module.QMAXPARTS))
        table = 1 << max(4, (4 * size).bit_length())
        visits = np.zeros(size, np.int64)
        totals = np.zeros(size, np.float64)
        avail = np.zeros(size, np.int64)
        table_key = np.zeros(table, np.int64)
        table_parent = np.zeros(table, np.int64)
        table_child = np.full(table, -1, np.int64)
        root_kids = np.zeros(module.MAXMOVES, np.int64)
        root_values = np.zeros(module.MAXMOVES, np.int64)
        counts = np.array([1, 0, cap], np.int64)   # (the root is node 0)
        generator = np.array([rng.getrandbits(64)], np.uint64)
        keep_lo, keep_hi = native["keep"]
        args = (vector, keep_lo, keep_hi, *pools, *values, native["codes"], native["sites"], native["nactions"], steps,
                len(steps), generator)
        tree = (visits, totals, avail, table_key, table_parent, table_child, root_kids, root_values, counts)
        done = 0
        if deadline is None:
            done = int(tree_search(*args, 0, bot.iterations, bot.iterations, bot.exploration, bot.rollout_limit,
                                   CHECK_EVERY, seat, cap, *tree))
        else:
            while bot.iterations is None or done < bot.iterations:
                last = done + CHUNK if bot.iterations is None else min(bot.iterations, done + CHUNK)
                budget = -1 if bot.iterations is None else bot.iterations
                reached = int(tree_search(*args, done, last, budget, bot.exploration, bot.rollout_limit,
                                          CHECK_EVERY, seat, cap, *tree))
                stopped = reached < last
                done = reached
                if stopped or bot.clock() >= deadline or counts[0] >= cap:
                    break
                if self._settled(visits[root_kids[:counts[1]]], done, bot, began, deadline):
                    break
        # the root's children by identity, named as the world's moves read (the seat's own moves: the same in every
        # world it imagines, as in the state, where the bot finds them by their text; the state itself is not read)
        rows = np.zeros((module.MAXMOVES, module.WIDTH), np.int64)
        keys = np.zeros(module.MAXMOVES, np.int64)
        n, root = self._listed(native, vector, steps, len(steps), rows, keys)
        judged: dict = {}
        if int(root[module.QPARTS]) > 1:
            # at a simultaneous step, the bot's seat's own answers (a row of one part reads as the interpreter's
            # moves_for(seat) does)
            site = int(root[module.QSITE])
            for i in range(int(counts[1])):
                child = int(root_kids[i])
                row = np.array([native["nactions"], 0, site, 1, seat, int(root_values[i])], np.int64)
                judged[game.move_text(row, root)] = (int(visits[child]), float(totals[child]))
            self.reason = None
            return judged, done
        text_of: dict = {}
        for k in range(n):
            text_of.setdefault(int(keys[k]), game.move_text(rows[k], root))
        for i in range(int(counts[1])):
            child = int(root_kids[i])
            key = int(table_key[self._slot(table_key, table_parent, table_child, child)])
            judged[text_of.get(key, f"#{key}")] = (int(visits[child]), float(totals[child]))
        self.reason = None
        return judged, done

    def imagined(self, state, seat, rng, peek=False) -> Optional[tuple]:
        """What a native search deals its worlds from: one world the seat imagines (Worlds(state, seat).sample, as
        a native vector), its pools as arrays (`_pools`), and the identity each pool's piece took in it (a text, for
        the tests); None (with `reason`) where the native tree cannot deal the seat's worlds."""
        import numpy as np

        from ..run.knowledge import Worlds
        native = self._native(state)
        if isinstance(native, str):
            self.reason = native
            return None
        worlds = Worlds(state, seat, peek=peek)
        if worlds.redo is not None or worlds.unseen_boards or worlds.uncounted:
            self.reason = "the seat imagines others' secret choices or hidden places"
            return None
        layout = native["game"].layout
        values = self._values(worlds, layout)
        if values is None:
            return None
        world = worlds.sample(rng)   # (one world; each iteration deals its pools again natively)
        by_id = {p.id: p for ps in world.kind_pieces.values() for p in ps}
        texts = [repr(sorted(by_id[p.id].attrs.items())) for _kind, ps, *_ in worlds.pools for p in ps]
        # a move in progress (waiting at a question): the world handed over at its start, and its steps so far
        # played again natively in each world, to the question (the vector holds no question pending)
        from ..run.knowledge import move_begun
        done = []
        while not move_begun(world.pending):
            done.append(world.played[-1].text)
            world.undo()
        try:
            vector = np.zeros(layout.size, np.int64)
            layout.encode_into(world, vector)
        except HandOffError as err:
            self.reason = f"the position cannot be handed over ({err})"
            return None
        steps = self._steps(native, vector, done[::-1])
        if steps is None:
            return None
        return vector, self._pools(worlds, world, layout, vector), texts, steps, values

    def _values(self, worlds, layout) -> Optional[tuple]:
        """The variables the seat saw drawn but not what came (Worlds.values' "draw"), as the slots drawn again in
        each world and the values each may take; a value it knows as the last it saw ("unknown") is in the world
        handed over. None (with `reason`) for an attribute's value, or a variable not of numbers or truth values."""
        kinds = {name: kind for name, _per_player, kind in layout.variables}
        slots: list = []
        starts: list = [0]
        options: list = []
        for key, (how, what) in sorted(worlds.values.items(), key=lambda kv: repr(kv[0])):
            if key[0] != "var" or (how == "draw" and not what):
                self.reason = "the seat imagines the value of a piece's attribute"
                return None
            _, owner, name = key
            if name not in kinds or how != "draw":
                continue  # (a variable the native code does not hold; a value as the seat last knew it)
            if kinds[name] not in ("int", "bool"):
                self.reason = f"the seat imagines a value of type {kinds[name]}"
                return None
            slots.append(layout.var_slot[name] + (owner or 0))
            options.extend(int(v) for v in what)
            starts.append(len(options))
        return _values_of(slots, starts, options)
    def _listed(self, native, vector, steps, count, rows, keys):
        """The moves (rows, identities) after steps[:count] from vector, and that position."""
        import numpy as np
        after = np.zeros_like(vector)
        n = _entry(native["game"], "move_keys")(vector, steps, count, native["codes"], native["sites"],
                                              native["nactions"], rows, keys, after)
        return int(n), after

    def _steps(self, native, vector, texts):
        """The native rows of a move's steps so far, found by their texts; None (with `reason`) where one is not
        found, or the steps drew at random (what the seat saw drawn would be drawn again)."""
        import numpy as np

        from .layout import HEADER
        game = native["game"]
        module = game.module
        steps = np.zeros((max(1, len(texts)), module.WIDTH), np.int64)
        rows = np.zeros((module.MAXMOVES, module.WIDTH), np.int64)
        keys = np.zeros(module.MAXMOVES, np.int64)
        for i, text in enumerate(texts):
            n, at = self._listed(native, vector, steps, i, rows, keys)
            found = [k for k in range(n) if game.move_text(rows[k], at) == text]
            if not found:
                self.reason = f"the step `{text}` of the move in progress is not among the native moves"
                return None
            steps[i] = rows[found[0]]
        if texts:
            _, at = self._listed(native, vector, steps, len(texts), rows, keys)
            drawn = HEADER.index("NDRAWN")
            if at[drawn] != vector[drawn]:
                self.reason = "the move in progress drew at random before its question"
                return None
        return np.ascontiguousarray(steps[:len(texts)])

    @staticmethod
    def _slot(table_key, table_parent, table_child, child):
        import numpy as np
        return int(np.nonzero(table_child == child)[0][0])

    @staticmethod
    def _settled(visits, done, bot, began, deadline) -> bool:
        ordered = sorted(visits.tolist(), reverse=True)
        if len(ordered) < 2:
            return False
        left = bot.iterations - done if bot.iterations is not None else None
        spent = max(bot.clock() - began, 1e-9)
        by_time = int(done * max(0.0, deadline - bot.clock()) / spent) + 1
        left = by_time if left is None else min(left, by_time)
        return ordered[0] - ordered[1] > left

    @staticmethod
    def _pools(worlds, world, layout, vector):
        """Worlds' pools as arrays: each pool's pieces (native numbers), the face each shows (-1: none), the
        identities dealt among them (the slots of their fixed attributes, read from `world`, a sample), the face
        each identity shows, and the slots and `has` bits a pool's identities fill."""

        from ..run.knowledge import shown_face
        number = {p.id: k for k, p in enumerate(sorted((p for ps in world.kind_pieces.values() for p in ps),
                                                       key=lambda p: p.id))}
        by_id = {p.id: p for ps in world.kind_pieces.values() for p in ps}
        attributes = layout.attributes
        names = attributes.names if attributes is not None else []
        members, member_face, id_rows, id_face, id_has = [], [], [], [], []
        starts, cols, masks = [0], [], []
        for _kind, ps, shown, faces, _identities in worlds.pools:
            kind = ps[0].kind
            fixed = [k for k, name in enumerate(names) if name not in kind.mutable]
            mask = sum(1 << k for k in fixed)
            codes: dict = {}
            face_of = {id(p): codes.setdefault(face, len(codes)) for face, group in faces.items() for p in group}
            for p in ps:
                mine = by_id[p.id]
                members.append(number[p.id])
                member_face.append(face_of.get(id(p), -1))
                base = layout.pieces + layout.stride * number[p.id]
                id_rows.append([int(vector[base + ATTR_FIELDS + k]) for k in fixed])
                face = shown_face(mine.attrs, shown) if shown else None
                id_face.append(codes.get(face, -2) if face is not None else -2)
                id_has.append(int(vector[base + P_HAS]) & mask if attributes is not None else 0)
            starts.append(len(members))
            cols.append([ATTR_FIELDS + k for k in fixed])
            masks.append(mask)
        return NativeTree.pools_of(members, member_face, starts, id_rows, id_face, id_has, cols, masks,
                                    attributes is not None)

    @staticmethod
    def pools_of(members, member_face, starts, id_rows, id_face, id_has, cols, masks, attributes: bool) -> tuple:
        """tree_search's and deal_samples' arrays of the pools (the same types with none)."""
        import numpy as np
        starts = starts or [0]
        width = max([len(c) for c in cols] + [1])
        return (np.array(members, np.int64), np.array(member_face, np.int64), np.array(starts, np.int64),
                np.array([r + [0] * (width - len(r)) for r in id_rows] or [[0] * width], np.int64).reshape(-1, width),
                np.array(id_face or [0], np.int64), np.array(id_has or [0], np.int64),
                np.array([c + [-1] * (width - len(c)) for c in cols] or [[-1] * width], np.int64).reshape(-1, width),
                np.array(masks or [0], np.int64), P_HAS if attributes else -1)


__all__ = ["SEARCH", "ENTRIES", "NativeTree", "has_simultaneous"]
