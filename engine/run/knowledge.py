"""What one seat knows of a game, and the states consistent with it that a search may imagine.

A piece's identity is its attribute values, fixed when it is made (rules change where a piece is, its face,
owner and turns, never its attributes). At the start every seat knows which piece is which: the rules file
lists the pieces and puts them in their places. A seat loses track of pieces it cannot see when they are
shuffled or picked at random, or chosen in secret by a player (the hands the players bring): those pieces
become a *pool*, whose identities the seat knows only as a whole. It learns a piece again when it sees it
(face up, or its own piece face down, in a place it may look at), or when a move names it to everyone (a card
from another's hand that the move laid face up on the table before it gathered it: State._unmask), and keeps
knowing it when it is hidden again without being mixed (a card it saw placed and then covered, a card it held
that went to a secret zone).

Values the rules put where the seat cannot look (another's private variable, a secret one, a mutable
attribute of a piece it cannot see) are known as the seat knows them: a value drawn at random straight into
its place (`mover.die = random(1..6)`) could be any of the values it was drawn from; a value the rules worked
out there the seat does not know, and imagines as the last value it knew (its start in the rules file, or
what it last saw); a value it sees, it knows.

`Worlds(state, seat)` works that out by playing the game again on a copy, and `sample(rng)` turns the copy
into a state that `seat` cannot tell from the real one: the identities of each pool dealt again at random
among its pieces (a face-down piece keeps what it shows), the pending secret choices of the other players
made again at random, the values it cannot see drawn again or set to what it last knew, and the random
numbers still to come drawn from a new seed. Nothing in it reads what the seat cannot see: the identities
come from the rules file, where a piece lies, its face and owner are in view, and the values from the
rules file, from what the seat saw, or from the values they were drawn from.

Where pieces lie is not in view on a board the seat may not look at (another's `private` board, a `secret`
one), nor how many pieces each zone holds among the zones whose size is hidden from it (`size hidden`).
There a world is an approximation that always exists, drawn without looking. On such a board, a space that
holds a piece of the seat's own stays as it is (the seat put it there); the players' pieces on the other
spaces are put on spaces among them drawn at random, and pieces that belong to nobody there (a player's
notes to themselves, such as the cells it found taken) are not imagined at all: they are left out of the
world. So the seat is taken to know how many pieces each player has on a board it cannot see (as a player
of a game of hidden stones knows how many stones the other has played), not where they lie, and nothing of
the rest. The pieces of the zones of hidden size it cannot look into are dealt again among them at random,
each zone taking no more than its capacity: the seat is taken to know how many they hold together, not how
many each holds. The moves of others that it learned nothing of (`reveals nothing`) are played again as they were
made: what they changed that it may see, it sees; what they changed where it may not look is imagined as
above.
"""
from __future__ import annotations

import copy
from typing import Optional

from .runtime import DIRS
from .view import sees, var_visible, zone_visible


def clone_state(state):
    """An independent copy of a state: the game, its compiled rules and the directions are shared."""
    from .choices import CHOICE
    game = state.game
    shared = [game, CHOICE, *DIRS.values(), *game.kinds.values(), *game.actions, *game.setup,
              *(rule for rules in game.triggers.values() for rule in rules),
              game.open_actions, game.after_move_rules, game.turn_start_rules]
    return copy.deepcopy(state, {id(x): x for x in shared})


def printed_identities(game, players):
    """(kind, attributes) of each piece the rules file lists, in the order a new state makes them (their
    ids); pieces made later by the rules (`place`) have no attributes. A mutable attribute's value is where
    it starts."""
    out: list = []
    for table in game.tables:
        for _owner in range(players) if table.each_player else [None]:
            out.extend((table.kind, attrs) for attrs in table.rows)
    return out


def _fixed(kind, attrs):
    """A piece's identity: its attributes but the mutable ones (which belong to where it is)."""
    return {k: v for k, v in attrs.items() if k not in kind.mutable} if kind.mutable else attrs


class _Pools:
    """Pieces whose identities a seat knows only as a group: piece id -> the set of ids of its pool."""

    def __init__(self):
        self.of = {}

    def merge(self, ids):
        group = set()
        for pid in ids:
            group |= self.of.get(pid, {pid})
        for pid in group:
            self.of[pid] = group

    def learn(self, pid):
        group = self.of.pop(pid, None)
        if group is None:
            return
        group.discard(pid)
        if len(group) == 1:  # the last one of a pool is whatever identity is left
            self.of.pop(next(iter(group)), None)

    def groups(self):
        return list({id(g): g for g in self.of.values()}.values())


class _Follow:
    """What one seat learns as a game is played again: the pools of pieces it lost track of, and the values it
    cannot see (Worlds.values), from the chance events and the Writes of the state, and from looking."""

    def __init__(self, worlds, work):
        self.worlds, self.work, self.seat = worlds, work, worlds.seat
        self.pools = _Pools()
        self.done: set = set()
        self.pieces: dict = {}
        self.known: dict = {}     # slot -> the last value the seat knew there
        self.written = 0

    def piece(self, pid):
        if pid not in self.pieces:
            self.pieces.update((p.id, p) for ps in self.work.kind_pieces.values() for p in ps)
        return self.pieces[pid]

    def absorb(self):
        work, seat, pools = self.work, self.seat, self.pools
        for event in work.chance:
            if event.label in self.done:
                continue
            self.done.add(event.label)
            unseen = []
            for p, where, up, owner, covered in event.pieces:
                if sees(work, where, up, owner, seat, covered):
                    pools.learn(p.id)
                else:
                    unseen.append(p.id)
            if len(unseen) > 1:
                pools.merge(unseen)
        for w in work.writes[self.written:]:
            self.absorb_write(w)
        self.written = len(work.writes)

    def absorb_write(self, w):
        work, values, known = self.work, self.worlds.values, self.known
        key = _slot_key(w.slot)
        if key[0] == "attr":
            visible = sees(work, w.where, w.up, w.owner, self.seat, w.covered)
            known.setdefault(key, self.worlds.printed(w.slot[1]).get(w.slot[2]))
        else:
            visible = var_visible(work, w.slot, self.seat)
            known.setdefault(key, self.worlds._start_known(work, w.slot))
        if visible:
            values.pop(key, None)
        elif w.options is not None:
            values[key] = ("draw", w.options)
        else:
            values[key] = ("unknown", known[key])

    def named(self, move):
        """The pieces a move named to everyone, having shown them face up where all see at some point of it (a
        card played from a hand onto the table and gathered in the same move): the seat saw them. An answer to a
        choice goes on with the move it belongs to, which may have shown its own pieces since."""
        step = self.work._steps[-1]
        for m in (move,) if isinstance(step, int) else (move, step.move):
            masked = m._masked
            if masked is not None and len(masked) > 4:
                for p in masked[4]:
                    self.pools.learn(p.id)

    def observe(self):
        work, seat, values = self.work, self.seat, self.worlds.values
        for pid in list(self.pools.of):
            p = self.piece(pid)
            if sees(work, p.loc, p.up, p.owner, seat, p.covered):
                self.pools.learn(pid)
        for key in [k for k in values if k[0] == "attr"]:
            p = self.piece(key[1])
            if sees(work, p.loc, p.up, p.owner, seat, p.covered):
                del values[key]
                self.known[key] = p.attrs.get(key[2])


class Worlds:
    """The states `seat` cannot tell from `state`. `peek=True` makes a seat that sees everything (to measure
    what honesty costs); chance is sampled afresh all the same."""

    def __init__(self, state, seat, peek=False):
        if not state.records:
            raise ValueError("this state keeps no record of its draws (records=False): nothing can be known of it")
        self.seat = seat
        self.peek = peek
        self.state = work = clone_state(state)
        self.pools = []       # (kind, pieces in place order, attributes a face shows, {face: pieces}, identities)
        # the move in progress, when other players' secret choices in it are to be made again
        self.redo: Optional[list] = None
        self.values = {}      # slot -> ("draw", values) | ("unknown", the last value the seat knew)
        self.unseen_boards = []   # the boards whose pieces are placed anew in each world
        self.uncounted = []       # the zones whose pieces are dealt again among them in each world
        if peek:
            return
        self.unseen_boards = [b for b in [*work.boards.values(), *(b for p in work.players for b in p.boards.values())]
                              if b.visibility != "public" and not b.area and not zone_visible(b, seat)]
        self.uncounted = [z for z in containers(work) if not z.is_space and z.size_hidden
                          and not zone_visible(z, seat)]
        printed = printed_identities(work.game, work.num_players)
        self.printed = lambda p: printed[p.id][1] if p.id < len(printed) else {}
        self.identity = lambda p: _fixed(p.kind, self.printed(p))
        pools = self._track(work, work.played)
        self._prepare(work, pools)
        self.redo = self._secret_steps(work)

    # ------------------------------------------------------------ what the seat knows
    def _track(self, work, moves):
        """Play the game again from its start on `work`, following what `seat` sees."""
        for _ in moves:
            work.undo()
        # every piece as the rules file made it: the game played again goes as it went (it only says where
        # the pieces were, and how they lay, when the seat looked)
        work.assume([(p, self.identity(p)) for ps in work.kind_pieces.values() for p in ps])
        follow = _Follow(self, work)
        follow.absorb()
        follow.observe()
        for move in moves:
            work.apply(move)
            follow.absorb()
            follow.named(move)
            follow.observe()
        return [[follow.piece(pid) for pid in group] for group in follow.pools.groups()]

    @staticmethod
    def _start_known(work, slot):
        """What the seat knows of a variable's start: its value when the rules file gives it, else its type's
        value of nothing (0, no, an empty text or list, none)."""
        spec = next(v for v in work.game.vars if v.name == slot[2])
        return spec.init(work) if spec.known_start else spec.zero  # a known start is a constant

    def _prepare(self, work, pools):
        """Sort each pool by where its pieces lie (not by which piece is which), and tell the pieces the
        seat knows but cannot see now what they are (the identities come from the rules file)."""
        identity = self.identity
        place = place_order(work)
        pooled = set()
        for members in pools:
            by_kind: dict = {}
            for p in sorted(members, key=place):
                by_kind.setdefault(p.kind.name, []).append(p)
                pooled.add(p.id)
            for kind, ps in sorted(by_kind.items()):
                k = ps[0].kind
                shown = [a for a in k.attrs if a not in k.hidden and a not in k.mutable] if k.hidden else []
                faces: dict = {}
                for p in ps:
                    if shown and p.loc is not None and sees(work, p.loc, True, None, self.seat, p.covered):
                        # face down where the seat looks: it shows its visible attributes
                        faces.setdefault(_face(p.attrs, shown), []).append(p)
                identities = sorted((identity(p) for p in ps), key=_canonical)
                self.pools.append((kind, ps, shown, faces, identities))
        known = [(p, identity(p)) for ps in work.kind_pieces.values() for p in ps
                 if p.id not in pooled and not sees(work, p.loc, p.up, p.owner, self.seat, p.covered)]
        work.assume(known)

    def _secret_steps(self, work):
        """The move in progress, step by step, if another player has made a secret choice in it."""
        if _begun(work.pending):
            return None
        steps = []
        while True:
            move = work.played[-1]
            work.undo()
            steps.append((move, work.deciders, work.secret_choice))
            if _begun(work.pending):
                break
        steps.reverse()
        for move, _, _ in steps:
            work.apply(move)
        if not any(secret and who != (self.seat,) for _, who, secret in steps):
            return None
        return steps

    # ------------------------------------------------------------ a world
    def sample(self, rng):
        """Make the copy another state consistent with what the seat knows, drawn with `rng`; returns it."""
        work = self.state
        dealt: list = []
        moved = bool(self.unseen_boards or self.uncounted)
        if moved:
            # where the pieces lie first: the identities are then dealt by where they lie in this world, so
            # that how many each zone of hidden size really holds makes no difference
            self._imagine_places(work, rng)
            order = place_order(work)
        for _kind, members, shown, faces, identities in self.pools:
            left = list(identities)
            if moved:
                members = sorted(members, key=order)
            if faces:
                for face, ps in faces.items():
                    fits = [i for i, x in enumerate(left) if _face(x, shown) == face]
                    picked = rng.sample(fits, len(ps))
                    dealt.extend(zip(ps, (left[i] for i in picked)))
                    for i in sorted(picked, reverse=True):
                        del left[i]
                showing = {id(p) for ps in faces.values() for p in ps}
                blank = [p for p in members if id(p) not in showing]
            else:
                blank = members
            rng.shuffle(left)
            dealt.extend(zip(blank, left))
        if dealt:
            work.assume(dealt)
        if self.redo is not None:
            self._choose_again(work, rng)
        if self.values:
            self._imagine_values(work, rng)
        work.reseed(rng.getrandbits(64))
        return work

    def _imagine_places(self, work, rng):
        """Where the pieces lie on the boards the seat cannot see, and how many each zone of hidden size holds:
        drawn at random, in an order that does not depend on where they lie now (see the module's notes)."""
        me = work.players[self.seat]
        places: list = []
        left_out: list = []
        for board in self.unseen_boards:
            spaces = [sp for sp in board.spaces if not any(p.owner is me for p in sp.pieces)]
            left_out += [p for sp in spaces for p in sp.pieces if p.owner is None]
            stacks = sorted((owned for owned in ([p for p in sp.pieces if p.owner is not None] for sp in spaces)
                             if owned), key=_stack_key)
            chosen = rng.sample(range(len(spaces)), len(stacks))
            places.extend((sp, []) for sp in spaces)
            places.extend((spaces[i], stack) for i, stack in zip(chosen, stacks))
        if self.uncounted:
            pieces = sorted((p for z in self.uncounted for p in z.pieces), key=lambda p: p.id)
            rng.shuffle(pieces)
            held: dict = {id(z): [] for z in self.uncounted}
            for p in pieces:
                room = [z for z in self.uncounted if z.capacity is None or len(held[id(z)]) < z.capacity]
                held[id(room[rng.randrange(len(room))])].append(p)
            places.extend((z, held[id(z)]) for z in self.uncounted)
        work.assume_places(places, left_out)

    def _imagine_values(self, work, rng):
        """The values the seat cannot see: drawn again from what they were drawn from, or the last it knew."""
        by_id = {p.id: p for ps in work.kind_pieces.values() for p in ps}
        imagined = []
        for key, (how, what) in sorted(self.values.items(), key=lambda kv: repr(kv[0])):
            slot = ("attr", by_id[key[1]], key[2]) if key[0] == "attr" else key
            imagined.append((slot, what[rng.randrange(len(what))] if how == "draw" and what else
                             (None if how == "draw" else what)))
        work.assume_values(imagined)

    def _choose_again(self, work, rng):
        from .choices import CHOICE
        assert self.redo is not None  # (only when there are choices to make again)
        for _ in self.redo:
            work.undo()
        for move, who, secret in self.redo:
            moves = work.legal_moves()
            if secret and work.simultaneous and len(move.args[0]) == len(work.deciders):
                # secret answers given together: the seat's own stays, the others' are made again
                move = work.joint_move({seat: i if seat == self.seat else rng.randrange(len(work.moves_for(seat)))
                                        for seat, i in zip(work.deciders, move.args[0])})
            elif secret and who != (self.seat,):
                move = moves[rng.randrange(len(moves))]
            elif move.action is CHOICE:  # an answer by its number: the options may have changed
                i = move.args[0]
                move = moves[i] if i < len(moves) else moves[rng.randrange(len(moves))]
            work.apply(move)


def _slot_key(slot):
    """A slot as a key that survives copies of the state: a piece by its id."""
    return ("attr", slot[1].id, slot[2]) if slot[0] == "attr" else slot


def _stack_key(pieces):
    """A stack of pieces by what they are and whose, then which they are: not by where it lies."""
    return [(p.kind.name, p.owner.index if p.owner is not None else -1, p.up) for p in pieces], [p.id for p in pieces]


def _face(attrs, shown):
    return tuple(repr(attrs.get(a)) for a in shown)


def _canonical(attrs):
    return sorted((k, repr(v)) for k, v in attrs.items())


def place_order(state):
    """A key that orders pieces by where they lie (the place, then the height in it), not by which they are."""
    order = {id(c): i for i, c in enumerate(containers(state))}

    def place(p):
        return (order.get(id(p.loc), len(order)), p.loc.pieces.index(p) if p.loc is not None else 0)
    return place


def containers(state):
    """Every place a piece can be, in a fixed order."""
    out = [s for b in state.boards.values() for s in b.spaces]
    for p in state.players:
        for b in p.boards.values():
            out.extend(b.spaces)
    out.extend(state.zones.values())
    for p in state.players:
        out.extend(p.zones.values())
    out.extend([state.supply, state.box])
    return out


def _begun(pending) -> bool:
    """Is this the start of a move, before any step of it: no choice pending, or the first choice of a `turn
    action`, which began by itself (its move is no step)?"""
    return pending is None or pending.move.action.by_itself and not pending.choices


def shown_face(attrs, shown) -> tuple:
    """What a face-down piece with these attributes shows of them (`shown`): how Worlds groups a pool's pieces and
    identities by face (the native search deals them as it does: engine/native/search.py)."""
    return _face(attrs, shown)


def move_begun(pending) -> bool:
    """Is this the start of a move (no step of it made yet)? (_begun, for the native search, which hands a move in
    progress over at its start.)"""
    return _begun(pending)
