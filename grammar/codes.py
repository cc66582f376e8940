"""Long explanations of the diagnostic codes, for `mire explain E012`.

Each explanation says what the error means, shows a short wrong example and the corrected one.
Codes: E00x syntax, E01x unknown names, E02x types and uses, E03x rules and declarations,
E04x piece tables and game data, E05x the shape of the game, E06x variants, E08x display lines, E09x files (reading
them, from disk or from an editor).
"""
from __future__ import annotations

from typing import Optional

EXPLANATIONS = {
    "E001": '''\
E001: a character that Mire does not use

The file contains a character that cannot start any word of Mire: a single quote, '!', '&', '|', ';', '{',
or a string whose closing double quote is missing. Strings are written in double quotes and end on the
line where they start; conditions are combined with the words `not`, `and` and `or`; blocks are made by
indentation, not braces.

Wrong:

    game 'Tic-tac-toe'
    action place(c in cells where !empty(c) && c.x == 1):

Right:

    game "Tic-tac-toe"
    action place(c in cells where not empty(c) and c.x == 1):
''',
    "E002": '''\
E002: a syntax error

The words of a line are not in an order Mire understands. Common causes: a line that opens a block
(`action`, `trigger`, `phase`, `setup`, `if`, `elif`, `else`, `for`, `repeat`, `choose`) does not end
with ':'; a '(' or '[' is never closed; `=` is used for a comparison instead of `==`; `else if` instead of
`elif`; a misspelt keyword; a line indented where no block is open; a block with no indented lines.
The message says what was found and, where it can, what was expected.

Wrong:

    action place(c in cells where empty(c))
        if c.x = 2: win mover
        else if empty(c): draw

Right:

    action place(c in cells where empty(c)):
        if c.x == 2: win mover
        elif empty(c): draw
''',
    "E003": '''\
E003: this cannot be assigned to

The left side of `=`, `+=` or `-=` must be a variable (`score`), a local name made with `let`, or an
attribute that can change (`mover.score`, `p.owner`, `p.up`). A function call or any other expression
cannot be assigned to.

Wrong:

    top(c) = mover

Right:

    top(c).owner = mover
''',
    "E004": '''\
E004: an expression that does nothing on its own

A line of a rule must do something: move or place a piece, set a variable, call a `proc`, end the game...
A value computed and then dropped (a name, a comparison, the call of a `def` or of a builtin such as
`in_a_row`) has no effect, so it is almost always a mistake. Use the value in a condition or keep it
with `let`.

Wrong:

    action place(c in cells where empty(c)):
        place mark for mover at c
        in_a_row(c, 3)

Right:

    action place(c in cells where empty(c)):
        place mark for mover at c
        if in_a_row(c, 3): win mover
''',
    "E005": '''\
E005: only named functions can be called

Calls are written `NAME(arguments)`, where NAME is a builtin function or a `def` or `proc` of the game.
Mire has no methods: `c.empty()` does not call anything. Pass the value as an argument instead.

Wrong:

    action place(c in cells where c.empty()):

Right:

    action place(c in cells where empty(c)):
''',
    "E006": '''\
E006: `where` or `while` without a `NAME in COLLECTION` before it

A filter names each element it tests: `x in COLLECTION where CONDITION(x)` keeps the elements for which the
condition holds; `while` keeps the elements up to the first one for which it fails. The name before `in`
is the one the condition uses.

Wrong:

    if count(cells where empty(c)) == 0: draw

Right:

    if count(c in cells where empty(c)) == 0: draw
''',
    "E007": '''\
E007: indentation that matches no block

A line that ends a block must go back to exactly the indentation of an enclosing block. Here a line is
indented less than the block it seems to continue but more than the one around it. Indent every line of
a block by the same number of spaces (4 is usual), and avoid tabs: a tab counts as 4 spaces.

Wrong:

    action place(c in cells where empty(c)):
        place mark for mover at c
      if in_a_row(c, 3): win mover

Right:

    action place(c in cells where empty(c)):
        place mark for mover at c
        if in_a_row(c, 3): win mover
''',
    "E008": '''\
E008: a text that cannot be used

A text in double quotes has an escape that Mire does not read (such as `\\x1`), or holds a character that
must never reach a player's terminal: a control character (an escape sequence, a line break, a bell), half
of a surrogate pair, or a character that reverses the text around it. Texts are shown to players as they
are, so they are written plainly, on one line.

Wrong:

    game "Tic-tac-toe\\x1b[2J"
    log "line one\\nline two"

Right:

    game "Tic-tac-toe"
    log "line one"
    log "line two"
''',
    "E009": '''\
E009: a file that nests too deeply to read

The file nests expressions or blocks hundreds of levels deep, deeper than Mire reads. Real rules nest a
few levels: name parts of a long expression with `def`, and parts of a deep block with `proc`.

Wrong:

    def f(x) = not not not not not not ... not x      (thousands of `not`)

Right:

    def f(x) = x
''',
    "E010": '''\
E010: an unknown name

The name is not a parameter, a `let` name or a loop variable in reach, nor a board, zone, variable,
constant, piece kind, enum value, option or phase of the game, nor a builtin name such as `mover`,
`players`, `turn`, `true` or `north`. Usually it is misspelt (the message suggests the closest name), used
outside the rule that declares it, or written with a capital letter (`True`).
Assigning to an undeclared name gives this error too: declare the variable with `var`, or use `let`.

Wrong:

    action place(c in cell where empty(c)):
        place mark for mover at c
        if in_a_row(c, 3): win movr

Right:

    action place(c in cells where empty(c)):
        place mark for mover at c
        if in_a_row(c, 3): win mover
''',
    "E011": '''\
E011: an unknown function

Only the builtin functions (count, empty, any, all, sum, min, max, abs, top, bottom, first, last, random,
owner, in_a_row, neighbors, touching, path, ray, direction, row, column, at, next_player, seat) and the
game's own `def`s and `proc`s can be called. Statements such as `draw`, `win PLAYER` or `move` are not
functions and take no parentheses.

Wrong:

    if in_row(c, 3): win mover
    if all(c in cells where not empty(c)): draw()

Right:

    if in_a_row(c, 3): win mover
    if all(c in cells where not empty(c)): draw
''',
    "E012": '''\
E012: an unknown zone, or a zone used without (or with) its owner

A zone declared `per player` exists once for every player, so it is always named with its owner:
`mover.hand`, `p.hand`. A shared zone (declared without `per player`) is named alone: `pool`. A name
after a player's '.' that is close to one of the player's zones is reported as an unknown zone.

Wrong:

    zone hand per player
    zone pool
    action play(m in mover.hnad):
        move m to mover.pool

Right:

    zone hand per player
    zone pool
    action play(m in mover.hand):
        move m to pool
''',
    "E013": '''\
E013: an unknown attribute

The value before '.' has no attribute of that name. Players have `name`, `seat`, and the game's per-player
zones and variables; pieces have `owner`, `space`, `kind`, `up` and the attributes of their kind; spaces
have `x`, `y`, `name`, `board` and `pieces`; zones have `name` and `pieces`; directions `dx` and `dy`.
A space is not a piece: the piece on it is `top(c)`.

Wrong:

    piece mark(colour: colour)
    action place(m in supply where m.color == red, c in cells where c.colour == red):

Right:

    piece mark(colour: colour)
    action place(m in supply where m.colour == red, c in cells where top(c).colour == red):
''',
    "E014": '''\
E014: an unknown phase

`enter NAME` switches the game to the phase called NAME, so NAME must be declared with `phase NAME:`.

Wrong:

    phase opening:
        action place(c in cells where empty(c)):
            place mark for mover at c
            if count(mark) == 4: enter midgame
    phase middle:
        ...

Right:

    phase opening:
        action place(c in cells where empty(c)):
            place mark for mover at c
            if count(mark) == 4: enter middle
    phase middle:
        ...
''',
    "E015": '''\
E015: an unknown piece kind

`place KIND ...` and `pieces KIND ...` name a kind declared with `piece KIND` (or
`piece KIND(attribute: type, ...)`). `place` makes a new piece; to put an existing piece somewhere, use
`move PIECE to ...`.

Wrong:

    piece mark
    action place(c in cells where empty(c)):
        place marks for mover at c

Right:

    piece mark
    action place(c in cells where empty(c)):
        place mark for mover at c
''',
    "E016": '''\
E016: an unknown type

The type of a variable or of an attribute is one of int, bool, text, player, space, piece, zone, dir,
the name of an enum, the name of a piece kind, or `list of TYPE`.

Wrong:

    var score: integer = 0 per player
    piece mark(colour: color)

Right:

    var score: int = 0 per player
    enum colour: red, blue
    piece mark(colour: colour)
''',
    "E017": '''\
E017: no space has this name

A space is named as its board shows it: the column's letter and the row's number (`a1`, `e4`), in capitals
on a board with `labels upper`, `3,1` on a board with `labels numbers`; when two boards would give a space
the same name, the later board's spaces are named `BOARD.NAME`. `space("...")` and a table cell of an
attribute of type `space` must name a space of a shared board.

Wrong:

    board cells: grid 3 x 3
    action start(): place king for mover at space("d4")

Right:

    action start(): place king for mover at space("c3")
''',
    "E020": '''\
E020: the wrong number of arguments, or a function used without calling it

A `def`, `proc` or builtin function is called with as many arguments as it has parameters (some builtins
take an optional last one), and a function's name alone is not a value: write the call.

Wrong:

    def free(c) = empty(c)
    action place(c in cells where free):
        place mark for mover at c
        if in_a_row(c): win mover

Right:

    def free(c) = empty(c)
    action place(c in cells where free(c)):
        place mark for mover at c
        if in_a_row(c, 3): win mover
''',
    "E021": '''\
E021: a value of the wrong type

A value is used where a different kind of value is needed: a number where a condition is wanted, a space
where a piece is wanted, a text where a number is wanted, values of different types compared with `==`
(which is then always false), or a `proc` (which gives no value) used as a value. The message names the
type that was wanted and the type that was found; the hint usually shows the conversion, such as
`top(c)` for the piece on a space, `owner(c)` for its owner, or `count(...) > 0` for a condition.

Wrong:

    action place(c in cells where count(c)):
        place mark for mover at c
        if in_a_row(c, "three"): win c

Right:

    action place(c in cells where count(c) == 0):
        place mark for mover at c
        if in_a_row(c, 3): win owner(c)
''',
    "E022": '''\
E022: a collection was expected

`for`, `choose`, action parameters, filters and `in` go through a collection: a board, a zone, a space's
stack of pieces, a list, a range `1..N`, or a filter. A single number, direction or player is not one.
To do something N times, use `repeat N:`.

Wrong:

    setup:
        for i in 3:
            place mark for seat(1) at at(cells, i, 1)

Right:

    setup:
        for i in 1..3:
            place mark for seat(1) at at(cells, i, 1)
''',
    "E024": '''\
E024: a variable used without (or with) its player

A variable declared `per player` exists once for every player and is named with its owner:
`mover.score`. A variable of the whole game (declared without `per player`) is named alone: `round`.

Wrong:

    var score: int = 0 per player
    var round: int = 1
    action place(c in cells where empty(c)):
        score += 1
        mover.round += 1

Right:

    var score: int = 0 per player
    var round: int = 1
    action place(c in cells where empty(c)):
        mover.score += 1
        round += 1
''',
    "E025": '''\
E025: something that is not a variable is assigned

Only variables (`var`), names made with `let`, players' variables (`mover.score`) and a piece's `owner`
and `up` can be changed. Builtin names (`mover`, `turn`, ...), constants, zones, boards, enum values and
the fixed attributes of spaces and pieces cannot. To say who moves next, use `next PLAYER`; to change a
value that starts as a constant, declare it as a `var`.

Wrong:

    const LINE = 3
    action place(c in cells where empty(c)):
        LINE = 4
        mover = opponent

Right:

    var line: int = 3
    action place(c in cells where empty(c)):
        line = 4
        next opponent
''',
    "E026": '''\
E026: a comparison that can never be true

The two sides of this comparison have types that can be compared, but the value written on one side is
none of the values the other can have: a text that names no piece kind compared with a piece's `kind`, a
text that names no phase compared with the current phase, a number that no coordinate of the board can be.
Such a test is always false (or, with `!=` and `not in`, always true), so the rule does not do what it
says. Usually the value is misspelt.

Wrong:

    action take(c in cells where top(c).kind == "kign"):

Right:

    action take(c in cells where top(c).kind == king):
''',
    "E030": '''\
E030: a name defined twice, or a word of the language taken as a name

Boards, zones, variables, constants, piece kinds, enum values, defs, procs and phases share one set of
names; actions and triggers share another. Each name can be declared once. A rule's parameters must differ
from each other. The words `yes`, `no`, `true`, `false` and `none` are the language's own and name nothing
else. (Any other builtin name, such as `turn` or `decisions`, may be taken: the game's own then hides the
builtin, W001.)

Wrong:

    var none: int = 0
    action place(c in cells where empty(c), c in cells):
        ...

Right:

    var nothing_left: int = 0
    action place_two(c in cells where empty(c), d in cells):
        ...
''',
    "W001": '''\
W001: a name of the game's own hides a builtin name (a warning: the game loads)

A variable, constant, board, zone, piece kind, enum value, def, proc, phase, `let`, loop variable or
parameter may take the name of a builtin such as `turn`, `decisions` or `winners`: where it is declared (the
whole game, or the rule of a `let`), the name means the game's own, and the builtin cannot be named there. So
a builtin added to the language never breaks a file that already used its name. To use the builtin too,
rename yours.

Wrong (the builtin `decisions` is hidden, so this counts nothing):

    var decisions: int = 0
    trigger long after move:
        if decisions >= 200: draw

Right:

    var my_decisions: int = 0
    trigger long after move:
        if decisions >= 200: draw
''',
    "W002": '''\
W002: a game of one player written in edition 2 (a warning: the game loads)

In edition 2, a game of one player has no results of its own: `lose` makes every other player win, and with
nobody else the game is a draw; `finish` ranks the player against nobody, a win whatever the score (a draw
without one). Edition 3 gives one player their own results: `win` a win, `lose` a loss, and `finish` neither,
the result being the score (`mire simulate` gives the rate of wins, of losses and the mean score). Write
`edition 3` as the first line to have them.

Wrong (a bust is counted as a draw):

    players 1
    action hit():
        move top(deck) to hand
        if points(hand) > 21: lose mover

Right:

    edition 3
    players 1
    action hit():
        move top(deck) to hand
        if points(hand) > 21: lose mover
''',
    "E031": '''\
E031: a piece kind with two attributes of the same name

Each attribute of a piece kind has its own name.

Wrong:

    piece token(colour: colour, colour: bool)

Right:

    piece token(colour: colour, flower: bool)
''',
    "E032": '''\
E032: a `require` in the wrong place

`require CONDITION` decides whether an action is a legal move, so it is checked before the action does
anything: it may only appear in an action, at the top of its body, before any effect and outside any
`if` or loop. In triggers, procs and setup, test the condition with `if`.

Wrong:

    action place(c in cells):
        place mark for mover at c
        require empty(c) else "that cell is taken"

Right:

    action place(c in cells):
        require empty(c) else "that cell is taken"
        place mark for mover at c
''',
    "E033": '''\
E033: a choice where nobody is choosing

`choose`, `for ... ordered by PLAYER` and `at once` ask players to decide. In `setup` and in triggers no player is
making a move, so there is nobody to ask. Do the thing for every candidate with `for`, or pick one with
`random(...)`; or move the choice into an action (or a proc that an action calls).

Wrong:

    trigger bonus after move:
        choose c in cells where empty(c):
            place mark for mover at c

Right:

    trigger bonus after move:
        place mark for mover at random(c in cells where empty(c))
''',
    "E034": '''\
E034: a constant made of itself

A constant is computed once, before the game starts, from what is there before it. A constant that needs
itself, directly or through other constants or defs, has no value to start from.

Wrong:

    const a = b + 1
    const b = a + 1

Right:

    const a = 1
    const b = a + 1
''',
    "E035": '''\
E035: a `return` that gives no value where one is wanted

`return VALUE` ends a def written as a block, or a proc, and gives its value. A def must give a value
whichever way its block goes, so its block ends with a `return` (or with an `if` whose branches, `else`
included, all end with one). A proc that gives a value must give one with every `return`. Actions,
triggers and the setup give no value: they end at the end of their block.

Wrong:

    def bonus(c):
        if c.x == 1:
            return 2

Right:

    def bonus(c):
        if c.x == 1:
            return 2
        return 0
''',
    "E036": '''\
E036: a change to the game where nothing may change

A def computes a value and changes nothing, so that conditions can call it: the legal moves are found by
trying conditions, and trying must not move pieces. So a def may not `place`, `move`, `remove`, `log`,
`choose`, call a proc or assign anything but its own `let` names. A proc may do all of these, and give a
value with `return`; it can be called for its value where the game may change (in the body of an action,
a trigger, the setup or another proc), never in a condition, a def, a constant or a start value.

Wrong:

    def claim(c):
        place mark for mover at c
        return in_a_row(c, 3)

Right:

    proc claim(c):
        place mark for mover at c
        return in_a_row(c, 3)

    action place(c in cells where empty(c)):
        if claim(c): win mover
''',
    "E037": '''\
E037: a misuse of `at once`

`at once each p in PLAYERS:` asks several players the same question at the same time: each answers without
seeing the others' answers, then the choice's block runs for each of them, in order, with their answers. So
its block holds exactly one `choose`, made by p (write `by p`, or leave `by` out); it ranges over players;
and what happens with the answers cannot ask anyone anything more (nor hold another `at once`): ask the
next question after the block, from what the answers kept.

Wrong:

    at once each p in players:
        choose c in p.hand by mover:
            move c to p.bid
        log "bids are in"

Right:

    at once each p in players:
        choose c in p.hand by p:
            move c to p.bid face down
    log "bids are in"
''',
    "E038": '''\
E038: who takes the first turn, said twice

`first random` (or `first first`) says who takes the first turn, and so does `next P` at the top level of a
`setup`: the setup runs after `first` has chosen, and its `next` gives the first turn to P whatever `first`
chose. Keep one of the two. (A `next` inside an `if` or a loop of the setup may not run: there `first` says
who begins when it does not, and is no mistake.)

Wrong:

    first random
    setup:
        dealer = random(players)
        next next_player(dealer)

Right:

    setup:
        dealer = random(players)
        next next_player(dealer)
''',
    "E039": '''\
E039: a `while` that would never end

`while CONDITION:` runs its block again as long as the condition holds. A block that changes nothing (only
`pass`, `log` or `let` lines) leaves the condition as it was, so the loop would run until the move's bound of
steps stops it. Change in the block what the condition reads: a variable, a `let` name made before the loop,
the pieces. Something the players do happens in a later move: end this one and test it then.

Wrong:

    while not in_a_row(c, 3):
        pass

Right:

    let total = sum([c.value for c in hand])
    while total < 17:
        move top(deck) to hand
        total = sum([c.value for c in hand])
''',
    "E040": '''\
E040: a row of a piece table with the wrong number of values

The first row of a `pieces` table names its columns; every following row gives exactly one value per
column, separated by spaces (or commas in a data file).

Wrong:

    pieces mark:
        colour  count
        red     5
        blue

Right:

    pieces mark:
        colour  count
        red     5
        blue    4
''',
    "E041": '''\
E041: a value in a piece table that does not fit its column

A `count` is a whole number of pieces (0 or more); an `int` attribute takes a whole number, a `bool`
attribute yes or no, an enum attribute one of the enum's values, written without quotes, and a `text`
attribute a text, in quotes when it is a number ("10").

On a `pieces KIND: each ...` line the values of an `each` fit its attribute in the same way: a range
(`1..13`) gives whole numbers, the name after `in` is the attribute's enum, only an enum's values are
taken whole (`each suit`), and each value is listed once. A line that would make no piece (`in []`, a
range such as `5..1`, `count 0`) is an error too.

Wrong:

    enum colour: red, blue
    piece mark(colour: colour)
    pieces mark:
        colour  count
        purple  five

Right:

    enum colour: red, blue
    piece mark(colour: colour)
    pieces mark:
        colour  count
        red     5

Wrong:

    piece card(rank: text, suit: suit)
    pieces card: each suit, each rank in 1..13

Right:

    piece card(rank: text, suit: suit)
    pieces card: each suit, each rank in ["A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K"]
''',
    "E042": '''\
E042: the columns of a piece table do not match the kind's attributes

The first row of a table names every attribute of the piece kind once, and optionally a `count` column.
A column that is not an attribute, an attribute without a column, a column named twice, or an attribute
whose type a table cannot give (a player, a piece, a zone or a list: table cells are numbers, yes/no,
text, enum values, kinds and spaces' names) are errors. So are, on a `pieces KIND: each ...` line, an
`each` of an attribute that the kind does not have or that has two, and an attribute without a start
value that has no `each`.

Wrong:

    piece mark(colour: colour)
    pieces mark:
        color  count
        red    5

Right:

    piece mark(colour: colour)
    pieces mark:
        colour  count
        red     5
''',
    "E043": '''\
E043: a data file that cannot be used

`pieces KIND from "FILE"` reads a table from a CSV file in the game's folder (or below it). The path is
relative to the game file; it may not be absolute or go up with '..', and the file must exist and be
UTF-8 text.

Wrong:

    pieces mark from "../x.csv"

Right (with marks.csv beside the game file):

    pieces mark from "marks.csv"
''',
    "E044": '''\
E044: the players are not described correctly

Every game says how many players it has, between 1 and 8: `players 2`, or `players 2 to 4`. Seat names
(`named`) and seat edges (`facing`) give one entry per seat, and seat names differ.

Wrong:

    game "Tic-tac-toe"
    players 2 to 12 named X

Right:

    game "Tic-tac-toe"
    players 2 named X, O
''',
    "E045": '''\
E045: a grid of impossible size

A grid board has 1 to 64 spaces on each side. Its size is a number, a constant or an option with a value
(`grid N x N`), or arithmetic of them, so that it is known before the game starts; with an option, every
value of its range must give a grid of a possible size.

Wrong:

    board cells: grid 100 x 3

Right:

    board cells: grid 10 x 3
''',
    "E046": '''\
E046: edges or corners of something that is not a shared grid

`board NAME: edges of GRID` and `board NAME: corners of GRID` make boards of the sides and the corners of
the spaces of GRID, which must be a grid of the game shared by all players. Mire lays the grid, its edges
and its corners out together on the plane, so none of them can have `at`, and the edges and corners cannot
be `per player`. A grid has one board of edges and one of corners at most.

Wrong:

    board farm: area
    board fences: edges of farm

Right:

    board fields: grid 4 x 4
    board fences: edges of fields
''',
    "E047": '''\
E047: a graph board that is not well made

A graph board lists its points and how they are joined on indented lines under `board NAME: graph`:
`point NAME at (COLUMN, ROW)` places a point, `line A - B - C` joins points in a straight line (a line
`in_a_row` follows), `link A - B` joins points without making a line. Every point needs a place: its
`at (COLUMN, ROW)`, with both from 1 to 64, or a name that says it, like `d7` (column d, row 7). Two points
cannot share a place or a name, a line passes through a point once, and only a graph has points and lines.

Wrong:

    board rails: graph
        line york - leeds - york

Right:

    board rails: graph
        point york at (3, 5), leeds at (1, 4)
        line york - leeds
''',
    "E048": '''\
E048: an option's value out of its range

An option with a value is a number the players choose when they start a game (`mire play GAME --option
size=9`): `option NAME: int = DEFAULT in LOW..HIGH`. Its default must be in its range, and the range is the
only values a player may give. An option with a value cannot also switch to a variant (`uses`).

Wrong:

    option size: int = 21 in 3..19

Right:

    option size: int = 15 in 3..19
    board cells: grid size x size
''',
    "E049": '''\
E049: a board placed where the plane does not reach

`at (X, Y)` places a board's spaces on the plane all boards share. X and Y are worked out for each space
before the game starts: short arithmetic (at most 64 numbers, names and operators) of `x` and `y`, the
space's column and row, numbers, constants and options with a value. Every space of every shared board,
laid out by `at` or side by side, lies within columns and rows -4096 to 4096, so that what looks across the
plane (`path`, `touching`, `direction`) stays quick.

Wrong:

    board cells: grid 8 x 8 at (100000 * x, y)

Right:

    board cells: grid 8 x 8 at (2 * x, 2 * y)
''',
    "E050": '''\
E050: a phase that can never be reached

Phases run in the order they are written. The game moves to the next phase when the current one's `until`
condition becomes true, or when a rule says `enter PHASE`. If a phase has neither, the phases after it
never start.

Wrong:

    phase opening:
        action place(c in cells where empty(c)):
            place mark for mover at c
    phase middle:
        ...

Right:

    phase opening until count(mark) == 4:
        action place(c in cells where empty(c)):
            place mark for mover at c
    phase middle:
        ...
''',
    "E051": '''\
E051: a game without actions

Players move by taking actions; a game without any `action` rule has no legal move at all.

Wrong:

    game "Tic-tac-toe"
    players 2
    board cells: grid 3 x 3
    piece mark

Right:

    game "Tic-tac-toe"
    players 2
    board cells: grid 3 x 3
    piece mark
    action place(c in cells where empty(c)):
        place mark for mover at c
''',
    "E052": '''\
E052: `opponent` in a game for more than two players

`opponent` means "the other player", which is only clear with exactly two players. With more, say which:
`others` is every player but the mover, `next_player(mover)` the one who moves next.

Wrong:

    players 2 to 4
    ...
        if in_a_row(c, 3): lose opponent

Right:

    players 2 to 4
    ...
        if in_a_row(c, 3): win mover
        for p in others: lose p
''',
    "E053": '''\
E053: an action `each turn` that cannot be the whole turn

An action that says `each turn` (`action bid() each turn:`) is the turn: when a turn begins (in its phase, or
in the whole game), it is begun by itself, and its choices (an `at once`, a `choose`) are the turn's decisions.
So it takes no parameters (there is no move to pick), it asks a player something (else the turn would be no
decision at all), and no other action is open beside it (there would be two ways to begin the turn).

Wrong:

    action bid(card in mover.hand) each turn:
        mover.bid = card

Right:

    action bid() each turn:
        at once each p in players:
            choose card in p.hand by p always:
                p.bid = card
'''
,
    "E061": '''\
E061: a variant replaces or removes something its base game does not have

In a variant (`variant of BASE`), `remove action NAME` (or trigger, proc, def, option) takes a rule of the
base game away, and `replace RULE` puts a rule in the place of the base's rule of the same name. The name
must be one of the base game's rules of that kind. (Without `replace`, a rule with a new name is added,
and a rule with a base rule's name replaces it too: `replace` says that you mean it, so a misspelt name is
caught.)

Wrong:

    variant of breakthrough
    remove action stpe

Right:

    variant of breakthrough
    remove action step
''',
    "E062": '''\
E062: `replace` or `remove` outside a variant

`replace RULE` and `remove KIND NAME` change the rules of a base game, so they belong in a variant: a file
that starts with `variant of BASE`. In a game of its own, just write (or leave out) the rule.

Wrong:

    game "Five in a row, played to the last move"
    remove trigger full

Right:

    variant of five-in-a-row
    remove trigger full
''',
    "E070": '''\
E070: a number too large

Numbers written in a rules file have at most 15 digits: games count pieces, turns and points, and a
number larger than that is a mistake (or an attempt to make the checker slow).

Wrong:

    const GOAL = 100000000000000000000

Right:

    const GOAL = 100
''',
    "E071": '''\
E071: an expression or a block nested too deeply

An expression may hold expressions 32 levels deep, and a block may hold blocks 32 levels deep. Past that
the rules are hard to read and Mire will not build them. Name a part of the expression with a `def`, or a
part of the block with a `proc`.

Wrong:

    def far(x) = not (not (not (... 40 levels ... x)))

Right:

    def near(x) = not x
    def far(x) = near(near(x))
''',
    "E072": '''\
E072: a game too big

The boards of a game have at most 20,000 spaces together, and its piece tables make at most 10,000
pieces (a board or a table of each player counts once for every seat). One `pieces KIND: each ...` line
makes at most 5,000 pieces: it makes one for every combination of its values, times its count, so a few
more values multiply what it makes. A game larger than that cannot be played at a table, and would make
every state slow to start.

Wrong:

    pieces token:
        count
        100000000

Right:

    pieces token:
        count
        100
''',
    "E073": '''\
E073: a constant that cannot be computed

A constant's value is computed once, when the game is loaded. This one fails: it divides by zero, takes
an item a list does not have, runs longer than a move may (200,000 steps), or makes a number of more than
1,000 digits or a list or text of more than 10,000 items.

Wrong:

    const SQUARES = [n * n for n in 1..1000000]

Right:

    const SQUARES = [n * n for n in 1..100]
''',
    "E063": '''\
E063: an option's variant that cannot be played

`option NAME "..." uses "VARIANT"` plays the variant file VARIANT when the option is on. VARIANT is a name,
without a folder or `.mire`: the file of that name in the game's own folder, or a bundled game. It must be
there, load without errors, and not have an option of its own that leads back to this game.

Wrong:

    option open "an open hand" uses "../other/open-hand.mire"

Right:

    option open "an open hand" uses "open-hand"
''',
    "E064": '''\
E064: a game named beside this one that lies outside its folder

`variant of NAME` and `option ... uses "NAME"` read the file NAME.mire in the game's own folder (or a
bundled game). When that file is a link, it must lead to a file in the same folder (or below it): a rules
file cannot make Mire read a file elsewhere, as a data file cannot (E043).

Wrong (beside the variant, base.mire is a link to ../other/base.mire):

    variant of base

Right (the variant written in the base game's own folder, ../other/):

    variant of base
''',
    "E080": '''\
E080: a display line names what the game does not have

A `display:` block gives looks to the game's players, boards, spaces and piece kinds, by their names: a
player by the name `players ... named` gives it, a board or a kind as declared, the spaces of a board by
their names, and `where ATTRIBUTE == VALUE` an attribute of the kind and one of its values.

Wrong:

    players 2 named red, blue
    display:
        player green colour "#3a3"

Right:

    display:
        player red colour "#c33"
''',
    "E081": '''\
E081: a look that cannot be used

A colour is written #rgb, #rrggbb or by its name in CSS ("teal"); a glyph is 1 to 6 characters; a player, a
board and spaces have only a colour, while a piece may have a colour, a glyph and a picture.

Wrong:

    display:
        piece king glyph "the king of the hill"
        board cells colour "sort of blue"

Right:

    display:
        piece king glyph "K"
        board cells colour "lightblue"
''',
    "E082": '''\
E082: a picture that cannot be used

`picture "FILE"` names a small SVG file in the game's folder (or below it), relative to the game file. A
picture may come from a stranger, so it is used only when it is at most 16,000 bytes and 400 elements and
is made of drawing elements alone: svg, g, defs, path, rect, circle, ellipse, line, polyline, polygon,
text, tspan, title, desc, gradients, stop and clipPath, with their drawing attributes. No script, no
event handler (onload), no style sheet, no link (href), no image or document inside, and no reference to
anything but the picture's own parts (url(#shade)).

Wrong (tile.svg holds <script> or <image href="http://...">):

    piece tile picture "../art/tile.svg"

Right (a plain drawing beside the game file):

    piece tile picture "tile.svg"
''',
    "E090": '''\
E090: no game of that name

A game is named by the path of its .mire file, or by the name of a bundled game (`mire list` shows them).
The name given is neither.

Wrong:

    mire check tic-tac-tow

Right:

    mire check tic-tac-toe
    mire check path/to/my-game.mire
''',
    "E091": '''\
E091: the rules file cannot be read

The file exists but could not be read: it may be a folder, a device or a pipe, be unreadable for lack of
permission, be larger than a rules file may be (1,000,000 bytes), or not be UTF-8 text. Save the rules as UTF-8
text with a .mire name.

Wrong:

    mire check games/          (a folder)

Right:

    mire check games/tic-tac-toe.mire
''',
    "E092": '''\
E092: the editor's changes to the file are no longer followed

`mire lsp` (the language server) follows the changes the editor sends as you type, and checks the text they make.
When one message of the editor holds more changes than the server follows at once (each change counts the
length of the lines it touches and of the text it brings, and together they may count 20,000,000 characters: a
whole file of long lines pasted a line at a time, say), the server stops following the file rather than be held
up by it; and so it does when changes, each small, have made the text larger than a rules file may be
(1,000,000 bytes): it then keeps none of it. It says E092 at the file's first line, and has nothing else to say
about the file. It follows the file
again when the editor sends its whole text: close the file and open it again. The file on disk is not touched,
and `mire check` reads it as ever.

Wrong:

    (in the editor) paste 100,000 lines into a file of long lines, one change a line

Right:

    (in the editor) close the file and open it again
''',
    "E097": '''\
E097: an edition of the language this Mire does not read

A rules file may say which edition of the language it is written in, on a line of its own: `edition 2` or
`edition 3`. A file without the line is read as edition 2. An edition changes the meaning of nothing an
earlier file relies on without a new edition number; CHANGES.md says, for each edition, what changed and what
an author must do (docs/language.md, "Editions").

Wrong:

    edition 7
    game "Tic-tac-toe"

Right:

    edition 3
    game "Tic-tac-toe"
''',
}


def explain(code: str) -> Optional[str]:
    """The long explanation of a code such as 'E012' (case and padding forgiven), or None."""
    if not isinstance(code, str):
        return None
    key = code.strip().upper()
    if key.isdigit():
        key = f"E{int(key):03d}"
    return EXPLANATIONS.get(key)


__all__ = ["EXPLANATIONS", "explain"]
