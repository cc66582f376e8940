"""Chess (tests/games/chess.mire) against python-chess, an independent implementation: perft from the start and
from the standard test positions (with their published counts), and the legal moves and results of seeded random
games, ply by ply. The game uses attributes that start with a value and change (a pawn's `passed: space`, the
right to `castle`), pieces made with `place` that have them, `ensure`, `can_move`, `repetitions` and position
files."""
import random
from pathlib import Path

import chess
import pytest

from mire.engine import load_game
from mire.engine.analysis.perft import perft
from mire.engine.run.arrange import arrange
from mire.engine.run.state import IllegalMove
from mire.grammar.position import PositionError, parse_position

GAME = Path(__file__).parent / "games" / "chess.mire"
NAMES = {chess.KING: "king", chess.QUEEN: "queen", chess.ROOK: "rook", chess.BISHOP: "bishop",
         chess.KNIGHT: "knight", chess.PAWN: "pawn"}
KIWIPETE = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1"
POSITION_3 = "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1"
POSITION_4 = "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1"
POSITION_5 = "rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8"


def position_file(board: chess.Board) -> str:
    """The python-chess board as a Mire position file: castling rights on the king and rooks that keep them,
    a pawn that has just advanced two squares marked with the square it passed over."""
    rights = board.clean_castling_rights()
    legend: dict[str, str] = {}
    rows = []
    for rank in range(7, -1, -1):
        row = []
        for file in range(8):
            sq = chess.square(file, rank)
            piece = board.piece_at(sq)
            if piece is None:
                row.append(".")
                continue
            kind, side = NAMES[piece.piece_type], "white" if piece.color else "black"
            symbol, attrs = piece.symbol(), ""
            if piece.piece_type == chess.ROOK and rights & chess.BB_SQUARES[sq]:
                symbol, attrs = symbol + "c", "(castles: yes)"
            if piece.piece_type == chess.KING and rights & (chess.BB_RANK_1 if piece.color else chess.BB_RANK_8):
                symbol, attrs = symbol + "c", "(castles: yes)"
            ep = board.ep_square
            if piece.piece_type == chess.PAWN and ep is not None and board.has_pseudo_legal_en_passant() \
                    and sq == ep + (8 if piece.color == chess.WHITE else -8):
                symbol, attrs = symbol + "e", f"(passed: {chess.square_name(ep)})"
            legend[symbol] = f"{symbol} = {kind}{attrs} of {side}"
            row.append(symbol)
        rows.append("    " + " ".join(row))
    return "\n".join(["position of chess", *legend.values(), "cells:", *rows,
                      f"to move: {'white' if board.turn else 'black'}", f"turn: {board.halfmove_clock + 1}",
                      "fresh_since = 0", ""])


def started(game, fen=None, seed=0):
    state = game.new_state(seed=seed)
    if fen is not None:
        arrange(state, parse_position(position_file(chess.Board(fen)), "test.pos"), "test.pos")
    return state


def uci(text: str) -> str:
    """A Mire move text (`go g1 f3`, `castle e1 h1`, `advance e2 e4`, `promote b7 a8 knight`) as UCI."""
    words = text.split()
    if words[0] == "castle":
        king, rook = chess.parse_square(words[1]), chess.parse_square(words[2])
        return chess.square_name(king) + chess.square_name(king + (2 if rook > king else -2))
    promoted = {"queen": "q", "rook": "r", "bishop": "b", "knight": "n"}.get(words[3], "") if len(words) > 3 else ""
    return words[1] + words[2] + promoted


def position_key(board: chess.Board):
    """A position as the rules file counts repetitions (its comment says why en passant is pseudo-legal here)."""
    ep = board.ep_square if board.has_pseudo_legal_en_passant() else None
    return board.board_fen(), board.turn, board.clean_castling_rights(), ep


def expected_result(board: chess.Board, seen: dict):
    """(winner or None, reason) by the rules file's order: checkmate, dead position, fifty moves, repetition,
    stalemate; None while the game goes on."""
    if board.is_checkmate():
        return (not board.turn), "checkmate"
    if board.is_insufficient_material():
        return None, "neither side can checkmate"
    if board.halfmove_clock >= 100:
        return None, "fifty moves without a capture or a pawn move"
    if seen[position_key(board)] >= 3:
        return None, "the same position for the third time"
    if board.is_stalemate():
        return None, "stalemate"
    return None


@pytest.fixture(scope="module")
def game():
    return load_game(str(GAME))


def test_perft_from_the_start_has_the_published_counts(game):
    assert perft(started(game), 3) == [20, 400, 8902]


@pytest.mark.parametrize("fen, depth, counts", [
    (KIWIPETE, 2, [48, 2039]),
    (POSITION_3, 4, [14, 191, 2812, 43238]),
    (POSITION_4, 3, [6, 264, 9467]),
    (POSITION_5, 2, [44, 1486]),
])
def test_perft_from_the_standard_test_positions_has_the_published_counts(game, fen, depth, counts):
    assert perft(started(game, fen), depth) == counts


THREEFOLD, DEAD, FIFTY = "the same position for the third time", "neither side can checkmate", \
    "fifty moves without a capture or a pawn move"


@pytest.mark.parametrize("start, expected_endings, en_passants", [
    (None, {THREEFOLD: 1, "white mates": 2, DEAD: 7, "black mates": 1, FIFTY: 1}, 2),
    (KIWIPETE, {DEAD: 10, "stalemate": 1, FIFTY: 1}, 1),
    (POSITION_4, {DEAD: 10, THREEFOLD: 1, "white mates": 1}, 0),
])
def test_random_games_have_python_chess_moves_and_end_as_it_says(game, start, expected_endings, en_passants):
    endings: dict[str, int] = {}
    kinds_of_move: set[str] = set()
    en_passant = 0
    for seed in range(12):
        state, board, rng = started(game, start, seed), chess.Board(start or chess.STARTING_FEN), random.Random(seed)
        seen = {position_key(board): 1}
        while not state.is_over():
            moves = state.legal_moves()
            texts = [m.text for m in moves]
            assert sorted(map(uci, texts)) == sorted(m.uci() for m in board.legal_moves), (seed, board.fen())
            takes = [i for i, t in enumerate(texts) if board.is_capture(chess.Move.from_uci(uci(t)))]
            pick = rng.choice(takes) if takes and rng.random() < 0.7 else rng.randrange(len(moves))
            kinds_of_move.add(texts[pick].split()[0])
            en_passant += board.is_en_passant(chess.Move.from_uci(uci(texts[pick])))
            board.push_uci(uci(texts[pick]))
            state.apply(moves[pick])
            seen[position_key(board)] = seen.get(position_key(board), 0) + 1
            assert (expected_result(board, seen) is not None) == state.is_over(), (seed, board.fen())
        winner, reason = expected_result(board, seen)
        out = state.outcome()
        assert out.reason == reason
        assert list(out.winners) == ([] if winner is None else [0 if winner == chess.WHITE else 1])
        ending = reason if winner is None else f"{'white' if winner else 'black'} mates"
        endings[ending] = endings.get(ending, 0) + 1
    assert endings == expected_endings
    assert kinds_of_move == {"go", "push", "advance", "castle", "promote"}
    assert en_passant == en_passants


@pytest.mark.parametrize("fen, move, why", [
    ("5r1k/8/8/8/8/8/8/4K2R w K - 0 1", "castle e1 h1", "the king may not cross an attacked square"),
    ("4r2k/8/8/8/8/8/8/4K2R w K - 0 1", "castle e1 h1", "you may not castle out of check"),
    ("6rk/8/8/8/8/8/8/4K2R w K - 0 1", "castle e1 h1", "the king may not castle into check"),
    ("4k3/8/8/8/8/8/8/4K2R w - - 0 1", "castle e1 h1", None),
])
def test_castling_is_refused_in_the_games_words(game, fen, move, why):
    state = started(game, fen)
    with pytest.raises(IllegalMove) as err:
        state.parse_move(move)
    assert (why is None and "castle" in str(err.value)) or str(err.value) == f"cannot {move}: {why}"


@pytest.mark.parametrize("legend, why", [
    ("K = king(castles: maybe) of white", "'castles' is yes or no, not 'maybe'"),
    ("K = pawn(passed: z9) of white", "'passed' is a space, and no space is named 'z9'"),
    ("K = king(castle: yes) of white", "a king has no attribute 'castle' (did you mean 'castles'?)"),
])
def test_a_position_with_a_wrong_start_value_is_refused_with_its_line(game, legend, why):
    text = f"position of chess\n{legend}\nk = king of black\ncells:\n" + "    . . . . . . . .\n" * 6 \
        + "    k . . . . . . .\n    K . . . . . . .\nto move: white\n"
    with pytest.raises(PositionError) as err:
        arrange(game.new_state(seed=0), parse_position(text, "bad.pos"), "bad.pos")
    assert str(err.value) == f"bad.pos:2: {why}"
