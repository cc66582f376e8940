"""Bots: the specs that name them, the search's strength in fixed seeded games, and its honesty: a decision
never changes when what its seat cannot see is scrambled."""
import random
from pathlib import Path

import pytest

from mire.engine import load_game
from mire.engine.analysis.playout import play_game
from mire.engine.analysis.testing import scramble_unseen, snapshot
from mire.engine.bots import BOTS, LEVELS, SPEC_HELP, RandomBot, SpecError, make_bot, parse_spec
from mire.engine.bots.search import SearchBot, rewards
from mire.engine.loader import bundled_names

GAMES = bundled_names()
HIDDEN = {"mosquito-show", "mudwater", "mudwater-advanced", "quagmire", "queensland"}
TESTS = Path(__file__).parents[1]


def test_specs():
    assert parse_spec("random").kind == "random" and parse_spec("human").make() is None
    normal = parse_spec("mcts")
    assert (normal.kind, normal.seconds, normal.iterations) == ("search", *LEVELS["normal"])
    assert (parse_spec("mcts:2s").seconds, parse_spec("mcts:2s").iterations) == (2.0, None)
    assert (parse_spec("mcts:500").seconds, parse_spec("mcts:500").iterations) == (None, 500)
    assert (parse_spec("Hard").seconds, parse_spec("hard").iterations) == LEVELS["hard"]
    assert parse_spec("peek:300").peek and not parse_spec("mcts:300").peek
    bot = make_bot("mcts:50", seed=3)
    assert isinstance(bot, SearchBot) and bot.iterations == 50 and bot.spec == "mcts:50"
    with pytest.raises(SpecError) as err:
        parse_spec("robot")
    assert str(err.value) == "'robot' is not a bot: write one of human, random, mcts, mcts:2s, mcts:500, easy, " \
                             "normal, hard, peek"
    for bad in ("mcts:0", "mcts:fast", "mcts:-2s", "mcts:1.5"):
        with pytest.raises(SpecError) as err:
            parse_spec(bad)
        assert str(err.value) == f"'{bad}': after 'mcts:' write a time like 2s or a number of iterations like 500"


def versus(name, spec, games, players=None, opponent="random"):
    """The search at one seat (turn about) against `opponent` at the others: (wins, shared, draws, losses)."""
    game = load_game(name)
    tally = [0, 0, 0, 0]
    for i in range(games):
        state = game.new_state(seed=i, players=players)
        n = state.num_players
        seat = i % n
        bots = [make_bot(opponent, seed=1000 + i) for _ in range(n)]
        bots[seat] = make_bot(spec, seed=i)
        outcome = play_game(state, bots).outcome
        if outcome.winners == (seat,):
            tally[0] += 1
        elif seat in outcome.winners:
            tally[1] += 1
        elif outcome.draw:
            tally[2] += 1
        else:
            tally[3] += 1
    return tuple(tally)


def test_the_search_beats_random_play_at_tic_tac_toe():
    wins, shared, draws, losses = versus("tic-tac-toe", "mcts:200", 10)
    assert losses == 0 and wins >= 9


def test_the_search_against_itself_draws_tic_tac_toe():
    game = load_game("tic-tac-toe")
    draws = 0
    for i in range(4):
        outcome = play_game(game.new_state(seed=i), [make_bot("mcts:1000", seed=i), make_bot("mcts:1000", seed=9 + i)])
        draws += outcome.outcome.draw
    assert draws == 4


def test_the_search_beats_random_play_at_connect_four():
    wins, _, _, losses = versus("connect-four", "mcts:200", 4)
    assert wins == 4


def test_the_search_plays_chance_for_three():
    # dice rolled inside moves, before and after a choice: the search at one seat of three
    wins, shared, draws, losses = versus(str(TESTS / "games" / "dice.mire"), "mcts:100", 12, players=3)
    assert wins >= 7   # a random seat wins about 4 of 12


def test_rewards_share_a_win_and_a_draw():
    state = load_game("quagmire").new_state(seed=0, players=3)
    assert rewards(state) == [1 / 3] * 3   # not over: as a draw
    state.end_game("win", [state.players[0], state.players[2]])
    assert rewards(state) == [0.5, 0.0, 0.5]


def positions(game, players, count, seed=0, longest=30):
    rng = random.Random(seed)
    out = []
    for i in range(count * 3):
        state = game.new_state(seed=seed * 100 + i, players=players)
        play_game(state, [RandomBot(rng)] * players, max_moves=rng.randrange(longest))
        if not state.is_over() and len(state.legal_moves()) > 1:
            out.append(state)
        if len(out) == count:
            break
    return out


def replayed(game, state):
    again = game.new_state(seed=state.seed, players=state.num_players)
    for text in state.history:
        again.apply(again.parse_move(text))
    return again


HONEST = [r.quick for r in BOTS.values() if r.honest]


def test_every_bot_is_registered_and_named_by_its_specs():
    assert {"random", "mcts:30"} <= set(HONEST) and not BOTS["peek"].honest
    for r in BOTS.values():
        assert r.name in SPEC_HELP.split(", ")
        assert parse_spec(r.quick).make(seed=1) is not None and parse_spec(r.name).make(seed=1) is not None
        quick = parse_spec(r.quick)
        assert quick.seconds is None, f"{r.quick}: a quick spec decides by iterations, never by the clock"
    for spec in SPEC_HELP.split(", "):   # every spec the help names is one of the registered bots (or a human)
        made = parse_spec(spec).make(seed=1)
        assert made is None or spec.partition(":")[0] in BOTS or type(made) is type(make_bot("mcts:1"))


def _decision(bot, state, seat):
    """A bot's decision and, for a search, the whole search behind it (not just its move)."""
    move = bot.choose(state, seat)
    return move.text, getattr(bot, "last", {}).get("visits")


@pytest.mark.parametrize("spec", HONEST)
@pytest.mark.parametrize("name", GAMES)
def test_a_decision_never_depends_on_what_the_seat_cannot_see(name, spec):
    game = load_game(name)
    if name == "queensland" and spec.startswith("mcts:"):
        spec = "mcts:8"   # (its moves are many: a shorter search)
    scrambled = 0
    for state in positions(game, game.max_players, 3):
        seat = state.to_move
        # both played again from the start, neither with its moves listed: a random move is drawn without
        # listing them where it can (sampling.py), a draw that differs from one out of the list
        seen, other = replayed(game, state), replayed(game, state)
        scrambled += scramble_unseen(other, seat)
        honest = _decision(make_bot(spec, seed=5), seen, seat)
        assert _decision(make_bot(spec, seed=5), other, seat) == honest
    assert (scrambled > 0) == (name in HIDDEN)


def test_the_same_scramble_catches_a_bot_that_peeks():
    """The property above can fail: a bot allowed to peek changes its mind when the hidden cards change."""
    game = load_game("mudwater")
    changed = 0
    for state in positions(game, 2, 6, longest=6):
        seat = state.to_move
        other = replayed(game, state)
        for p in other.players[1 - seat].zones["hand"].pieces:   # the other's hand: all Level I cards now
            p.attrs = dict(p.attrs, level=1)
        peek = SearchBot(iterations=60, seed=5, peek=True)
        changed += peek.choose(state, seat).text != peek.choose(other, seat).text
    assert changed > 0


def test_a_decision_is_the_seeds_and_leaves_the_state_alone():
    game = load_game("mosquito-show")
    for state in positions(game, 2, 3):
        before = snapshot(state)
        first = SearchBot(iterations=40, seed=1).choose(state, state.to_move)
        assert SearchBot(iterations=40, seed=1).choose(state, state.to_move).text == first.text
        assert snapshot(state) == before
        assert first in state.legal_moves()


@pytest.mark.slow
def test_the_search_makes_choices_inside_moves_and_secret_ones():
    state = load_game("queensland").new_state(seed=2, players=3)
    bots = [SearchBot(iterations=2, seed=s, rollout_limit=20) for s in range(3)]
    seen = []
    play_game(state, bots, on_move=lambda state, seat, move: seen.append(state.secret_choice))
    assert state.is_over() and any(seen)
    state = load_game("mosquito-show").new_state(seed=1)
    bots = [SearchBot(iterations=5, seed=s, rollout_limit=30) for s in range(2)]
    play_game(state, bots, on_move=lambda state, seat, move: seen.append(state.pending is not None))
    assert state.is_over()


def test_guessing_a_hidden_card_the_honest_search_wins_a_third_and_a_peeking_one_always():
    """What honesty costs, where it is all there is to the game: an honest bot that peeked would win every game."""
    from mire.engine.analysis.arena import arena
    game = load_game(str(TESTS / "games" / "guess.mire"))
    honest = arena(game, ["mcts:50", "random"], 30, rotate=False).by_bot["mcts:50"]
    peeking = arena(game, ["peek:50", "random"], 30, rotate=False).by_bot["peek:50"]
    assert 4 <= honest.wins <= 16 and peeking.wins == 30


class _Ticking:
    """A clock that moves on by `step` seconds each time it is read."""

    def __init__(self, step):
        self.now, self.step, self.reads = 0.0, step, 0

    def __call__(self):
        self.now += self.step
        self.reads += 1
        return self.now


def test_a_search_with_a_time_stops_within_a_move_of_it_even_in_a_line_of_play(monkeypatch):
    """A game that never ends: each line of play would run to the rollout limit (1000 moves) before the clock
    was read, and a hostile game's move may take a large fraction of a second. The clock is read before each
    move, so the moves made are bounded by the readings the time allows."""
    from pathlib import Path

    from mire.engine.run.state import State
    game = load_game(str(Path(__file__).parents[1] / "hostile" / "endless_game.mire"))
    made = []
    real_apply = State.apply
    monkeypatch.setattr(State, "apply", lambda self, move, *a, **k: made.append(move) or real_apply(self, move, *a,
                                                                                                     **k))
    bot = SearchBot(seconds=1.0, seed=1)
    bot.clock = _Ticking(0.05)          # 20 readings to the second
    move = bot.choose(game.new_state(seed=1), 0)
    assert move.text in ("go 1", "go 2")
    # the start, a reading before each move up to the one past the time, the end of the search, `last`
    assert len(made) <= 20 and bot.clock.reads <= 1 + 21 + 2, (bot.clock.reads, len(made), bot.last)
    assert bot.last["iterations"] >= 1 and sum(bot.last["visits"].values()) == bot.last["iterations"]


def test_a_search_by_iterations_never_reads_the_clock_in_a_line_of_play():
    from pathlib import Path
    game = load_game(str(Path(__file__).parents[1] / "hostile" / "endless_game.mire"))
    bot = SearchBot(iterations=3, seed=1, rollout_limit=50)
    bot.clock = _Ticking(1000.0)        # long past any time: it must not matter
    first = bot.choose(game.new_state(seed=1), 0).text, bot.last["visits"]
    assert bot.clock.reads == 2         # the start and the end, for `last`
    again = SearchBot(iterations=3, seed=1, rollout_limit=50)
    assert (again.choose(game.new_state(seed=1), 0).text, again.last["visits"]) == first


def test_a_search_stops_once_its_choice_cannot_be_overtaken():
    # X wins at once on c1: the visits gather there, and the search ends long before its 5,000 iterations
    state = load_game("tic-tac-toe").new_state(seed=1)
    for text in ("place a1", "place a2", "place b1", "place b2"):
        state.apply(state.parse_move(text))
    bot = SearchBot(iterations=5000, seed=1)
    assert bot.choose(state, 0).text == "place c1"
    visits = sorted(bot.last["visits"].values(), reverse=True)
    assert bot.last["iterations"] < 5000 and visits[0] - visits[1] > 5000 - bot.last["iterations"]


def test_a_choice_inside_a_move_spends_what_is_left_of_the_moves_time():
    from pathlib import Path
    game = load_game(str(Path(__file__).parents[1] / "games" / "gift.mire"))

    def choice_time(within_the_move: bool) -> float:
        state = game.new_state(seed=1)
        bot = SearchBot(seconds=1.0, seed=1)
        bot.clock = _Ticking(0.001)
        if within_the_move:
            state.apply(bot.choose(state, 0))   # `give`, the only move: the move's second starts
        else:
            state.apply(state.legal_moves()[0])
        bot.clock.now += 0.9                    # most of the move's time has gone (to the bot, or elsewhere)
        assert state.pending is not None
        bot.choose(state, 0)
        return bot.last["seconds"]
    assert choice_time(True) <= 0.15            # what is left of the second, or a tenth of it
    assert choice_time(False) >= 0.9            # a choice in another's move: a whole second of its own
