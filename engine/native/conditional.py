"""A list chosen by a condition (`A if C else B`) where a loop needs its size before it runs (docs/backends.md).

The list itself is made as the interpreter makes it: the test first, then the one branch it names, as an array
(translate.py's `list_value`); a loop over it (an action's parameter, a `for`, a choice's options) reads that
array in order. What a listing or a move's answers need beforehand is the most items it can have: the larger of
the two branches' bounds."""
from __future__ import annotations

from typing import Optional

from ...grammar import nodes as N


class ConditionalTranslation:
    """Translator's mixin: the bound of a list chosen by a condition."""

    def known_bound(self, domain: N.Expr) -> Optional[int]:
        """list_bound of `A if C else B`: the larger of A's and B's bounds (Unsupported from either when one is
        not known before it is made); a seat's board of each player (per_player.py); else what choices.py's
        `bound_through_names` knows (or None)."""
        if isinstance(domain, N.Cond):
            return max(self.list_bound(domain.then), self.list_bound(domain.orelse))  # type: ignore[attr-defined]
        board = self.player_board_bound(domain)  # type: ignore[attr-defined]  # (`p.NAME`: per_player.py)
        if board is not None:
            return board
        return self.bound_through_names(domain)  # type: ignore[attr-defined]
