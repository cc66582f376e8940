"""Backgammon (tests/games/backgammon.mire) against a plain-Python implementation written from the rules. The plain
game works out a turn as a whole, as the rulebook puts it: every way to play the roll, kept only if it uses as many
dice as any way can, and the higher die when only one die can be used. Mire plays a turn one checker at a time, so
at every step of seeded random games, played in both with the same dice and the same choices, the moves Mire lists
must be exactly the next steps of the plain game's whole plays that begin with the steps made so far; the tables
must hold the same checkers, the same player must be to move, and the game must end with the same winner and
value. Then positions arranged by hand, where the rules are easy to get wrong: a checker on the bar against a
closed or nearly closed board, a roll of which one die only can be used (the higher one when either could),
bearing off with a higher number, hits, doubles, and the value of a gammon and a backgammon; and last, random
positions where the other side blocks many points, so that the dice often cannot all be used."""
import random
from pathlib import Path

import pytest
from plain_games import play_side_by_side

from mire.engine import IllegalMove, load_game

GAME = Path(__file__).parents[1] / "games" / "backgammon.mire"
WHITE, BLACK = 0, 1
START = {24: 2, 13: 5, 8: 3, 6: 5}
BAR, OFF = 25, 0


def space_name(seat, n):
    """Where the table of the rules file puts a player's point n (their own count: 24 down to 1 in their home
    board), their bar (25) and their tray (0). White's home board is the bottom row's right half, black's the top
    row's; the bar is column g, the trays column n, each player's on their own row."""
    row = 1 + seat
    if n == OFF:
        return f"n{row}"
    if n == BAR:
        return f"g{row}"
    w = n if seat == WHITE else 25 - n  # as white counts
    if w <= 12:  # the bottom row, right to left
        column, row = 13 - w + (1 if w <= 6 else 0), 1
    else:  # the top row, left to right
        column, row = w - 12 + (1 if w >= 19 else 0), 2
    return f"{'abcdefghijklmn'[column - 1]}{row}"


WHERE = {space_name(seat, n): (seat, n) for seat in (WHITE, BLACK) for n in range(26)}
assert len(WHERE) == 52 - 24  # the points are shared: 24 of them, and two bars and two trays


class Backgammon:
    """The position: for each player the number of their checkers on each of their points, counted their way
    (index 0 is borne off, 25 the bar). A move is "roll" or a step (n, d): the checker on point n moved by the die
    d. `dice` is None before the roll; `plays` are the ways the roll may be played as a whole; `done` the steps
    made this turn."""

    def __init__(self, opening):
        self.board = [[0] * 26 for _ in range(2)]
        for seat in (WHITE, BLACK):
            for n, k in START.items():
                self.board[seat][n] = k
        self.result = None  # (winner, points)
        white, black = opening
        self.to_move = WHITE if white > black else BLACK
        self.start_turn([white, black])

    # ---------------------------------------------------------------- single steps, by the rules
    @staticmethod
    def steps(board, me, d):
        """The steps of one die, whatever the other dice: the bar first; onto a point the other side holds with one
        checker at most; off the board once all are home, by the exact number or from the highest point."""
        mine, theirs = board[me], board[1 - me]
        sources = [BAR] if mine[BAR] else [n for n in range(1, 25) if mine[n]]
        found = []
        for n in sources:
            to = n - d
            if to >= 1:
                if theirs[25 - to] <= 1:
                    found.append((n, d))
            elif sum(mine[7:26]) == 0 and (to == 0 or not any(mine[n + 1:7])):
                found.append((n, d))
        return found

    @staticmethod
    def after(board, me, step):
        n, d = step
        board = [list(b) for b in board]
        mine, theirs = board[me], board[1 - me]
        mine[n] -= 1
        to = max(n - d, OFF)
        if to != OFF and theirs[25 - to] == 1:  # a blot is hit, and goes to the bar
            theirs[25 - to] = 0
            theirs[BAR] += 1
        mine[to] += 1
        return board

    def whole_plays(self, dice):
        """Every way to play the roll: sequences of steps that go on while a die can be used. Kept: those that
        use the most dice (bearing off the last checker uses them all: the game is over), and when that is one
        die of two, the higher one if any play uses it."""
        me, found = self.to_move, []

        def walk(board, left, made):
            went = False
            if board[me][OFF] < 15:
                for d in sorted(set(left)):
                    rest = list(left)
                    rest.remove(d)
                    for step in self.steps(board, me, d):
                        went = True
                        walk(self.after(board, me, step), rest, made + (step,))
            if not went:
                found.append((len(dice) if board[me][OFF] == 15 else len(made), made))
        walk(self.board, list(dice), ())
        most = max(used for used, _ in found)
        plays = [made for used, made in found if used == most]
        if most == 1 and len(set(dice)) == 2 and any(p[0][1] == max(dice) for p in plays):
            plays = [p for p in plays if p[0][1] == max(dice)]
        return [p for p in plays if p]

    # ---------------------------------------------------------------- the game
    def start_turn(self, dice):
        self.dice, self.done = list(dice), []
        self.plays = self.whole_plays(dice)
        if not self.plays:  # nothing can be played: the turn passes
            self.end_turn()

    def end_turn(self):
        self.to_move, self.dice, self.plays, self.done = 1 - self.to_move, None, [], []

    def legal(self):
        if self.result is not None:
            return set()
        if self.dice is None:
            return {"roll"}
        k = len(self.done)
        return {p[k] for p in self.plays if len(p) > k and list(p[:k]) == self.done}

    def roll(self, dice):
        assert self.dice is None and self.result is None
        self.start_turn(dice)

    def play(self, step):
        assert step in self.legal(), step
        me = self.to_move
        self.board = self.after(self.board, me, step)
        self.done.append(step)
        if self.board[me][OFF] == 15:
            loser = self.board[1 - me]
            points = 1
            if loser[OFF] == 0:
                points = 3 if loser[BAR] or any(loser[19:25]) else 2
            self.result = (me, points)
        elif not self.legal():
            self.end_turn()


# ------------------------------------------------------------------------ the two side by side


@pytest.fixture(scope="module")
def game():
    return load_game(str(GAME))


def step_of(text, mover):
    """A Mire move's text as a plain step: `move e1 5` is white's point 8 moved by 5, black's 17."""
    action, where, die = text.split()
    assert action in ("move", "move_one"), text
    seat, n = WHERE[where]
    return n if seat == mover else 25 - n, int(die)


def table(state):
    """The checkers on the rules file's table, as the plain game counts them."""
    board = [[0] * 26 for _ in range(2)]
    for name, (seat, n) in WHERE.items():
        pieces = state.space_by_name[name].pieces
        if pieces:
            owner = pieces[0].owner.index
            assert all(p.owner.index == owner for p in pieces), name
            if n in (OFF, BAR):
                assert owner == seat, name  # a player's own bar and tray
            board[owner][n if owner == seat else 25 - n] += len(pieces)
    return board


def rolled(state, k):
    """The numbers of the last k dice the state rolled."""
    return [e.options[e.outcome] for e in state.chance[-k:]]


def moves_of(state):
    moves = state.legal_moves()
    if [m.text for m in moves] == ["roll"]:
        return moves, {"roll"}
    steps = [step_of(m.text, state.to_move) for m in moves]
    assert len(set(steps)) == len(steps)  # no step listed twice
    return moves, set(steps)


def play_along(game, seed, seen=None):
    """A seeded random game, in the engine and in the plain implementation side by side."""
    state = game.new_state(seed=seed)
    plain = Backgammon(rolled(state, 2))

    def same_table(state, plain):
        assert table(state) == plain.board, f"seed {seed} after {len(state.history)} moves"

    def play(plain, move):  # (the engine has made the move: its dice are rolled)
        if seen is not None:
            seen_in(seen, plain, move.text)
        if move.text == "roll":
            plain.roll(rolled(state, 2) * (2 if len(set(rolled(state, 2))) == 1 else 1))
        else:
            plain.play(step_of(move.text, plain.to_move))
    play_side_by_side(state, plain, random.Random(seed), legal=lambda moves: moves_of(state)[1], play=play,
                      check=same_table, where=f"seed {seed}")
    assert plain.result is not None and table(state) == plain.board, f"seed {seed}"
    outcome = state.outcome()
    winner, points = plain.result
    assert outcome.winners == (winner,) and outcome.scores[winner] == points, f"seed {seed}"
    return plain


def seen_in(seen, plain, text):
    """What kind of moment a move was played at, to show that the random games meet the rules' corners."""
    if text == "roll":
        return
    me, (n, d) = plain.to_move, step_of(text, plain.to_move)
    mine = plain.board[me]
    if n == BAR:
        seen.add("enter")
    if n - d >= 1 and plain.board[1 - me][25 - (n - d)] == 1:
        seen.add("hit")
    if n - d < 0:
        seen.add("bear off by a higher number")
    elif n - d == 0:
        seen.add("bear off")
    if len(plain.dice) == 4:
        seen.add("double")
    if not plain.done and max(len(p) for p in plain.plays) < len(plain.dice) and sum(mine[1:]) > 1:
        seen.add(f"{max(len(p) for p in plain.plays)} of {len(plain.dice)} dice usable")


SEEDS = range(12)
_PLAYED: dict = {}


def played(game, seed):
    """The plain game's result and the kinds of moment met, of the random game of this seed (played once)."""
    if seed not in _PLAYED:
        seen: set = set()
        _PLAYED[seed] = play_along(game, seed, seen).result, seen
    return _PLAYED[seed]


@pytest.mark.parametrize("seed", SEEDS)
def test_random_games_agree_with_the_plain_implementation(game, seed):
    played(game, seed)


def test_the_random_games_meet_the_corners_of_the_rules(game):
    seen, results = set(), set()
    for seed in SEEDS:
        result, met = played(game, seed)
        seen |= met
        results.add(result)
    assert seen >= {"enter", "hit", "bear off", "bear off by a higher number", "double", "1 of 2 dice usable",
                    "1 of 4 dice usable", "2 of 4 dice usable"}
    assert {winner for winner, _ in results} == {WHITE, BLACK} and {p for _, p in results} == {1, 2, 3}


# ------------------------------------------------------------------------ positions arranged by hand


def arranged(game, white, black, to_move=WHITE, dice=None):
    """A game with each player's checkers where the test puts them ({point: how many}, in the player's own count:
    25 the bar), the rest borne off; `to_move` about to roll, or having rolled `dice`. Gives the state and the
    plain game in the same position."""
    state = game.new_state(seed=0)
    plain = Backgammon.__new__(Backgammon)
    plain.board, plain.result = [[0] * 26 for _ in range(2)], None
    for seat, where in ((WHITE, white), (BLACK, black)):
        checkers = [p for p in state.kind_pieces["checker"] if p.owner.index == seat]
        where = {**where, OFF: 15 - sum(where.values())}
        for n, k in where.items():
            plain.board[seat][n] = k
            for _ in range(k):
                state.move_piece(checkers.pop(), state.space_by_name[space_name(seat, n)], None)
    state.set_var(state.vars, "dice", [])
    state.turn_player = state.players[to_move]
    state.forget_listings()
    state.settle()
    plain.to_move, plain.dice, plain.plays, plain.done = to_move, None, [], []
    assert table(state) == plain.board
    if dice is not None:
        state.apply(state.parse_move("roll"), chance=tuple(d - 1 for d in dice))
        plain.roll(list(dice) * (2 if dice[0] == dice[1] else 1))
    return state, plain


def texts(state):
    return [m.text for m in state.legal_moves()]


def agree(state, plain):
    """The same moves and the same player to move in both."""
    assert moves_of(state)[1] == plain.legal() and state.to_move == plain.to_move and table(state) == plain.board


def play(state, plain, text):
    step = step_of(text, state.to_move)
    state.apply(state.parse_move(text))
    plain.play(step)
    agree(state, plain)


# black's home board closed: two checkers on each of black's points 1 to 6 (white's 19 to 24)
CLOSED = {1: 2, 2: 2, 3: 2, 4: 2, 5: 2, 6: 2, 13: 3}


def test_a_checker_on_the_bar_against_a_closed_board_cannot_enter_and_the_turn_passes(game):
    state, plain = arranged(game, {25: 1, 6: 5, 8: 3, 13: 6}, CLOSED, dice=(3, 5))
    agree(state, plain)
    # white's checkers on the table could move 3 and 5, but the one on the bar must enter first, and cannot
    assert texts(state) == ["roll"] and state.to_move == BLACK
    assert state.log[-2:] == [(WHITE, "white rolls 3 and 5"), (WHITE, "white cannot use [3, 5]")]
    assert state.vars["dice"] == []


def test_a_checker_on_the_bar_enters_first_where_the_board_is_open(game):
    # black's 4-point (white's 21, k2) is open: white enters with a 4 only, then may use the 2 anywhere it can
    board = {1: 2, 2: 2, 3: 2, 5: 2, 6: 2, 13: 5}
    state, plain = arranged(game, {25: 1, 6: 5, 8: 3, 13: 6}, board, dice=(4, 2))
    agree(state, plain)
    assert texts(state) == ["move g1 4"]
    with pytest.raises(IllegalMove, match="^cannot move e1 2: a checker on the bar enters first$"):
        state.parse_move("move e1 2")
    assert state.explain("move g1 2") == "cannot move g1 2: the checker on g1 cannot move 2"
    play(state, plain, "move g1 4")
    # (not from k2: 21/19 is black's 6-point)
    assert texts(state) == ["move e1 2", "move h1 2", "move a2 2"]
    # two on the bar: the second cannot enter with the 2, so nothing else may move and the turn is over
    state, plain = arranged(game, {25: 2, 6: 5, 8: 3, 13: 5}, board, dice=(4, 2))
    assert texts(state) == ["move_one g1 4"]
    play(state, plain, "move_one g1 4")
    assert texts(state) == ["roll"] and state.to_move == BLACK
    assert state.log[-1] == (WHITE, "white cannot use [2]")


def test_when_only_one_die_can_be_used_it_must_be_the_higher_one(game):
    # white's last checker out is on its 24-point (m2), the others on its 1-point waiting to bear off; black holds
    # white's 15-point (black's 10), so 24/18 and 24/21 are open but 6 and 3 cannot both be used: the 6 it is
    state, plain = arranged(game, {24: 1, 1: 14}, {10: 2, 6: 13}, dice=(6, 3))
    agree(state, plain)
    assert texts(state) == ["move_one m2 6"]
    assert state.explain("move_one m2 3") == "cannot move_one m2 3: only one die can be used: the 6"
    play(state, plain, "move_one m2 6")
    assert texts(state) == ["roll"] and state.to_move == BLACK and state.log[-1] == (WHITE, "white cannot use [3]")
    # with white's 18-point (black's 7) held too, only the 3 can be used: then the lower die is used
    state, plain = arranged(game, {24: 1, 1: 14}, {10: 2, 7: 2, 6: 11}, dice=(6, 3))
    agree(state, plain)
    assert texts(state) == ["move_one m2 3"]


def test_both_dice_must_be_used_when_they_can_be(game):
    # white's checkers on 24, 10 and 9 (m2, c1, d1); black holds white's 21, 7, 6 and 4. The 3 cannot be used
    # now; 9/3 would use the 6 and leave the 3 unusable, while 24/18 lets 18/15 use it: so 24/18 it must be
    state, plain = arranged(game, {24: 1, 10: 1, 9: 1, 1: 12}, {4: 2, 18: 2, 19: 2, 21: 2, 6: 7}, dice=(6, 3))
    agree(state, plain)
    assert texts(state) == ["move m2 6"]
    assert state.explain("move d1 6") == "cannot move d1 6: that leaves a die you could have used unused"
    play(state, plain, "move m2 6")
    assert texts(state) == ["move f2 3"]
    play(state, plain, "move f2 3")
    assert texts(state) == ["roll"] and state.to_move == BLACK


def test_a_double_is_used_four_times(game):
    state, plain = arranged(game, START, START, dice=(3, 3))
    for _ in range(4):
        assert state.to_move == WHITE and len(state.legal_moves()) > 1
        play(state, plain, "move h1 3")  # the 8-point, then the 5 and the 2: three of them stacked on the 8
    assert texts(state) == ["roll"] and state.to_move == BLACK


def test_bearing_off_by_a_higher_number_only_from_the_highest_point(game):
    # white's last checkers on its 5-point (i1) and 3-point (k1): a 6 or a 4 may take off the one on the 5, not
    # one on the 3 while a checker is higher
    state, plain = arranged(game, {5: 1, 3: 2}, {6: 15}, dice=(6, 4))
    agree(state, plain)
    assert texts(state) == ["move i1 6", "move i1 4"]
    assert state.explain("move k1 6") == "cannot move k1 6: the checker on k1 cannot move 6"
    play(state, plain, "move i1 6")
    # now the 3-point is the highest: the 4 takes a checker off it
    assert texts(state) == ["move k1 4"]
    play(state, plain, "move k1 4")
    assert table(state)[WHITE][OFF] == 14 and state.to_move == BLACK
    # no bearing off while a checker is outside the home board: the 7-point's (f1) must come in first
    state, plain = arranged(game, {7: 1, 2: 1}, {6: 15}, dice=(6, 5))
    agree(state, plain)
    assert texts(state) == ["move f1 6", "move f1 5"]
    play(state, plain, "move f1 5")
    assert texts(state) == ["move l1 6"]  # the 2-point is the highest now
    play(state, plain, "move l1 6")
    assert table(state)[WHITE][OFF] == 14


def test_a_blot_that_is_hit_goes_to_the_bar_and_must_enter(game):
    # black's blot on white's 5-point (black's 20): white's 8/5 hits it
    state, plain = arranged(game, {8: 2, 6: 5}, {20: 1, 6: 5}, dice=(3, 1))
    agree(state, plain)
    play(state, plain, "move e1 3")
    assert table(state)[BLACK][BAR] == 1 and state.space_by_name["g2"].pieces[0].owner.index == BLACK
    play(state, plain, "move h1 1")  # and 6/5 covers the point
    state.apply(state.parse_move("roll"), chance=(4, 0))  # black rolls 5 and 1: the 5 cannot enter, the 1 can
    plain.roll([5, 1])
    agree(state, plain)
    assert texts(state) == ["move g2 1"]
    play(state, plain, "move g2 1")
    # then the 5 is used by another checker (the one that entered is on black's 24: its 19 is white's 6-point)
    assert texts(state) == ["move h2 5"]


@pytest.mark.parametrize("black, points, why", [
    ({6: 14}, 1, "a single game"),
    ({6: 15}, 2, "a gammon"),
    ({6: 14, 25: 1}, 3, "a backgammon"),
    ({6: 14, 19: 1}, 3, "a backgammon"),  # black's 19-point is white's 6-point, in white's home board
    ({6: 14, 18: 1}, 2, "a gammon"),  # black's 18-point is white's 7-point, outside it
])
def test_the_last_checker_borne_off_wins_one_two_or_three_points(game, black, points, why):
    state, plain = arranged(game, {1: 1}, black, dice=(2, 1))
    agree(state, plain)
    play(state, plain, "move m1 2")
    outcome = state.outcome()
    assert outcome.winners == (WHITE,) and outcome.scores == {WHITE: points, BLACK: 0}
    assert outcome.reason == f"white bears off the last checker: {why}" and plain.result == (WHITE, points)


def test_the_opening_roll_is_two_different_numbers_and_the_higher_plays_them(game):
    firsts = set()
    for seed in range(40):
        state = game.new_state(seed=seed)
        white, black = rolled(state, 2)
        assert white != black and state.vars["dice"] == [white, black]
        assert state.to_move == (WHITE if white > black else BLACK) and "roll" not in texts(state)
        assert state.log == [(WHITE, f"white rolls {white}, black rolls {black}")]
        firsts.add(state.to_move)
    assert firsts == {WHITE, BLACK}


def blocked(rng, mover):
    """A position where the other side holds two to seven points and the mover's checkers lie among the others,
    near home or all over, a few on the bar or borne off: where the dice often cannot all be used."""
    held = rng.sample(range(1, 25), rng.randint(2, 7))  # in the mover's count
    theirs = {25 - n: 2 for n in held}
    for _ in range(15 - 2 * len(held)):
        n = rng.choice([OFF, OFF, BAR, 25 - rng.choice(held)])
        theirs[n] = theirs.get(n, 0) + 1
    free = [n for n in range(1, rng.choice([6, 9, 12, 24]) + 1) if n not in held] or [1]
    mine: dict = {}
    for _ in range(15):
        r = rng.random()
        n = BAR if r < 0.08 else OFF if r < 0.2 else rng.choice(free)
        mine[n] = mine.get(n, 0) + 1
    mine.pop(OFF, None)
    theirs.pop(OFF, None)
    return (mine, theirs) if mover == WHITE else (theirs, mine)


def test_rolls_in_blocked_positions_agree_with_the_plain_implementation(game):
    """Three hundred such positions and rolls, half of them doubles: every step of a random way through the turn
    agrees, whether all the dice can be used, some of them, or none."""
    rng, met = random.Random(17), set()  # (a seed whose positions meet every case)
    for _ in range(300):
        mover = rng.randrange(2)
        white, black = blocked(rng, mover)
        d = rng.randint(1, 6)
        dice = (d, d) if rng.random() < 0.5 else (d, rng.randint(1, 6))
        state, plain = arranged(game, white, black, mover, dice)
        most = max((len(p) for p in plain.plays), default=0)
        met.add((len(set(dice)), most))
        if len(set(dice)) == 2 and most == 1 and all(plain.steps(plain.board, mover, d) for d in dice):
            met.add("the higher die where either could be used")
        while True:
            agree(state, plain)
            if state.is_over() or texts(state) == ["roll"]:
                break
            moves = state.legal_moves()
            move = moves[rng.randrange(len(moves))]
            step = step_of(move.text, state.to_move)
            state.apply(move)
            plain.play(step)
    # (doubles: 1 number, using 0 to 4 of the four dice; two numbers: 0 to 2 of the two dice)
    assert met == {(1, 0), (1, 1), (1, 2), (1, 3), (1, 4), (2, 0), (2, 1), (2, 2),
                   "the higher die where either could be used"}
