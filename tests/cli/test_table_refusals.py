"""Refusals in the players' words (issue 31, point 5): never a rule's parameter names, the moves now possible
only, a move typed as the game announces it, and a misspelt or many-word name read as a name."""
from click.testing import CliRunner

from mire.cli.main import main


def session(game, lines, *extra) -> str:
    result = CliRunner().invoke(main, ["play", game, "--seed", "1", "--seat", "2=random", *extra],
                                input="\n".join(lines) + "\nquit\n", env={"COLUMNS": "200"})
    assert result.exit_code == 0, result.output
    return result.output


def answer(out: str, typed: str) -> str:
    """The line that answered a typed line."""
    lines = out.splitlines()
    at = next(i for i, line in enumerate(lines) if line.endswith(f"> {typed}"))
    return lines[at + 1]


def test_a_move_cut_short_says_what_comes_next_in_the_games_values():
    out = session("quagmire", ["advance"])
    said = answer(out, "advance")
    assert said == "'advance' is not a whole move: next comes one of your frogs"
    assert " F TO" not in out


def test_the_moves_now_are_those_with_a_legal_move():
    said = answer(session("mudwater", ["plcae 24 a1"]), "plcae 24 a1")
    assert said == "there is no move 'plcae' (did you mean 'place'?); the moves now are place and rock"


def test_a_move_typed_as_the_game_announces_it_is_played():
    out = session("mudwater", ["play 37 on a1"])
    assert "black: play ●Star Jelly I ↑2→3↓2←4 on a1" in out


def test_a_misspelt_name_gets_a_did_you_mean():
    said = answer(session("mudwater", ["place Driftwod a2"]), "place Driftwod a2")
    assert said == "cannot place Driftwod a2: Driftwod is not in your hand (did you mean 'Driftwood'?)"


def test_a_name_of_several_words_is_read_whole():
    said = answer(session("mudwater", ["place The Deckhand a1"]), "place The Deckhand a1")
    assert said == "cannot place The Deckhand a1: The Deckhand is not in your hand"


def test_too_many_words_show_a_move_as_it_is_typed():
    said = answer(session("mudwater", ["place 37 a1 b2"]), "place 37 a1 b2")
    assert said == "'place Star Jelly-37 a1 b2' has more than a place move takes, as in 'place Star Jelly-37 a1'"


def test_a_lone_column_letter_is_the_one_drop_into_it():
    out = CliRunner().invoke(main, ["play", "connect-four", "--seed", "1", "--seat", "2=random"],
                             input="d\nquit\n").output
    assert "red> d\nred plays drop d1\n" in out, out


def test_history_tells_a_move_whole_with_the_choices_in_its_middle():
    from pathlib import Path
    gift = str(Path(__file__).parents[1] / "games" / "gift.mire")
    out = CliRunner().invoke(main, ["play", gift, "--seed", "1"],
                             input="give\n1\n\ngive\n1\n\nhistory\nquit\n", env={"COLUMNS": "80"}).output
    told = out[out.rindex("> history\n") + len("> history\n"):].splitlines()
    assert told[:2] == ["1. 1 plays give, then chooses 1", "2. 2 plays give, then chooses 1"], out


def test_a_move_typed_in_its_announced_order_is_refused_with_the_order_it_is_typed_in():
    """`upgrade a2 with 37` (announced as `upgrade {s} with {c}`): refused as the move it means, `upgrade 37
    a2`, and the order explained, not `a2 is not in your hand`."""
    out = session("mudwater", ["upgrade a2 with 37"])
    lines = out.splitlines()
    at = next(i for i, line in enumerate(lines) if line.endswith("> upgrade a2 with 37"))
    assert lines[at + 1] == "cannot upgrade Star Jelly-37 a2: a Level I card cannot upgrade"
    assert lines[at + 2] == ("(a move is typed in its own order, not as it is announced: 'upgrade a2 with 37' "
                             "is 'upgrade 37 a2')")
    assert "a2 is not in your hand" not in out


def test_a_misspelt_name_of_several_words_is_not_half_rewritten():
    """`Star Jely`: not `Star Jelly-37 Jely` with a stray word, but the name as typed and a did-you-mean."""
    said = answer(session("mudwater", ["place Star Jely a1"]), "place Star Jely a1")
    assert said == "cannot place Star Jely a1: Star Jely is not in your hand (did you mean 'Star Jelly'?)"
