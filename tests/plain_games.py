"""What the tests that check a game against a plain Python implementation of it share: perft counted in the
plain game (which has `legal()`, `copy()` and `play(move)`), and random games played in both side by side."""


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


def texts(moves) -> set:
    """The engine's moves as the plain games of most tests name theirs: their texts."""
    return {m.text for m in moves}


def uniform(moves, rng):
    """A move drawn uniformly: the draw every test here makes unless it favours some moves."""
    return moves[rng.randrange(len(moves))]


def play_side_by_side(state, plain, rng, *, legal=texts, play=None, pick=uniform, check=None, same_seat=True,
               once_each=False, where=""):
    """A random game played to its end in the engine (`state`) and in a plain Python implementation of the same
    rules (`plain`, with `legal()` and `play(move)`) side by side. Before each move: the engine's legal moves,
    read by `legal`, are the plain game's (`once_each`: and none is listed twice), the same seat moves
    (`same_seat`), and `check(state, plain)` holds; then a move drawn from `rng` by `pick` is applied to the
    engine and played in the plain game (`play(plain, move)`, by default with its text). Gives the moves played.
    `where` names the game in a failure (the seed, say)."""
    played = []
    while not state.is_over():
        moves = state.legal_moves()
        at = f"{where} after {state.history}"
        expected = plain.legal()
        assert legal(moves) == expected, at
        if once_each:
            assert len(moves) == len(expected), f"a move listed twice: {at}"
        if same_seat:
            assert state.to_move == plain.to_move, at
        if check is not None:
            check(state, plain)
        move = pick(moves, rng)
        state.apply(move)
        if play is None:
            plain.play(move.text)
        else:
            play(plain, move)
        played.append(move)
    return played
