"""`mire serve` without a browser: its guards against strangers, its store, the spectators' view and the
board's SVG (Starlette's test client, in this process)."""
from __future__ import annotations

import json
from pathlib import Path

import pytest

pytest.importorskip("starlette")
pytest.importorskip("httpx")

from starlette.testclient import TestClient  # noqa: E402
from starlette.websockets import WebSocketDisconnect  # noqa: E402

from mire.cli.web.app import MESSAGE_BURST, make_app  # noqa: E402
from mire.cli.web.hub import Hub, catalog_of  # noqa: E402
from mire.cli.web.pages import public_view  # noqa: E402
from mire.cli.web.svg import boards_html, zones_html  # noqa: E402
from mire.engine import load_game  # noqa: E402

GAMES = Path(__file__).parent / "games"


@pytest.fixture
def hub(tmp_path):
    h = Hub(str(tmp_path), catalog_of(str(GAMES)))
    yield h
    h.store.close()


@pytest.fixture
def client(hub):
    return TestClient(make_app(hub), base_url="http://localhost:8000")


def new_game(client, game="tic-tac-toe", seats=("here", "here"), seed=1):
    r = client.post("/api/games", json={"game": game, "seats": list(seats), "seed": seed})
    assert r.status_code == 200, r.text
    return r.json()


def hello(ws, token):
    ws.send_text(json.dumps({"type": "hello", "token": token}))
    return ws.receive_json()


def seated(ws, token):
    """hello, and at the curtain a screen of several seats shows first, the seat to move sits down."""
    state = hello(ws, token)
    if state["type"] == "curtain":
        ws.send_text(json.dumps({"type": "sit", "seat": state["seatIndex"]}))
        state = ws.receive_json()
    return state


def test_a_request_from_another_site_is_refused(client):
    body = {"game": "tic-tac-toe", "seats": ["here", "here"]}
    r = client.post("/api/games", json=body, headers={"origin": "http://evil.example"})
    assert (r.status_code, r.json()) == (403, {"error": "refused: a request from another site"})
    r = client.post("/api/games", json=body, headers={"sec-fetch-site": "cross-site"})
    assert r.status_code == 403
    # a name of another site made to lead to this machine (DNS rebinding) is refused too
    r = client.get("/api/games", headers={"host": "evil.example:8000"})
    assert r.status_code == 403
    assert client.post("/api/games", json=body, headers={"origin": "http://localhost:8000"}).status_code == 200


def test_a_websocket_from_another_site_is_refused(client):
    made = new_game(client)
    with pytest.raises(WebSocketDisconnect):
        with client.websocket_connect(f"ws://localhost:8000/ws/{made['id']}",
                                      headers={"origin": "http://evil.example"}) as ws:
            ws.receive_json()


def test_every_page_forbids_scripts_but_its_own(client):
    for path in ("/", "/play/x", "/api/catalog"):
        csp = client.get(path).headers["content-security-policy"]
        assert "script-src 'self'" in csp and "unsafe-inline" not in csp.split("style-src")[0]


def test_requests_and_messages_are_bounded_in_size_and_rate(client):
    r = client.post("/api/import", content=b"x" * 300_000, headers={"content-type": "application/json"})
    assert r.status_code == 413
    made = new_game(client)
    with client.websocket_connect(f"ws://localhost:8000/ws/{made['id']}") as ws:
        assert hello(ws, made["here"])["type"] == "state"
        ws.send_text(json.dumps({"type": "move", "text": "x" * 5000}))
        assert ws.receive_json()["text"] == "message refused: too long or too many"
        for _ in range(MESSAGE_BURST + 5):
            ws.send_text(json.dumps({"type": "why"}))
        said = [ws.receive_json()["text"] for _ in range(MESSAGE_BURST + 5)]
        assert "message refused: too long or too many" in said


def test_a_move_that_runs_too_long_is_refused_and_the_server_goes_on(client):
    made = new_game(client, game="slow")
    with client.websocket_connect(f"ws://localhost:8000/ws/{made['id']}") as ws:
        hello(ws, made["here"])
        ws.send_text(json.dumps({"type": "move", "text": "b2"}))
        said = ws.receive_json()
        assert said["refused"] and "ran more than" in said["text"], said
        ws.send_text(json.dumps({"type": "move", "text": "a1"}))
        assert ws.receive_json()["history"] == ["X plays place a1"]


def test_a_game_is_stored_move_by_move_and_rebuilt_by_replay(tmp_path):
    hub = Hub(str(tmp_path), catalog_of(None))
    client = TestClient(make_app(hub), base_url="http://localhost:8000")
    made = new_game(client, game="mudwater", seed=9)
    with client.websocket_connect(f"ws://localhost:8000/ws/{made['id']}") as ws:
        state = seated(ws, made["here"])
        for _ in range(3):
            ws.send_text(json.dumps({"type": "move", "text": state["moves"][0]["text"]}))
            state = ws.receive_json()
            while state["type"] != "state":
                if state["type"] == "curtain":
                    ws.send_text(json.dumps({"type": "sit", "seat": state["seatIndex"]}))
                state = ws.receive_json()
    saved = client.get(f"/api/games/{made['id']}/save", headers={"x-mire-token": made["here"]}).json()
    assert len(saved["moves"]) == 3
    hub.store.close()
    again = Hub(str(tmp_path), catalog_of(None))   # a new server on the same folder
    table = again.table(made["id"])
    assert table is not None and table.state.history == saved["moves"]
    # the save imports as a new game, in the CLI's format
    made2 = again.import_save(saved)
    assert again.table(made2["id"]).state.history == saved["moves"]
    again.store.close()


def test_a_spectator_sees_no_hand(hub):
    g = load_game("mudwater")
    s = g.new_state(seed=3, players=2)
    seen = public_view(s)
    hands = [z for z in seen["zones"] if z["owner"] is not None and z["count"]]
    assert hands and all(not z["visible"] and not z["pieces"] for z in hands if "hand" in z["name"])
    for seat in range(2):
        mine = [z for z in s.view(seat)["zones"] if z["visible"] and z["owner"] == s.seat_name(seat) and z["pieces"]]
        text = zones_html(seen) + boards_html(seen)
        assert mine and not any(p.get("label") and p["label"] in text for z in mine for p in z["pieces"])


def test_every_game_text_is_escaped_in_the_drawing():
    view = {"players": [{"seat": "<b>X</b>"}], "facing": None,
            "boards": [{"name": "<i>cells</i>", "shape": "grid", "owner": None, "width": 1, "height": 1,
                        "spaces": [{"name": "<a1>", "x": 1, "y": 1, "px": 1, "py": 1,
                                    "pieces": [{"kind": "k", "owner": "<b>X</b>", "up": True, "attrs": {},
                                                "label": "<script>alert(1)</script>"}]}]}],
            "zones": [{"name": "hand\"onclick=\"x", "owner": None, "visible": True, "count": 1,
                       "pieces": [{"kind": "card", "owner": None, "up": True, "attrs": {"name": "<img src=x>"}}]}]}
    html = boards_html(view) + zones_html(view)
    assert "<script>" not in html and "<img" not in html and "<i>" not in html and "<a1>" not in html
    assert "&lt;script&gt;" in html and 'hand&quot;onclick=&quot;x' in html


def test_a_thinking_bot_does_not_stop_another_game(client):
    slow = new_game(client, seats=("here", "mcts:3s"))
    other = new_game(client, seed=2)
    with client.websocket_connect(f"ws://localhost:8000/ws/{slow['id']}") as ws_slow, \
            client.websocket_connect(f"ws://localhost:8000/ws/{other['id']}") as ws_other:
        hello(ws_slow, slow["here"])
        hello(ws_other, other["here"])
        ws_slow.send_text(json.dumps({"type": "move", "text": "b2"}))
        assert ws_slow.receive_json()["history"] == ["X plays place b2"]   # the bot thinks now, for 3 s
        for text in ("a1", "c3", "a3"):
            ws_other.send_text(json.dumps({"type": "move", "text": text}))
            ws_other.receive_json()
        # three moves of the other game played and shown while the bot thought: its move comes after
        assert len(ws_slow.receive_json()["history"]) == 2


def test_a_spectators_page_holds_nobodys_hand(client, hub):
    made = new_game(client, game="mudwater", seed=5)
    table = hub.table(made["id"])
    hands = [p["label"] for seat in range(2) for z in table.state.view(seat)["zones"]
             if z["owner"] == table.state.seat_name(seat) and z["visible"] for p in z["pieces"] if p.get("label")]
    assert len(hands) > 20
    with client.websocket_connect(f"ws://localhost:8000/ws/{made['id']}") as ws:
        sent = json.dumps(hello(ws, made["watch"]), ensure_ascii=False)
    assert not [label for label in hands if label in sent]
    with client.websocket_connect(f"ws://localhost:8000/ws/{made['id']}") as ws:   # (the seats' screen: its hand)
        curtain = hello(ws, made["here"])
        assert curtain["type"] == "curtain"
        ws.send_text(json.dumps({"type": "sit", "seat": curtain["seatIndex"]}))
        sent = json.dumps(ws.receive_json(), ensure_ascii=False)
    assert [label for label in hands if label in sent]


def test_a_screen_of_several_seats_opened_or_reloaded_shows_the_curtain_first(client, hub):
    """Whoever is at a hot-seat screen that opens (or reloads while its curtain is up) is not known to be the
    seat to move: the page shows the curtain, and no hand, until that seat sits down."""
    made = new_game(client, game="mudwater", seed=5)
    table = hub.table(made["id"])
    hands = [p["label"] for seat in range(2) for z in table.state.view(seat)["zones"]
             if z["owner"] == table.state.seat_name(seat) and z["visible"] for p in z["pieces"] if p.get("label")]
    for _ in range(2):   # (the second time: the page reloaded with its curtain up)
        with client.websocket_connect(f"ws://localhost:8000/ws/{made['id']}") as ws:
            first = hello(ws, made["here"])
        assert first["type"] == "curtain"
        assert not [label for label in hands if label in json.dumps(first, ensure_ascii=False)]


def test_a_game_that_starts_from_hands_and_a_position_keeps_them_through_a_restart_and_its_save(tmp_path):
    hub = Hub(str(tmp_path), catalog_of(str(GAMES)))
    client = TestClient(make_app(hub), base_url="http://localhost:8000")
    catalog = {g["name"]: g for g in client.get("/api/catalog").json()}
    assert catalog["slow"]["files"] == ["corner.position"] and catalog["slow"]["hands"] is False
    assert catalog["mudwater"]["hands"] is True and catalog["mudwater"]["files"] == []
    # a file of the game's folder is named as the lobby offers it: never a path of the page's choosing
    for name in ("../slow.mire", "/etc/passwd", "corner.position/.."):
        r = client.post("/api/games", json={"game": "slow", "seats": ["here", "here"], "position": {"file": name}})
        assert r.status_code == 400 and "the game's folder has no file" in r.json()["error"]
    r = client.post("/api/games", json={"game": "slow", "seats": ["here", "here"], "seed": 3,
                                        "position": {"file": "corner.position"}})
    placed = r.json()
    hand = ["Bottle Rocket", "The Boathouse", "The Deckhand", "Sea Dog", "Galley Hand", "Rope Burn", "Dinghy Dan",
            "Bait Bucket", "Mud Puddle", "Tadpole", "Lily Hopper", "Fog Horn", "Bilge Pump", "Cattail Kid"]
    dealt = client.post("/api/games", json={"game": "mudwater", "seats": ["here", "here"], "seed": 3,
                                            "hands": {"2": {"name": "w.txt", "text": "\n".join(hand)}}}).json()
    too_big = client.post("/api/games", json={"game": "mudwater", "seats": ["here", "here"],
                                              "hands": {"1": {"name": "big.txt", "text": "x\n" * 60_000}}})
    assert too_big.json()["error"] == "cannot read big.txt: it is larger than 100,000 bytes"
    hub.store.close()
    again = Hub(str(tmp_path), catalog_of(str(GAMES)))   # the server started again on the same folder
    board = again.table(placed["id"]).state.view(0)["boards"][0]
    assert {s["name"]: [p["owner"] for p in s["pieces"]] for s in board["spaces"] if s["pieces"]} == \
        {"c1": ["X"], "a3": ["O"]}
    white = next(z for z in again.table(dealt["id"]).state.view(1)["zones"] if z["name"] == "hand" and
                 z["owner"] == "white")
    kept = [p["attrs"]["name"] for p in white["pieces"]]   # (the rules take one at random for the ante)
    assert len(kept) == 13 and set(kept) < set(hand)
    saved = again.export(dealt["id"], dealt["here"])
    assert saved["inputs"]["hand"]["2"][0] == [1, "Bottle Rocket"]
    assert again.export(placed["id"], placed["here"])["position"].startswith("position of slow")
    copy = again.import_save(saved)
    assert again.table(copy["id"]).state.view(1)["zones"] == again.table(dealt["id"]).state.view(1)["zones"]
    again.store.close()
