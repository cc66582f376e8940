"""A piece in the rules' own texts (`log`, an action's `as` words, `because`, `ask`, `status`) reads as its kind's
`show` label says, as players see it, while it is face up and uncovered: face down it keeps its text, on top of
a stack on a board it is named by its space, and in a `show` text itself it is its text. What players type
and what save files hold stays the move's text."""
from mire.cli.play import announced
from mire.engine import load_game

RULES = '''game "Labels"
players 2 named ann, bob
enum suit: clubs, hearts
enum rank: two, queen
piece card(rank: rank, suit: suit)
show card as "{it.rank} of {it.suit} ({it})"
board mat: grid 2 x 1
zone hand per player private
zone table
pieces card in hand for each player: each suit, each rank
status "{count(player.hand)} in hand, top {top(player.hand)}"

action play(c in mover.hand) as "play the {c}":
    move c to table
    log "{mover.name} plays the {c}; the table holds {table.pieces}"

action lay(c in mover.hand) as "lay {c} face down":
    move c to table face down
    log "{mover.name} lays {c}"
    flip c
    log "it shows the {c}"

action put(c in mover.hand, s in mat where empty(s)) as "put {c} on {s}":
    move c to s
    log "{mover.name} puts a card on the board: {c}"
    finish because "the {top(table)} lies on the table"
'''


def test_a_piece_in_the_rules_texts_reads_as_its_label(tmp_path):
    path = tmp_path / "labels.mire"
    path.write_text(RULES)
    state = load_game(str(path)).new_state()
    play = state.parse_move("play queen-hearts")  # typed by its text, as before
    assert [m.text for m in state.legal_moves()][:4] == ["play two-clubs", "play queen-clubs", "play two-hearts",
                                                        "play queen-hearts"]
    # announced in the game's words: to ann with the label, to bob (who may not see ann's hand) as "a card"
    assert state.describe_move(play, 0) == "play the queen of hearts (queen-hearts)"
    assert state.describe_move(play, 1) == "play the a card"
    assert announced(state, play, None) == ": play the queen of hearts (queen-hearts)"
    assert state.view(0)["players"][0]["status"] == ["4 in hand, top queen of hearts (queen-hearts)"]
    state.apply(play)
    assert state.history == ["play queen-hearts"]
    assert state.log[-1] == (0, "ann plays the queen of hearts (queen-hearts); the table holds "
                                "[queen of hearts (queen-hearts)]")
    # face down a piece keeps its text (it shows nothing of itself); on top of a stack on a board, the name of
    # its space
    state.apply(state.parse_move("lay two-clubs"))
    assert state.history[-1] == "lay two-clubs"
    assert [line for _, line in state.log[-2:]] == ["bob lays card", "it shows the two of clubs (two-clubs)"]
    state.apply(state.parse_move("put two-clubs a1"))
    assert state.log[-1] == (0, "ann puts a card on the board: a1")
    assert state.outcome().reason == "the two of clubs (two-clubs) lies on the table"
