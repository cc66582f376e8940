"""A choice in the middle of a move is announced as what happened, in the game's words and the reader's person
(issue 31, point 3): through a real pseudo-terminal at 80x24, on the seed games."""
from mire.engine.run.telling import prompt_parts, third_person
from tests.terminal import Terminal, fits


def test_a_prompt_is_told_of_the_chooser_to_the_others():
    assert third_person("the pad the fly you landed on goes to") == "the pad the fly they landed on goes to"
    assert third_person("Your frog, or yours?") == "Their frog, or theirs?"
    assert prompt_parts("grey mosquito: the pond it moves to") == ("grey mosquito", "the pond it moves to")
    assert prompt_parts("choose one of your animals") == (None, "one of your animals")
    assert prompt_parts("choose: move or stay") == (None, "")
    assert prompt_parts("choose which m comes next") == (None, "to come next")


# Mosquito Show, seed 11, two people at one keyboard: blue's toucan jumps two ponds (a4 to d1), and blue
# orders the two mosquitoes eaten, then moves an animal twice for the blue one
TOUCAN = ["place toucan a4", "place toucan b4", "place chameleon a3", "place chameleon d4", "chameleon a3 A2 a2",
          "toucan b4 d2", "toucan a4 d1", "flower-blue", "a2", "d3", "d1", "b4"]


def test_the_toucans_double_jump_is_told_as_what_happened():
    term = Terminal(["play", "mosquito-show", "--seed", "11", "--seat", "1=human", "--seat", "2=human"], 80, 24)
    try:
        said = {}
        for move in TOUCAN:
            record = term.send(move)
            assert fits(record, 24) and record["prompt"].endswith(">")
            said[move] = [line for line in record["screen"] if line.startswith(("you choose", "blue choose"))]
        assert said["flower-blue"] == ["you choose the blue mosquito to come next"]
        assert said["a2"] == ["you choose a2 as the animal of yours to move (blue mosquito)"]
        assert said["d3"] == ["you choose d3 as the square it goes to (blue mosquito)"]
        # the move is over: the screen is orange's, who reads it of blue
        assert said["b4"] == ["blue chooses b4 as the square it goes to (blue mosquito)"]
        history = "\n".join(term.send("history")["screen"])
        assert "7. blue plays toucan a4 d1, then chooses flower-blue, then chooses a2, then" in history
        assert not any(", to: " in line for line in term.all_lines())
        assert term.widest() <= 80
    finally:
        term.close()


def test_queenslands_group_movement_answered_at_once():
    """A person with two bots: their own answer in their words; a bot's secret answer is 'answered in secret'."""
    term = Terminal(["play", "queensland", "--players", "3", "--seat", "2=random", "--seat", "3=random",
                     "--seed", "1"], 80, 24)
    try:
        for _ in range(14):
            term.send("1")
        lines = term.all_lines()
        assert 'you answer move to "move your toads to the north too, or let them stay?"' in lines
        assert any(line.startswith("you and yellow answer at once: you: move; yellow answered in secret, to ")
                   for line in lines)
        assert any(line.startswith("green and you answer at once: green answered in secret; you: move, to ")
                   for line in lines)
        assert not any("(yellow chose)" in line or "(green chose)" in line for line in lines)
        assert term.widest() <= 80
    finally:
        term.close()


def test_quagmires_fly_is_told_of_the_player_who_moved_it():
    """The others read the pad the fly goes to in the third person (`they landed`), never `you landed`."""
    term = Terminal(["play", "quagmire", "--players", "2", "--seat", "1=random", "--seat", "2=random",
                     "--seed", "1"], 80, 24)
    try:
        term.wait()
        lines = term.all_lines()
        flies = [line for line in lines if "the fly" in line]
        assert flies and all(" as the pad the fly they landed on goes to" in line for line in flies), flies
        assert term.widest() <= 80
    finally:
        term.close()


def test_a_capture_is_told_with_the_move_and_in_history():
    """Quagmire, bots: a hop that takes another's frog says so under the move and on its line of history."""
    term = Terminal(["play", "quagmire", "--players", "2", "--seat", "1=random", "--seat", "2=random",
                     "--seed", "1"], 80, 24)
    try:
        term.wait()
        lines = term.all_lines()
        at = lines.index("green: hop woodfrog to d2")
        assert lines[at + 1] == "  red's frog edible on d2 is removed"
        page = term.send("history")
        shown = list(page["screen"])
        while "more: Enter" in page["prompt"]:
            page = term.send("")
            shown += page["screen"]
        assert any(line.endswith(". green plays advance d3 d2: red's frog edible on d2 is removed") for line in shown)
        assert term.widest() <= 80 and page["alive"]
    finally:
        term.close()
