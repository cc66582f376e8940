"""Pieces of the CLI that need no engine: perft, save files, the move list."""
import json

import pytest

from mire.cli.play import format_moves
from mire.cli.savefile import SaveError, read_save, save_data, write_save
from mire.engine.analysis.perft import perft


class Move:
    def __init__(self, text):
        self.text = text


class Nim:
    """Take 1 or 2 from a heap; whoever takes the last one wins (the game is over at 0)."""

    def __init__(self, heap):
        self.heap, self.history = heap, []

    def legal_moves(self):
        return [Move(f"take {k}") for k in (1, 2) if k <= self.heap]

    def apply(self, move):
        k = int(move.text.split()[1])
        self.heap -= k
        self.history.append(k)

    def undo(self):
        self.heap += self.history.pop()


def test_perft_counts_sequences_of_each_length():
    # heap 3: 1 -> {1,2}=2 ; 2 -> (1,1),(1,2),(2,1)=3 ; 3 -> (1,1,1)=1 ; then nothing
    assert perft(Nim(3), 5) == [2, 3, 1, 0, 0]
    assert perft(Nim(3), 0) == []
    state = Nim(4)
    perft(state, 4)
    assert state.heap == 4 and state.history == []     # undone exactly


def test_save_round_trip_and_atomic_write(tmp_path):
    path = tmp_path / "game.json"
    data = save_data("tic-tac-toe", 2, 7, ["fast"], ["place b2", "place a1"])
    write_save(str(path), data)
    assert json.loads(path.read_text()) == {"format": "mire-save", "version": 1, "game": "tic-tac-toe",
                                            "players": 2, "seed": 7, "options": ["fast"],
                                            "moves": ["place b2", "place a1"]}
    assert [p.name for p in tmp_path.iterdir()] == ["game.json"]    # no temporary file left
    saved = read_save(str(path))
    assert (saved.game, saved.players, saved.seed, saved.options, saved.moves) == \
        ("tic-tac-toe", 2, 7, ["fast"], ["place b2", "place a1"])


def test_write_into_a_missing_folder_fails_cleanly(tmp_path):
    with pytest.raises(SaveError):
        write_save(str(tmp_path / "no" / "such" / "game.json"), save_data("g", 2, 0, [], []))


@pytest.mark.parametrize("content, reason", [
    ("{oops", "bad JSON at line 1 column 2"),
    ("[1, 2]", "not a mire save file"),
    ('{"format": "other"}', "not a mire save file"),
    ('{"format": "mire-save", "version": 2}', "save version 2 is not supported"),
    ('{"format": "mire-save", "version": 1, "game": "g"}', "missing 'players', 'seed', 'options', 'moves'"),
    ('{"format": "mire-save", "version": 1, "game": "g", "players": "2", "seed": 0, "options": [],'
     ' "moves": []}', "'players' must be a whole number"),
    ('{"format": "mire-save", "version": 1, "game": "g", "players": 2, "seed": true, "options": [],'
     ' "moves": []}', "'seed' must be a whole number"),
    ('{"format": "mire-save", "version": 1, "game": "g", "players": 2, "seed": 0, "options": [],'
     ' "moves": ["a", 3]}', "'moves' must be a list of strings"),
])
def test_corrupt_saves_are_refused_with_one_line(tmp_path, content, reason):
    path = tmp_path / "bad.json"
    path.write_text(content)
    with pytest.raises(SaveError) as err:
        read_save(str(path))
    assert str(err.value).startswith(reason)
    assert "\n" not in str(err.value)


def test_missing_save_file(tmp_path):
    with pytest.raises(SaveError, match="no such file"):
        read_save(str(tmp_path / "nope.json"))


def test_format_moves_in_columns():
    moves = [Move(f"place {c}{r}") for r in (1, 2, 3) for c in "abc"]
    assert format_moves(moves) == (
        "1. place a1   2. place b1   3. place c1   4. place a2   5. place b2\n"
        "6. place c2   7. place a3   8. place b3   9. place c3")
    assert format_moves([]) == "no legal moves"
