"""`pieces KIND: each A, each B in [...], count N`: a piece for every combination of the values, in a defined
order (the first `each` changing slowest, the copies of a combination together), checked as tables are, and
bounded before a piece is made. Also: an enum's values are names (a numeral is told what to write instead), and
a `text` attribute's numbers are texts (in quotes in the rules file, as written in a data file)."""
from __future__ import annotations

import random
import time
from pathlib import Path

import pytest

from mire.engine import load_game
from mire.grammar.diagnostics import MireError
from mire.grammar.formatter import format_source
from mire.grammar.limits import MAX_COMBINATION_PIECES, MAX_TABLE_PIECES

ROOT = Path(__file__).resolve().parents[2]
CRAZY_EIGHTS = ROOT / "tests" / "games" / "crazy-eights.mire"
SUITS = ["clubs", "diamonds", "hearts", "spades"]
RANKS = ["A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K"]

HEAD = '''game "Each"
players 2 to 4
enum colour: red, blue, green
piece card(rank: text, colour: colour)
piece chip(n: int, worth: number, lucky: bool, colour: colour = red)
piece man
piece die(face: int mutable = 1)
zone deck
zone bag
zone hand per player
'''
TAIL = "action go():\n    pass\n"


def write(tmp_path, body, name="each"):
    path = tmp_path / f"{name}.mire"
    path.write_text(HEAD + body + TAIL)
    return path


def made(tmp_path, body, players=2):
    """Each piece the tables make, in the order they are made: (kind, owner's seat or None, zone, attributes)."""
    state = load_game(str(write(tmp_path, body))).new_state(seed=1, players=players)
    out = []
    for kind, pieces in state.kind_pieces.items():
        for p in pieces:
            out.append((p.id, kind, p.owner.index if p.owner is not None else None, p.loc.name, dict(p.attrs)))
    return [x[1:] for x in sorted(out, key=lambda x: x[0])]


def rendered(tmp_path, body, monkeypatch):
    monkeypatch.chdir(tmp_path)
    write(tmp_path, body)
    with pytest.raises(MireError) as err:
        load_game("each.mire")
    return err.value.render()


# ---------------------------------------------------------------- the pieces made, and their order


def test_the_first_each_changes_slowest(tmp_path):
    cards = made(tmp_path, 'pieces card in deck: each colour, each rank in ["A", "2", "10"]\n')
    assert [(c[3]["colour"], c[3]["rank"]) for c in cards] == [
        ("red", "A"), ("red", "2"), ("red", "10"), ("blue", "A"), ("blue", "2"), ("blue", "10"),
        ("green", "A"), ("green", "2"), ("green", "10")]
    assert {(c[0], c[1], c[2]) for c in cards} == {("card", None, "deck")}
    swapped = made(tmp_path, 'pieces card in deck: each rank in ["A", "2"], each colour\n')
    assert [(c[3]["rank"], c[3]["colour"]) for c in swapped] == [
        ("A", "red"), ("A", "blue"), ("A", "green"), ("2", "red"), ("2", "blue"), ("2", "green")]


def test_the_copies_of_a_combination_come_together(tmp_path):
    cards = made(tmp_path, 'pieces card: each rank in ["A", "B"], each colour in [green, red], count 2\n')
    assert [(c[2], c[3]["rank"], c[3]["colour"]) for c in cards] == [
        ("supply", "A", "green"), ("supply", "A", "green"), ("supply", "A", "red"), ("supply", "A", "red"),
        ("supply", "B", "green"), ("supply", "B", "green"), ("supply", "B", "red"), ("supply", "B", "red")]


def test_ranges_numbers_yes_no_and_start_values(tmp_path):
    chips = made(tmp_path, "pieces chip in bag: each n in -1..1, each worth in [0.5, 2], each lucky in [no, yes]\n")
    assert [(c[3]["n"], str(c[3]["worth"]), c[3]["lucky"], c[3]["colour"]) for c in chips] == [
        (n, w, lucky, "red") for n in (-1, 0, 1) for w in ("1/2", "2") for lucky in (False, True)]
    both = made(tmp_path, "pieces chip in bag: each colour in colour, each n in 7..7, each worth in [1], "
                          "each lucky in [yes]\n")
    assert [c[3]["colour"] for c in both] == ["red", "blue", "green"]


def test_count_alone_and_for_each_player(tmp_path):
    pieces = made(tmp_path, "pieces man in hand for each player: count 3\npieces die in bag: count 2\n"
                            'pieces card in hand for each player: each rank in ["A"], each colour in [blue], '
                            "count 2\n", players=3)
    assert [(k, seat, zone) for k, seat, zone, _ in pieces] == \
        [("man", s, "hand") for s in (0, 0, 0, 1, 1, 1, 2, 2, 2)] + [("die", None, "bag")] * 2 + \
        [("card", s, "hand") for s in (0, 0, 1, 1, 2, 2)]
    assert [a for k, _, _, a in pieces if k == "die"] == [{"face": 1}, {"face": 1}]


def test_a_line_is_the_table_it_stands_for(tmp_path):
    """The same pieces, in the same order, as the rows written by hand: one after another in the file."""
    rows = "".join(f'    "{r}"  {c}  2\n' for c in ("red", "blue", "green") for r in ("A", "2"))
    table = made(tmp_path, "pieces card in deck:\n    rank  colour  count\n" + rows)
    line = made(tmp_path, 'pieces card in deck: each colour, each rank in ["A", "2"], count 2\n')
    assert line == table and len(line) == 12


# ---------------------------------------------------------------- crazy eights: the deck and a seeded game


def hand_written_deck(tmp_path) -> Path:
    """Crazy eights with its deck as the 52 rows the `each` line stands for."""
    text = CRAZY_EIGHTS.read_text(encoding="utf-8")
    line = next(x for x in text.splitlines() if x.startswith("pieces card in stock:"))
    table = "pieces card in stock:\n    rank  suit\n" + "".join(f'    "{r}"  {s}\n' for s in SUITS for r in RANKS)
    path = tmp_path / "crazy-eights-by-hand.mire"
    path.write_text(text.replace(line + "\n", table))
    return path


def test_crazy_eights_deck_is_every_rank_of_every_suit_in_order():
    state = load_game(str(CRAZY_EIGHTS)).new_state(seed=0, players=2)
    cards = [f"{p.attrs['rank']}-{p.attrs['suit']}" for p in state.kind_pieces["card"]]
    assert cards == [f"{r}-{s}" for s in SUITS for r in RANKS]
    assert [p.id for p in state.kind_pieces["card"]] == list(range(52))


def test_crazy_eights_plays_as_with_the_deck_written_by_hand(tmp_path):
    by_line = load_game(str(CRAZY_EIGHTS))
    by_hand = load_game(str(hand_written_deck(tmp_path)))

    def play(game, seed, players):
        state = game.new_state(seed=seed, players=players)
        rng = random.Random(seed)
        moves = []
        while not state.is_over():
            move = rng.choice(state.legal_moves())
            moves.append(move.text)
            state.apply(move)
        return moves, [line for _, line in state.log], state.outcome().winners

    for seed in range(6):
        assert play(by_line, seed, 2 + seed % 3) == play(by_hand, seed, 2 + seed % 3)


def test_a_seeded_deal_of_crazy_eights():
    """The order of the deck decides what a seeded shuffle deals: this deal changes if the order does."""
    state = load_game(str(CRAZY_EIGHTS)).new_state(seed=2024, players=2)
    hands = [[f"{p.attrs['rank']}-{p.attrs['suit']}" for p in pl.zones["hand"].pieces] for pl in state.players]
    top = state.zones["discard"].pieces[-1]
    assert (hands, f"{top.attrs['rank']}-{top.attrs['suit']}") == SEEDED_DEAL


# (the same as the deck written as 52 rows dealt, before this line replaced them)
SEEDED_DEAL = ([["5-hearts", "Q-clubs", "8-spades", "Q-hearts", "7-diamonds", "K-clubs", "A-hearts"],
                ["4-diamonds", "9-hearts", "3-diamonds", "2-spades", "6-hearts", "10-diamonds", "7-spades"]],
               "8-hearts")


# ---------------------------------------------------------------- mistakes


def test_mistakes_are_diagnostics(tmp_path, monkeypatch, snapshot):
    body = ('pieces card in deck: each colour, each rnak in ["A"], each colour\n'
            'pieces card in deck: each rank in ["A", 2, "A"], each colour in [red, purple]\n'
            "pieces card in deck: each rank in 1..13, each colour\n"
            "pieces card in deck: each rank, each colour in colur\n"
            "pieces card in deck: each rank in [], each colour, count 0\n"
            "pieces chip in bag: each n in 5..1, each worth in [1, 1.5, x], each lucky\n"
            'pieces chip in bag: each n in [1], each worth in ["1"], each lucky in [yes, true], each colour in [red]\n'
            "pieces chip in bag: each n in [1]\n"
            "pieces man: each n in 1..3\n"
            'pieces card: each rank in ["A"], each colour in colour, each n in [1]\n')
    text = rendered(tmp_path, body, monkeypatch)
    assert "Traceback" not in text
    assert text == snapshot


def test_the_number_of_pieces_of_a_line_is_bounded_before_they_are_made(tmp_path, monkeypatch):
    limit = MAX_COMBINATION_PIECES
    assert len(made(tmp_path, f"pieces chip: each n in 1..{limit}, each worth in [1], each lucky in [yes]\n")) \
        == limit
    text = rendered(tmp_path, f"pieces chip: each n in 1..{limit // 2}, each worth in [1, 2], each lucky in [yes], "
                              "count 2\n", monkeypatch)
    assert text.splitlines()[0] == ("each.mire:11:14: error[E072]: this line makes 10,000 pieces (2500 x 2 x 1 x 2), "
                                    "and one `pieces` line makes at most 5,000")
    assert text.splitlines()[-1] == ("  = hint: it makes a piece for every combination of its values, times its "
                                     "count: give fewer values, or make the rarer pieces with a table of their own")
    start = time.perf_counter()
    text = rendered(tmp_path, "pieces chip: " + ", ".join(
        ["each n in 1..999999999999999", "each worth in -999999999999999..999999999999999",
         "each lucky in [yes, no]"]) + ", count 999999999999999\n", monkeypatch)
    assert time.perf_counter() - start < 5
    assert text.splitlines()[0] == ("each.mire:11:14: error[E072]: this line makes more than 5,000 pieces, and one "
                                    "`pieces` line makes at most 5,000")


def test_the_pieces_of_lines_count_towards_all_the_tables(tmp_path, monkeypatch):
    per_seat = MAX_TABLE_PIECES // 4 + 1  # within a line's limit, but four seats make more than all tables may
    assert per_seat <= MAX_COMBINATION_PIECES
    text = rendered(tmp_path, f"pieces man in hand for each player: count {per_seat}\n", monkeypatch)
    assert text.splitlines()[0] == ("each.mire:11:8: error[E072]: the piece tables make more than 10000 pieces "
                                    "together")


def test_an_enum_value_is_a_name(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    (tmp_path / "ranks.mire").write_text('game "Ranks"\nplayers 2\nenum rank: A, 2, 3, 4, 5, 6, 7, 8, 9, 10, J, Q, K\n'
                                         'enum level: "low", high\nenum size: "10"\n' + TAIL)
    with pytest.raises(MireError) as err:
        load_game("ranks.mire")
    assert err.value.render() == '''\
ranks.mire:3:15: error[E002]: an enum value is a name, and 2 is a number
  |
3 | enum rank: A, 2, 3, 4, 5, 6, 7, 8, 9, 10, J, Q, K
  |               ^
  = hint: the rules write an enum's values as they are, and there 2 would be a number: name the value (`two`), \
or make the attribute a text, written in quotes: `piece card(rank: text)`, `pieces card: each rank in ["A", "2", \
"3", "4", ..., "Q", "K"]` and `c.rank == "2"`

ranks.mire:4:13: error[E002]: an enum value is a name, written without quotes
  |
4 | enum level: "low", high
  |             ^^^^^
  = hint: write low

ranks.mire:5:12: error[E002]: an enum value is a name, and "10" is a text
  |
5 | enum size: "10"
  |            ^^^^
  = hint: the rules write an enum's values as they are, and there "10" would be a text: name the value (`ten`), \
or make the attribute a text, written in quotes: `piece card(size: text)`, `pieces card: each size in ["10"]` \
and `c.size == "10"`'''


# ---------------------------------------------------------------- a text attribute's numbers


def test_a_number_in_a_text_column_is_written_in_quotes(tmp_path, monkeypatch):
    text = rendered(tmp_path, 'pieces card:\n    rank  colour\n    10    red\n    "10"  blue\n    2.5   red\n',
                    monkeypatch)
    assert [line for line in text.splitlines() if "error" in line or "hint" in line] == [
        "each.mire:13:5: error[E041]: 'rank' is a text, not the number 10",
        '  = hint: a text is written in quotes: "10"',
        "each.mire:15:5: error[E041]: 'rank' is a text, not the number 2.5",
        '  = hint: a text is written in quotes: "2.5"']


def test_a_data_file_gives_a_text_column_its_text_as_written(tmp_path):
    (tmp_path / "cards.csv").write_text("rank, colour\nA, red\n10, blue\n007, green\n")
    path = write(tmp_path, 'pieces card in deck from "cards.csv"\npieces chip from "chips.csv"\n')
    (tmp_path / "chips.csv").write_text("n, worth, lucky\n10, 2.5, yes\n")
    state = load_game(str(path)).new_state(seed=1)
    assert [dict(p.attrs) for p in state.kind_pieces["card"]] == [
        {"rank": "A", "colour": "red"}, {"rank": "10", "colour": "blue"}, {"rank": "007", "colour": "green"}]
    [chip] = state.kind_pieces["chip"]
    assert (chip.attrs["n"], str(chip.attrs["worth"]), chip.attrs["lucky"]) == (10, "5/2", True)


# ---------------------------------------------------------------- the formatter


def test_the_formatter_lays_out_a_line_of_each():
    source = (HEAD + 'pieces card in deck :each colour ,each rank in [ "A","2" ,\n'
              '        "3"],count  2\npieces chip: each n in -1 .. 3, each worth in [1], each lucky in [yes,no]\n'
              + TAIL)
    out = format_source(source)
    assert out.splitlines()[10:13] == [
        'pieces card in deck: each colour, each rank in ["A", "2",',
        '                                                "3"], count 2',
        "pieces chip: each n in -1..3, each worth in [1], each lucky in [yes, no]"]
    assert format_source(out) == out


def test_syntax_mistakes_of_an_each_line(tmp_path, monkeypatch):
    def first_error(line):
        text = rendered(tmp_path, line + "\n", monkeypatch)
        return [x for x in text.splitlines() if "error[" in x or "hint:" in x][:2]

    assert first_error('pieces card: each rank in "A", "B", each colour') == [
        "each.mire:11:27: error[E002]: expected '[' before the string \"A\"",
        '  = hint: the values of an `each` are a list in brackets, `each rank in ["A", "B"]`, a range of whole '
        "numbers, `each rank in 1..13`, or an enum's name"]
    assert first_error("pieces chip: each n in 1, 2, 3")[0] == \
        "each.mire:11:25: error[E002]: expected '..' or a list in brackets, found ','"
    assert first_error("pieces card: count 2, each colour")[0] == \
        "each.mire:11:21: error[E002]: expected the end of the line, found ','"
