"""A few hundred mutated games, fixed seed: each ends in a diagnostic, a RuleError or a game (tests/fuzz.py)."""

import pytest
from fuzz import fuzz


@pytest.mark.slow
def test_mutated_games_end_in_diagnostics_rule_errors_or_games():
    failures = fuzz(cases=300, seed=20261201, seconds=20, out=lambda line: None)
    assert failures == [], "\n\n".join(f"{what}:\n{problem}" for what, problem in failures[:3])
