"""`mire serve`: the web board's command."""
from __future__ import annotations

import os

import click

LOOPBACK = ("127.0.0.1", "localhost", "::1")
DEFAULT_DATA = os.path.join(os.path.expanduser("~"), ".local", "share", "mire", "serve")


@click.command(short_help="Play in the browser: a board for every game.")
@click.argument("game", required=False)
@click.option("--host", default="127.0.0.1", show_default=True,
              help="The address to listen on; the default lets only this machine in.")
@click.option("--port", type=click.IntRange(min=0, max=65535), default=8000, show_default=True,
              help="The port (0: any free one).")
@click.option("--data", "data", metavar="DIR", default=DEFAULT_DATA, show_default=True,
              help="The folder that keeps the games (one SQLite file): they survive a restart.")
@click.option("--open", "open_browser", is_flag=True, help="Open the lobby in a browser.")
def serve(game, host, port, data, open_browser):
    """Serve the bundled games (and GAME: a .mire file, or a folder of them) in the browser.

    The lobby at the address printed starts a game: players, options, seed, and who sits in each seat (a
    person at this screen, a person elsewhere with their own link, or a bot). Games are kept in DIR and go on
    after a restart.
    """
    try:
        import starlette  # noqa: F401
        import uvicorn
    except ImportError as err:
        raise click.UsageError(f"mire serve needs the web extra ({err}): pip install 'mire[web]'") from None
    from .app import make_app
    from .hub import Hub, catalog_of
    if game is not None and not os.path.exists(game):
        from ..games import UnknownGame, resolve
        try:
            resolve(game)
        except UnknownGame as e:
            raise click.BadParameter(str(e), param_hint="GAME") from None
    catalog = catalog_of(game if game is not None and os.path.exists(game) else None)
    # (MIRE_SERVE_BOT_WORKERS: the bots' worker processes; 0 has them think in the server's threads, which
    # bench/serve_load.py --thinking compares)
    workers = os.environ.get("MIRE_SERVE_BOT_WORKERS", "")
    hub = Hub(data, catalog, **({"bot_workers": int(workers)} if workers.isdigit() else {}))
    resumed = hub.resume_all()
    config = uvicorn.Config(make_app(hub, local_only=host in LOOPBACK), host=host, port=port, log_level="warning",
                            ws_max_size=16_384,
                            ws_ping_interval=20, ws_ping_timeout=20, lifespan="off")
    server = uvicorn.Server(config)
    try:
        import socket  # (here, not at the top: every command imports this module to register `serve`)
        sock = socket.create_server((host, port), family=socket.AF_INET6 if ":" in host else socket.AF_INET)
    except OSError as e:
        raise click.UsageError(f"cannot listen on {host}:{port}: {e.strerror or e}") from None
    bound = sock.getsockname()
    shown_host = f"[{bound[0]}]" if ":" in bound[0] else bound[0]
    address = f"http://{shown_host}:{bound[1]}/"
    click.echo(f"mire serve: {address} (games kept in {data}; {resumed} resumed); Ctrl-C stops")
    if game is not None and not os.path.exists(game):
        click.echo(f"  start {game} at {address}#game={game}")
    if open_browser:
        import webbrowser
        webbrowser.open(address)
    try:
        server.run(sockets=[sock])
    except KeyboardInterrupt:
        pass
    finally:
        hub.close()
