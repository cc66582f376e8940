"""A few hundred mutated games, fixed seed: each ends in a diagnostic, a RuleError or a game (tests/fuzz.py)."""
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parent))
from fuzz import fuzz  # noqa: E402


def test_mutated_games_end_in_diagnostics_rule_errors_or_games():
    failures = fuzz(cases=300, seed=20261201, seconds=20, out=lambda line: None)
    assert failures == [], "\n\n".join(f"{what}:\n{problem}" for what, problem in failures[:3])
