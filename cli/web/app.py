"""The web application of `mire serve`: the lobby, a game's page, a JSON API and a websocket per page.

Safe with strangers: a request body or a websocket message is bounded in size, each client's requests and each
page's messages in rate; a request or a websocket from another site (its Origin, or Sec-Fetch-Site) is refused;
every page is sent with a content security policy that lets no script run but the server's own files; a
seat's token is carried in the page address's fragment, which browsers never send to a server or another site.
"""
from __future__ import annotations

import asyncio
import json
import time
from pathlib import Path
from typing import Optional

from starlette.applications import Starlette
from starlette.requests import Request
from starlette.responses import FileResponse, JSONResponse, Response
from starlette.routing import Mount, Route, WebSocketRoute
from starlette.staticfiles import StaticFiles
from starlette.websockets import WebSocket, WebSocketDisconnect

from ..play import HINT_BOT
from .bots import request_for
from .hub import Hub, Page, Refused
from .starts import folder_files

STATIC = Path(__file__).parent / "static"
MAX_BODY = 200_000            # bytes of a request body (a save file to import is the largest)
MAX_MESSAGE = 4_000           # characters of a websocket message
REQUESTS_PER_SECOND, REQUEST_BURST = 20, 60
MESSAGES_PER_SECOND, MESSAGE_BURST = 20, 40
SECURITY_HEADERS = {
    "content-security-policy": "default-src 'none'; script-src 'self'; style-src 'self' 'unsafe-inline'; "
                               "img-src 'self' data:; connect-src 'self'; base-uri 'none'; form-action 'self'; "
                               "frame-ancestors 'none'",
    "x-content-type-options": "nosniff",
    "referrer-policy": "no-referrer",
    "x-frame-options": "DENY",
    "cache-control": "no-store",
}


class Bucket:
    """So many events a second, with a burst."""

    def __init__(self, rate: float, burst: int):
        self.rate, self.burst = rate, burst
        self.level, self.at = float(burst), time.monotonic()

    def take(self) -> bool:
        now = time.monotonic()
        self.level = min(self.burst, self.level + (now - self.at) * self.rate)
        self.at = now
        if self.level < 1:
            return False
        self.level -= 1
        return True


def same_origin(headers) -> bool:
    """Does a request come from a page of this server (or from no page: a tool such as curl)?"""
    if headers.get("sec-fetch-site") in ("cross-site", "same-site"):
        return False
    origin = headers.get("origin")
    if origin is None:
        return True
    host = headers.get("host", "")
    return origin in (f"http://{host}", f"https://{host}")


def local_host(host: str) -> bool:
    name = host.rsplit(":", 1)[0] if not host.startswith("[") else host.split("]")[0] + "]"
    return name in ("localhost", "127.0.0.1", "[::1]")


class Guard:
    """ASGI middleware: security headers on every answer; requests from other sites, too large or too many
    refused before the application sees them."""

    def __init__(self, app, local_only: bool = True):
        self.app = app
        self.buckets: dict = {}
        # served on the loopback only: a page of another site whose name is made to lead here (DNS rebinding)
        # sends its own name as the Host, and is refused
        self.local_only = local_only

    def bucket(self, scope) -> Bucket:
        client = (scope.get("client") or ("?", 0))[0]
        if len(self.buckets) > 10_000:
            self.buckets.clear()
        return self.buckets.setdefault(client, Bucket(REQUESTS_PER_SECOND, REQUEST_BURST))

    async def __call__(self, scope, receive, send):
        if scope["type"] not in ("http", "websocket"):
            return await self.app(scope, receive, send)
        headers = {k.decode("latin-1").lower(): v.decode("latin-1") for k, v in scope.get("headers", [])}
        if self.local_only and not local_host(headers.get("host", "")):
            if scope["type"] == "websocket":
                return await send({"type": "websocket.close", "code": 1008})
            response = JSONResponse({"error": "refused: this server answers to localhost only"}, status_code=403)
            return await response(scope, receive, send)
        if scope["type"] == "websocket":
            if not same_origin(headers) or not self.bucket(scope).take():
                return await send({"type": "websocket.close", "code": 1008})
            return await self.app(scope, receive, send)
        refused = None
        if not self.bucket(scope).take():
            refused = (429, "too many requests: wait a moment")
        elif scope["method"] not in ("GET", "HEAD") and not same_origin(headers):
            refused = (403, "refused: a request from another site")
        elif int(headers.get("content-length") or 0) > MAX_BODY:
            refused = (413, f"a request may hold at most {MAX_BODY:,} bytes")
        if refused is not None:
            response = JSONResponse({"error": refused[1]}, status_code=refused[0], headers=SECURITY_HEADERS)
            return await response(scope, receive, send)

        async def with_headers(message):
            if message["type"] == "http.response.start":
                have = {k.lower() for k, _ in message.get("headers", [])}
                message["headers"] = list(message.get("headers", [])) + [
                    (k.encode(), v.encode()) for k, v in SECURITY_HEADERS.items() if k.encode() not in have]
            await send(message)
        return await self.app(scope, _bounded(receive), with_headers)


def _bounded(receive):
    """A body larger than MAX_BODY (without a Content-Length saying so) is cut off: the JSON then fails."""
    seen = 0

    async def bounded():
        nonlocal seen
        message = await receive()
        if message["type"] == "http.request":
            seen += len(message.get("body", b""))
            if seen > MAX_BODY:
                return {"type": "http.request", "body": b"", "more_body": False}
        return message
    return bounded


async def _json_body(request: Request):
    body = await request.body()
    if len(body) > MAX_BODY:
        raise Refused("the request is too large")
    try:
        return json.loads(body or b"{}")
    except (ValueError, RecursionError):
        raise Refused("the request is not JSON") from None


class Routes:
    """The answers of the server: pages, the JSON API and the websocket of a game's page."""

    def __init__(self, hub: Hub):
        self.hub = hub

    async def lobby(self, request):
        return FileResponse(STATIC / "lobby.html")

    async def game_page(self, request):
        return FileResponse(STATIC / "game.html")

    async def no_icon(self, request):
        return Response(status_code=204)

    async def catalog(self, request):
        def work():
            from ..games import default_game_name, resolve
            out = []
            for name, ref in self.hub.catalog.items():
                try:
                    g = resolve(ref)[0]
                except Exception:  # noqa: BLE001 - a broken file is listed as such, the others offered
                    out.append({"name": name, "title": name, "broken": True})
                    continue
                seats = {n: g.seat_names(n) for n in range(g.min_players, g.max_players + 1)}
                out.append({"name": name, "title": str(g.title), "min": g.min_players, "max": g.max_players,
                            "default": name == default_game_name(),
                            "seats": seats, "about": str(getattr(g, "about", "") or ""),
                            "options": [{"name": o[0], "about": o[1] or ""} for o in g.options],
                            # what a game may start from: hands (when it takes them), a position, and the
                            # files of its folder that may be either
                            "hands": "hand" in [i.zone for i in g.inputs], "files": folder_files(g, ref)})
            return out
        return JSONResponse(await asyncio.to_thread(work))

    async def games(self, request):
        return JSONResponse(await asyncio.to_thread(self.hub.listing))

    async def new_game(self, request):
        try:
            data = await _json_body(request)
            made = await asyncio.to_thread(self.hub.new_game, *_new_game_request(data))
        except Refused as e:
            return JSONResponse({"error": str(e)}, status_code=400)
        table = self.hub.table(made["id"])
        if table is not None:
            asyncio.get_running_loop().create_task(self.hub.drive_bots(table))
        return JSONResponse(made)

    async def export(self, request):
        token = request.headers.get("x-mire-token", "")
        try:
            data = await asyncio.to_thread(self.hub.export, request.path_params["gid"], token)
        except Refused as e:
            return JSONResponse({"error": str(e)}, status_code=403)
        return JSONResponse(data, headers={"content-disposition": 'attachment; filename="game.mire-save.json"'})

    async def import_save(self, request):
        try:
            data = await _json_body(request)
            made = await asyncio.to_thread(self.hub.import_save, data)
        except Refused as e:
            return JSONResponse({"error": str(e)}, status_code=400)
        return JSONResponse(made)

    # -- the websocket of a game's page -------------------------------------------------------------

    async def socket(self, ws: WebSocket):
        await ws.accept()
        gid = ws.path_params["gid"]
        page: Optional[Page] = None
        bucket = Bucket(MESSAGES_PER_SECOND, MESSAGE_BURST)
        try:
            while True:
                text = await ws.receive_text()
                if len(text) > MAX_MESSAGE or not bucket.take():
                    await ws.send_json({"type": "error", "text": "message refused: too long or too many"})
                    continue
                msg = _message(text)
                if msg is None:
                    await ws.send_json({"type": "error", "text": "not a message this server reads"})
                elif page is None:
                    page = await self.hello(ws, gid, msg)
                    if page is None:
                        return
                else:
                    await self.handle(page, self.hub.tables[gid], msg)
        except (WebSocketDisconnect, RuntimeError, KeyError):
            # the page went away (a RuntimeError in newer Starlette), or sent a frame of bytes (no "text")
            pass
        finally:
            if page is not None:
                self.hub.detach(gid, page)

    async def hello(self, ws, gid, msg) -> Optional[Page]:
        hub = self.hub
        token = msg.get("token")
        try:
            table = await asyncio.to_thread(hub.table, gid) if msg.get("type") == "hello" else None
        except Refused:
            table = None
        seats = table.seats_of(token) if table is not None and isinstance(token, str) else None
        if table is None or seats is None:
            await ws.send_json({"type": "error", "text": "this link is not one of a game here"})
            await ws.close(code=1008)
            return None
        page = Page(ws, token, seats)
        hub.attach(gid, page)
        await hub.send(page, await hub.locked(table, hub.message_for, table, page))
        asyncio.get_running_loop().create_task(hub.drive_bots(table))
        return page

    async def handle(self, page: Page, table, msg: dict):
        kind = msg["type"]
        if kind == "sit":
            return await self.sit(page, table, msg.get("seat"))
        seat = page.current
        if seat is None or seat not in page.seats:
            return await self.hub.send(page, {"type": "said", "text": "you watch this game: you cannot act in it"})
        act = {"move": self.move, "why": self.why, "hint": self.hint, "undo": self.undo}.get(kind)
        if act is None:
            return await self.hub.send(page, {"type": "error", "text": "not a message this server reads"})
        await act(page, table, seat, msg)

    async def sit(self, page: Page, table, seat):
        """The person the screen was handed to is there: show their seat."""
        if page.curtain is None or seat != page.curtain:
            return await self.hub.send(page, {"type": "error", "text": "that seat is not the one to sit down"})

        def sit():
            page.current, page.curtain = seat, None
            return self.hub.message_for(table, page)
        await self.hub.send(page, await self.hub.locked(table, sit))

    async def move(self, page: Page, table, seat: int, msg: dict):
        hub = self.hub
        text = msg.get("text")
        if not isinstance(text, str) or not text.strip():
            return await hub.send(page, {"type": "said", "text": "type a move"})
        try:
            played, told = await hub.locked(table, hub.play, table, seat, text.strip())
        except Exception:  # noqa: BLE001 - the store failed: the move is not played, and the page is told
            played, told = False, "the move could not be stored, so it was not played: try again"
        if played:
            await hub.tell_all(table)
            asyncio.get_running_loop().create_task(hub.drive_bots(table))
        if told or not played:
            await hub.send(page, {"type": "said", "text": told or "not played", "refused": not played})

    async def why(self, page: Page, table, seat: int, msg: dict):
        await self.hub.send(page, {"type": "said", "text": await self.hub.locked(table, table.session.why, seat)})

    async def hint(self, page: Page, table, seat: int, msg: dict):
        """What the REPL's hint bot would play, thought in a bot worker (never in the server's interpreter)."""
        def ask():
            if table.state.is_over() or seat not in table.deciding():
                return None
            request = request_for(table.session, seat, HINT_BOT)
            request["bot_seed"] = table.session.seed   # (the REPL's hint bot's seed)
            return request
        request = await self.hub.locked(table, ask)
        if request is None:
            return await self.hub.send(page, {"type": "said", "text": "no hint: it is not your move"})
        answer = await self.hub.think(request)

        def word():
            S = table.state
            moves = (S.moves_for(seat) if S.simultaneous else S.legal_moves()) \
                if len(S.history) == len(request["moves"]) and not S.is_over() else []
            move = next((m for m in moves if answer is not None and m.text == answer["text"]), None)
            return f"hint: {move.text_for(seat)}" if move is not None else "no hint now: try again"
        await self.hub.send(page, {"type": "said", "text": await self.hub.locked(table, word)})

    async def undo(self, page: Page, table, seat: int, msg: dict):
        def undo():
            if not table.may_undo(page.seats):
                return "nothing of yours to undo: undo takes back your last move when nobody else has moved since"
            self.hub.store.cut_moves(table.id, table.undo())
            return "undone"
        told = await self.hub.locked(table, undo)
        await self.hub.tell_all(table)
        await self.hub.send(page, {"type": "said", "text": told})


def _message(text: str) -> Optional[dict]:
    try:
        msg = json.loads(text)
    except (ValueError, RecursionError):
        return None
    return msg if isinstance(msg, dict) and isinstance(msg.get("type"), str) else None


def _new_game_request(data) -> tuple:
    """(game, players, seed, options, seats, moves, hands, position) of a request for a new game, checked."""
    if not isinstance(data, dict):
        raise Refused("send a JSON object")
    name, seats = data.get("game"), data.get("seats")
    players, seed, options = data.get("players"), data.get("seed"), data.get("options") or []
    if not isinstance(name, str) or not isinstance(seats, list) or not all(isinstance(s, str) for s in seats):
        raise Refused("name a game and who sits in each seat")
    if players is not None and not (isinstance(players, int) and 1 <= players <= 16):
        raise Refused("players must be a whole number")
    if seed is not None and not (isinstance(seed, int) and abs(seed) < 10 ** 18):
        raise Refused("the seed must be a whole number")
    if not isinstance(options, list) or not all(isinstance(o, str) and len(o) < 100 for o in options):
        raise Refused("options must be a list of names")
    # (what the hands and the position hold is read and checked by the hub: starts.py)
    return name, players, seed, options, seats, (), data.get("hands"), data.get("position")


def make_app(hub: Hub, local_only: bool = True) -> Starlette:
    r = Routes(hub)
    routes = [
        Route("/", r.lobby), Route("/play/{gid}", r.game_page), Route("/favicon.ico", r.no_icon),
        Route("/api/catalog", r.catalog), Route("/api/games", r.games),
        Route("/api/games", r.new_game, methods=["POST"]),
        Route("/api/games/{gid}/save", r.export), Route("/api/import", r.import_save, methods=["POST"]),
        WebSocketRoute("/ws/{gid}", r.socket),
        Mount("/static", StaticFiles(directory=STATIC), name="static"),
    ]
    return Guard(Starlette(routes=routes), local_only)  # type: ignore[return-value]
