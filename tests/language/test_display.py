"""The display form (`display:`): a game's colours, glyphs and pictures, checked, made safe and carried by the view."""
from __future__ import annotations

import base64
import re
from typing import Optional

import pytest

from mire.cli.web.looks import Looks
from mire.cli.web.svg import boards_html
from mire.engine import load_game
from mire.grammar.diagnostics import MireError
from mire.grammar.pictures import PictureRefused, safe_picture

HEAD = '''game "Looks"
players 2 named X, O
board cells: grid 3 x 3
enum shape: round, square
piece mark(shape: shape = round, secret_shape: shape hidden = square)
action put(c in cells where empty(c)):
    place mark for mover at c
'''
SQUARE = ('<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10"><defs><linearGradient id="g">'
          '<stop offset="0" stop-color="red"/></linearGradient></defs><rect x="1" y="1" width="8" height="8" '
          'fill="url(#g)"/></svg>')


def game_at(tmp_path, display: str, pictures: Optional[dict] = None):
    for name, text in (pictures or {}).items():
        (tmp_path / name).write_text(text)
    path = tmp_path / "looks.mire"
    path.write_text(HEAD + display)
    return load_game(str(path))


def rendered_errors(tmp_path, display: str, pictures: Optional[dict] = None) -> str:
    with pytest.raises(MireError) as err:
        game_at(tmp_path, display, pictures)
    return err.value.render()


def test_a_display_block_reaches_every_seats_view_and_the_board(tmp_path):
    game = game_at(tmp_path, '''display:
    player X colour "#c33"
    board cells colour "lightyellow"
    spaces b2 of cells colour "#ddf"
    piece mark glyph "M" colour "gold"
    piece mark where shape == round picture "round.svg"
''', {"round.svg": SQUARE})
    state = game.new_state(seed=1)
    state.apply(state.parse_move("a1"))
    view = state.view(1)
    assert view["display"]["players"] == {"X": "#c33"}
    assert view["display"]["boards"] == {"cells": "lightyellow"}
    assert view["display"]["spaces"] == {"cells": {"b2": "#ddf"}}
    (plain, pictured) = view["display"]["pieces"]
    assert plain == {"kind": "mark", "where": None, "glyph": "M", "colour": "gold"}
    assert pictured["where"] == ["shape", "round"] and pictured["picture"].startswith("<svg")
    html = boards_html(view)
    assert 'style="--space:#ddf"' in html and 'style="--space:lightyellow"' in html
    # the picture is drawn as an image of a data address: the safe SVG, written out again
    href = re.search(r'href="data:image/svg\+xml;base64,([^"]+)"', html).group(1)
    assert base64.b64decode(href).decode() == pictured["picture"]
    assert 'fill="#c33"' in html   # the piece framed in its owner's colour, the game's own


def test_a_look_chosen_by_a_hidden_attribute_never_tells_it():
    looks = Looks({"display": {"pieces": [
        {"kind": "mark", "where": None, "glyph": "?"},
        {"kind": "mark", "where": ["secret_shape", "square"], "glyph": "S"},
        {"kind": "token", "where": ["flower", "yes"], "glyph": "F"}]}})
    # the view leaves out what the seat may not see: the line that needs it is not used
    assert looks.piece({"kind": "mark", "owner": "X", "up": True, "attrs": {"shape": "round"}}) == {"glyph": "?"}
    assert looks.piece({"kind": "mark", "owner": "X", "up": True,
                        "attrs": {"shape": "round", "secret_shape": "square"}}) == {"glyph": "S"}
    assert looks.piece({"kind": "token", "owner": None, "up": True, "attrs": {"flower": True}}) == {"glyph": "F"}
    assert looks.piece({"kind": "token", "owner": None, "up": True, "attrs": {"flower": False}}) == {}
    assert looks.piece({"kind": "mark", "owner": None, "up": False, "attrs": {}}) == {}   # face down: no look


def test_what_a_display_line_names_is_checked_with_the_place_and_a_hint(tmp_path):
    text = rendered_errors(tmp_path, '''display:
    player Z colour "red"
    board cels colour "red"
    piece marc glyph "x"
    piece mark where shap == round glyph "x"
    piece mark where shape == oval glyph "x"
    piece mark colour "sort of blue" glyph "toolongglyph"
    board cells glyph "x"
    spaces z9 of cells colour "red"
''')
    assert "looks.mire:9:12: error[E080]: no player is named 'Z'" in text
    assert "= hint: the players are named X, O" in text
    assert "looks.mire:10:11: error[E080]: unknown board 'cels' (did you mean 'cells'?)" in text
    assert "looks.mire:11:11: error[E015]: unknown piece kind 'marc' (did you mean 'mark'?)" in text
    assert "error[E080]: piece kind 'mark' has no attribute 'shap' (did you mean 'shape'?)" in text
    assert "looks.mire:13:31: error[E080]: 'oval' is not a value of shape" in text
    assert ("looks.mire:14:24: error[E081]: 'sort of blue' is not a colour\n"
            "   |\n"
            '14 |     piece mark colour "sort of blue" glyph "toolongglyph"\n'
            "   |                        ^^^^^^^^^^^^\n"
            '  = hint: write a colour as #rgb or #rrggbb (`"#c33"`), or by its name in CSS (`"teal"`)') in text
    assert "error[E081]: a glyph is 1 to 6 characters, not 12" in text
    assert "looks.mire:15:17: error[E081]: a board has no glyph" in text
    assert "looks.mire:16:12: error[E080]: board 'cells' has no space 'z9'" in text


@pytest.mark.parametrize("picture,why", [
    ('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>',
     "it holds a <script> element: a picture may not run script or hold a document"),
    ('<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink">'
     '<image xlink:href="http://example.com/x.png"/></svg>',
     "it holds a <image> element: a picture may not bring in or link to anything"),
    ('<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"/>',
     "its attribute 'onload' is an event handler: a picture may not run script"),
    ('<svg xmlns="http://www.w3.org/2000/svg"><rect href="http://example.com/"/></svg>',
     "its attribute 'href' refers to something outside the picture"),
    ('<svg xmlns="http://www.w3.org/2000/svg"><rect fill="url(http://example.com/x)"/></svg>',
     "the value of its attribute 'fill' refers to something outside the picture"),
    ('<!DOCTYPE svg [<!ENTITY a "aaaa">]><svg xmlns="http://www.w3.org/2000/svg">&a;</svg>',
     "it declares a document type or entities, which a picture may not"),
    ('<svg xmlns="http://www.w3.org/2000/svg"><style>rect { fill: url(x) }</style></svg>',
     "it holds a <style> element: a picture may not bring in or link to anything"),
    ('<svg xmlns="http://www.w3.org/2000/svg"><rect/>' + " " * 16_000 + "</svg>",
     "it is larger than 16,000 bytes"),
    ("<svg><rect/></svg>", 'its outermost element is not an SVG <svg> (with xmlns="http://www.w3.org/2000/svg")'),
])
def test_a_picture_that_could_run_script_or_fetch_anything_is_refused(tmp_path, picture, why):
    with pytest.raises(PictureRefused) as err:
        safe_picture(picture)
    assert str(err.value) == why
    text = rendered_errors(tmp_path, 'display:\n    piece mark picture "art.svg"\n', {"art.svg": picture})
    assert f"looks.mire:9:25: error[E082]: picture 'art.svg' cannot be used: {why}" in text


def test_a_picture_outside_the_folder_or_missing_is_reported(tmp_path):
    (tmp_path / "game").mkdir()
    (tmp_path / "outside.svg").write_text(SQUARE)
    text = rendered_errors(tmp_path / "game", 'display:\n    piece mark picture "../outside.svg"\n'
                                              '    piece mark picture "gone.svg"\n')
    assert "error[E082]: picture '../outside.svg' cannot be used: it is outside the game's folder" in text
    assert "error[E082]: picture 'gone.svg' cannot be used: there is no such file" in text


def test_a_safe_picture_is_written_out_again_from_what_was_read():
    kept = safe_picture('<?xml version="1.0"?>\n<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 4 4">'
                        '<title>a &lt;b&gt; "tile"</title><circle cx="2" cy="2" r="1"/></svg>')
    assert kept == ('<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 4 4"><title>a &lt;b&gt; "tile"</title>'
                    '<circle cx="2" cy="2" r="1"></circle></svg>')


def test_the_bundled_games_that_use_the_display_form_load_with_it():
    toad = load_game("queensland").new_state(seed=1).view(0)["display"]
    assert toad["players"]["yellow"] == "#d9a91a"
    assert toad["pieces"][0]["kind"] == "toad" and "<script" not in toad["pieces"][0]["picture"]
    show = load_game("mosquito-show").new_state(seed=1).view(0)["display"]
    assert {"kind": "animal", "where": ["species", "toucan"], "glyph": "T"} in show["pieces"]


def test_the_web_board_draws_the_bundled_games_looks_and_takes_no_colour_it_would_not_check():
    from mire.cli.web.svg import zones_html
    view = load_game("mosquito-show").new_state(seed=1).view(0)
    board = boards_html(view)
    assert 'style="--space:#b9dcec"' in board and "✿" in board    # the ponds' water, a flower on a lily
    assert '>C</button>' in zones_html(view) and 'border-color:darkorange' in zones_html(view)
    toads = zones_html(load_game("queensland").new_state(seed=1).view(0))
    assert re.search(r'<img class="pic" alt="" src="data:image/svg\+xml;base64,[A-Za-z0-9+/=]+">toad ×60', toads)
    # a view made otherwise than by the checker: a colour that could break out of its attribute is not used
    looks = Looks({"display": {"players": {"X": 'red" onload="x'}, "boards": {"b": "url(x)"},
                               "pieces": [{"kind": "k", "where": None, "colour": "</svg>", "glyph": "G"}]}})
    assert looks.players == {} and looks.boards == {}
    assert looks.piece({"kind": "k", "owner": None, "up": True, "attrs": {}}) == {"glyph": "G"}
