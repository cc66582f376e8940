"""What a stranger's save, position file or hand file can make mire do: read only what the save's folder holds,
cost work linear in the file, tell a bounded number of problems in bounded lines, and refuse odd numbers with a
one-line reason (never an internal error, never the end of a game in progress)."""
import json
import os
import subprocess
import sys
from pathlib import Path

import pytest
from click.testing import CliRunner

from mire.cli.main import main
from mire.cli.savefile import SaveError, read_save, restore
from mire.engine import load_game
from mire.engine.run import construction
from mire.engine.run.arrange import arrange
from mire.engine.run.construction import MAX_INPUT_PROBLEMS, InputError
from mire.grammar.position import PositionError, parse_position

HOSTILE = Path(__file__).parents[1] / "hostile"
TTT_SAVE = {"format": "mire-save", "version": 1, "players": 2, "seed": 1, "options": [], "moves": []}
RULES = 'game "Beside the save"\nplayers 2\nboard cells: grid 3 x 3\n\naction place(c in cells where empty(c)):\n' \
        '    pass\n'


def run(args, cwd, stdin=""):
    env = dict(os.environ, NO_COLOR="1")
    done = subprocess.run([str(Path(sys.executable).parent / "mire"), *args], cwd=cwd, input=stdin, text=True,
                          capture_output=True, timeout=120, env=env)
    return done.returncode, done.stdout + done.stderr


def invoke(args, stdin=""):
    result = CliRunner().invoke(main, args, input=stdin)
    return result.exit_code, result.output


def write_save(path: Path, **fields) -> Path:
    path.write_text(json.dumps({**TTT_SAVE, **fields}))
    return path


# ---------------------------------------------------------------- the game a save names

def test_a_save_naming_a_file_beside_its_folder_never_opens_it(tmp_path):
    """tests/hostile/test_hostile.py allows the whole test folder (secret.mire lies in it, beside game/) and has no save
    that names ../secret.mire: here the same layout, and the file must not be opened at all."""
    game = tmp_path / "game"
    game.mkdir()
    (tmp_path / "secret.mire").write_text('game "a secret beside the working folder"\n')
    write_save(game / "save.json", game="../secret.mire")
    log = tmp_path / "opened.log"
    done = subprocess.run([sys.executable, str(HOSTILE / "run_case.py"), str(log), "1500", "replay",
                           "game/save.json"], cwd=tmp_path, capture_output=True, text=True, timeout=120,
                          env=dict(os.environ, NO_COLOR="1"))
    out = done.stdout + done.stderr
    assert done.returncode == 1
    assert out == ("cannot replay game/save.json: 'game' is '../secret.mire', a file outside the save's folder; a "
                   "save names a bundled game or a rules file in its own folder or below it\n")
    opened = [line.split("\t", 1)[1] for line in log.read_text().splitlines()]
    assert not any(path.endswith("secret.mire") for path in opened), opened


@pytest.mark.parametrize("written, said", [
    ("ABSOLUTE", "a file outside the save's folder; a save names a bundled game or a rules file in its own folder"),
    ("../elsewhere/rules.mire", "a file outside the save's folder"),
    ("sub/../../elsewhere/rules.mire", "a file outside the save's folder"),
    ("../elsewhere/none.mire", "a file outside the save's folder"),  # whether or not there is such a file
    ("link.mire", "a file outside the save's folder"),  # a link in the folder to the file elsewhere
])
def test_a_save_names_no_rules_file_outside_its_folder(tmp_path, written, said):
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    (elsewhere / "rules.mire").write_text(RULES.replace("Beside the save", "PRIVATE TITLE"))
    folder = tmp_path / "saves"
    (folder / "sub").mkdir(parents=True)
    os.symlink(elsewhere / "rules.mire", folder / "link.mire")
    if written == "ABSOLUTE":
        written = str(elsewhere / "rules.mire")
    save = write_save(folder / "s.json", game=written)
    with pytest.raises(SaveError) as refused:
        restore(str(save))
    assert said in str(refused.value) and "\n" not in str(refused.value)
    status, out = invoke(["replay", str(save)])
    assert status == 1 and said in out and "PRIVATE TITLE" not in out


def test_a_save_names_a_rules_file_in_its_folder_or_below_by_its_path_from_there(tmp_path, monkeypatch):
    (tmp_path / "rules").mkdir()
    (tmp_path / "rules" / "g.mire").write_text(RULES)
    elsewhere = tmp_path / "work"
    elsewhere.mkdir()
    monkeypatch.chdir(elsewhere)  # the working folder plays no part
    save = write_save(tmp_path / "s.json", game="rules/g.mire", moves=["place b2"])
    game, ref, saved, state, movers = restore(str(save))
    assert game.title == "Beside the save" and ref == str((tmp_path / "rules" / "g.mire").resolve())
    assert state.history == ["place b2"]


def test_an_older_save_naming_its_game_by_an_absolute_path_or_from_the_working_folder_still_loads(
        tmp_path, monkeypatch):
    (tmp_path / "saves").mkdir()
    (tmp_path / "saves" / "g.mire").write_text(RULES)
    monkeypatch.chdir(tmp_path)
    for written in (str(tmp_path / "saves" / "g.mire"), "saves/g.mire"):
        save = write_save(tmp_path / "saves" / "s.json", game=written)
        assert restore(str(save))[0].title == "Beside the save"


def test_the_repl_saves_a_rules_file_by_its_path_from_the_save_and_refuses_a_save_that_could_not_load(
        tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    (tmp_path / "rules").mkdir()
    (tmp_path / "rules" / "g.mire").write_text(RULES)
    (tmp_path / "other").mkdir()
    status, out = invoke(["play", "rules/g.mire", "--seed", "3"], "b2\nsave g.json\nsave rules/deep.json\n"
                                                                   "save other/x.json\na1\nmoves\nquit\n")
    assert "saved g.json (1 move)" in out and "saved rules/deep.json (1 move)" in out
    assert json.loads((tmp_path / "g.json").read_text())["game"] == "rules/g.mire"
    assert json.loads((tmp_path / "rules" / "deep.json").read_text())["game"] == "g.mire"
    said = " ".join(out.split())  # (the REPL wraps its lines)
    refusal = (f"cannot save other/x.json: the game's rules file is not in that folder or below it, and a save names "
               f"its game's file from its own folder (save in {tmp_path / 'rules'} or a folder above it)")
    # (a long temporary folder is cut where the terminal's width ends, inside the path: compared without spaces)
    assert "".join(refusal.split()) in "".join(out.split())
    assert not (tmp_path / "other" / "x.json").exists()
    assert "2> a1 2 plays place a1" in said  # the game went on
    status, out = invoke(["replay", "rules/deep.json"])
    assert status == 0 and "Beside the save: 2 players, seed 3, 1 move" in out


def test_the_repl_load_of_a_save_naming_a_file_elsewhere_says_why_and_the_game_goes_on(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    (tmp_path / "secret.mire").write_text(RULES)
    (tmp_path / "in").mkdir()
    write_save(tmp_path / "in" / "s.json", game="../secret.mire")
    status, out = invoke(["play", "tic-tac-toe", "--seed", "1"], "load in/s.json\nb2\nmoves\nquit\n")
    said = " ".join(out.split())  # (the REPL wraps its lines)
    assert "cannot load in/s.json: 'game' is '../secret.mire', a file outside the save's folder" in said
    assert status == 0 and "O> quit" in said  # b2 was played after it


# ---------------------------------------------------------------- what the players bring

def hand_game(tmp_path: Path, cards: int) -> Path:
    rules = tmp_path / "hands.mire"
    rules.write_text('game "Hands"\nplayers 2\nboard mat: grid 3 x 3\npiece card(name: text key, number: int key)\n'
                     'zone collection per player secret\nzone hand per player private\n'
                     'pieces card in collection for each player from "cards.csv"\ninput hand: 3 card from collection\n'
                     '\naction place(c in mover.hand, s in mat where empty(s)):\n    move c to s\n')
    (tmp_path / "cards.csv").write_text("name,number\n" + "".join(f"card number {i:05d},{i + 1}\n"
                                                                   for i in range(cards)))
    return rules


def test_a_hand_of_unknown_names_tells_the_first_problems_and_searches_only_for_those(tmp_path, monkeypatch):
    game = load_game(str(hand_game(tmp_path, 300)))
    searches = []
    real = construction.did_you_mean
    monkeypatch.setattr(construction, "did_you_mean", lambda name, names: searches.append(name) or real(name, names))
    lines = [(n, f"card number {n:05d}x") for n in range(1, 101)]
    with pytest.raises(InputError) as refused:
        game.new_state(seed=1, players=2, inputs={"hand": {0: lines}})
    assert len(refused.value.problems) == MAX_INPUT_PROBLEMS == 20 and refused.value.more == 80
    assert len(searches) == 20
    assert refused.value.problems[0] == ("1's hand, line 1: there is no card 'card number 00001x' in the "
                                         "collection (did you mean 'card number 00001'?)")
    assert str(refused.value).endswith("\n... and 80 more")


def test_a_hand_file_of_thousands_of_bad_lines_prints_twenty_and_a_count(tmp_path):
    hand_game(tmp_path, 50)
    (tmp_path / "h.txt").write_text("y" * 90_000 + "\n" + "x\n" * 4000)  # (a hand file has at most 100,000 bytes)
    status, out = run(["play", "hands.mire", "--seed", "1", "--hand", "1=h.txt"], tmp_path, "quit\n")
    lines = out.splitlines()
    assert status == 2 and len(lines) == 21, out[-3000:]
    assert lines[0] == f"error: h.txt: 1's hand, line 1: there is no card '{'y' * 57}...' in the collection"
    assert lines[1] == "error: h.txt: 1's hand, line 2: there is no card 'x' in the collection"
    assert lines[-1] == "error: ... and 3981 more"


def test_a_long_name_is_quoted_short(tmp_path):
    game = load_game(str(hand_game(tmp_path, 5)))
    with pytest.raises(InputError) as refused:
        game.new_state(seed=1, players=2, inputs={"hand": {0: [(1, "z" * 99_000)]}})
    assert refused.value.problems == [f"1's hand, line 1: there is no card '{'z' * 57}...' in the collection"]


def test_one_card_named_thousands_of_times_is_matched_once(tmp_path):
    game = load_game(str(hand_game(tmp_path, 5)))
    lines = [(n, "card number 00001") for n in range(1, 3001)]
    with pytest.raises(InputError) as refused:
        game.new_state(seed=1, players=2, inputs={"hand": {0: lines}})
    assert refused.value.more == 2999 - MAX_INPUT_PROBLEMS
    assert refused.value.problems[0].endswith("line 2: 'card number 00001' is already in the hand (line 1); a hand "
                                              "holds each card once")


def test_a_save_bringing_thousands_of_unknown_inputs_is_refused_in_one_bounded_line(tmp_path):
    hand_game(tmp_path, 50)
    zones = {f"zone{i}" + "q" * 500: {"1": [[1, "x"]]} for i in range(3000)}
    write_save(tmp_path / "s.json", game="hands.mire", inputs=zones)
    status, out = invoke(["replay", str(tmp_path / "s.json")])
    assert status == 1 and out.count("\n") == 1 and len(out) < 5000, len(out)
    assert out.startswith(f"cannot replay {tmp_path / 's.json'}: what the players brought is refused: Hands takes "
                          f"no 'zone0{'q' * 52}...' from the players (it takes: hand); ")
    assert out.endswith("; ... and 2980 more\n")


# ---------------------------------------------------------------- position files

class CountingList(list):
    """A list that counts the items walked through it."""
    walked = 0

    def __iter__(self):
        for item in super().__iter__():
            CountingList.walked += 1
            yield item


def test_arranging_a_board_full_of_one_symbol_walks_the_pieces_once(tmp_path):
    rules = tmp_path / "g.mire"
    rules.write_text('game "Cards on a mat"\nplayers 2\nboard mat: grid 20 x 20\n'
                     'piece card(name: text key, level: int)\npieces card from "cards.csv"\n\n'
                     'action place(c in mat where empty(c)):\n    pass\n')
    (tmp_path / "cards.csv").write_text("name,level\n" + "".join(f"c{i},{2 if i < 600 else 1}\n" for i in range(1000)))
    state = load_game(str(rules)).new_state(seed=1, players=2)
    state.kind_pieces["card"] = CountingList(state.kind_pieces["card"])
    CountingList.walked = 0
    text = "position of g\nA = card(level: 1)\nB = card(level: 2)\nmat:\n" + \
           "".join(" ".join("A" if (x + y) % 2 else "B" for x in range(20)) + "\n" for y in range(20))
    arrange(state, parse_position(text, "p.pos"), "p.pos")
    # once for the one set of attributes the legend picks by (level), once to note what each seat sees of the
    # position (State.forget_unseen): never once a symbol
    assert CountingList.walked == 2000
    assert sorted(p.attrs["level"] for sp in state.boards["mat"].spaces for p in sp.pieces) == [1] * 200 + [2] * 200


def test_a_legend_picks_pieces_by_known_attributes_only(tmp_path):
    state = load_game(str(hand_game(tmp_path, 5))).new_state(seed=1, players=2)
    text = "position of hands\nA = card(nmae: x)\nmat:\nA . .\n. . .\n. . .\n"
    with pytest.raises(PositionError) as refused:
        arrange(state, parse_position(text, "p.pos"), "p.pos")
    assert str(refused.value) == "p.pos:2: a card has no attribute 'nmae' (did you mean 'name'?)"


def test_a_legend_picks_one_kinds_pieces_by_at_most_16_sets_of_attributes(tmp_path):
    from itertools import combinations
    rules = tmp_path / "g.mire"
    rules.write_text('game "Five"\nplayers 2\nboard mat: grid 6 x 6\n'
                     'piece card(a: int, b: int, c: int, d: int, e: int)\npieces card from "cards.csv"\n\n'
                     'action place(c in mat where empty(c)):\n    pass\n')
    (tmp_path / "cards.csv").write_text("a,b,c,d,e\n" + "1,1,1,1,1\n" * 40)
    sets = [names for size in (1, 2, 3) for names in combinations("abcde", size)][:17]
    symbols = [f"S{i}" for i in range(17)]
    legend = "".join(f"{sym} = card({', '.join(f'{n}: 1' for n in names)})\n" for sym, names in zip(symbols, sets))
    row_symbols = symbols + ["."] * (36 - 17)
    rows = "".join(" ".join(row_symbols[y * 6:(y + 1) * 6]) + "\n" for y in range(6))
    state = load_game(str(rules)).new_state(seed=1, players=2)
    with pytest.raises(PositionError) as refused:
        arrange(state, parse_position(f"position of g\n{legend}mat:\n{rows}", "p.pos"), "p.pos")
    assert str(refused.value) == "p.pos:18: the legend picks card pieces by more than 16 different sets of attributes"
    state = load_game(str(rules)).new_state(seed=1, players=2)
    rows = rows.replace("S16", ".")
    arrange(state, parse_position(f"position of g\n{legend}mat:\n{rows}", "p.pos"), "p.pos")
    assert sum(len(sp.pieces) for sp in state.boards["mat"].spaces) == 16


@pytest.mark.parametrize("line, said", [
    ("turn: \u00b2", "p.pos:2: `turn:` is followed by a whole number"),
    ("turn: -3", "p.pos:2: `turn:` is followed by a whole number"),
    ("turn: yes", "p.pos:2: `turn:` is followed by a whole number"),
    ("turn: " + "9" * 5000, "p.pos:2: a number has at most 15 digits, and this one has 5,000"),
    ("x = " + "9" * 5000, "p.pos:2: a number has at most 15 digits, and this one has 5,000"),
    ("x = --5", None),  # not a number: a piece kind's name, which the arranger refuses
    ("A = mark(n: " + "9" * 5000 + ")", "p.pos:2: a number has at most 15 digits, and this one has 5,000"),
])
def test_a_position_with_odd_numbers_is_refused_with_a_reason(line, said):
    if said is None:
        pos = parse_position(f"position of tic-tac-toe\n{line}\n", "p.pos")
        assert pos.legend["x"].kind == "--5"
        return
    with pytest.raises(PositionError) as refused:
        parse_position(f"position of tic-tac-toe\n{line}\n", "p.pos")
    assert str(refused.value) == said


def test_a_position_file_with_a_superscript_turn_is_a_usage_error(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    Path("p.txt").write_text("position of tic-tac-toe\nturn: \u00b2\n")
    status, out = invoke(["perft", "tic-tac-toe", "--depth", "1", "--position", "p.txt"])
    assert status == 2 and "Invalid value for --position: p.txt:2: `turn:` is followed by a whole number" in out
    assert "internal error" not in out


# ---------------------------------------------------------------- numbers in saves, codes

@pytest.mark.parametrize("fields, said", [
    ({"seed": "SEED"}, "'seed' must be a whole number (of at most 18 digits)"),
    ({"players": "SEED"}, "'players' must be a whole number"),
    ({"position": "position of tic-tac-toe\nturn: \u00b2\n"}, "its position:2: `turn:` is followed by a whole number"),
    ({"position": "position of tic-tac-toe\nturn: " + "9" * 5000 + "\n"},
     "its position:2: a number has at most 15 digits, and this one has 5,000"),
    ({"inputs": {"hand": {"1": [["SEED", "x"]]}}}, "'inputs' of 'hand' for seat 1 must be a list of [line number, "
                                                   "text]"),
])
def test_a_save_with_odd_numbers_is_refused_with_a_reason(tmp_path, fields, said):
    text = json.dumps({**TTT_SAVE, "game": "tic-tac-toe", **fields}).replace('"SEED"', "9" * 5000)
    (tmp_path / "s.json").write_text(text)
    with pytest.raises(SaveError) as refused:
        read_save(str(tmp_path / "s.json"))
    assert str(refused.value) == said


@pytest.mark.parametrize("save", ["position_superscript", "seed_5000_digits"])
def test_loading_a_save_with_odd_numbers_in_a_game_keeps_the_game(tmp_path, monkeypatch, save):
    monkeypatch.chdir(tmp_path)
    odd = {"position_superscript": {"position": "position of tic-tac-toe\nturn: \u00b2\n"},
           "seed_5000_digits": {"seed": "SEED"}}[save]
    (tmp_path / "s.json").write_text(json.dumps({**TTT_SAVE, "game": "tic-tac-toe", **odd})
                                     .replace('"SEED"', "9" * 5000))
    status, out = invoke(["play", "tic-tac-toe", "--seed", "1"], "b2\nload s.json\na1\nhistory\nquit\n")
    assert status == 0 and "cannot load s.json: " in out and "internal error" not in out
    assert "2. O plays place a1" in out


def test_a_load_that_fails_in_a_way_no_check_foresaw_keeps_the_game(tmp_path, monkeypatch):
    import mire.cli.play as play_module

    def unreadable(path):
        raise ValueError("invalid literal for int() with base 10")
    monkeypatch.setattr(play_module, "restore", unreadable)
    status, out = invoke(["play", "tic-tac-toe", "--seed", "1"], "b2\nload s.json\na1\nhistory\nquit\n")
    assert status == 0 and "cannot load s.json: it holds a value mire cannot read" in out
    assert "int()" not in out and "2. O plays place a1" in out


@pytest.mark.parametrize("code, said", [
    ("\u00b2", "unknown code \u00b2\n"),
    ("9" * 5000, f"unknown code {'9' * 37}...\n"),
])
def test_explain_refuses_odd_codes_in_one_short_line(code, said):
    status, out = invoke(["explain", code])
    assert status == 1 and out == said


def test_explain_reads_a_codes_number_in_any_decimal_digits():
    status, out = invoke(["explain", "\u0662"])  # Arabic-Indic 2
    assert status == 0 and out == invoke(["explain", "E002"])[1]


# ---------------------------------------------------------------- replays, bounded (issue 32, round 3, point 4)

def test_a_replay_of_a_long_save_is_bounded_in_output_and_a_save_in_moves(tmp_path, monkeypatch):
    """A save comes from anyone: `mire replay` tells the first moves with their boards, then the moves' lines, then
    how many more there were and the last board; a save of more moves than a game is played in is refused."""
    from mire.cli.play import REPLAY_BOARDS, REPLAY_LINES
    from mire.cli.savefile import MAX_SAVE_MOVES
    monkeypatch.chdir(tmp_path)
    (tmp_path / "endless.mire").write_text((HOSTILE / "endless_game.mire").read_text())
    moves = ["go 1"] * (REPLAY_LINES + 500)
    write_save(tmp_path / "long.json", game="endless.mire", moves=moves)
    status, out = invoke(["replay", "long.json"])
    assert status == 0, out[-2000:]
    assert f"{REPLAY_LINES}. " in out and f"{REPLAY_LINES + 1}. " not in out
    assert "(500 more moves not told; the board after the last move:)" in out
    assert out.rstrip().endswith(f"the game is not over: {'1' if len(moves) % 2 == 0 else '2'} to move")
    short = invoke(["replay", str(write_save(tmp_path / "short.json", game="endless.mire", moves=moves[:10]))])[1]
    per_board = len(short) / 10   # (a move's line and its board)
    assert len(out) < REPLAY_BOARDS * per_board + REPLAY_LINES * 40 + 10 * per_board
    write_save(tmp_path / "huge.json", game="endless.mire", moves=["go 1"] * (MAX_SAVE_MOVES + 1))
    status, out = invoke(["replay", "huge.json"])
    assert status == 1 and f"a save holds at most {MAX_SAVE_MOVES:,} moves, and this one has {MAX_SAVE_MOVES + 1:,}" \
        in out
