"""What a seat knows, and the states a search imagines from it: they look the same to the seat, they never
depend on what it cannot see, and they keep what it saw before it was hidden."""
import json
import random
from pathlib import Path

import pytest

from mire.engine import load_game
from mire.engine.analysis.playout import play_game
from mire.engine.analysis.testing import scramble_unseen, snapshot
from mire.engine.bots import RandomBot
from mire.engine.loader import bundled_names
from mire.engine.run.knowledge import Worlds, clone_state, printed_identities

GAMES = bundled_names()
HIDDEN = {"mosquito-show", "mudwater", "mudwater-advanced", "quagmire", "queensland"}
HERE = Path(__file__).parent


def positions(game, players, count=4, seed=0, longest=40):
    """Seeded random positions of a game that is not over."""
    rng = random.Random(seed)
    out = []
    for i in range(count * 3):
        state = game.new_state(seed=seed * 100 + i, players=players)
        play_game(state, [RandomBot(rng)] * players, max_moves=rng.randrange(longest))
        if not state.is_over():
            out.append(state)
        if len(out) == count:
            break
    return out


def replayed(game, state):
    """The same game played again from its moves (so that scrambling one leaves the other alone)."""
    again = game.new_state(seed=state.seed, players=state.num_players)
    for text in state.history:
        again.apply(again.parse_move(text))
    return again


@pytest.mark.parametrize("name", GAMES)
def test_the_rules_file_says_which_piece_is_which(name):
    game = load_game(name)
    for players in sorted({game.min_players, game.max_players}):
        state = game.new_state(seed=3, players=players)
        printed = printed_identities(game.compiled, players)
        made = {p.id: (p.kind.name, p.attrs) for pieces in state.kind_pieces.values() for p in pieces}
        assert all(made[i] == printed[i] for i in range(len(printed)))
        assert all(attrs == {} for i, (_, attrs) in made.items() if i >= len(printed))


@pytest.mark.parametrize("name", GAMES)
def test_a_copy_plays_on_alone(name):
    game = load_game(name)
    for state in positions(game, game.max_players, count=2):
        copy = clone_state(state)
        assert snapshot(copy) == snapshot(state)
        before = snapshot(state)
        play_game(copy, [RandomBot(random.Random(1))] * copy.num_players)
        assert copy.is_over() and snapshot(state) == before
        again = replayed(game, state)
        play_game(again, [RandomBot(random.Random(1))] * copy.num_players)
        assert snapshot(copy) == snapshot(again)


@pytest.mark.parametrize("name", GAMES)
def test_every_world_looks_to_its_seat_as_the_game_does(name):
    game = load_game(name)
    for state in positions(game, game.max_players):
        for seat in range(state.num_players):
            seen = json.dumps(state.view(seat), sort_keys=True)
            worlds = Worlds(state, seat)
            for k in range(3):
                world = worlds.sample(random.Random(k))
                assert json.dumps(world.view(seat), sort_keys=True) == seen
                if seat == state.to_move:
                    assert [m.text for m in world.legal_moves()] == [m.text for m in state.legal_moves()]


@pytest.mark.parametrize("name", GAMES)
def test_a_world_never_depends_on_what_its_seat_cannot_see(name):
    game = load_game(name)
    scrambled = 0
    for state in positions(game, game.max_players):
        for seat in range(state.num_players):
            other = replayed(game, state)
            scrambled += scramble_unseen(other, seat)
            a = Worlds(state, seat).sample(random.Random(seat))
            b = Worlds(other, seat).sample(random.Random(seat))
            assert snapshot(a) == snapshot(b)
    assert (scrambled > 0) == (name in HIDDEN)


@pytest.mark.parametrize("name", sorted(HIDDEN))
def test_what_the_others_hold_and_the_shuffled_piles_are_dealt_afresh(name):
    """The back door a wrong pool would open: a piece's identity comes from the rules file, so a piece the
    seat lost track of must be dealt again, or the search would know it."""
    game = load_game(name)
    checked = 0
    for state in positions(game, game.max_players, count=3, longest=12):
        seat = state.to_move
        shuffled = {id(where) for e in state.chance if e.kind == "shuffle" for _, where, _, _, _ in e.pieces[:1]}
        pieces = [p for ps in state.kind_pieces.values() for p in ps]
        hidden = [p for p in pieces if p.loc is not None and not p.loc.is_space and (
            (p.loc.visibility == "private" and p.loc.owner.index != seat) or id(p.loc) in shuffled)]
        hidden += [p for p in pieces if p.space is not None and not p.up and p.kind.hidden]
        worlds = Worlds(state, seat)
        dealt = {p.id: set() for p in hidden}
        for k in range(24):
            world = worlds.sample(random.Random(k))
            for p in (q for ps in world.kind_pieces.values() for q in ps):
                if p.id in dealt:
                    dealt[p.id].add(repr(sorted(p.attrs.items(), key=str)))
        assert all(len(ids) > 1 for ids in dealt.values())
        checked += len(dealt)
    assert checked > 0


def memory(moves, seed=0):
    state = load_game(str(HERE / "games" / "memory.mire")).new_state(seed=seed)
    for text in moves:
        state.apply(state.parse_move(text))
    return state


def ranks_seen(state, seat, piece, samples=12):
    """The ranks a piece has in the worlds `seat` imagines."""
    worlds = Worlds(state, seat)
    out = set()
    for k in range(samples):
        world = worlds.sample(random.Random(k))
        out.add(next(p for p in world.kind_pieces["card"] if p.id == piece.id).attrs["rank"])
    return out


def test_a_card_seen_and_then_covered_is_remembered():
    state = memory([])
    card = state.players[0].zones["hand"].pieces[0]
    assert len(ranks_seen(state, 1, card)) > 1            # in the other's hand: any rank left
    state.apply(state.parse_move(f"show {card.attrs['rank']} a1"))
    state.apply(state.parse_move("cover"))
    assert not card.up and state.view(1)["boards"][0]["spaces"][0]["pieces"][0]["attrs"] == {}
    assert ranks_seen(state, 1, card) == {card.attrs["rank"]}   # it was shown before it was covered


def test_a_card_held_and_buried_unshuffled_is_remembered_until_a_shuffle():
    state = memory([])
    card = state.players[0].zones["hand"].pieces[0]
    state.apply(state.parse_move(f"bury {card.attrs['rank']}"))
    assert card.loc is state.zones["buried"]
    assert ranks_seen(state, 0, card) == {card.attrs["rank"]}   # its owner put it there
    assert len(ranks_seen(state, 1, card)) > 1                  # the other never saw it
    state.apply(state.parse_move("take"))   # player 2 draws
    state.apply(state.parse_move("mix"))    # player 1 shuffles it back
    assert len(ranks_seen(state, 0, card)) > 1                  # lost in the deck


def test_a_players_own_face_down_piece_is_known_to_them_alone():
    game = load_game("mudwater")
    for seed in range(20):
        state = game.new_state(seed=seed)
        while not state.is_over() and not any(m.text.startswith("rock ") for m in state.legal_moves()):
            state.apply(state.legal_moves()[-1])
        if state.is_over():
            continue
        state.apply(next(m for m in state.legal_moves() if m.text.startswith("rock ")))
        rock = next(p for s in state.spaces for p in s.pieces if not p.up)
        owner = rock.owner.index
        for seat, alone in ((owner, True), (1 - owner, False)):
            worlds = Worlds(state, seat)
            names = {next(p for p in worlds.sample(random.Random(k)).kind_pieces["card"] if p.id == rock.id)
                     .attrs["name"] for k in range(8)}
            assert (names == {rock.attrs["name"]}) == alone
        return
    pytest.fail("no rock was played")


def test_a_players_ante_is_known_to_them_and_the_others_hand_comes_from_its_own_collection():
    state = load_game("mudwater").new_state(seed=4)
    worlds = Worlds(state, 0)
    own_ante = state.players[0].zones["ante"].pieces[0]
    for k in range(6):
        world = worlds.sample(random.Random(k))
        ante = world.players[0].zones["ante"].pieces[0]
        assert ante.id == own_ante.id and ante.attrs == own_ante.attrs
        theirs = [(c.attrs["name"], c.attrs["number"]) for c in world.players[1].zones["hand"].pieces]
        assert len(set(theirs)) == len(theirs) == 13   # a hand holds each card once


# A choice in turn after others chose in secret in the same move (Queensland's group movement was one such;
# its players now answer at once, see test_simultaneous.py)
SECRET_IN_TURN = '''\
game "Numbers in turn"
players 3
var total: int = 0 per player

action ask():
    let chosen = []
    for p in players:
        choose n in [1, 2, 3] by p secretly ask "a number":
            chosen = chosen + [n]
    mover.total += sum(chosen)
    if mover.total > 20: win mover
'''


def secret_choice_in_turn(tmp_path):
    """A position where a seat chooses after the others chose secretly in the same move."""
    path = tmp_path / "numbers.mire"
    path.write_text(SECRET_IN_TURN)
    state = load_game(str(path)).new_state(seed=0)
    state.apply(state.parse_move("ask"))
    state.apply(state.parse_move("2"))
    state.apply(state.parse_move("3"))
    assert state.to_move == 2 and state.secret_choice and Worlds(state, 2).redo is not None
    return state


def test_the_others_secret_choices_are_made_again_in_each_world(tmp_path):
    state = secret_choice_in_turn(tmp_path)
    seat = state.to_move
    worlds = Worlds(state, seat)
    seen = json.dumps(state.view(seat), sort_keys=True)
    answers = set()
    for k in range(12):
        world = worlds.sample(random.Random(k))
        assert json.dumps(world.view(seat), sort_keys=True) == seen
        answers.add(tuple(world.history[-len(worlds.redo) + 1:]))
    assert len(answers) > 1
    assert tuple(state.history[-len(worlds.redo) + 1:]) in answers or len(answers) > 1


def dice(seed, moves=(), players=2):
    state = load_game(str(HERE / "games" / "dice.mire")).new_state(seed=seed, players=players)
    for text in moves:
        state.apply(state.parse_move(text))
    return state


def test_a_reseeded_state_draws_its_future_from_the_new_seed_alone():
    rolls = set()
    for seed in range(6):
        state = clone_state(dice(seed))
        state.reseed(99)
        state.apply(state.parse_move("roll"))
        rolls.add(state.vars["shown"])
    assert len(rolls) == 1
    assert len({dice(seed, ["roll"]).vars["shown"] for seed in range(6)}) > 1


def test_a_reseed_in_the_middle_of_a_move_keeps_what_was_drawn_and_forgets_the_rest():
    by_first_die = {}
    for seed in range(40):
        state = dice(seed, ["gamble"])
        assert state.pending is not None
        by_first_die.setdefault(state.vars["shown"], []).append(state)
    states = max(by_first_die.values(), key=len)
    assert len(states) > 1
    totals = set()
    for state in states:
        shown = state.vars["shown"]
        work = clone_state(state)
        work.reseed(7)
        work.apply(work.parse_move("2"))
        assert work.vars["shown"] == shown            # the die rolled before the choice stays
        totals.add(work.players[0].vars["total"])
        work.undo()                                       # and undo goes back to the choice, still reseeded
        work.apply(work.parse_move("2"))
        totals.add(work.players[0].vars["total"])
    assert len(totals) == 1                               # the die after it comes from the new seed alone
    real = set()
    for state in states:
        state.apply(state.parse_move("2"))
        real.add(state.players[0].vars["total"])
    assert len(real) > 1 or len(states) < 3


def test_chance_events_tell_a_move_with_chance_from_one_without():
    state = memory([])
    assert [e.kind for e in state.chance] == ["shuffle"]
    count = len(state.chance)
    state.apply(state.parse_move("bury " + str(state.players[0].zones["hand"].pieces[0].attrs["rank"])))
    assert len(state.chance) == count
    state.apply(state.parse_move("take"))
    state.apply(state.parse_move("mix"))
    assert [e.kind for e in state.chance] == ["shuffle", "shuffle"]
    state.undo()
    assert len(state.chance) == count
    rolled = dice(1, ["roll"])
    assert [e.kind for e in rolled.chance] == ["pick"] and rolled.chance[0].pieces == ()
