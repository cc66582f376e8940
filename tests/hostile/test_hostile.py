"""Hostile rules files, data files, hands and saves (tests/hostile/): each gets a clear diagnostic or a located
rule error, within a memory cap and a time limit, prints no raw control character, and makes the process read
or write nothing outside the test's folder (but Python and Mire themselves)."""
import importlib
import json
import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from mire.grammar.frontend import games_dir
from mire.grammar.wording import INVISIBLE

HOSTILE = Path(__file__).parents[1] / "hostile"
MEMORY_MB = 1500
SECONDS = 60

# name: (files of tests/hostile/ to bring, the command, exit status, what the output says)
CASES = {
    # a rule reaching the objects of the engine
    "dunder attribute": (["dunder_attribute.mire"], ["simulate", "game/dunder_attribute.mire", "-n", "1"], 1,
                         "nothing in this game has an attribute '__class__'"),
    "assign through an untyped parameter": (["assign_engine_object.mire"],
                                            ["simulate", "game/assign_engine_object.mire", "-n", "1"], 1,
                                            "'owner' of a zone cannot be set"),
    "index a player": (["index_an_object.mire"], ["simulate", "game/index_an_object.mire", "-n", "1"], 1,
                       "only a list can be indexed"),
    # tiny files that would make `check` run away
    "constants doubling numbers": (["constant_doubling.mire"], ["check", "game/constant_doubling.mire"], 1,
                                   "error[E073]: constant 'c12' cannot be computed: a number grew past 1000 digits"),
    "constants doubling texts": (["constant_text_doubling.mire"], ["check", "game/constant_text_doubling.mire"], 1,
                                 "a text grew past 10000 characters"),
    "a table of a hundred million pieces": (["table_count_huge.mire"], ["check", "game/table_count_huge.mire"], 1,
                                            "error[E072]"),
    "ninety-nine million players": (["players_huge.mire"], ["check", "game/players_huge.mire"], 1,
                                    "error[E044]: a game has 1 to 8 players, not 99999999"),
    "boards of every player": (["many_boards.mire"], ["check", "game/many_boards.mire"], 1, "error[E072]"),
    "a data file that is a pipe": (["data_fifo.mire"], ["check", "game/data_fifo.mire"], 1,
                                   "cannot read data file 'fifo.csv': it is not a file"),
    # legal files that explode when played
    "squaring a number": (["repeat_square.mire"], ["simulate", "game/repeat_square.mire", "-n", "1"], 1,
                          "a number grew past 1000 digits"),
    "doubling a text": (["repeat_text.mire"], ["simulate", "game/repeat_text.mire", "-n", "1"], 1,
                        "a text grew past 10000 characters"),
    "a text written out too long": (["long_literal.mire"], ["simulate", "game/long_literal.mire", "-n", "1"], 1,
                                    "a text grew past 10000 characters"),
    "doubling a list": (["repeat_list.mire"], ["simulate", "game/repeat_list.mire", "-n", "1"], 1,
                        "a list grew past 10000 items"),
    "three parameters over 64 x 64": (["three_parameters.mire"], ["simulate", "game/three_parameters.mire", "-n", "1"],
                                      1, "more than 200000 steps"),
    "an area growing 20,000 spaces": (["area_growth.mire"], ["simulate", "game/area_growth.mire", "-n", "1"], 1,
                                      "would grow past 10000 spaces"),
    "a chain of defs doubling their work": (["def_chain.mire"], ["simulate", "game/def_chain.mire", "-n", "1"], 1,
                                            "more than 200000 steps"),
    "a place of 10,000 pieces asked about in a loop": (["place_scan.mire"],
                                                       ["simulate", "game/place_scan.mire", "-n", "1"], 0,
                                                       "draws: 1 (100.0%)"),
    "a kind of 10,000 pieces counted in a loop": (["kind_scan.mire"], ["simulate", "game/kind_scan.mire", "-n", "1"],
                                                  1, "more than 200000 steps in one move (kind_scan.mire:10017)"),
    "an area of 9,000 spaces found again in a loop": (["area_scan.mire"],
                                                      ["simulate", "game/area_scan.mire", "-n", "1"], 1,
                                                      "more than 200000 steps in one move (area_scan.mire:15)"),
    "a zone of 2,000 shuffled in a loop": (["shuffle_loop.mire"], ["simulate", "game/shuffle_loop.mire", "-n", "1"],
                                           1, "more than 200000 steps in one move (shuffle_loop.mire:2018)"),
    "2,000 pieces moved back and forth": (["move_loop.mire"], ["simulate", "game/move_loop.mire", "-n", "1"], 1,
                                          "more than 200000 steps in one move (move_loop.mire:2017)"),
    "a log that grows with every move": (["log_growth.mire"], ["arena", "game/log_growth.mire", "-n", "1"], 1,
                                         "a game's log holds at most 2000000 characters (log_growth.mire:13)"),
    "a random number drawn 150,000 times a move": (["rng_journal.mire"],
                                                    ["simulate", "game/rng_journal.mire", "-n", "1"], 1,
                                                    "a game keeps at most 1000000 changes to undo"),
    "a number changed 190,000 times a move": (["journal_growth.mire"],
                                              ["simulate", "game/journal_growth.mire", "-n", "1"], 1,
                                              "a game keeps at most 1000000 changes to undo (each item of an old "
                                              "list counted) (journal_growth.mire:6)"),
    "new lists of 45,000 numbers every move": (["old_lists.mire"], ["simulate", "game/old_lists.mire", "-n", "1"], 1,
                                               "a game keeps at most 1000000 changes to undo (each item of an old "
                                               "list counted) (old_lists.mire:7)"),
    "two thousand boards side by side": (["two_thousand_boards.mire"],
                                         ["simulate", "game/two_thousand_boards.mire", "-n", "1", "--max-moves", "2"],
                                         0, "unfinished after 2 moves: 1 (100.0%)"),
    "lists holding one long list many times, compared": (["nested_lists.mire"],
                                                          ["simulate", "game/nested_lists.mire", "-n", "1"], 1,
                                                          "more than 200000 steps in one move (nested_lists.mire:17)"),
    # (played by the arena's bots, which keep the log: its line is the list's text, cut short)
    "the text of a list holding one long list many times": (["nested_text.mire"],
                                                            ["arena", "game/nested_text.mire", "-n", "1"], 0,
                                                            "random#1"),
    "a position of repetitions holding one long list many times": (["repetition_key.mire"],
                                                                   ["simulate", "game/repetition_key.mire", "-n", "1"],
                                                                   1, "more than 200000 steps in one move"),
    "a chain of procs doubling their work": (["proc_chain.mire"], ["simulate", "game/proc_chain.mire", "-n", "1"], 1,
                                             "more than 200000 steps"),
    "a recursive def in a trigger": (["recursive_trigger.mire"],
                                     ["simulate", "game/recursive_trigger.mire", "-n", "1"], 1,
                                     "calls itself without end"),
    # (played by the arena's bots: a series of random movers through `simulate` keeps no log while it plays)
    "a flood of log lines": (["log_flood.mire"], ["arena", "game/log_flood.mire", "-n", "1"], 1,
                             "more than 200000 steps"),
    "a graph line written 500 times": (["graph_flood.mire"], ["simulate", "game/graph_flood.mire", "-n", "1"], 1,
                                       "more than 200000 steps"),
    "a flood of pieces": (["place_flood.mire"], ["simulate", "game/place_flood.mire", "-n", "1"], 1,
                          "a game has at most 100000 pieces"),
    "a recursive def squaring": (["recursive_square.mire"], ["simulate", "game/recursive_square.mire", "-n", "1"], 1,
                                 "a number grew past 1000 digits"),
    "an offset squaring": (["offset_square.mire"], ["simulate", "game/offset_square.mire", "-n", "1"], 1,
                           "a number grew past 1000 digits"),
    "a range down from a hundred million": (["range_down_huge.mire"],
                                            ["simulate", "game/range_down_huge.mire", "-n", "1"], 1,
                                            "a range (`downto`) is longer than 200000"),
    "a proc giving its value by calling itself": (["proc_value_recursion.mire"],
                                                  ["simulate", "game/proc_value_recursion.mire", "-n", "1"], 1,
                                                  "calls itself without end"),
    # an option's number: untrusted input, from the command line or a save
    "an option's number of 5,000 digits": (["option_size.mire"],
                                           ["simulate", "game/option_size.mire", "-n", "1", "--option",
                                            "size=" + "9" * 5000], 2,
                                           "option 'size' is a number from 5 to 19, not '99999999999999999999...'"),
    "an option's range past the boards' limit": (["option_range_huge.mire"], ["check", "game/option_range_huge.mire"],
                                                 1, "error[E072]: with size = 99999, the boards have more than"),
    "a save with an option out of its range": (["option_size.mire", "save_option_out_of_range.json"],
                                               ["replay", "game/save_option_out_of_range.json"], 1,
                                               "option 'size' is a number from 5 to 19, not '100000'"),
    # files outside the game's folder
    "a variant of a file elsewhere": (["variant_of_elsewhere.mire"], ["check", "game/variant_of_elsewhere.mire"], 1,
                                      "error[E090]: no game named 'secret'"),
    "an option that uses a path": (["uses_a_path.mire"], ["check", "game/uses_a_path.mire"], 1,
                                   "error[E063]: option 'leak' uses '../../etc/passwd', but"),
    "options that use each other": (["uses_a_circle.mire", "uses_a_circle_back.mire"],
                                    ["check", "game/uses_a_circle.mire"], 1,
                                    "uses 'uses_a_circle_back', whose options lead back to 'uses_a_circle'"),
    "a save that names /etc/passwd": (["save_etc_passwd.json"], ["replay", "game/save_etc_passwd.json"], 1,
                                      "'game' is '/etc/passwd', which is neither a bundled game nor a .mire file"),
    "a save that names a relative file": (["save_relative.json"], ["replay", "game/save_relative.json"], 1,
                                          "which is neither a bundled game nor a .mire file"),
    "a folder named like a bundled game": ([], ["check", "tic-tac-toe"], 0, "ok: tic-tac-toe"),
    # terminal escapes
    "an escape in a title": (["title_escape.mire"], ["check", "game/title_escape.mire"], 1,
                             "error[E008]: this text holds the character '\\x1b'"),
    "a raw escape in a title": (["title_raw_escape.mire"], ["check", "game/title_raw_escape.mire"], 1,
                                "error[E008]"),
    "a new line in a log text": (["log_newline.mire"], ["check", "game/log_newline.mire"], 1,
                                 "holds the character '\\n'"),
    "an escape in a comment": (["comment_escape.mire"], ["check", "game/comment_escape.mire"], 1,
                               "# \\x1b]52;c;cm0gLXJmIH4=\\x07 a clipboard write"),
    "an escape in a data file": (["data_escape.mire", "escape.csv"], ["check", "game/data_escape.mire"], 1,
                                 "game/escape.csv:3:1: error[E008]"),
    "a bidi override in a title": (["bidi_override.mire"], ["check", "game/bidi_override.mire"], 1,
                                   "holds the character '\\u202e'"),
    "an escape in a hand": (["hand_escape.txt"], ["play", "mudwater", "--hand", "1=game/hand_escape.txt"], 2,
                            "line 2: the character '\\x1b' is in no card's name"),
    "an escape in a save": (["save_escape.json"], ["replay", "game/save_escape.json"], 1,
                            "it holds the character '\\x1b', which no move or name has"),
    # what used to be internal errors
    "an expression 200 deep": (["deep_expression.mire"], ["check", "game/deep_expression.mire"], 1,
                               "error[E071]: this expression nests more than 32 levels deep"),
    "5,000 nested nots": (["nested_not.mire"], ["check", "game/nested_not.mire"], 1, "error[E009]"),
    "a number of 5,000 digits": (["big_literal.mire"], ["check", "game/big_literal.mire"], 1,
                                 "error[E070]: this number has 5000 digits"),
    "a bad escape": (["bad_escape.mire"], ["check", "game/bad_escape.mire"], 1,
                     "error[E008]: this text has an escape that Mire cannot read"),
    "a lone surrogate": (["lone_surrogate.mire"], ["check", "game/lone_surrogate.mire"], 1,
                         "holds the character '\\ud800'"),
    "constants made of each other": (["constant_circle.mire"], ["check", "game/constant_circle.mire"], 1,
                                     "error[E034]: constant 'a' is made of itself (a -> b -> a)"),
    "odd numbers in a data file": (["data_odd_numbers.mire", "odd.csv"], ["check", "game/data_odd_numbers.mire"], 1,
                                   "error[E041]: 'n' is a whole number, not '²'"),
    "a save nested 100,000 deep": (["save_deep.json"], ["replay", "game/save_deep.json"], 1,
                                   "its JSON nests too deeply to be a save file"),
    "a save of 11 MB": ([], ["replay", "game/huge.json"], 1, "it is larger than 10,000,000 bytes"),
    "a save with a huge seed": (["save_huge_seed.json"], ["replay", "game/save_huge_seed.json"], 1,
                                "'seed' must be a whole number (of at most 18 digits)"),
    # memory running out (here the journal of a hundred moves of 190,000 steps; once the engine bounds it, a rule
    # error): one line that starts `error: `, never a traceback (tests/hostile/test_cli_hostile.py pins the line)
    # links in the game's folder ("LINK->TARGET": a link made beside the game)
    "a variant of a link to a file elsewhere": (["variant_of_a_link.mire", "leak.mire->../secret.mire"],
                                                ["check", "game/variant_of_a_link.mire"], 1,
                                                "variant_of_a_link.mire:1:1: error[E064]: 'leak.mire' leads "
                                                "outside the game's folder"),
    "an option that uses a link to a file elsewhere": (["uses_a_link.mire", "leak.mire->../secret.mire"],
                                                       ["check", "game/uses_a_link.mire"], 1,
                                                       "uses_a_link.mire:5:1: error[E063]: option 'leak' uses "
                                                       "'leak', but 'leak.mire' leads outside the game's folder"),
    "a data file that is a loop of links": (["data_link_loop.mire", "loop.csv->loop.csv"],
                                            ["check", "game/data_link_loop.mire"], 1,
                                            "error[E043]: cannot read data file 'loop.csv': there is no such file"),
    "a save that names a link to a file of another kind": (["save_a_link.json", "leak.mire->/etc/hostname"],
                                                           ["replay", "game/save_a_link.json"], 1,
                                                           "'game' is 'leak.mire', a link to a file that is not "
                                                           "a .mire file"),
    # options whose variants' options use the next file, 40 times at each of 4 levels, the last file broken
    "options using a broken variant 40^4 ways": ([f"uses_chain_{i}.mire" for i in range(5)],
                                                 ["check", "game/uses_chain_0.mire"], 1,
                                                 "uses_chain_0.mire:43:1: error[E063]: option 'o39' uses "
                                                 "'uses_chain_1', but 'uses_chain_1' has errors of its own"),
    # the plane all boards share, which `path` walks step by step
    "a board placed a hundred million columns out": (["plane_far.mire"], ["check", "game/plane_far.mire"], 1,
                                                     "plane_far.mire:3:1: error[E049]: board 'cells' reaches column "
                                                     "or row 200000000 of the plane, and the boards lie within "
                                                     "-4096..4096"),
    "2,100 boards side by side": (["boards_side_by_side.mire"], ["check", "game/boards_side_by_side.mire"], 1,
                                  "error[E049]: board 'b2100' reaches column or row 4199 of the plane"),
    "a board placed by counting its spaces": (["placement_reads_state.mire"],
                                              ["check", "game/placement_reads_state.mire"], 1,
                                              "placement_reads_state.mire:3:29: error[E049]: a board's position on "
                                              "the plane is worked out before the game starts"),
    # analyses bounded in work (each listing here is 49,152 moves; the default bound is 100,000,000 steps)
    "a perft two deep of 49,152 moves a turn": (["perft_wide.mire"],
                                                ["perft", "game/perft_wide.mire", "--depth", "2", "--jobs", "1",
                                                 "--max-work", "20000000"], 1,
                                                "Hostile: perft stopped: it takes more than 20,000,000 steps "
                                                "(--max-work raises the bound)"),
    "an exact solution of millions of positions": (["solve_many_positions.mire"],
                                                   ["solve", "game/solve_many_positions.mire", "--exact",
                                                    "--max-work", "20000000"], 1,
                                                   "Hostile: solve stopped: it takes more than 20,000,000 steps"),
    # operators on values of no known type (a def called with a number and with a text): never Python's own
    "a terminal escape made by formatting untyped texts": (
        ["untyped_format.mire"], ["arena", "game/untyped_format.mire", "-n", "1"], 1,
        "error: a rule failed: `%` works on numbers, but this is a text (untyped_format.mire:18)"),
    "an untyped format 400,000,000 wide": (
        ["untyped_format_width.mire"], ["simulate", "game/untyped_format_width.mire", "-n", "1"], 1,
        "error: a rule failed: `%` works on numbers, but this is a text (untyped_format_width.mire:15)"),
    "an untyped text times a hundred million": (
        ["untyped_text_times.mire"], ["simulate", "game/untyped_text_times.mire", "-n", "1"], 1,
        "error: a rule failed: `*` works on numbers, but this is a text (untyped_text_times.mire:15)"),
    "an untyped list times a hundred million": (
        ["untyped_list_times.mire"], ["simulate", "game/untyped_list_times.mire", "-n", "1"], 1,
        "error: a rule failed: `*` works on numbers, but this is a list of int (untyped_list_times.mire:15)"),
    "an untyped text of 30 million digits divided": (
        ["untyped_divide_text.mire"], ["simulate", "game/untyped_divide_text.mire", "-n", "1"], 1,
        "error: a rule failed: `/` works on numbers, but this is a text (untyped_divide_text.mire:17)"),
    "untyped lists of 50,000,000 numbers ordered": (
        ["untyped_lists_ordered.mire"], ["simulate", "game/untyped_lists_ordered.mire", "-n", "1"], 1,
        "error: a rule failed: `<` compares numbers, but this is a list of list of int "
        "(untyped_lists_ordered.mire:20)"),
    "untyped lists of 50,000,000 numbers compared": (
        ["untyped_lists_unequal.mire"], ["simulate", "game/untyped_lists_unequal.mire", "-n", "1"], 1,
        "error: a rule failed: a rule ran more than 200000 steps in one move (untyped_lists_unequal.mire:20)"),
    "untyped lists as the keys of a sort": (
        ["untyped_sort_keys.mire"], ["simulate", "game/untyped_sort_keys.mire", "-n", "1"], 1,
        "error: a rule failed: a list is sorted by numbers or texts, but this is a list of list of int "
        "(untyped_sort_keys.mire:19)"),
    # an untyped value kept where a type is declared: the typed rules reading it would format a text
    "an untyped text kept in a variable of numbers": (
        ["typed_var_untyped_text.mire"], ["simulate", "game/typed_var_untyped_text.mire", "-n", "1"], 1,
        "error: a rule failed: the new value of 'n' should be an int, but this is a text "
        "(typed_var_untyped_text.mire:15)"),
    "an untyped text given to a parameter of numbers": (
        ["typed_param_untyped_text.mire"], ["simulate", "game/typed_param_untyped_text.mire", "-n", "1"], 1,
        "error: a rule failed: the argument 'a' of 'h' should be an int, but this is a text "
        "(typed_param_untyped_text.mire:22)"),
    # long fractions: their partial sums, and what sorting and hashing them costs
    "a constant summing fractions of growing denominators": (
        ["fraction_sum_constant.mire"], ["check", "game/fraction_sum_constant.mire"], 1,
        "error[E073]: constant 'S' cannot be computed: a fraction grew past 1000 digits"),
    "a sum of fractions of growing denominators": (
        ["fraction_sum.mire"], ["simulate", "game/fraction_sum.mire", "-n", "1"], 1,
        "error: a rule failed: a fraction grew past 1000 digits (fraction_sum.mire:10)"),
    "10,000 fractions of 1,000 digits sorted 18 times": (
        ["fraction_sort.mire"], ["simulate", "game/fraction_sort.mire", "-n", "1"], 1,
        "error: a rule failed: a rule ran more than 200000 steps in one move (fraction_sort.mire:14)"),
    "10,000 fractions of 1,000 digits made unique 18 times": (
        ["fraction_unique.mire"], ["simulate", "game/fraction_unique.mire", "-n", "1"], 1,
        "error: a rule failed: a rule ran more than 200000 steps in one move (fraction_unique.mire:12)"),
    # lists in lists 20,000 deep: their text, the view and a save would recurse that deep
    "a list put in a list 20,000 times": (
        ["deep_list.mire"], ["simulate", "game/deep_list.mire", "-n", "1"], 1,
        "error: a rule failed: a list nests more than 32 levels deep (deep_list.mire:19)"),
    "a list put in an item of a list 20,000 times": (
        ["deep_item.mire"], ["simulate", "game/deep_item.mire", "-n", "1"], 1,
        "error: a rule failed: a list nests more than 32 levels deep (deep_item.mire:18)"),
    # texts of 3,000 `{...}` each (issue 32): compiled flat, played by the arena's bots (which keep the log, read
    # the labels and the reasons)
    **{f"a {word} text of 3,000 interpolations": ([f"deep_text_{word}.mire"],
                                                   ["arena", f"game/deep_text_{word}.mire", "-n", "1"], 0,
                                                   "Hostile: 1 games, 2 players")
       for word in ("log", "show", "as", "because", "require", "else", "stuck")},
    # names longer than a file's name can be (issue 32): no game of that name, quoted short
    "a variant of a game of a 300-character name": (
        ["long_variant_name.mire"], ["check", "game/long_variant_name.mire"], 1,
        f"long_variant_name.mire:1:1: error[E090]: no game named '{'a' * 57}...'"),
    "an option that uses a game of a 300-character name": (
        ["long_uses_name.mire"], ["check", "game/long_uses_name.mire"], 1,
        f"long_uses_name.mire:5:1: error[E063]: option 'leak' uses '{'a' * 57}...', but there is no game "
        f"'{'a' * 57}...' beside it, nor a bundled one"),
    # characters that show nothing or reorder the text around them (issue 32): refused as the bidi overrides are,
    # and written as escapes in the diagnostic
    **{f"an invisible character in a title ({name.replace('_', ' ')})": (
        [f"invisible_{name}.mire"], ["check", f"game/invisible_{name}.mire"], 1,
        f"invisible_{name}.mire:1:6: error[E008]: this text holds the character '{escaped}', which a text may "
        f"not hold") for name, escaped in [
            ("arabic_letter_mark", "\\u061c"), ("zero_width_space", "\\u200b"), ("zero_width_joiner", "\\u200d"),
            ("word_joiner", "\\u2060"), ("byte_order_mark", "\\ufeff"), ("line_separator", "\\u2028"),
            ("paragraph_separator", "\\u2029"), ("inhibit_symmetric_swapping", "\\u206a")]},
    # Python's words (its classes, its messages) never reach a message
    "a loop through an untyped number": (
        ["wrong_kind.mire"], ["simulate", "game/wrong_kind.mire", "-n", "1"], 1,
        "error: a rule failed: rule 'place' used a value of the wrong kind (went through the items of a number) "
        "(wrong_kind.mire:15)"),
}


def _allowed_prefixes(tmp):
    """Where the process may open files: the test's folder, Mire's own packages, Python's."""
    packages = [importlib.import_module(f"mire{sub}") for sub in ("", ".grammar", ".engine", ".cli", ".games")]
    places = {str(tmp.resolve()), sys.prefix, sys.base_prefix, sys.exec_prefix, "/dev/", "/proc/"}
    places |= {str(Path(p.__file__).resolve().parent) + os.sep for p in packages}
    places |= {p for p in sys.path if p and os.path.isdir(p) and os.path.realpath(p) != os.path.realpath(os.getcwd())}
    places |= set(_mires_cache())
    return tuple(os.path.realpath(p) for p in places)


def _mires_cache() -> list[str]:
    """Mire's own cache folder (the checked games and native modules it keeps: docs/backends.md, "The cache"), where
    the process may write: this session's (conftest.py), never the user's."""
    folder = os.environ.get("MIRE_CACHE_DIR")
    return [os.path.realpath(folder) + os.sep] if folder else []


@pytest.mark.parametrize("case", sorted(CASES))
def test_hostile_input_is_refused_cleanly(case, tmp_path):
    files, args, status, said = CASES[case]
    game = tmp_path / "game"
    game.mkdir()
    for name in files:
        if "->" in name:
            link, target = name.split("->")
            os.symlink(target, game / link)
        else:
            shutil.copy(HOSTILE / name, game / name)
    (tmp_path / "secret.mire").write_text('game "a secret beside the working folder"\n')
    (tmp_path / "tic-tac-toe").mkdir()  # a folder named like a bundled game must change nothing
    if "pipe" in case:
        os.mkfifo(game / "fifo.csv")
    if "11 MB" in case:
        (game / "huge.json").write_text(json.dumps({"format": "mire-save", "moves": ["x" * 1000] * 11_000}))
    log = tmp_path / "opened.log"
    env = dict(os.environ, PYTHONDONTWRITEBYTECODE="1", NO_COLOR="1")
    done = subprocess.run([sys.executable, str(HOSTILE / "run_case.py"), str(log), str(MEMORY_MB), *args],
                          cwd=tmp_path, capture_output=True, text=True, timeout=SECONDS, env=env)
    out = done.stdout + done.stderr
    assert said in out, out[-2000:]
    assert done.returncode == status, out[-2000:]
    assert "Traceback" not in out and "internal error" not in out, out[-2000:]
    assert str(games_dir()) not in out, "a message shows where Mire is installed"
    assert not re.search(f"[\x1b\x07{INVISIBLE}]", out), "a raw control or invisible character reached the terminal"
    opened = [line.split("\t", 1) for line in log.read_text().splitlines()]
    allowed = _allowed_prefixes(tmp_path)
    outside = [path for mode, path in opened if not os.path.realpath(path).startswith(allowed)]
    assert outside == [], f"opened outside the game's folder: {outside}"
    assert not any(path.endswith(("secret.mire", "passwd", "hostname")) for _, path in opened)
    written = [path for mode, path in opened if any(c in mode for c in "wax+")]
    assert all(os.path.realpath(p).startswith((str(tmp_path.resolve()), *_mires_cache())) for p in written), written
