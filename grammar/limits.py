"""Every limit of the language, in one place: what a rules file may ask for, and how far one move may go.

They keep `mire check` and every move bounded in time and memory whatever a rules file says (docs/language.md,
"Safety"). A file past a limit gets a diagnostic; a move past one stops with a RuleError and is taken back.
"""

# ---------------------------------------------------------------- a rules file
MAX_FILE_BYTES = 1_000_000  # a rules file or a data file
MAX_DIGITS = 15  # a number written in a rules file
MAX_PLAYERS = 8
MAX_GRID = 64  # spaces on a side of a grid
MAX_SPACES = 20_000  # spaces of all boards together (a board of each player counted for every seat)
MAX_PLANE = 4096  # a space lies on the plane all boards share at columns and rows -4096 to 4096
MAX_PLACEMENT_TERMS = 64  # numbers, names and operators in one coordinate of a board's `at (X, Y)`
MAX_TABLE_PIECES = 10_000  # pieces listed in the tables of a game (for each player: counted for every seat)
# pieces one `pieces KIND: each ...` line makes (every combination, times its count; for one seat): a few values
# more on such a line multiply what it makes, so it is bounded on its own, before any piece is made
MAX_COMBINATION_PIECES = 5_000
MAX_EXPRESSION_DEPTH = 32  # expressions inside expressions
MAX_BLOCK_DEPTH = 32  # blocks inside blocks
MAX_DIAGNOSTICS = 50  # diagnostics printed for one file; the rest are counted
MAX_SYNTAX_ERRORS = 100  # syntax errors looked for in one file: after them, the file is read no further
MAX_SUGGESTIONS = 20_000  # names compared by the "did you mean" searches of one check (each, with every name known)

# ---------------------------------------------------------------- one move (or one listing of the legal moves)
MAX_LOOP_STEPS = 200_000  # steps: loop turns, items walked by filters and builtins, calls, log characters
MAX_DEPTH = 200  # nested calls of defs and procs
MAX_INT_DIGITS = 1_000  # digits of a number a rule computes
MAX_LENGTH = 10_000  # items of a list, characters of a text
MAX_LIST_DEPTH = 32  # lists inside lists
MAX_LEGAL_MOVES = 50_000  # legal moves at one time
MAX_AREA_SPACES = 10_000  # spaces of one area (a board that grows)
MAX_PIECES = 100_000  # pieces in a game, made by tables and `place`
MAX_LOG_CHARS = 2_000_000  # characters of a game's log, all its lines together
# changes a game keeps for undo, all its moves together: each counts one, and the list items an old value holds (at
# every depth) and the pieces of a place shuffled or emptied count one each
MAX_JOURNAL = 1_000_000
# turns passed one after another by players stuck (`when stuck: pass`) whose turns' starts draw (dice rolled
# again): past it nobody can move, and the game finishes
MAX_PASSES_IN_A_ROW = 1_000

# ---------------------------------------------------------------- analysis of a game (perft, solve)
MAX_CHANCE_OUTCOMES = 10_000  # outcomes of the chance in one move or one setup, when they are enumerated
MAX_SOLVE_NODES = 2_000_000  # positions (and chance outcomes) an exact solution may visit
MAX_ANALYSIS_WORK = 100_000_000  # steps of one perft or exact solution, all its moves and listings together
# moves of one line of perft: it walks a line one call deeper a move, and a deeper count never ends within the
# work bound (a game of two moves a turn has 2^100 lines of 100)
MAX_PERFT_DEPTH = 100
ANALYSIS_STEPS_PER_MOVE = 50  # each move played or listing besides its own steps (engine/analysis/work_bound.py)
# problems of what the players brought that are told (the rest are counted): a hand file or a save may hold a
# hundred thousand lines, each a problem, and looking for the name each meant is a search of the whole collection
MAX_INPUT_PROBLEMS = 20
# the work of the searches for the name a player meant, all the problems told together (wording.closest counts it:
# a name compared is one, a close look ten): a collection of 5,000 cards of like names costs 55,000 a search
MAX_INPUT_SUGGESTION_WORK = 200_000
# the different sets of attributes a legend picks one kind's pieces by (`C = card(name: x)`, `D = card(level: 2)`):
# the pieces of a kind are indexed once for each set, so that arranging stays linear in the pieces
MAX_ATTRIBUTE_SETS = 16
