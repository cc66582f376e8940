"""The text renderer, on hand-written views (no engine needed)."""
from mire.cli.render import Glyphs, has_hidden_info, render_view, stack_label, unique_prefixes


def space(name, x, y, px, py, pieces=()):
    return {"name": name, "x": x, "y": y, "px": px, "py": py, "pieces": list(pieces)}


def owned(owner, kind="piece", **attrs):
    return {"kind": kind, "owner": owner, "up": True, "attrs": attrs}


def thing(kind="token", up=True, **attrs):
    return {"kind": kind, "owner": None, "up": up, "attrs": attrs}


def view_of(boards, zones=(), players=None, **extra):
    view = {"game": "Test", "seat": "red", "to_move": "red", "turn": "red", "phase": None,
            "over": False, "result": None, "boards": boards, "zones": list(zones),
            "players": players if players is not None else
            [{"seat": "red", "vars": {}}, {"seat": "blue", "vars": {}}],
            "vars": {}}
    view.update(extra)
    return view


def grid(name, w, h, at=lambda x, y: (x, y), upper=False, pieces=None):
    pieces = pieces or {}
    spaces = []
    for y in range(1, h + 1):
        for x in range(1, w + 1):
            label = chr(ord("A" if upper else "a") + x - 1) + str(y)
            px, py = at(x, y)
            spaces.append(space(label, x, y, px, py, pieces.get(label, ())))
    return {"name": name, "shape": "grid", "width": w, "height": h, "spaces": spaces}


def test_single_grid_has_edge_labels_and_owner_initials(snapshot):
    board = grid("cells", 3, 2, pieces={"a1": [owned("red")], "c2": [owned("blue")]})
    text = render_view(view_of([board]))
    assert text == snapshot
    lines = text.splitlines()
    assert lines[0].split() == ["a", "b", "c"]
    # the highest row is printed first
    assert lines.index(next(line for line in lines if line.startswith("2 "))) < \
        lines.index(next(line for line in lines if line.startswith("1 ")))
    assert "R" in text and "B" in text and "legend" not in text


def test_interleaved_boards_share_the_plane(snapshot):
    jungle = grid("big", 3, 3, at=lambda x, y: (2 * x, 2 * y),
                  pieces={"b2": [owned("red", "animal", species="cat")],
                          "c3": [owned("blue", "animal", species="dog")]})
    ponds = grid("small", 2, 2, at=lambda x, y: (2 * x + 1, 2 * y + 1), upper=True,
                 pieces={"A1": [thing(up=False, flower=True)] * 2 + [thing(flower=False, colour="golden")],
                         "B1": [thing(up=False, flower=True)] * 3,
                         "A2": [thing(flower=False, colour="grey")],
                         "B2": []})
    zones = [{"name": "hand", "owner": "red", "visible": True, "count": 3,
              "pieces": [thing(colour="golden"), thing(colour="golden"), thing(colour="red")]},
             {"name": "hand", "owner": "blue", "visible": False, "count": 4, "pieces": []},
             {"name": "bag", "owner": None, "visible": True, "count": 0, "pieces": []}]
    players = [{"seat": "red", "vars": {"score": 3, "forced": None}},
               {"seat": "blue", "vars": {"score": 0, "forced": owned("blue", "animal", species="dog")}}]
    view = view_of([jungle, ponds], zones, players, phase="movement", vars={"round": 2})
    text = render_view(view)
    assert text == snapshot
    assert "Go3" in text          # a golden top of a stack of 3
    assert "?3" in text           # a face-down top of a stack of 3
    assert "hand (blue): 4 hidden" in text
    assert "a1" in text and "A1" in text
    # two boards: no edge letters
    assert not text.splitlines()[0].strip().startswith("a")


def test_colour_only_when_asked():
    board = grid("cells", 2, 2, pieces={"a1": [owned("red")]})
    plain = render_view(view_of([board]))
    coloured = render_view(view_of([board]), color=True)
    assert "\x1b[" not in plain
    assert "\x1b[31mR\x1b[0m" in coloured


def test_game_over_and_decision_lines():
    board = grid("cells", 1, 1)
    assert render_view(view_of([board], over=True, result="red wins")).endswith("game over: red wins")
    text = render_view(view_of([board], to_move="blue", turn="red", seat="blue", phase="play"))
    assert text.endswith("blue to move (in red's turn); phase play")
    assert not render_view(view_of([board], over=True, result="x"), status=False).endswith("x")


def test_glyphs():
    view = view_of([grid("cells", 1, 1)], zones=[{"name": "z", "owner": None, "visible": True, "count": 4,
                                                  "pieces": [owned("red", "king"), owned("red", "pawn"),
                                                             owned("blue", "pawn"), thing("stone")]}])
    g = Glyphs(view)
    assert g.glyph(owned("red", "king")) == "Rk"
    assert g.glyph(owned("blue", "pawn")) == "Bp"
    assert g.glyph(thing("stone")) == "S"
    assert g.glyph(thing("stone", up=False)) == "?"
    assert stack_label([thing("stone")] * 3, g) == "S3"
    assert stack_label([], g) == ""
    assert unique_prefixes(["golden", "grey", "blue"]) == {"golden": "go", "grey": "gr", "blue": "b"}


def _prefixes_one_by_one(words):
    """unique_prefixes as first written: each word against every other (quadratic)."""
    words = sorted(set(words))
    out = {}
    for w in words:
        n = 1
        while n < len(w) and any(o.startswith(w[:n]) for o in words if o != w):
            n += 1
        out[w] = w[:n]
    return out


def test_unique_prefixes_are_those_of_each_word_against_every_other():
    import random
    rng = random.Random(3)
    for _ in range(300):
        words = ["".join(rng.choice("abc") for _ in range(rng.randint(0, 5))) for _ in range(rng.randint(1, 12))]
        assert unique_prefixes(words) == _prefixes_one_by_one(words), words
    # (linear: 20,000 names sharing long prefixes, as a board of distinct cards has)
    many = [f"card number {i:05}" for i in range(20000)]
    assert unique_prefixes(many)["card number 00042"] == "card number 00042"


def test_hidden_info():
    assert not has_hidden_info(view_of([grid("cells", 2, 2, pieces={"a1": [owned("red")]})]))
    assert has_hidden_info(view_of([grid("cells", 2, 2, pieces={"a1": [thing(up=False)]})]))
    assert has_hidden_info(view_of([], zones=[{"name": "deck", "owner": None, "visible": False,
                                               "count": 5, "pieces": []}]))


def test_a_game_that_reads_seats_is_drawn_from_the_viewers_edge():
    from mire.cli.render import render_view
    from mire.engine import load_game
    state = load_game("breakthrough").new_state()
    # white sits at the south edge: row 8 is drawn first (at the top), a before h
    white = render_view(state.view(0)).splitlines()
    black = render_view(state.view(1)).splitlines()
    first_row = lambda lines: next(x.strip() for x in lines if "|" in x and x.strip()[:1] == "|")  # noqa: E731
    assert first_row(white).split("|")[1].strip() == "a8"
    # black sits at the north edge: the board turns round, so row 1 is at the top, h before a
    assert first_row(black).split("|")[1].strip() == "h1"
    assert state.view(0)["facing"] == "south" and state.view(1)["facing"] == "north"
    # tic-tac-toe does not read seats: both players see it the same way up
    ttt = load_game("tic-tac-toe").new_state()
    assert ttt.view(1)["facing"] is None


def test_a_label_that_two_owners_show_is_told_apart_by_the_owner():
    """Two players' cubes both labelled 6 (issue 30): the board shows whose each is, without colours too."""
    def cube(owner, n):
        return {**owned(owner, "cube", n=n), "label": str(n)}
    board = grid("cells", 3, 1, pieces={"a1": [cube("red", 6)], "b1": [cube("blue", 6)], "c1": [cube("red", 2)]})
    text = render_view(view_of([board]))
    row = next(line for line in text.splitlines() if line.startswith("1 "))
    assert [w for w in row.split() if w != "|"] == ["1", "R6", "B6", "2"]   # 2: no other owner shows a 2
    g = Glyphs(view_of([board]))
    assert g.labelled({**owned("red", "cube"), "label": "knight"}) == "knight"
    both = view_of([grid("cells", 2, 1, pieces={"a1": [{**owned("red"), "label": "king"}],
                                                 "b1": [{**owned("blue"), "label": "king"}]})])
    assert Glyphs(both).glyph({**owned("blue"), "label": "king"}) == "B-king"


def test_the_number_to_type_for_a_piece_in_a_zone_is_marked_as_one():
    """`#6 2-6`, not `6 2-6` (a bare number reads as part of the label: issue 30)."""
    from mire.cli.render import piece_key, zone_lines
    tile = {**thing("tile", low=2, high=6), "label": "2-6"}
    view = view_of([], zones=[{"name": "hand", "owner": "red", "visible": True, "count": 1, "pieces": [tile]}])
    lines = zone_lines(view, 80, typed={piece_key(tile): "6"})
    assert "#6 2-6" in "\n".join(lines)
