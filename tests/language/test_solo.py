"""Games of one player (issue 30): in edition 3 they are won, lost, or neither (finished with a score, or
drawn), and `simulate`, `solve` and the search bot read them so; edition 2 keeps its meaning (a `lose` was a
draw, a `finish` a win) and `mire check` warns (W002). docs/language.md 2.24, "One player"."""
import json
from fractions import Fraction

from click.testing import CliRunner

from mire.cli.main import main
from mire.engine import load_game
from mire.engine.analysis.solve import solve
from mire.engine.bots.search import rewards

GAME = '''game "Toss"
players 1 named solo
var score: int = 0 per player

# A die of three faces: 1 wins, 2 loses, 3 scores 3 and ends the game.
action toss():
    let face = random([1, 2, 3])
    log "{face}"
    if face == 1: win mover
    if face == 2: lose mover
    mover.score = face
    finish
'''


def path_of(tmp_path, text):
    path = tmp_path / "toss.mire"
    path.write_text(text)
    return path


def ended(tmp_path, text, face):
    """The game whose toss gives `face`, over."""
    game = load_game(str(path_of(tmp_path, text)))
    for seed in range(50):
        state = game.new_state(seed=seed)
        state.apply(state.parse_move("toss"))
        if state.log[-1][1] == str(face):
            return state
    raise AssertionError("no seed gives that face")


def test_one_player_wins_loses_or_finishes_with_a_score_in_edition_3(tmp_path):
    text = "edition 3\n" + GAME
    results = {}
    for face in (1, 2, 3):
        out = ended(tmp_path, text, face).outcome()
        results[face] = (out.winners, out.draw, out.text)
    assert results == {1: ((0,), False, "solo wins"), 2: ((), False, "solo loses"),
                       3: ((), True, "solo finishes with 3")}


def test_edition_2_keeps_a_lost_solo_game_a_draw_and_a_finish_a_win(tmp_path):
    assert ended(tmp_path, GAME, 2).outcome().text == "draw"
    assert ended(tmp_path, GAME, 3).outcome().winners == (0,)
    out = CliRunner().invoke(main, ["check", str(path_of(tmp_path, GAME))])
    assert out.exit_code == 0 and out.output.count("warning[W002]") == 2
    assert "in edition 2, `lose` in a game of one player is a draw" in out.output
    assert "in edition 2, `finish` in a game of one player is a win whatever the score" in out.output


def test_solve_and_simulate_count_wins_losses_and_the_score(tmp_path):
    path = path_of(tmp_path, "edition 3\n" + GAME)
    solution = solve(load_game(str(path)))
    (r,) = solution.results
    assert (r.win, r.loss, r.draw, r.score) == (Fraction(1, 3), Fraction(1, 3), Fraction(1, 3), Fraction(1))
    out = CliRunner().invoke(main, ["simulate", str(path), "-n", "300", "--json"])
    figures = json.loads(out.output)
    assert figures["wins"]["solo"] + figures["losses"] + figures["draws"] == 300
    assert all(80 < k < 120 for k in (figures["wins"]["solo"], figures["losses"], figures["draws"]))
    low, high = figures["win_rate"]
    assert low < figures["wins"]["solo"] / 300 < high
    assert figures["scores"]["solo"] == round(3 * figures["draws"] / 300, 4)
    text = CliRunner().invoke(main, ["simulate", str(path), "-n", "300"]).output
    assert f"losses: {figures['losses']} (" in text and "neither won nor lost (finished, or drawn): " in text
    assert "win rate (95% interval): [" in text


def test_the_search_bot_values_a_loss_below_a_finish_below_a_win(tmp_path):
    text = "edition 3\n" + GAME
    assert [rewards(ended(tmp_path, text, face)) for face in (1, 3, 2)] == [[1.0], [0.5], [0.0]]
