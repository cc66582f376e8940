"""Who takes the first turn: seat 1, or `first random`, or the player a setup names with `next P` (after the
setup has drawn a dealer, say), at once: the rest of the setup reads them as the mover, and `players` from them.
`first` and an unconditional `next` in the setup both saying it is E038."""
from mire.engine import load_game
from mire.grammar.diagnostics import MireError

DEALER = '''game "Dealer"
players 3 named ann, bob, cal
var dealer: player = none
setup:
    dealer = random(players)
    log "{dealer.name} deals"
    next next_player(dealer)
    log "{mover.name} begins: {players}"
action go():
    log "{mover.name} goes"
'''


def test_next_in_the_setup_gives_the_first_turn(tmp_path):
    path = tmp_path / "dealer.mire"
    path.write_text(DEALER)
    game = load_game(str(path))
    dealt = {}
    for seed in range(12):
        state = game.new_state(seed=seed)
        dealer = state.vars["dealer"].index
        dealt[dealer] = seed
        assert state.to_move == state.turn_player.index == (dealer + 1) % 3
        assert all(state.view(seat)["to_move"] == ["ann", "bob", "cal"][(dealer + 1) % 3] for seat in range(3))
        state.apply(state.parse_move("go"))
        assert state.to_move == (dealer + 2) % 3  # and the turns go on from there
        # a restart draws the dealer again, and the one after them begins
        state.restart(seed + 100)
        assert state.to_move == (state.vars["dealer"].index + 1) % 3 and state.history == []
    assert sorted(dealt) == [0, 1, 2]
    # the game's start is the same as a new game's with the dealer forced
    state = game.new_state(seed=0, chance=(2,))
    assert state.vars["dealer"].name == "cal" and state.to_move == 0
    assert state.log == [(0, "cal deals"), (0, "ann begins: [ann, bob, cal]")]
    state = game.new_state(seed=0, chance=(0,))
    assert state.to_move == 1 and state.log == [(0, "ann deals"), (1, "bob begins: [bob, cal, ann]")]


def test_a_next_that_may_not_run_leaves_first_as_the_default(tmp_path):
    path = tmp_path / "maybe.mire"
    path.write_text(DEALER.replace("players 3 named ann, bob, cal", "players 3 named ann, bob, cal\nfirst random")
                    .replace("    next next_player(dealer)", "    if dealer.seat == 3:\n        next dealer"))
    game = load_game(str(path))
    starts = set()
    for seed in range(20):
        state = game.new_state(seed=seed)
        if state.vars["dealer"].index == 2:
            assert state.to_move == 2
        starts.add(state.to_move)
    assert starts == {0, 1, 2}


def test_first_and_a_next_in_the_setup_both_naming_the_first_player_is_e038(tmp_path):
    path = tmp_path / "twice.mire"
    path.write_text(DEALER.replace("players 3 named ann, bob, cal", "players 3 named ann, bob, cal\nfirst random"))
    try:
        load_game(str(path))
    except MireError as err:
        assert [d.code for d in err.diagnostics] == ["E038"]
        assert err.render().replace(str(tmp_path), "") == (
            "/twice.mire:8:5: error[E038]: `first random` (line 3) and the setup's `next` both say who takes the "
            "first turn\n"
            "  |\n"
            "8 |     next next_player(dealer)\n"
            "  |     ^^^^^^^^^^^^^^^^^^^^^^^^\n"
            "  = hint: the setup's `next P` gives the first turn to P: leave out the `first` line, or the `next`")
    else:
        raise AssertionError("no E038")
