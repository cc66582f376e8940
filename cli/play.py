"""The REPL of `mire play`: humans type moves, bots move by themselves."""
from __future__ import annotations

import os
import random
import sys

import click

from ..engine.bots import RandomBot
from .games import same_game
from .render import has_hidden_info, render_view
from .savefile import SaveError, replay_moves, restore, save_data, write_save

HUMAN = "human"
HINT_BOT = "normal"          # the search bot that `hint` asks

COMMANDS = ["moves", "board", "undo", "hint", "save ", "load ", "help", "quit"]

HELP = """\
Type a move's number or its text{example}. Commands:
  moves       list the legal moves
  board       show the board again
  undo        take back the last move made by a human (and the bots' moves after it)
  hint        ask the search bot what it would play here (it sees only what you see)
  save FILE   save the game to FILE
  load FILE   load a game saved with 'save'
  help        this text
  quit        leave the game"""


def seat_text(spec: str) -> str:
    """Who plays a seat, for the banner: human, random bot, search bot (normal)."""
    if spec == HUMAN:
        return "human"
    if spec == "random":
        return "random bot"
    return f"search bot ({'normal' if spec == 'mcts' else spec})"


def plural(n: int, word: str) -> str:
    return f"{n} {word}" + ("" if n == 1 else "s")


def is_tty(stream) -> bool:
    try:
        return bool(stream.isatty())
    except (AttributeError, ValueError):
        return False


def use_colour() -> bool:
    return is_tty(sys.stdout) and "NO_COLOR" not in os.environ


def format_moves(moves, width: int = 78) -> str:
    """The numbered legal moves, in columns."""
    if not moves:
        return "no legal moves"
    entries = [f"{i:>{len(str(len(moves)))}}. {m.text}" for i, m in enumerate(moves, 1)]
    col = max(len(e) for e in entries) + 3
    per_row = max(1, width // col)
    lines = []
    for i in range(0, len(entries), per_row):
        lines.append("".join(e.ljust(col) for e in entries[i:i + per_row]).rstrip())
    return "\n".join(lines)


class Session:
    """One game at the terminal (or with piped stdin: each line read is echoed after its
    prompt, so the output reads like a transcript)."""

    def __init__(self, game, game_ref, state, seed, players, options, seats, out=None, inputs=None):
        self.game = game
        self.inputs = inputs or {}   # what the players brought (hands), kept for `save`
        self.game_ref = game_ref
        self.state = state
        self.seed = seed
        self.players = players
        self.options = list(options)
        self.seats = list(seats)
        self.rng = random.Random(seed)
        self.bots = self.make_bots()
        self.movers = []             # the seat that made each move of state.history
        self.fresh = True            # show the board before the next prompt
        self.last_human = None       # the human seat whose view was shown last
        self.hidden = False          # has the game shown hidden information?
        self.recent = []             # the moves made since a human's view was last shown
        self.colour = use_colour()
        self.tty_in = is_tty(sys.stdin)
        self.tty_out = is_tty(sys.stdout)
        self.echo = out or click.echo
        self._readline = None
        if self.tty_in:
            self._setup_readline()

    def make_bots(self):
        """The bot of each seat, None for a person: random seats draw, in turn, from the game's seed."""
        from mire.engine.bots import RandomBot, parse_spec
        shared = RandomBot(self.rng)
        out = []
        for i, text in enumerate(self.seats):
            spec = parse_spec(text)
            out.append(None if spec.kind == HUMAN else shared if spec.kind == "random"
                       else spec.make(seed=self.seed * 8 + i))
        return out

    # -- input -------------------------------------------------------------------------

    def _setup_readline(self):
        try:
            import readline
        except ImportError:
            return
        self._readline = readline
        readline.set_completer_delims("")
        readline.set_completer(self._complete)
        if "libedit" in (readline.__doc__ or ""):
            readline.parse_and_bind("bind ^I rl_complete")
        else:
            readline.parse_and_bind("tab: complete")

    def _complete(self, text, index):
        try:
            words = [m.text for m in self.state.legal_moves()] + COMMANDS
        except Exception:
            return None
        hits = [w for w in words if w.startswith(text)]
        return hits[index] if index < len(hits) else None

    def read_line(self, prompt: str):
        """A line of input without its newline, or None at the end of the input."""
        if self.tty_in:
            try:
                return input(prompt)
            except EOFError:
                self.echo("")
                return None
        self.echo(prompt, nl=False)
        line = sys.stdin.readline()
        if not line:
            self.echo("")
            return None
        line = line.rstrip("\r\n")
        self.echo(line)
        return line

    # -- output ------------------------------------------------------------------------

    def name(self, seat) -> str:
        return self.state.seat_name(seat)

    def banner(self):
        who = ", ".join(f"{self.name(i)} {seat_text(k)}" for i, k in enumerate(self.seats))
        opts = f", options {' '.join(self.options)}" if self.options else ""
        self.echo(f"{self.game.title}: {who}; seed {self.seed}{opts}.")
        self.echo("Type a move's number or text, or 'help'.")

    def show_board(self, seat, status=True):
        view = self.state.view(seat)
        self.hidden = self.hidden or has_hidden_info(view)
        self.echo(render_view(view, color=self.colour, status=status))

    def show_moves(self):
        self.echo(format_moves(self.state.legal_moves()))

    def show(self, seat):
        self.show_board(seat)
        self.show_moves()

    # -- the loop ----------------------------------------------------------------------

    def run(self) -> int:
        self.banner()
        while True:
            state = self.state
            if state.is_over():
                seat = self.last_human if self.last_human is not None else 0
                self.show_board(seat, status=False)
                result = state.outcome()
                self.echo(f"game over: {result.text}")
                for note in result.extra.get("notes", []):
                    self.echo(f"  {note}")
                return 0
            seat = state.to_move
            moves = state.legal_moves()
            if not moves:
                self.echo(f"{self.name(seat)} has no legal move, yet the game is not over")
                return 1
            if self.bots[seat] is not None:
                self.apply(self.think(self.bots[seat], seat), seat)
                continue
            if self.needs_handoff(seat):
                if self.tty_out:
                    self.echo("\x1b[2J\x1b[H", nl=False)
                self.echo(f"Pass to {self.name(seat)}; press Enter")
                if self.read_line("") is None:
                    return 0
                if self.tty_out:        # the clear took them away
                    for mover, move in self.recent:
                        self.echo(self.announce(mover, move, seat))
                self.fresh = True
            if self.fresh:
                self.show(seat)
                self.recent = []
                self.last_human = seat
                self.fresh = False
            line = self.read_line(f"{self.name(seat)}> ")
            if line is None:
                return 0
            if self.handle(line, seat) == "quit":
                return 0

    def think(self, bot, seat):
        """The bot's move; a search says that it is thinking (Ctrl-C stops the game as ever)."""
        if isinstance(bot, RandomBot):
            return bot.choose(self.state, seat)
        self.echo(f"{self.name(seat)} is thinking...", nl=not self.tty_out)
        move = bot.choose(self.state, seat)
        if self.tty_out:
            self.echo("\r\x1b[K", nl=False)
        return move

    def hint(self, seat):
        """What the search bot would play for `seat`, from what that seat may see."""
        from mire.engine.bots import make_bot
        self.echo("thinking...", nl=not self.tty_out)
        try:
            move = make_bot(HINT_BOT, seed=self.seed).choose(self.state, seat)
        except KeyboardInterrupt:
            self.echo("\nno hint: interrupted")
            return
        if self.tty_out:
            self.echo("\r\x1b[K", nl=False)
        self.echo(f"hint: {move.text_for(seat)}")

    def needs_handoff(self, seat) -> bool:
        if self.last_human is None or self.last_human == seat:
            return False
        if not self.hidden:
            self.hidden = has_hidden_info(self.state.view(seat)) or \
                has_hidden_info(self.state.view(self.last_human))
        return self.hidden

    def audience(self, seat):
        """Whose eyes are on the screen when `seat` moves: that human, or the human who last looked."""
        if self.seats[seat] == HUMAN:
            return seat
        if self.last_human is not None:
            return self.last_human
        humans = [i for i, k in enumerate(self.seats) if k == HUMAN]
        return humans[0] if humans else None

    def announce(self, seat, move, viewer):
        text = move.text if viewer is None else move.text_for(viewer)
        return f"{self.name(seat)} plays {text}"

    def apply(self, move, seat):
        from mire.engine import RuleError
        viewer = self.audience(seat)
        logged = len(self.state.log)
        try:
            self.state.apply(move)
        except RuleError as e:  # the rules went wrong: the move is taken back and the game goes on
            self.echo(f"the rules failed on '{move.text_for(viewer) if viewer is not None else move.text}': {e}")
            return
        self.movers.append(seat)
        self.echo(self.announce(seat, move, viewer))
        said = self.state.log[logged:]
        if self.state.is_over():  # the end's notes are shown with the result
            said = said[:len(said) - len(self.state.outcome().extra.get("notes", []))]
        for _, text in said:  # what the rules said about the move
            self.echo(f"  {text}")
        self.recent.append((seat, move))
        self.fresh = True

    # -- one line of input ---------------------------------------------------------------

    def handle(self, line: str, seat):
        from mire.engine import IllegalMove
        text = line.strip()
        if not text:
            return None
        word, _, rest = text.partition(" ")
        word_l, rest = word.lower(), rest.strip()
        if word_l in ("quit", "exit"):
            self.echo("bye")
            return "quit"
        if word_l in ("help", "?"):
            moves = self.state.legal_moves()
            example = f" (e.g. '1' or '{moves[0].text}')" if moves else ""
            self.echo(HELP.format(example=example))
            return None
        plain = {"moves": self.show_moves, "board": lambda: self.show_board(seat), "undo": lambda: self.undo(seat)}
        if word_l == "hint" and not rest and not self._exact_move(text):
            plain["hint"] = lambda: self.hint(seat)
        if word_l in plain:
            plain[word_l]()
            return None
        if word_l in ("save", "load") and not self._exact_move(text):
            if not rest:
                self.echo(f"usage: {word_l} FILE")
            elif word_l == "save":
                self.save(rest)
            else:
                self.load(rest)
            return None
        moves = self.state.legal_moves()
        if text.isdigit():
            n = int(text)
            if 1 <= n <= len(moves):
                self.apply(moves[n - 1], seat)
            else:
                self.echo(f"there is no move {n}: the moves are numbered 1 to {len(moves)}")
            return None
        try:
            move = self.state.parse_move(text)
        except IllegalMove as e:
            self.echo(str(e))
            said = str(e)
            if said.startswith("there is no action") or (f": {word} is not one of" in said and word not in {
                    m.text.split(" ", 1)[0] for m in moves}):
                self.echo(f"'{word}' is not a command: type 'help' for the commands, "
                          "or a move's number or text ('moves' lists them)")
            return None
        try:
            self.apply(move, seat)
        except IllegalMove as e:
            self.echo(str(e))
        return None

    def _exact_move(self, text: str):
        """The legal move whose text is exactly `text` (spacing aside), or None."""
        wanted = " ".join(text.split())
        for m in self.state.legal_moves():
            if " ".join(m.text.split()) == wanted:
                return m
        return None

    def undo(self, seat=None):
        if not any(self.seats[s] == HUMAN for s in self.movers):
            self.echo("nothing to undo")
            return
        undone = []
        while self.movers:
            s = self.movers.pop()
            undone.append(self.state.history_for(seat)[-1] if seat is not None else self.state.history[-1])
            self.state.undo()
            if self.seats[s] == HUMAN:
                break
        self.echo("undone: " + ", ".join(reversed(undone)))
        self.fresh = True

    def save(self, path: str):
        data = save_data(self.game_ref, self.state.num_players, self.seed, self.options,
                         list(self.state.history), self.inputs)
        try:
            write_save(path, data)
        except SaveError as e:
            self.echo(f"cannot save {path}: {e}")
            return
        self.echo(f"saved {path} ({plural(len(data['moves']), 'move')})")

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
        self.state, self.movers = state, movers
        self.seed, self.options, self.inputs = saved.seed, list(saved.options), saved.inputs
        self.echo(f"loaded {path} ({plural(len(saved.moves), 'move')})")
        self.fresh = True


def replay(state, moves, view_seat: int, echo=None, colour=False) -> list:
    """Apply saved moves to a fresh state, printing each move and the board after it."""
    echo = echo or click.echo

    def show(i, seat, move, st):
        echo(f"{i}. {st.seat_name(seat)} plays {move.text_for(view_seat)}")
        echo(render_view(st.view(view_seat), color=colour, status=not st.is_over()))

    return replay_moves(state, moves, on_move=show)
