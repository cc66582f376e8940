"""`show KIND named "TEXT"`: what players call a piece of a kind, in the rules' texts (an action's `as`, a `log`)
wherever it lies, and in what the engine tells a move did to the others' pieces; the board keeps its `show ...
as` label and a typed move its text (issue 31, point 4)."""
from mire.cli.play import announced
from mire.engine import load_game
from mire.grammar import nodes as N
from mire.grammar.parser import parse

RULES = '''game "Names"
players 2 named ann, bob
piece frog(name: text key, spots: int)
show frog as "{it.name}/{it.spots}"
show frog named "the {it.name}"
board pond: grid 2 x 1
zone hand per player private
pieces frog in hand for each player:
    name     spots
    leaper   3
    croaker  5

action put(f in frog of mover where f in mover.hand, s in pond where empty(s) or owner(s) != mover) \\
        as "put {f} on {s}":
    for x in s.pieces:
        remove x
    move f to s
    log "{f} sits on {s}"
'''


def test_a_piece_is_named_as_players_call_it(tmp_path):
    path = tmp_path / "names.mire"
    path.write_text(RULES)
    (show, named) = [d for d in parse(RULES, str(path)).items if isinstance(d, N.Show)]
    assert (show.named, named.named) == (False, True)
    state = load_game(str(path)).new_state()
    first = next(m for m in state.legal_moves() if m.text == "put leaper a1")
    assert announced(state, first, 0) == ": put the leaper on a1"    # not its label, nor its text
    state.apply(first)
    assert state.log[-1][1] == "the leaper sits on a1"            # on the board too, not `a1`
    assert state.view(0)["boards"][0]["spaces"][0]["pieces"][0]["label"] == "leaper/3"   # the board's label
    taking = next(m for m in state.legal_moves() if m.text.startswith("put croaker") and m.text.endswith("a1"))
    state.apply(taking)
    assert state.effects_told(1, 0) == ["ann's frog the leaper on a1 is removed"]
    assert state.effects_told(1, None) == ["ann's frog the leaper on a1 is removed"]


def test_without_a_name_a_piece_is_told_of_by_its_owner_kind_and_key(tmp_path):
    path = tmp_path / "plain.mire"
    path.write_text(RULES.replace('show frog named "the {it.name}"\n', ""))
    state = load_game(str(path)).new_state()
    state.apply(next(m for m in state.legal_moves() if m.text == "put leaper a1"))
    state.apply(next(m for m in state.legal_moves() if m.text.startswith("put croaker") and m.text.endswith("a1")))
    assert state.effects_told(1, 0) == ["ann's frog leaper on a1 is removed"]


def test_a_name_for_a_kind_that_is_not_declared_is_refused(tmp_path):
    from click.testing import CliRunner

    from mire.cli.main import main
    path = tmp_path / "bad.mire"
    path.write_text(RULES.replace('show frog named', 'show frgo named'))
    result = CliRunner().invoke(main, ["check", str(path)])
    assert result.exit_code != 0
    assert "bad.mire:5:1: error[E015]: unknown piece kind 'frgo' (did you mean 'frog'?)" in result.output
