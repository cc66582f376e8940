"""A few hundred mutated games, fixed seed: each ends in a diagnostic, a RuleError or a game (tests/fuzz.py)."""

import pytest
from fuzz import fuzz


@pytest.mark.slow
def test_mutated_games_end_in_diagnostics_rule_errors_or_games():
    failures = fuzz(cases=300, seed=20261201, seconds=20, out=lambda line: None)
    assert failures == [], "\n\n".join(f"{what}:\n{problem}" for what, problem in failures[:3])


def test_a_case_that_never_ends_is_stopped_by_its_cpu_time(tmp_path, monkeypatch):
    """(The fuzzer's own bound: a case that loops is told as a hang, by the CPU time it burns, so that a machine
    busy with other work makes no case look hung.)"""
    import random

    import fuzz as fuzz_module

    def endless(game, rng):
        while True:
            pass
    monkeypatch.setattr(fuzz_module, "play", endless)
    text = 'game "Loop"\nplayers 2\nboard cells: grid 3 x 3\npiece mark\naction place(c in cells where empty(c)):\n' \
           '    place mark for mover at c\n'
    tally: dict = {}
    assert fuzz_module.run_case(tmp_path, "loop", text, random.Random(1), 1, tally) == \
        "no answer in 1 s of CPU time"
    assert tally["played"] == 1 and tally["slowest"][0] > 0.5
