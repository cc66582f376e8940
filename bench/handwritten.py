"""Hand-written random playouts: the baseline Mire's engine is measured against.

Plain, idiomatic pure Python, the way a competent programmer would write a quick
random-playout loop: lists for the board, a precomputed table of lines for
tic-tac-toe, and a check of the four directions through the last disc for
connect four.  No numpy and no bitboards; it is a fair baseline, not a golfed one.

Each game has ``playout(rng) -> 0 | 1 | None``: play one uniformly random game from
the start (each legal move equally likely, chosen with ``rng.choice`` on the list of
legal moves) and return the winning seat, or ``None`` for a draw.  Seat 0 moves first.
"""

# --- tic-tac-toe ---------------------------------------------------------------

# Cells are numbered 0..8, row by row.
TTT_LINES = (
    (0, 1, 2), (3, 4, 5), (6, 7, 8),   # rows
    (0, 3, 6), (1, 4, 7), (2, 5, 8),   # columns
    (0, 4, 8), (2, 4, 6),              # diagonals
)
# For each cell, only the lines through it need checking after a move there.
TTT_LINES_THROUGH = tuple(
    tuple(line for line in TTT_LINES if cell in line) for cell in range(9)
)


def ttt_playout(rng):
    """One uniformly random game of tic-tac-toe; return 0 (X), 1 (O) or None (draw)."""
    board = [None] * 9
    player = 0
    for _ in range(9):
        moves = [i for i in range(9) if board[i] is None]
        cell = rng.choice(moves)
        board[cell] = player
        for a, b, c in TTT_LINES_THROUGH[cell]:
            if board[a] == board[b] == board[c]:
                return player
        player = 1 - player
    return None


# --- connect four --------------------------------------------------------------

C4_COLS, C4_ROWS = 7, 6
C4_DIRECTIONS = ((1, 0), (0, 1), (1, 1), (1, -1))   # horizontal, vertical, two diagonals


def _c4_wins(board, col, row, player):
    """Does the disc just dropped at (col, row) make four in a row for player?"""
    for dc, dr in C4_DIRECTIONS:
        count = 1
        for sign in (1, -1):
            c, r = col + sign * dc, row + sign * dr
            while 0 <= c < C4_COLS and 0 <= r < C4_ROWS and board[c][r] == player:
                count += 1
                c += sign * dc
                r += sign * dr
        if count >= 4:
            return True
    return False


def c4_playout(rng):
    """One uniformly random game of connect four; return 0, 1 or None (draw)."""
    board = [[None] * C4_ROWS for _ in range(C4_COLS)]   # board[col][row], row 0 at the bottom
    heights = [0] * C4_COLS
    player = 0
    for _ in range(C4_COLS * C4_ROWS):
        moves = [c for c in range(C4_COLS) if heights[c] < C4_ROWS]
        col = rng.choice(moves)
        row = heights[col]
        board[col][row] = player
        heights[col] = row + 1
        if _c4_wins(board, col, row, player):
            return player
        player = 1 - player
    return None


GAMES = {
    "tic-tac-toe": ttt_playout,
    "connect-four": c4_playout,
}


# --- breakthrough (8 x 8; bench/native.py compares it, it is not in GAMES) -----------------------------------

def bt_playout(rng):
    """One uniformly random game of breakthrough; return 0 (white, rows 0-1, moving up) or 1.

    A pawn steps straight or diagonally forward onto an empty square, or takes diagonally; the first to reach the
    far row, or to take every pawn of the other side, wins."""
    board = [None] * 64  # square = 8 * row + column
    for c in range(8):
        board[c] = board[8 + c] = 0
        board[48 + c] = board[56 + c] = 1
    left = [16, 16]
    player = 0
    while True:
        forward = 8 if player == 0 else -8
        moves = []
        for a in range(64):
            if board[a] != player:
                continue
            column, b = a % 8, a + forward
            if b < 0 or b > 63:
                continue
            if board[b] is None:
                moves.append((a, b))
            if column > 0 and board[b - 1] != player:
                moves.append((a, b - 1))
            if column < 7 and board[b + 1] != player:
                moves.append((a, b + 1))
        if not moves:
            return None  # (cannot happen in breakthrough: a side with pawns always has a move or has lost)
        a, b = rng.choice(moves)
        if board[b] is not None:
            left[1 - player] -= 1
        board[b], board[a] = player, None
        if b // 8 == (7 if player == 0 else 0) or left[1 - player] == 0:
            return player
        player = 1 - player
