"""The games the server holds: made, rebuilt from the store, changed one move at a time, and the open pages
told of every change at once.

A change runs in a worker thread under its game's lock (the rules may take a while: the engine's bound on
work stops a move that runs too long, and the game goes on), so one game's move never stops another game or the
pages; a search bot thinks in a worker process (bots.py), without the lock and without the server's interpreter,
so a bot thinking for seconds slows no other game. A move is committed to the store before any page hears of it.
"""
from __future__ import annotations

import asyncio
import random
import secrets
import threading
from pathlib import Path
from typing import Optional

from ...engine import SetupError
from ...engine.bots import RandomBot, SpecError, parse_spec
from ...grammar.diagnostics import MireError
from ..games import UnknownGame, resolve
from ..play import HUMAN
from ..savefile import SaveError, _saved, replay_moves, save_data, start
from .bots import BOT_ANSWER_SECONDS, BOT_WORKERS, BotPool, request_for
from .pages import payload
from .starts import StartRefused, checked_hands, checked_position
from .store import Store
from .table import ELSEWHERE, HERE, Table, WebSession


class Refused(Exception):
    """A request the server will not carry out; str() says why, for the person who made it."""


class Page:
    """One open page: its websocket, the seats its token acts for, the seat it shows now."""

    def __init__(self, ws, token: str, seats: tuple):
        self.ws, self.token, self.seats = ws, token, seats
        self.current: Optional[int] = None
        self.curtain: Optional[int] = None   # the seat the screen waits to be handed to
        self.lock = asyncio.Lock()


class Hub:
    def __init__(self, data: str, catalog: dict, bot_workers: int = BOT_WORKERS):
        self.store = Store(data)
        self.catalog = catalog            # name -> rules reference (bundled name or path) the lobby offers
        self.tables: dict = {}
        self.pages: dict = {}             # game id -> [Page]
        self.driving: set = set()         # games whose bots are playing now
        self.wanted: set = set()          # games whose bots are to look whether they must move
        self.loading = threading.Lock()
        self.bots = BotPool(bot_workers)   # (0: bots think in the server's threads, to compare: bench/)
        self.thinking: dict = {}          # game id -> the seat whose bot thinks in a worker now
        self.bot_pids: list = []          # the processes the last bots' moves were chosen in (for the tests)

    # -- games ---------------------------------------------------------------------------------

    def new_game(self, name: str, players: Optional[int], seed: Optional[int], options: list, seats: list,
                 moves: tuple = (), hands=None, position=None, begun: Optional[tuple] = None) -> dict:
        """A new game. From the lobby, `hands` ({"1": source}) and `position` (a source: starts.py) are read and
        checked as `mire play` checks its files; from a save, `begun` is (inputs, position text) as saved."""
        if name not in self.catalog:
            raise Refused(f"no game '{name[:60]}' is served here")
        ref = self.catalog[name]
        game = self._load(ref)
        n = game.min_players if players is None else players
        try:
            game.check_setup(n, tuple(options))
        except SetupError as e:
            raise Refused(str(e)) from None
        if len(seats) != n:
            raise Refused(f"the game has {n} seats; say who sits in each")
        kinds = [self._seat_kind(s) for s in seats]
        seed = secrets.randbelow(1 << 31) if seed is None else seed
        if begun is None:
            try:
                inputs = checked_hands(game, ref, hands, n, seed, list(options))
                position_text = checked_position(game, ref, position, n, seed, list(options), inputs)
            except StartRefused as e:
                raise Refused(str(e)) from None
        else:
            inputs, position_text = begun
        gid = secrets.token_urlsafe(9)
        tokens: dict = {}
        links: dict = {}
        here = tuple(i for i, k in enumerate(kinds) if k == HERE)
        if here:
            t = secrets.token_urlsafe(24)
            tokens[t] = here
            links["here"] = t
        links["seats"] = {}
        for i, k in enumerate(kinds):
            if k == ELSEWHERE:
                t = secrets.token_urlsafe(24)
                tokens[t] = (i,)
                links["seats"][i] = t
        watch = secrets.token_urlsafe(24)
        tokens[watch] = ()
        links["watch"] = watch
        table = self._build(gid, ref, n, seed, options, kinds, tokens, [text for _, text in moves], inputs,
                            position_text)
        self.store.add_game(gid, name, n, seed, list(options), kinds, tokens,
                            tuple(zip(table.session.movers, table.state.history)), inputs, position_text)
        self.tables[gid] = table
        return {"id": gid, "seats": [table.state.seat_name(i) for i in range(n)], **links}

    def _seat_kind(self, s: str) -> str:
        if s in (HERE, ELSEWHERE):
            return s
        try:
            spec = parse_spec(s)
        except SpecError as e:
            raise Refused(str(e)) from None
        if spec.kind == HUMAN:
            return HERE
        return spec.text

    def _load(self, ref: str):
        try:
            return resolve(ref)[0]
        except UnknownGame as e:
            raise Refused(str(e)) from None
        except MireError as e:
            raise Refused(f"the rules file has errors: {e.diagnostics[0].message if e.diagnostics else e}") from None

    def _build(self, gid, ref, n, seed, options, kinds, tokens, moves, inputs=None, position=None) -> Table:
        game = self._load(ref)
        from ..savefile import Saved
        saved = Saved(ref, n, seed, list(options), list(moves), inputs or {}, position)
        try:
            state = start(game, saved)
            movers = replay_moves(state, saved.moves)
        except SaveError as e:
            raise Refused(str(e)) from None
        specs = [HUMAN if k in (HERE, ELSEWHERE) else k for k in kinds]
        session = WebSession(game, ref, state, seed, n, options, specs, inputs=inputs, position=position)
        session.movers = movers
        return Table(gid, session, kinds, tokens)

    def table(self, gid: str) -> Optional[Table]:
        """The live game, rebuilt from the store when the server has not held it since it started."""
        table = self.tables.get(gid)
        if table is not None:
            return table
        with self.loading:   # two pages opened at once build the game once
            table = self.tables.get(gid)
            return table if table is not None else self._rebuild(gid)

    def _rebuild(self, gid: str) -> Optional[Table]:
        row = self.store.game(gid)
        if row is None:
            return None
        ref = self.catalog.get(row["game"], row["game"])
        moves = self.store.moves(gid)
        inputs, position = self.store.start_of(gid)
        table = self._build(gid, ref, row["players"], row["seed"], row["options"], row["seats"],
                            self.store.tokens(gid), [text for _, text in moves], inputs, position)
        S = table.state
        for (n, seat), text in sorted(self.store.answers(gid).items()):
            if n == len(S.history) and S.simultaneous:
                table.session.answers[seat] = S.parse_part(seat, text)
        self.tables[gid] = table
        return table

    def resume_all(self) -> int:
        """Rebuild every stored game (at start): the count."""
        count = 0
        for row in self.store.games():
            try:
                if self.table(row["id"]) is not None:
                    count += 1
            except Refused:
                continue
        return count

    def listing(self) -> list:
        out = []
        for row in self.store.games()[-200:]:
            tokens = self.store.tokens(row["id"])
            watch = next((t for t, s in tokens.items() if not s), None)
            out.append({"id": row["id"], "game": row["game"], "players": row["players"], "seats": row["seats"],
                        "moves": self.store.move_count(row["id"]), "watch": watch})
        return out

    def export(self, gid: str, token: str) -> dict:
        """The game as a save file (the CLI's format): only for a token that acts for every person's seat, or
        once the game is over, since a save holds everything, hidden information too."""
        table = self.table(gid)
        if table is None:
            raise Refused("no such game")
        seats = table.seats_of(token)
        if seats is None:
            raise Refused("that link is not one of this game's")
        if not (set(table.humans()) <= set(seats) or table.state.is_over()):
            raise Refused("a save holds every seat's hidden information: only a screen of all the people's seats, "
                          "or anyone once the game is over, may take one")
        s = table.session
        return save_data(s.game_ref, table.state.num_players, s.seed, s.options, list(table.state.history),
                         s.inputs, s.position)

    def import_save(self, data) -> dict:
        try:
            saved = _saved(data)
        except SaveError as e:
            raise Refused(f"not a save this server reads: {e}") from None
        name = next((k for k, ref in self.catalog.items() if k == saved.game), None)
        if name is None:
            raise Refused("a save of a game this server serves is needed")
        return self.new_game(name, saved.players, saved.seed, saved.options, [HERE] * saved.players,
                             tuple((0, m) for m in saved.moves), begun=(saved.inputs, saved.position))

    # -- pages ---------------------------------------------------------------------------------

    def attach(self, gid: str, page: Page):
        self.pages.setdefault(gid, []).append(page)

    def detach(self, gid: str, page: Page):
        if page in self.pages.get(gid, []):
            self.pages[gid].remove(page)

    def message_for(self, table: Table, page: Page) -> dict:
        """What `page` is sent now (with its game's lock held): a seat's state, or the curtain a screen of
        several people shows while it is handed over (then nothing of any seat is in the page)."""
        seats = page.seats
        if not seats:
            return payload(table, None, ())
        if page.curtain is not None:
            nxt = table.next_seat_for(seats, page.curtain)
            page.curtain = nxt
            return {"type": "curtain", "seat": table.state.seat_name(nxt), "seatIndex": nxt,
                    "game": str(table.state.game.title)}
        nxt = table.next_seat_for(seats, page.current)
        # a curtain before another seat sits down, and before the first one a page shows (a page opened, or
        # reloaded while its curtain was up: whoever is at the screen is not known to be that seat)
        if nxt is not None and nxt != page.current and len(seats) > 1 and hand_over(table, nxt):
            page.current, page.curtain = None, nxt
            return self.message_for(table, page)
        page.current = nxt
        return payload(table, nxt, seats)

    async def send(self, page: Page, message: dict):
        async with page.lock:
            try:
                await page.ws.send_json(message)
            except Exception:  # noqa: BLE001 - a page gone away is forgotten; the game goes on
                pass

    async def tell_all(self, table: Table, extra: Optional[dict] = None):
        pages = list(self.pages.get(table.id, []))

        def messages():
            with table.lock:
                return [self.message_for(table, p) for p in pages]
        out = await asyncio.to_thread(messages)
        await asyncio.gather(*(self.send(p, m) for p, m in zip(pages, out)))

    async def locked(self, table: Table, fn, *args):
        def run():
            with table.lock:
                return fn(*args)
        return await asyncio.to_thread(run)

    # -- changes -------------------------------------------------------------------------------

    def _commit(self, table: Table, result) -> None:
        """Store what was played (with the lock held): a move, or an answer kept until all have answered."""
        S = table.state
        kind, text = result
        if kind == "answer":
            seat = next(s for s, m in table.session.answers.items() if m.text == text)
            self.store.add_answer(table.id, len(S.history), seat, text)
            joint = table.complete_answers()
            if joint is not None:
                self.store.add_move(table.id, len(S.history) - 1, table.session.movers[-1], joint)
        else:
            self.store.add_move(table.id, len(S.history) - 1, table.session.movers[-1], text)

    def play(self, table: Table, seat: int, text: str) -> tuple:
        """(played?, what to tell the player) with the lock held."""
        result, told = table.play(seat, text)
        if result is None:
            return False, told
        try:
            self._commit(table, result)
        except Exception:
            # not stored, so not played: the state goes back to what the store holds
            if result[0] == "answer":
                table.session.answers.pop(seat, None)
            else:
                table.session.movers.pop()
                table.state.undo()
            raise
        return True, told

    def bot_move(self, table: Table, move=None) -> bool:
        """Play the move of the bot to move (with the lock held): `move` when a worker chose it, else chosen here
        (a random bot's draw)."""
        seat = table.bot_to_move()
        if seat is None:
            return False
        S = table.state
        if move is None:
            move = table.bot_choose(seat)
        if S.simultaneous:
            table.session.answers[seat] = move
            self.store.add_answer(table.id, len(S.history), seat, move.text)
            joint = table.complete_answers()
            if joint is not None:
                self.store.add_move(table.id, len(S.history) - 1, table.session.movers[-1], joint)
            return True
        before = len(S.history)
        table.session.apply(move, seat)
        table.session.said = []
        if len(S.history) == before:
            return False
        self.store.add_move(table.id, before, seat, S.history[-1])
        return True

    async def drive_bots(self, table: Table):
        """Let the bots play while it is their turn; every page told after each of their moves."""
        if all(bot is None for bot in table.session.bots):
            return
        # asked again while a driver runs (a person moved as it found no bot to move): it looks once more
        self.wanted.add(table.id)
        if table.id in self.driving:
            return
        self.driving.add(table.id)
        try:
            while table.id in self.wanted:
                self.wanted.discard(table.id)
                while await self.bot_turn(table):
                    await self.tell_all(table)
        finally:
            self.driving.discard(table.id)

    async def bot_turn(self, table: Table) -> bool:
        """One move of a bot, if one is to move: a random bot's here, a search bot's thought in a worker."""
        def ask():
            seat = table.bot_to_move()
            if seat is None or isinstance(table.session.bots[seat], RandomBot) or not self.bots.workers:
                return None, self.bot_move(table)
            return request_for(table.session, seat, table.seat_kinds[seat]), False
        request, played = await self.locked(table, ask)
        if request is None:
            return played
        self.thinking[table.id] = request["seat"]
        try:
            answer = await self.think(request)
        finally:
            self.thinking.pop(table.id, None)

        def play():
            S = table.state
            if table.bot_to_move() != request["seat"] or len(S.history) != len(request["moves"]):
                return True     # the game moved on meanwhile (an undo): the bot looks again
            moves = S.moves_for(request["seat"]) if S.simultaneous else S.legal_moves()
            move = next((m for m in moves if answer is not None and m.text == answer["text"]), None)
            if move is None or answer is None:   # (never a game stuck on its bot: no answer, or one not legal)
                return self.bot_move(table, RandomBot(random.Random(request["bot_seed"])).choose(S, request["seat"]))
            self.bot_pids.append(answer["pid"])
            del self.bot_pids[:-20]
            return self.bot_move(table, move)
        return await self.locked(table, play)

    async def think(self, request: dict) -> Optional[dict]:
        """A bot's answer from a worker (bots.choose), or None when it failed or took too long."""
        try:
            return await asyncio.wait_for(asyncio.wrap_future(self.bots.submit(request)), BOT_ANSWER_SECONDS)
        except Exception:  # noqa: BLE001 - a worker that failed or never answered: the caller goes on without
            return None

    def close(self) -> None:
        """The server stops: its bots' workers end, and the store is closed."""
        self.bots.close()
        self.store.close()


def hand_over(table: Table, seat: int) -> bool:
    """Does the screen show a curtain before `seat` sits down? As the REPL hands over: when the seats see
    different things, and at a simultaneous step (the one before may have answered on this screen)."""
    return table.state.simultaneous or table.session._seats_differ(seat)


def catalog_of(extra: Optional[str]) -> dict:
    """The games the lobby offers: the bundled ones, and the .mire files of a folder (or one file) named."""
    from ...grammar.frontend import bundled_names
    out = {name: name for name in bundled_names()}
    if extra:
        p = Path(extra)
        files = sorted(p.glob("*.mire")) if p.is_dir() else [p]
        for f in files:
            out[f.stem if f.stem not in out else f"{f.stem} ({f.parent.name})"] = str(f.resolve())
    return out
