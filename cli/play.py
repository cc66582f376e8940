"""The REPL of `mire play`: humans type moves, bots move by themselves.

Each time a human is to move, one screen is shown: what happened since they last looked, the view
of the game condensed to the terminal (render.py), the legal moves (numbered, or summed up per
action) and the prompt; it is laid out to fit the terminal, so nothing of it scrolls away.  When the
seats see different things (a hand, a secret choice), the screen and its scrollback are cleared
before the next human sits down.  The REPL stays open when the game is over.
"""
from __future__ import annotations

import random
import sys
from pathlib import Path
from typing import Optional

import click

from ..grammar.wording import plural
from .fitting import cut, fit_line
from .fitting import width as fit_width
from .games import same_game
from .glyphs import has_hidden_info
from .line_editor import LineReader
from .move_list import MoveListing, format_moves  # noqa: F401  (format_moves: tests)
from .move_words import announced_fields, canonical, match_move, move_fields, piece_number, typed_in_order
from .render import board_lines, game_over_text, piece_key, render_view, view_lines
from .safe_text import printable, say, shown_lines
from .savefile import SaveError, replay_moves, restore, save_data, write_save
from .terminal import CLEAR_ALL, is_tty, terminal_size, use_colour  # noqa: F401  (use_colour: main)

HUMAN = "human"
HINT_BOT = "normal"          # the search bot that `hint` asks

COMMANDS = ["moves", "board", "history", "undo", "hint", "preview ", "about", "legend", "why", "save ", "load ",
            "help", "quit"]

HELP = """\
Type a move: its number, or its text{example}, in any case.
The start of each word is enough, a piece with a number may be typed by it (the
number before it in a hand, #6 or 6), and words may be left out while only one
legal move fits (a space alone, say).
  moves         list every legal move, numbered
  board         show the screen again
  board NAME    one board whole, named by its name or its owner's
  history       the moves so far
  undo          take back the last move made by a human (and the bots' after it)
  hint          ask the search bot what it would play (it sees what you see)
  preview MOVE  your boards as they would be after MOVE, without playing it
  about         the goal of the game, each player's figures, the rules file
{legend}  why           the rule, as written, behind your last refusal here
  save FILE     save the game to FILE
  load FILE     load a game saved with 'save'
  help          this text
  quit          leave the game"""

# at most this share of the screen goes to what happened since a player last looked
EVENTS_SHARE = 4


def seat_text(spec: str) -> str:
    """Who plays a seat, for the banner: human, random bot, search bot (normal)."""
    if spec == HUMAN:
        return "human"
    if spec == "random":
        return "random bot"
    return f"search bot ({'normal' if spec == 'mcts' else spec})"


def _is_yes(answer) -> bool:
    return (answer or "").strip().lower() in ("y", "yes")


class Session:
    """One game at the terminal (or with piped stdin: each line read is echoed after its
    prompt, so the output reads like a transcript)."""

    def __init__(self, game, game_ref, state, seed, players, options, seats, out=None, inputs=None, position=None,
                 rollouts="python"):
        self.game = game
        self.rollouts = rollouts     # the search bots' random lines: "python" or "native" (cli/backend.py)
        # the last refused move: (the seat that typed it, the moves made before it, the author's account of it)
        self.refused = None
        self.inputs = inputs or {}   # what the players brought (hands), kept for `save`
        self.position = position     # the text of the position file the game started from, kept for `save`
        self.game_ref = game_ref
        self.state = state
        self.seed = seed
        self.players = players
        self.options = list(options)
        self.seats = list(seats)
        self.rng = random.Random(seed)
        self.bots = self.make_bots()
        self.movers = []             # the seat that made each move of state.history
        self.effects_of: dict = {}   # what the move ended by each step of state.history did to others' pieces
        self.fresh = True            # show the screen before the next prompt
        self.last_human = None       # the human seat whose screen was shown last
        self.private = False         # have the seats been seen to see different things?
        self.force_handoff = False   # hand the keyboard over even to the same seat (after `load`)
        self.recent = []             # (seat, move, what the rules said) since a human last looked
        self.end_shown = False
        # colour and control codes only for a person at a terminal: not when lines are piped in
        self.tty_out = is_tty(sys.stdout) and is_tty(sys.stdin)
        self.colour = use_colour() and self.tty_out
        self._echo = out or click.echo
        self.since_input = 0         # lines on the screen under the last prompt
        # at a simultaneous step: the answers given so far (seat -> its answer), shown to nobody, applied
        # together once every seat has answered
        self.answers: dict = {}
        self.reader = LineReader(self._echo, self._words, self._toolbar)
        self._listing: Optional[MoveListing] = None
        self._seen: Optional[tuple] = None  # (the legal moves, a seat, those moves as the seat reads them)

    def listing(self, moves) -> MoveListing:
        """The moves as the screen shows them, worked out once for as long as the position's list stands."""
        if self._listing is None or self._listing.moves is not moves:
            self._listing = MoveListing(moves)
        return self._listing

    # -- the terminal ------------------------------------------------------------------

    def size(self) -> tuple:
        return terminal_size()

    def moves(self, seat) -> list:
        """The moves `seat` may type now: at a simultaneous step its own answers, else the legal moves."""
        s = self.state
        if s.is_over():
            return []
        moves = s.moves_for(seat) if s.simultaneous else s.legal_moves()
        kept = self._seen
        if kept is None or kept[0] is not moves or kept[1] != seat:
            # (as this seat reads them: worked out once for as long as the position's list stands)
            kept = self._seen = (moves, seat, [m if (text := m.read_by(seat)) == m.text else _SeenMove(m, text)
                                               for m in moves])
        return kept[2]

    def answering(self):
        """The seat that decides now: at a simultaneous step the first that has not answered yet."""
        s = self.state
        if s.simultaneous:
            return next((i for i in s.deciders if i not in self.answers), s.to_move)
        return s.to_move

    def _words(self) -> list:
        try:
            moves = [printable(m.text) for m in self.moves(self.answering())]  # (shown in the menu)
        except Exception:   # noqa: BLE001 - completion must never break the prompt
            moves = []
        return moves + [c.strip() for c in COMMANDS]

    def _toolbar(self) -> str:
        cols, _ = self.size()
        s = self.state
        if s.is_over():
            text = f" {printable(self.game.title)} · game over · board, history, undo, save, quit"
        else:
            seat = self.answering()
            text = f" {printable(self.game.title)} · {self.name(seat)} to " \
                   f"{'answer' if s.simultaneous else 'move'} · " \
                   f"{plural(len(self.moves(seat)), 'legal move')} · help, moves, undo, quit"
        return cut(text, cols - 1)

    def read_line(self, prompt: str):
        line = self.reader.read(prompt)
        self.since_input = 1     # the prompt and what was typed stay on the screen
        return line

    def echo(self, text: str = "", nl: bool = True):
        """Print a line (wrapped to the terminal's width), counting the lines the screen has taken. The lines the
        renderer drew are written as they are, any other text escaped (safe_text.py): nothing that came from the
        game acts on the terminal (the REPL's own control sequences are written with _echo)."""
        text = shown_lines(text)
        if not nl:      # a prompt, or a line the next overwrites
            self._echo(text, nl=False)
            return
        cols, _ = self.size()
        for line in text.split("\n"):
            parts = fit_line(line, cols)
            for part in parts:
                self._echo(part)
            self.since_input += len(parts)

    def clear(self):
        """Clear the screen and its scrollback: nothing shown before can be scrolled back to."""
        if self.tty_out:
            self._echo(CLEAR_ALL, nl=False)
            self.since_input = 0

    def room(self) -> int:
        """Lines a screen may take above the prompt, under what is already on the screen."""
        _, rows = self.size()
        return rows - 1 - self.reader.toolbar_lines - self.since_input

    # -- output ------------------------------------------------------------------------

    def name(self, seat) -> str:
        return printable(self.state.seat_name(seat))

    def banner_lines(self) -> list:
        """The title, the goal when the first screen leaves room for it, who plays, and how to type."""
        cols, _ = self.size()
        who = ", ".join(f"{self.name(i)} {seat_text(k)}" for i, k in enumerate(self.seats))
        if fit_width(who) > cols:   # the seats played alike named together: "green human; red, yellow search bot"
            kinds = dict.fromkeys(self.seats)
            who = "; ".join(", ".join(self.name(i) for i, k in enumerate(self.seats) if k == kind)
                            + f" {seat_text(kind)}" for kind in kinds)
        opts = f"; options {' '.join(self.options)}" if self.options else ""
        title = f"{self.game.title}; seed {self.seed}{opts}."

        def tail(hint):
            return [f"{who}. {hint}"] if fit_width(f"{who}. {hint}") <= cols else [f"{who}.", hint]
        about = self.about_lines(cols)
        shown = [title] + about + tail("Type a move's number or text, or 'help'.")
        if not about or len(shown) + self.first_screen_height(cols) <= self.room():
            return shown
        return [title] + tail("Type a move's number or text, 'about' or 'help'.")

    def first_screen_height(self, cols: int) -> int:
        """The lines of the first screen when nothing is condensed."""
        if self.state.is_over():
            return 0
        seat = self.answering()
        return len(view_lines(self.state.view(seat), color=False, width=cols, typed=self.typed_names(seat))) \
            + len(self.listing(self.moves(seat)).block(cols, 6))

    def about_lines(self, cols: int) -> list:
        """The goal of the game in its own words (`about`), wrapped to the terminal."""
        about = self.state.game.about
        return fit_line(about, cols) if about else []

    def rules_file(self) -> str:
        """The rules file as the player named it: their path, or a bundled game's file name."""
        from ..grammar.frontend import is_path
        return self.game_ref if is_path(self.game_ref) else f"{Path(self.game.path).name} (bundled with mire)"

    def about(self, seat):
        cols, _ = self.size()
        lines = self.about_lines(cols) or [f"{self.game.title} says nothing about itself"]
        view = self.state.view(seat if seat is not None else 0)
        lines += [f"{p['seat']}: {', '.join(p['status'])}" for p in view["players"] if p.get("status")]
        lines.append(f"the rules: {self.rules_file()}")
        if self.state.game.legend:
            lines.append("'legend' says what the game's notation means")
        self.page([part for line in lines for part in fit_line(line, cols)])

    def legend(self):
        """What the game's notation means (its `legend` declarations): each term, and under it what it means."""
        cols, _ = self.size()
        legend = self.state.game.legend
        if not legend:
            self.echo(f"{printable(self.game.title)} declares no legend: 'about' tells the game")
            return
        pad = max(fit_width(printable(term)) for term, _ in legend) + 2
        lines = []
        for term, meaning in legend:
            term = printable(term)
            if pad <= cols // 3:   # the meanings in a column of their own, wrapped under themselves
                parts = fit_line(printable(meaning), cols - pad)
                lines += [term + " " * (pad - fit_width(term)) + parts[0]] + [" " * pad + p for p in parts[1:]]
            else:
                lines += fit_line(f"{term}: {printable(meaning)}", cols)
        self.page(lines)

    def typed_names(self, seat) -> dict:
        """What to type for each piece `seat` sees in a zone that is known by a number: piece_key -> number."""
        from mire.engine.run.view import piece_view, zone_visible
        S = self.state
        typed = {}
        zones = list(S.zones.values()) + [z for p in S.players for z in p.zones.values()]
        for zone in zones:
            if not zone_visible(zone, seat):
                continue
            for piece in zone.pieces:
                number = piece_number(piece.describe())
                if number:
                    typed[piece_key(piece_view(piece, seat, S))] = number
        return typed

    def screen(self, seat, above: list) -> list:
        """The lines of `seat`'s screen under `above`, fitted to the terminal."""
        cols, _ = self.size()
        room = self.room() - len(above)
        view = self.state.view(seat)
        self.private = self.private or has_hidden_info(view) and self._seats_differ(seat)
        moves = self.moves(seat)
        typed = self.typed_names(seat)
        listing = self.listing(moves)
        best: list = []
        # what the player decides with (a hand whole) before a longer list of moves: zones are cut to a line
        # only when even the shortest list leaves them no room
        for cut_zones in (False, True):
            for moves_room in (6, 4, 2, 1):
                block = listing.block(cols, moves_room)
                body = view_lines(view, color=self.colour, width=cols, height=room - len(block), typed=typed,
                                  cut_zones=cut_zones)
                best = body + block
                if len(best) <= room:
                    return best
        return best

    def event_lines(self, seat) -> list:
        """What happened since `seat` last looked, as they may read it, within its share of the screen."""
        cols, rows = self.size()
        lines = []
        for _, words, said in self.recent:
            if words(seat) is not None:  # (another's move that reveals nothing: not even that it was made)
                lines.append(cut(printable(words(seat)), cols))
            lines.extend(cut(f"  {printable(t)}", cols) for t, readers in said if _reads(readers, seat))
        cap = max(3, rows // EVENTS_SHARE)
        if len(lines) > cap:
            left_out = len(lines) - (cap - 1)
            lines = [f"({plural(left_out, 'line')} before these: 'history' lists the moves)"] + lines[-(cap - 1):]
        return lines

    def show_screen(self, seat):
        above = self.event_lines(seat)
        self.recent = []
        for line in above + self.screen(seat, above):
            self.echo(line)

    def show_moves(self, seat=None):
        cols, _ = self.size()
        self.page(self.listing(self.moves(self.answering() if seat is None else seat)).numbered(cols))

    def page(self, lines: list):
        """Lines a screenful at a time at a terminal; all at once from a pipe."""
        start = 0
        while start < len(lines):
            chunk = max(1, self.room())
            if not self.reader.interactive or len(lines) - start <= chunk:
                chunk = len(lines) - start
            for line in lines[start:start + chunk]:
                self.echo(line)
            start += chunk
            if start >= len(lines):
                break
            answer = self.read_line(f"-- {len(lines) - start} more: Enter for more, q to stop -- ")
            if answer is None or answer.strip().lower().startswith("q"):
                break

    # -- the loop ----------------------------------------------------------------------

    def run(self) -> int:
        for line in self.banner_lines():
            self.echo(line)
        while True:
            state = self.state
            if state.is_over():
                if not self.end_shown:
                    self.show_end()
                line = self.read_line("game over> ")
                if line is None:
                    return 0
                if self.handle(line, self.viewer()) == "quit":
                    return 0
                continue
            if self.all_answered():
                continue
            seat = self.answering()
            moves = self.moves(seat)
            if not moves:
                self.flush_events(None)
                self.echo(f"{self.name(seat)} has no legal move, yet the game is not over")
                return 1
            if self.bots[seat] is not None:
                self.bot_moves(seat)
                continue
            if self.needs_handoff(seat):
                if not self.handoff(seat):
                    return 0
            if self.fresh:
                self.show_screen(seat)
                self.last_human = seat
                self.fresh = False
            line = self.read_line(f"{self.name(seat)}> ")
            if line is None:
                return 0
            if self.handle(line, seat) == "quit":
                return 0

    def all_answered(self) -> bool:
        """At a simultaneous step that every seat has answered: carry the answers out together, as one move."""
        state = self.state
        if not state.simultaneous or any(i not in self.answers for i in state.deciders):
            return False
        joint = state.joint_move(self.answers)
        self.answers = {}
        self.apply(joint, state.to_move)
        return True

    def bot_moves(self, seat):
        """A bot's move; at a simultaneous step its answer, kept until every seat has answered (nobody is shown
        it, and the bots after it do not see it: they answer on the state as it is)."""
        move = self.think(self.bots[seat], seat)
        if self.state.simultaneous:
            self.answers[seat] = move
        else:
            self.apply(move, seat)

    def make_bots(self):
        """The bot of each seat, None for a person: random seats draw, in turn, from the game's seed."""
        from mire.engine.bots import RandomBot, parse_spec
        shared = RandomBot(self.rng)
        out = []
        for i, text in enumerate(self.seats):
            spec = parse_spec(text)
            out.append(None if spec.kind == HUMAN else shared if spec.kind == "random"
                       else spec.make(seed=self.seed * 8 + i, rollouts=self.rollouts))
        return out

    def think(self, bot, seat):
        """The bot's move; a search says that it is thinking (Ctrl-C stops the game as ever)."""
        from mire.engine.bots import RandomBot
        if isinstance(bot, RandomBot):
            return bot.choose(self.state, seat)
        if self.last_human is not None:   # what happened so far shows before the wait
            self.flush_events(self.viewer())
        self.echo(f"{self.name(seat)} is thinking...", nl=not self.tty_out)
        move = bot.choose(self.state, seat)
        if self.tty_out:
            self._echo("\r\x1b[K", nl=False)
        return move

    def hint(self, seat):
        """What the search bot would play for `seat`, from what that seat may see."""
        from mire.engine.bots import make_bot
        self.echo("thinking...", nl=not self.tty_out)
        try:
            move = make_bot(HINT_BOT, seed=self.seed, rollouts=self.rollouts).choose(self.state, seat)
        except KeyboardInterrupt:
            self.echo("")
            self.echo("no hint: interrupted")
            return
        if self.tty_out:
            self._echo("\r\x1b[K", nl=False)
        self.echo(f"hint: {move.text_for(seat)}")

    def viewer(self):
        """Whose eyes are on the screen: the human who looked last, else the first human seat."""
        if self.last_human is not None:
            return self.last_human
        humans = [i for i, k in enumerate(self.seats) if k == HUMAN]
        return humans[0] if humans else None

    def flush_events(self, seat):
        for line in self.event_lines(seat) if self.last_human is not None else self._all_events(seat):
            self.echo(line)
        self.recent = []

    def _all_events(self, seat) -> list:
        lines = []
        for _, words, said in self.recent:
            if words(seat) is not None:
                lines.append(printable(words(seat)))
            lines.extend(f"  {printable(t)}" for t, readers in said if _reads(readers, seat))
        return lines

    def show_end(self):
        seat = self.viewer()
        self.flush_events(seat)
        view = self.state.view(seat if seat is not None else 0)
        cols, _ = self.size()
        result = self.state.outcome()
        tail = [game_over_text(result.text, result.reason)] + [f"  {note}" for note in result.extra.get("notes", [])]
        tail.append("The game is over: 'board', 'history', 'undo', 'save FILE' or 'quit'.")
        tail = [part for line in tail for part in fit_line(line, cols)]
        room = self.room()
        if HUMAN not in self.seats:   # nobody awaited this screen: what the bots did may scroll away
            room += self.since_input
        body = view_lines(view, color=self.colour, status=False, width=cols, height=room - len(tail))
        if len(body) > room - len(tail) and HUMAN in self.seats:   # the result first: the boards wait for 'board'
            without_boards = view.copy()
            without_boards["boards"] = []
            body = ["the boards: 'board' shows them"] + view_lines(
                without_boards, color=self.colour, status=False, width=cols, height=room - len(tail) - 1)
        for line in body + tail:
            self.echo(line)
        self.end_shown = True

    def _seats_differ(self, seat) -> bool:
        """Do two seats see different things now (views, or the moves as they may read them)?"""
        s = self.state
        seats = range(s.num_players)

        def seen(i):
            v = dict(s.view(i))
            for key in ("seat", "facing", "choice"):
                v.pop(key, None)
            return v, s.history_for(i)
        first = seen(seat)
        return any(seen(i) != first for i in seats if i != seat)

    def needs_handoff(self, seat) -> bool:
        humans = [i for i, k in enumerate(self.seats) if k == HUMAN]
        if len(humans) < 2:      # one person sees every screen
            return False
        if self.state.simultaneous and self.last_human is not None and self.last_human != seat:
            return True          # the one before may have answered on this screen: it must not be seen
        if self.force_handoff:
            return self.private or self._seats_differ(seat)
        if self.last_human is None:
            # the very first screen, at a terminal: the first mover's own things only once they sit there (a piped
            # session is a transcript written beforehand, whose reader sees every screen anyway)
            self.private = self.tty_out and self._seats_differ(seat)
            return self.private
        if self.last_human == seat:
            return False
        self.private = self.private or self._seats_differ(seat)
        return self.private

    def handoff(self, seat) -> bool:
        """Clear the screen and its scrollback and wait for `seat`'s player; False at the end of input. Before the
        first screen nothing private has shown yet: the banner stays above the question."""
        if self.last_human is not None or self.force_handoff:
            self.clear()
        if self.read_line(f"Pass to {self.name(seat)}; press Enter ") is None:
            return False
        self.clear()      # their screen starts at the top of a clean terminal
        self.force_handoff = False
        self.fresh = True
        return True

    def apply(self, move, seat):
        from mire.engine import RuleError
        viewer = self.viewer() if self.seats[seat] != HUMAN else seat
        logged = len(self.state.log)
        # in the game's words, and as each seat may read it: worked out now, while the pieces are where they were
        name = self.name(seat)
        words: dict[Optional[int], Optional[str]] = {s: announcement(self.state, move, s, name)
                                                     for s in range(self.state.n)}
        words[None] = announcement(self.state, move, None, name)
        hidden = move.hidden_from_some and self.state.pending is None
        if self.state.pending is None:
            self.move_by = seat   # (the mover of a whole move, whose choices may come from others)
        try:
            self.state.apply(move)
        except RuleError as e:  # the rules went wrong: the move is taken back and the game goes on
            self.echo(f"the rules failed on '{move.text_for(viewer) if viewer is not None else move.text}': {e}")
            return
        if hidden and not move.hidden_from_some:  # its cards went face up where all see them: all read them
            words = {s: (w if w is None else words[None]) for s, w in words.items()}
        self.movers.append(seat)
        said = [(text, readers) for (_, text), readers in zip(self.state.log[logged:],
                                                              self.state.log_readers[logged:])]
        if self.state.is_over():  # the end's notes are shown with the result
            said = said[:len(said) - len(self.state.outcome().extra.get("notes", []))]
        # the move is whole: what it did to the others' pieces (kept for `history`, by the step that ended it)
        effects = self.effects(getattr(self, "move_by", seat)) if self.state.pending is None else []
        self.effects_of[len(self.state.history) - 1] = effects
        said = effects + said
        self.recent.append((seat, words.__getitem__, said))
        self.fresh = True

    def effects(self, mover) -> list:
        """What the move just made did to the pieces of players other than `mover`, as log lines with their
        readers (None: everyone): `blue's pawn on b3 is removed` (engine/run/telling.py)."""
        seats = range(self.state.n)
        told = {s: self.state.effects_told(mover, s) for s in seats}
        out = []
        for text in self.state.effects_told(mover, None):
            readers = {s for s in seats if text in told[s]}
            out.append((text, None if len(readers) == self.state.n else readers))
        return out

    # -- one line of input ---------------------------------------------------------------

    def _exact_move(self, text: str):
        """The legal move whose text is exactly `text` (spacing and case aside), or None."""
        if self.state.is_over():
            return None
        wanted = " ".join(text.lower().split())
        for m in self.moves(self.answering()):
            if " ".join(m.text.lower().split()) == wanted:
                return m
        return None

    def handle(self, line: str, seat):
        text = line.strip()
        if not text:
            return None
        word, _, rest = text.partition(" ")
        word_l, rest = word.lower(), rest.strip()
        command = self._commands(seat, word_l, rest).get(word_l)
        if command is not None and self._exact_move(text) is None:  # a move that reads like a command is a move
            return command()
        if self.state.is_over():
            self.echo("the game is over: 'undo' takes back the last move; 'quit' leaves")
            return None
        self.play_typed(text, seat)
        return None

    def _commands(self, seat, word: str, rest: str) -> dict:
        """The REPL's commands: word -> what it does (returning "quit" to leave)."""
        def quit_():
            self.echo("bye")
            return "quit"

        def help_():
            moves = self.moves(self.answering())
            example = f" (e.g. '1' or '{moves[0].text}')" if moves else ""
            legend = "  legend        what the game's notation means\n" if self.state.game.legend else ""
            self.page(HELP.format(example=example, legend=legend).splitlines())

        def over_or(what: str, then):
            return lambda: self.echo(f"the game is over: {what}") if self.state.is_over() else then()

        def file_(verb):
            def run():
                if not rest:
                    self.echo(f"usage: {verb} FILE")
                elif verb == "save":
                    self.save(rest, seat)
                else:
                    self.load(rest)
            return run
        commands = {"quit": quit_, "exit": quit_, "help": help_, "?": help_,
                    "why": lambda: self.echo(self.why(seat)),
                    "about": lambda: self.about(seat), "rules": lambda: self.about(seat),
                    "legend": self.legend,
                    "preview": over_or("there is nothing to preview", lambda: self.preview(seat, rest)),
                    "moves": over_or("there are no moves", self.show_moves),
                    "board": lambda: self.board(seat, rest),
                    "history": lambda: self.history(seat), "undo": lambda: self.undo(seat),
                    "save": file_("save"), "load": file_("load")}
        if not rest:
            commands["hint"] = over_or("there is nothing to hint", lambda: self.hint(seat))
        return commands

    def why(self, seat) -> str:
        """The author's account of the last move refused to `seat` in this position: not one refused before a
        move was made (or taken back), nor another seat's (whose words may name what `seat` may not know)."""
        if self.refused is None:
            return "no move has been refused yet"
        who, before, detail = self.refused
        if before != tuple(self.state.history):
            return "no move has been refused in this position"
        if who != seat:
            return "no move of yours has been refused in this position"
        return detail

    def play_typed(self, text: str, seat):
        move = self.typed_move(text, seat)
        if move is None:
            return
        if self.state.simultaneous:
            # kept, not applied, until every seat has answered; the next seat sits down at a cleared screen
            self.answers[seat] = move
            waiting = [i for i in self.state.deciders if i not in self.answers]
            self.echo(f"{self.name(seat)} has answered" + (f"; waiting for {', '.join(map(self.name, waiting))}"
                                                           if waiting else ""))
            self.fresh = True
            return
        self.apply(move, seat)

    def typed_move(self, text: str, seat):
        """The legal move `text` names, or None once the player has been told why there is none."""
        from mire.engine import IllegalMove
        moves = self.moves(seat)
        if text.isdigit():
            n = int(text)
            if 1 <= n <= len(moves):
                return _real(moves[n - 1])
            self.echo(f"there is no move {n}: the moves are numbered 1 to {len(moves)}")
            return None
        found = match_move(text, moves)
        if found.move is None and not found.candidates:   # typed as the game announces it: `upgrade a2 with 59`
            said = match_move(text, moves, lambda m: announced_fields(self.state, _real(m)))
            found = said if said.move is not None else found
        if found.move is not None:
            return _real(found.move)
        if found.candidates:
            self.ambiguous(text, found.candidates, moves)
            return None
        # no legal move fits: the rules say why, when the words name something of the game
        actions = [a.name for a in self.state.game.actions]
        names = actions + _names_in_view(self.state.view(seat))
        vocab = {f.text.lower() for m in moves for f in move_fields(m)} | {n.lower() for n in names}
        known = canonical(text, moves, names)
        if not any(w.lower() in vocab for w in _groups(known, vocab)):
            self.echo(f"'{text}' is not a move or a command: 'help' lists them")
            return None
        in_order = typed_in_order(self.state, text)
        if in_order is not None:  # typed as the game announces it: its refusal is that of the move so meant
            known = canonical(in_order, moves, names)
        try:
            move = self.state.parse_part(seat, known) if self.state.simultaneous else self.state.parse_move(known)
            if move.read_by(seat) != move.text:  # it names a piece this seat may not see: refused as any such words
                said = self.state.explain(known)
                raise IllegalMove(said, said)
            return move
        except IllegalMove as e:
            self.refused = (seat, tuple(self.state.history), e.detail)  # what `why` tells an author
            self.echo(str(e))
            if in_order is not None:
                self.echo(f"(a move is typed in its own order, not as it is announced: '{text}' is '{in_order}')")
            return None

    def preview(self, seat, text: str):
        """Your boards as they would be after a move, which is then taken back. A move that would show what you
        may not know yet (a random draw, a piece turned up from where you cannot look) is not previewed."""
        if not text:
            self.echo("usage: preview MOVE (e.g. 'preview 1')")
            return
        if self.state.simultaneous:
            self.echo("an answer given at once with others cannot be previewed: it is carried out with theirs")
            return
        move = self.typed_move(text, seat)
        if move is None:
            return
        S = self.state
        mine = list(S.players[seat].boards.values())
        shown = mine or list(S.boards.values())
        known_before = _known_pieces(S, seat)
        rng = S.rng.getstate()
        from mire.engine import RuleError
        try:
            S.apply(move)
        except RuleError as e:
            self.echo(f"the rules failed on '{move.text_for(seat)}': {e}")
            return
        try:
            # a random draw: the move met a chance point of more than one outcome (and the generator moved on)
            drew = S.rng.getstate() != rng or any(n > 1 for n in S.last_draws)
            if drew or not _known_pieces(S, seat, shown) <= known_before:
                self.echo(f"'{move.text_for(seat)}' cannot be previewed: it would show what you cannot know yet")
                return
            view = S.view(seat)
            cols, _ = self.size()
            lines = [f"after {move.text_for(seat)} (not played):"]
            for name in dict.fromkeys(self.name(seat) if mine else b.name for b in shown):
                lines += board_lines(view, name, color=self.colour, width=cols) or []
            self.page(lines)
        finally:
            S.undo()

    def ambiguous(self, text, candidates, moves):
        cols, _ = self.size()
        number = {id(m): i for i, m in enumerate(moves, 1)}
        shown = [f"{number[id(m)]}. {printable(m.text)}" for m in candidates[:6]]
        more = f", and {len(candidates) - 6} more" if len(candidates) > 6 else ""
        self.echo(cut(f"'{printable(text)}' fits {len(candidates)} moves: " + ", ".join(shown) + more, cols))
        self.echo("type more of the one you mean, or its number")

    def board(self, seat, name: str):
        cols, _ = self.size()
        view = self.state.view(seat if seat is not None else 0)
        if not name:
            if self.state.is_over():   # the last look: every board, a page at a time
                self.page(view_lines(view, color=self.colour, width=cols))
            else:
                self.fresh = True
            return
        found = board_lines(view, name, color=self.colour, width=cols)
        if found is None:
            names = sorted({str(b["owner"] or b["name"]) for b in view.get("boards") or []})
            self.echo(f"no board '{name}': name a board or its owner ({', '.join(names)})")
            return
        self.page(found)

    def history(self, seat):
        state = self.state
        # (who made it, as the seat reads it): another's move that reveals nothing is not there
        read = [(k, state.move_as_read(k, seat) if seat is not None else state.history[k])
                for k in range(len(state.history))]
        moves = [(k, text) for k, text in read if text is not None]
        if not moves:
            self.echo("no moves yet")
            return
        from mire.engine.run.choices import CHOICE, JointMove
        played = state.played

        def who(k):
            return self.name(self.movers[k]) if k < len(self.movers) else "?"
        # a move whole: the choices made in its middle go on its line (`blue plays move B2 c3, then chooses B3`)
        lines: list = []
        for k, text in moves:
            if (played[k].action is CHOICE or isinstance(played[k], JointMove)) and lines and lines[-1][0] == k - 1:
                first, line = lines[-1][1], lines[-1][2]
                if isinstance(played[k], JointMove):
                    said = f"answered at once: {text}"
                else:
                    said = f"{'then' if who(k) == who(first) else f'and {who(k)}'} chooses {text}"
                lines[-1] = (k, first, f"{line}, {said}")
            elif isinstance(played[k], JointMove):  # the first decision of an action `each turn`: the turn itself
                lines.append((k, k, f"answered at once: {text}"))
            else:
                lines.append((k, k, f"{who(k)}{plays(played[k].action, text)}"))
            told = [t for t, readers in self.effects_of.get(k, ()) if _reads(readers, seat)]
            if told:  # what the move did to the others' pieces: `red plays hop b3 c3: blue's pawn on c3 is removed`
                lines[-1] = (lines[-1][0], lines[-1][1], f"{lines[-1][2]}: {'; '.join(told)}")
        width = len(str(len(lines)))
        self.page([f"{i:>{width}}. {line}" for i, (_, _, line) in enumerate(lines, 1)])

    def undo(self, seat=None):
        self.answers = {}  # the answers of a simultaneous step are given again
        humans_moved = [i for i, s in enumerate(self.movers) if self.seats[s] == HUMAN]
        if not humans_moved:
            self.echo("nothing to undo")
            return
        target = self.movers[humans_moved[-1]]   # the human whose move is taken back
        if seat is not None and target != seat:
            answer = self.read_line(f"undo takes back {self.name(target)}'s move; "
                                    f"{self.name(target)} plays again. Undo? [y/N] ")
            if not _is_yes(answer):
                self.echo("not undone")
                return
        undone = []
        while self.movers:
            s = self.movers.pop()
            last = len(self.state.history) - 1
            text = self.state.move_as_read(last, seat) if seat is not None else self.state.history[-1]
            if text is not None:   # another's move that reveals nothing stays unsaid
                undone.append(text)
            self.state.undo()
            if self.seats[s] == HUMAN:
                break
        self.recent = []
        self.end_shown = False
        self.echo("undone: " + ", ".join(reversed(undone)))
        self.fresh = True

    def save(self, path: str, seat=None):
        data = save_data(self.game_ref, self.state.num_players, self.seed, self.options,
                         list(self.state.history), self.inputs, self.position)
        try:
            write_save(path, data)
        except SaveError as e:
            self.echo(f"cannot save {path}: {e}")
            return
        self.echo(f"saved {path} ({plural(len(data['moves']), 'move')})")
        if any(has_hidden_info(self.state.view(i)) for i in range(self.state.num_players)):
            self.echo("it holds everything, hidden information too (hands, face-down pieces, the order "
                      "of what is shuffled): keep it from the other players")

    def load(self, path: str):
        try:
            game, ref, saved, state, movers = restore(path)
            if not same_game(game, self.game):
                raise SaveError(f"it is a save of {game.name}, not of {self.game.name}")
            if saved.players != self.state.num_players:
                raise SaveError(f"it is a game of {saved.players} players, not {self.state.num_players}")
        except SaveError as e:
            self.echo(f"cannot load {path}: {e}")
            return
        except ValueError:  # a save is anyone's file: whatever in it slipped past its checks, the game goes on
            self.echo(f"cannot load {path}: it holds a value mire cannot read")
            return
        self.state, self.movers = state, movers
        self.effects_of = {}
        self.answers = {}
        self.seed, self.options, self.inputs = saved.seed, list(saved.options), saved.inputs
        self.position = saved.position
        self.recent = []
        self.end_shown = False
        self.echo(f"loaded {path} ({plural(len(saved.moves), 'move')})")
        # whoever is to move in the loaded game sits down before any hidden information shows
        self.private = False
        self.force_handoff = self._seats_differ(self.state.to_move) and not self.state.is_over()
        self.fresh = True




def _names_in_view(view: dict) -> list:
    """The names a player may type that a view shows: spaces, boards, zones, seats, kinds."""
    names = [str(p.get("seat")) for p in view.get("players") or []]
    for b in view.get("boards") or []:
        names.append(str(b.get("name")))
        names += [str(sp.get("name")) for sp in b.get("spaces") or []]
    for z in view.get("zones") or []:
        names.append(str(z.get("name")))
        names += [str(p.get("kind")) for p in z.get("pieces") or []]
    return names


def _groups(text: str, vocab: set) -> list:
    """The words of text, with runs of words that together name something of vocab kept together."""
    words = text.split()
    out, i = [], 0
    while i < len(words):
        for k in range(len(words), i, -1):
            if " ".join(words[i:k]).lower() in vocab:
                out.append(" ".join(words[i:k]))
                i = k
                break
        else:
            out.append(words[i])
            i += 1
    return out


def _known_pieces(S, seat, boards=None) -> set:
    """What `seat` may see of the pieces on `boards` (a list of board objects; without it, on every board and
    in the zones it may look into): (piece id, 1) for a piece whose back it sees (its visible attributes), and
    (piece id, 2) too when it sees all of it (face up, or its own). A piece of a kind `hidden when covered`
    under another shows nothing. So a move shows nothing new when the set after it is a subset of the set
    before."""
    from mire.engine.run.view import zone_visible
    if boards is None:
        boards = list(S.boards.values()) + [b for pl in S.players for b in pl.boards.values()]
        zones = list(S.zones.values()) + [z for pl in S.players for z in pl.zones.values()]
    else:
        zones = []
    seen = [p for b in boards for sp in b.in_play() for p in sp.pieces if not p.covered]
    seen += [p for z in zones if zone_visible(z, seat) for p in z.pieces]
    known = {(id(p), 1) for p in seen}
    known |= {(id(p), 2) for p in seen if p.up or (p.owner is not None and p.owner.index == seat)}
    return known


class _SeenMove:
    """A legal move as the seat that decides it reads it, where it names pieces that seat may not see (a card
    taken blind from another's hand: `take card`): shown, numbered and matched by those words, never by the hidden
    pieces' names, which would tell what the other holds."""
    __slots__ = ("real", "text", "action")
    args = None  # (its words are one field: `move_fields`)

    def __init__(self, real, text):
        self.real, self.text, self.action = real, text, real.action

    def text_for(self, seat):
        return self.text


def _real(move):
    return move.real if isinstance(move, _SeenMove) else move


def announcement(state, move, seat, name: str) -> Optional[str]:
    """The line that tells `seat` of a move made by the seat named `name` (None: it learns nothing of it): the
    answer to a choice in the middle of a move as what happened, in the game's words and the reader's person
    (`you choose B3 as the square it moves to (white knight)`, `blue chooses ...`: engine/run/telling.py), any
    other move after the mover's name (see announced). Call it before the move is applied."""
    from mire.engine.run.choices import CHOICE
    if move.action is CHOICE and state.pending is not None:
        return state.choice_told(move, seat)
    words = announced(state, move, seat)
    return None if words is None else f"{name}{words}"


def announced(state, move, seat) -> Optional[str]:
    """What follows the mover's name when `seat` is told of a move: ': LABEL' in the game's words, ' chooses
    X, to: PROMPT' for a choice in the middle of a move, else ' plays TEXT' (see plays). Call it before the move
    is applied."""
    from mire.engine.run.choices import CHOICE
    words = state.describe_move(move, seat)
    if words is None:   # the seat learns nothing of it
        return None
    if state.simultaneous:
        others = [state.seat_name(i) for i in state.deciders[1:]]
        return f" and {' and '.join(others)} answer at once: {words}"
    if move.action is CHOICE:
        return f" chooses {words}" if state.pending is not None else f" plays {words}"
    return f": {words}" if getattr(move.action, "label", None) is not None else plays(move.action, words)


def plays(action, text: str) -> str:
    """What follows the mover's name for a move told by its text: ' plays TEXT', the text as a player types it
    (`X plays place b2`), but for an action named `play`, whose name would say the verb twice: `1 plays Q-hearts`,
    not `1 plays play Q-hearts`."""
    first, _, rest = text.partition(" ")
    if getattr(action, "name", "").lower() == "play" and first.lower() == "play":
        return f" plays {rest}" if rest else " plays"
    return f" plays {text}"


# what `mire replay` prints at most (a save comes from anyone: its output is bounded as its work is): the first
# moves each with the board after it, then the moves' lines alone, then only how many more there were
REPLAY_BOARDS = 100
REPLAY_LINES = 2_000


def replay(state, moves, view_seat: int, echo=None, colour=False) -> list:
    """Apply saved moves to a fresh state, printing each move and the board after it (escaped: safe_text.py):
    the boards of the first REPLAY_BOARDS moves and the lines of the first REPLAY_LINES, then the last board."""
    echo = echo or say
    cols, _ = terminal_size()
    told = {"lines": 0, "boards": 0, "left": 0}

    def board(st):
        return render_view(st.view(view_seat), color=colour, status=not st.is_over(), width=cols)

    def show(i, seat, move, st):
        text = st.move_as_read(i - 1, view_seat)
        if text is None:  # another's move that reveals nothing: this seat learns nothing of it
            return
        if told["lines"] == REPLAY_LINES:
            told["left"] += 1
            return
        told["lines"] += 1
        echo(f"{i}. {st.seat_name(seat)}{plays(move.action, text)}")
        if told["boards"] < REPLAY_BOARDS:
            told["boards"] += 1
            echo(board(st))

    movers = replay_moves(state, moves, on_move=show)
    if told["lines"] > REPLAY_BOARDS:
        left = f"{plural(told['left'], 'more move')} not told; " if told["left"] else ""
        echo(f"({left}the board after the last move:)")
        echo(board(state))
    return movers


def _reads(readers, seat) -> bool:
    """May `seat` read a log line that `readers` read (None: everyone; seat None: a screen that sees all)?"""
    return readers is None or seat is None or seat in readers
