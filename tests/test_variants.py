"""Variants replace anything (docs/language.md 2.28): boards, zones, pieces, enums, phases and the setup, with
`replace` checked against the base like a rule's."""
import pytest

from mire.engine import load_game
from mire.grammar.diagnostics import MireError

BASE = '''game "Base"
players 2
board cells: grid 3 x 3
piece mark
zone pool per player
var placed: int = 0

setup:
    for p in players:
        place mark for p at p.pool
    placed = 1

phase opening until placed >= 3:
    action place(c in cells where empty(c)):
        place mark for mover at c
        placed += 1

phase middle:
    action pass_on():
        finish
'''


def variant(tmp_path, text):
    (tmp_path / "base.mire").write_text(BASE)
    path = tmp_path / "variant.mire"
    path.write_text("variant of base\n" + text)
    return load_game(str(path))


def test_a_variant_replaces_the_board(tmp_path):
    state = variant(tmp_path, "replace board cells: grid 4 x 4\n").new_state(seed=1)
    assert len(state.legal_moves()) == 16


def test_a_variant_replaces_the_setup_and_a_plain_setup_adds_to_it(tmp_path):
    replaced = variant(tmp_path, "replace setup:\n    placed = 2\n").new_state(seed=1)
    assert replaced.vars["placed"] == 2 and not replaced.players[0].zones["pool"].pieces
    added = variant(tmp_path, "setup:\n    placed += 5\n").new_state(seed=1)
    assert added.vars["placed"] == 6 and len(added.players[0].zones["pool"].pieces) == 1


def test_a_variant_replaces_a_phase_whole_and_removes_one(tmp_path):
    game = variant(tmp_path, "replace phase opening until placed >= 2:\n"
                             "    action drop(c in cells where empty(c) and c.x == 1):\n"
                             "        place mark for mover at c\n        placed += 1\n")
    state = game.new_state(seed=1)
    assert [m.text for m in state.legal_moves()] == ["drop a1", "drop a2", "drop a3"]
    state.apply(state.parse_move("drop a1"))
    assert [m.text for m in state.legal_moves()] == ["pass_on"]
    removed = variant(tmp_path, "remove phase opening\n").new_state(seed=1)
    assert [m.text for m in removed.legal_moves()] == ["pass_on"]


def test_a_variant_replaces_a_zone(tmp_path):
    state = variant(tmp_path, "replace zone pool per player private\n").new_state(seed=1)
    assert state.players[0].zones["pool"].visibility == "private"
    assert state.view(1)["zones"][0]["owner"] == state.players[0].name  # the other seat sees only a count
    assert "pieces" not in state.view(1)["zones"][0] or not state.view(1)["zones"][0]["pieces"]


def test_a_replaced_piece_is_checked_against_every_rule_of_the_base(tmp_path):
    with pytest.raises(MireError) as err:
        variant(tmp_path, "replace piece mark(weight: int)\n")
    said = str(err.value)
    assert "base.mire:15:15: error[E021]: pieces of kind 'mark' have attributes" in said


@pytest.mark.parametrize("text, said", [
    ("replace board squares: grid 4 x 4\n", "the base game has no board 'squares' to replace"),
    ("replace phase ending:\n    action stop():\n        finish\n", "the base game has no phase 'ending' to replace"),
    ("remove phase closing\n", "the base game has no phase 'closing'"),
])
def test_replacing_what_the_base_does_not_have_is_an_error(tmp_path, text, said):
    with pytest.raises(MireError) as err:
        variant(tmp_path, text)
    assert said in str(err.value) and "E061" in str(err.value)


def test_replace_setup_needs_a_setup_in_the_base(tmp_path):
    (tmp_path / "bare.mire").write_text('game "Bare"\nplayers 2\nboard cells: grid 2 x 2\npiece mark\n'
                                        'action place(c in cells where empty(c)):\n    place mark for mover at c\n')
    path = tmp_path / "v.mire"
    path.write_text("variant of bare\nreplace setup:\n    pass\n")
    with pytest.raises(MireError) as err:
        load_game(str(path))
    assert "the base game has no setup to replace" in str(err.value)


def test_a_replace_of_nothing_known_says_how_replace_is_written(tmp_path):
    with pytest.raises(MireError) as err:
        variant(tmp_path, "replace banana x\n")
    assert str(err.value).endswith(
        "= hint: `replace` is written `replace ITEM`, in a variant, where ITEM takes the place of the base's item "
        "of its name: `replace action NAME(...):`, `replace board NAME: grid W x H`, `replace phase NAME:`, "
        "`replace setup:`")


# -- the variants options use: each file checked once, however many options or paths lead to it ----------

def _games(tmp_path, files: dict) -> dict:
    """Write the games; the number of times each is checked, as load_game checks them."""
    from mire.engine import loader
    loader._CACHE.clear()
    for name, text in files.items():
        (tmp_path / f"{name}.mire").write_text(text)
    return {name: 0 for name in files}


def _counting(monkeypatch, counts: dict):
    from mire.engine import loader
    real = loader.check_or_raise

    def check_or_raise(path, source, library):
        counts[path.stem] += 1
        return real(path, source, library)
    monkeypatch.setattr(loader, "check_or_raise", check_or_raise)


def _game(name: str, uses=(), copies: int = 1) -> str:
    options = "".join(f'option o{i}_{u.replace("-", "_")} "x" uses "{u}"\n' for u in uses for i in range(copies))
    return f'game "{name}"\nplayers 2\nvar n: int = 0\n{options}action go():\n    n += 1\n'


def test_a_broken_variant_at_the_end_of_a_chain_is_checked_once(tmp_path, monkeypatch):
    files = {f"g{i}": _game(f"g{i}", [f"g{i + 1}"], copies=8) for i in range(4)}
    files["g4"] = 'game "broken"\n'
    counts = _games(tmp_path, files)
    _counting(monkeypatch, counts)
    with pytest.raises(MireError) as info:
        load_game(str(tmp_path / "g0.mire"))
    assert counts == {name: 1 for name in files}
    assert len(info.value.diagnostics) == 8
    assert info.value.diagnostics[0].message == "option 'o0_g1' uses 'g1', but 'g1' has errors of its own " \
                                                "(mire check it)"


def test_a_diamond_of_variants_that_load_is_checked_once_each(tmp_path, monkeypatch):
    files = {"top": _game("top", ["left", "right"], copies=5), "left": _game("left", ["bottom"], copies=5),
             "right": _game("right", ["bottom"], copies=5), "bottom": _game("bottom", ["end"], copies=5),
             "end": _game("end")}
    counts = _games(tmp_path, files)
    _counting(monkeypatch, counts)
    assert load_game(str(tmp_path / "top.mire")).title == "top"
    assert load_game(str(tmp_path / "bottom.mire")).title == "bottom"
    assert counts == {name: 1 for name in files}


def test_circles_inside_circles_are_checked_once_each(tmp_path, monkeypatch):
    # each game's options lead on to the next and back to the one before: every game is on a circle
    names = [f"c{i}" for i in range(5)]
    files = {n: _game(n, ([names[i + 1]] if i + 1 < len(names) else []) + ([names[i - 1]] if i else []), copies=6)
             for i, n in enumerate(names)}
    counts = _games(tmp_path, files)
    _counting(monkeypatch, counts)
    with pytest.raises(MireError) as info:
        load_game(str(tmp_path / "c0.mire"))
    assert counts == {name: 1 for name in files}
    assert info.value.diagnostics[0].message == "option 'o0_c1' uses 'c1', whose options lead back to 'c0'"


def test_a_variant_whose_options_lead_to_a_circle_elsewhere_has_errors_of_its_own(tmp_path):
    _games(tmp_path, {"outer": _game("outer", ["a"]), "a": _game("a", ["b"]), "b": _game("b", ["a"])})
    with pytest.raises(MireError) as info:
        load_game(str(tmp_path / "outer.mire"))
    assert [d.message for d in info.value.diagnostics] == [
        "option 'o0_a' uses 'a', but 'a' has errors of its own (mire check it)"]
    with pytest.raises(MireError) as info:
        load_game(str(tmp_path / "a.mire"))
    assert [d.message for d in info.value.diagnostics] == ["option 'o0_b' uses 'b', whose options lead back to 'a'"]
