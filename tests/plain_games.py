"""What the tests that check a classic against a plain Python implementation of it share (test_checkers.py,
test_lines_of_action.py): the plain game has `legal()`, `copy()` and `play(move)`."""


def plain_perft(game, depth: int) -> list:
    """The number of moves at each depth from 1 to `depth`, as `mire perft` counts them."""
    counts = [0] * depth

    def walk(g, d):
        moves = g.legal()
        counts[d] += len(moves)
        if d + 1 < depth:
            for m in moves:
                after = g.copy()
                after.play(m)
                walk(after, d + 1)
    walk(game, 0)
    return counts
