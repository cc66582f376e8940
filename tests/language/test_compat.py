"""The compatibility corpus (tests/compat/COMMIT/): rules files as the project's history wrote them, against
earlier states of the language, each in the folder of the commit it comes from, with its data files. Each must
still load and give the perft counts, and the games that end by each depth with their results, that the engine
of its own commit gave (tests/compat/expected.json: computed at that commit, `mire perft FILE --depth D
--json`). A deliberate change of meaning updates the figures here in the same commit, with a note in CHANGES.md
that says what authors must do."""
import json
from pathlib import Path

import pytest

from mire.engine import load_game
from mire.engine.analysis.perft import perft_game

CORPUS = Path(__file__).parents[1] / "compat"
EXPECTED = json.loads((CORPUS / "expected.json").read_text())


def test_the_corpus_is_varied():
    # files of a dozen moments of the history, boards, cards, dice, tiles, phases, hidden hands and variants
    assert len(EXPECTED) >= 20 and len({key.split("/")[0] for key in EXPECTED}) >= 12
    assert sorted(str(p.relative_to(CORPUS)) for p in CORPUS.glob("*/*.mire")) == sorted(
        set(EXPECTED) | {"eca0eda/mudwater-advanced.mire"})


@pytest.mark.parametrize("key", sorted(EXPECTED))
def test_an_old_file_gives_what_it_gave(key):
    expected = EXPECTED[key]
    game = load_game(str(CORPUS / key))
    report = perft_game(game, expected["depth"], terminals=True)
    assert report.counts == expected["counts"]
    if "terminals" in expected:
        assert report.terminals == expected["terminals"]
