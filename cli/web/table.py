"""One game being played on the server: the REPL's session (cli/play.py) with its screen replaced by messages,
the seats' tokens, and what each page is sent.

The REPL's logic does the work: which moves a seat may make and how it reads them, a typed move matched to a
legal one (`typed_move`), the answers of a simultaneous step kept until every seat has answered, undo, `why`.
What a page of a seat is sent comes from that seat's view alone (state.view); a spectator's from what every
seat but a piece's owner sees (public_view).
"""
from __future__ import annotations

import threading
from typing import Optional

from ..play import Session, _real

HERE, ELSEWHERE = "here", "elsewhere"   # a person at the screen that made the game, a person with their own link


class WebSession(Session):
    """A REPL session whose screen is a list of messages, wide enough that nothing is wrapped."""

    def __init__(self, game, game_ref, state, seed, players, options, seats, inputs=None, position=None):
        self.said: list = []
        super().__init__(game, game_ref, state, seed, players, options, seats, out=self._collect, inputs=inputs,
                         position=position)
        self.reader.session = None   # never a prompt, even when the server runs in a terminal
        self.tty_out = self.colour = False

    def _collect(self, text="", nl=True):
        if nl:
            self.said.append(str(text))

    def size(self) -> tuple:
        return (100_000, 100_000)

    def take_said(self) -> str:
        text = " ".join(line.strip() for line in self.said if line.strip())
        self.said = []
        return text


class Table:
    """A live game: its session, who sits where, and a lock that one change at a time holds."""

    def __init__(self, gid: str, session: WebSession, seat_kinds: list, tokens: dict):
        self.id = gid
        self.session = session
        self.seat_kinds = seat_kinds      # per seat: "here", "elsewhere" or a bot's spec
        self.tokens = tokens              # token -> tuple of the seats it acts for (() for a spectator)
        self.lock = threading.RLock()
        self.refused: dict = {}           # token -> the author's account of its last refused move

    @property
    def state(self):
        return self.session.state

    def seats_of(self, token: str) -> Optional[tuple]:
        return self.tokens.get(token)

    def humans(self) -> list:
        return [i for i, k in enumerate(self.seat_kinds) if k in (HERE, ELSEWHERE)]

    def bot_to_move(self) -> Optional[int]:
        """A bot seat that must decide now (at a simultaneous step, one that has not answered)."""
        s = self.state
        if s.is_over():
            return None
        for i in (s.deciders if s.simultaneous else (s.to_move,)):
            if i not in self.session.answers and self.session.bots[i] is not None:
                return i
        return None

    def deciding(self) -> list:
        """The seats that must still decide now."""
        s = self.state
        if s.is_over():
            return []
        if s.simultaneous:
            return [i for i in s.deciders if i not in self.session.answers]
        return [s.to_move]

    def next_seat_for(self, seats: tuple, current: Optional[int]) -> Optional[int]:
        """The seat a screen acting for `seats` shows next: the one of them that must decide, else the one shown."""
        waiting = [i for i in self.deciding() if i in seats]
        if current in waiting:
            return current
        if waiting:
            return waiting[0]
        return current if current is not None else (seats[0] if seats else None)

    # -- changes (called with the lock held, in a worker thread) ------------------------------------------

    def play(self, seat: int, text: str) -> tuple:
        """Play `text` (a move's text or the REPL's words for it) for `seat`: (the move played or answered, or
        None; what the player is told). The move is not yet stored: the caller stores it, then tells."""
        s = self.state
        session = self.session
        if s.is_over():
            return None, "the game is over"
        if seat not in self.deciding():
            return None, "it is not your turn" if not s.simultaneous else "you have answered; waiting for the others"
        session.said = []
        before = len(s.history)
        move = session.typed_move(text, seat)
        if move is None:
            return None, session.take_said()
        if s.simultaneous:
            session.answers[seat] = move
            return ("answer", move.text), ""
        session.apply(_real(move), seat)
        told = session.take_said()
        if len(s.history) == before:   # the rules failed as it ran: taken back, the game goes on
            return None, told or "the move could not be played"
        return ("move", s.history[-1]), told

    def complete_answers(self) -> Optional[str]:
        """At a simultaneous step that every seat has answered: play the answers as one move (its text)."""
        s = self.state
        before = len(s.history)
        if self.session.all_answered() and len(s.history) > before:
            return s.history[-1]
        return None

    def bot_choose(self, seat: int):
        """The move (or answer) the bot of `seat` makes now, from what that seat sees."""
        session = self.session
        bot = session.bots[seat]
        return session.think(bot, seat)

    def may_undo(self, seats: tuple) -> bool:
        """Undo takes back the last move of a person and the bots' after it, as the REPL's does; a screen may
        undo only its own seats' move, and only when no other person has moved since."""
        movers = self.session.movers
        people = [k for k, s in enumerate(movers) if self.seat_kinds[s] in (HERE, ELSEWHERE)]
        return bool(people) and movers[people[-1]] in seats

    def undo(self) -> int:
        """Take back as the REPL does; the number of moves left."""
        self.session.undo(None)
        self.session.said = []
        return len(self.state.history)


def seat_colour(i: int) -> str:
    return PALETTE[i % len(PALETTE)]


PALETTE = ["#d64545", "#2f6fd6", "#2e9e5b", "#d69a2f", "#8a4fd6", "#2fb8c4", "#c44f9a", "#6b6b6b"]
