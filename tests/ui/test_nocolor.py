"""Maps without colour (NO_COLOR=1): who is where, whose, and in what state must show in the characters
and their attributes (reverse, bold, underline, italic) alone, never in the colours."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path
from typing import NamedTuple

import pytest
from textual.app import App, ComposeResult
from textual.strip import Strip

from tests.ui.areahelpers import raid_view, strange_victory
from tests.ui.helpers import SIZE, make_app, new_session, sync
from wargames_tui.hexdraw import CELL_W, cell_origin
from wargames_tui.ui.widgets.areamap import AreaMap
from wargames_tui.ui.widgets.hexmap import HexMap


class Char(NamedTuple):
    """A drawn character with its attributes and no colour."""

    ch: str
    reverse: bool
    bold: bool
    underline: bool
    italic: bool


def chars(strip: Strip) -> list[Char]:
    return [
        Char(ch, bool(s.style.reverse), bool(s.style.bold), bool(s.style.underline), bool(s.style.italic))
        for s in strip
        for ch in s.text
    ]


def cell(hexmap: HexMap, h: str) -> tuple[list[Char], list[Char]]:
    """The top and bottom lines of a hex as drawn."""
    x, y = cell_origin(hexmap.data, h)
    return tuple(chars(hexmap._build_line(y + part))[x : x + CELL_W] for part in (0, 1))  # type: ignore[return-value]


def text(line: list[Char]) -> str:
    return "".join(c.ch for c in line)


@pytest.fixture
def no_color(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("NO_COLOR", "1")


@sync
async def test_hex_map_without_colour_tells_units_sides_and_states_apart(save_dir: Path, no_color: None) -> None:
    app = make_app(save_dir, new_session(seed=1))
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        assert app.no_color
        hexmap = app.screen.query_one(HexMap)
        hexmap.redraw()
        assert hexmap.mono
        units = [u for u in app.screen.view["units"] if u["status"] == "map" and u["hex"]]
        letters: dict[str, set[str]] = {}
        # Every unit is a solid block (reverse video), every empty hex is not.
        for h in sorted(hexmap.data.cells):
            if h == hexmap.cursor:
                continue
            top, bottom = cell(hexmap, h)
            counter = hexmap.counters.get(h)
            if counter is None:
                assert not any(c.reverse for c in top + bottom), h
                continue
            assert all(c.reverse for c in top + bottom), h
            side = next(u["side"] for u in units if u["hex"] == h)
            if len(counter.piece.factors) < CELL_W:
                assert text(top).strip() == counter.piece.top
                letters.setdefault(side, set()).add(text(bottom)[0])
                assert counter.piece.factors in text(bottom)
            else:  # the factors fill the lower line: the letter goes before the name
                letter, name = text(top).strip()[0], text(top).strip()[1:]
                assert counter.piece.top.startswith(name) and text(bottom) == counter.piece.factors, h
                letters.setdefault(side, set()).add(letter)
        # Each side's counters carry one letter of their own.
        assert len(letters) == 2 and all(len(v) == 1 for v in letters.values())
        assert len(set.union(*letters.values())) == 2 and all(ch.isalpha() for v in letters.values() for ch in v)
        # Place names are bold, hex ids (shown with #) are not, and neither is reversed.
        hexmap.toggle_ids()
        label = next(h for h, c in sorted(hexmap.data.cells.items()) if c.label and h not in hexmap.counters and h != hexmap.cursor)
        plain = next(h for h, c in sorted(hexmap.data.cells.items()) if not c.label and h not in hexmap.counters and h != hexmap.cursor)
        assert all(c.bold and not c.reverse for c in cell(hexmap, label)[0])
        assert text(cell(hexmap, plain)[0]) == plain and not any(c.bold or c.reverse for c in cell(hexmap, plain)[0])

        # States: a target, a chosen attacker, a disrupted unit, a stack, a hex in reach.
        by_side = {side: sorted(u["hex"] for u in units if u["side"] == side) for side in letters}
        (gi, *_), (bc, *_) = by_side["gi"], by_side["bc"]
        disrupted, stacked, moved = by_side["gi"][1], by_side["bc"][1], by_side["gi"][2]
        reach = next(h for h in sorted(hexmap.data.cells) if h not in hexmap.counters and h != hexmap.cursor)
        counters = dict(hexmap.counters)
        counters[disrupted] = replace(counters[disrupted], disrupted=True)
        counters[stacked] = replace(counters[stacked], piece=replace(counters[stacked].piece, stacked=True))
        counters[moved] = replace(counters[moved], dim=True)
        hexmap.cursor = reach
        hexmap.show(counters, {gi: "attacker", bc: "target", reach: "reach"}, hexmap.held)
        assert text(cell(hexmap, gi)[1])[0] == "*"
        assert text(cell(hexmap, bc)[1])[0] == "!"
        assert text(cell(hexmap, moved)[1])[0] == "·" and all(c.reverse for c in cell(hexmap, moved)[1])
        top, bottom = cell(hexmap, disrupted)
        assert all(c.reverse for c in top) and text(bottom)[0] == "×"
        assert not any(c.reverse for c in bottom) and all(c.italic for c in bottom)  # the lower line hollow
        assert all(c.underline for c in cell(hexmap, stacked)[1]) and not any(c.underline for c in cell(hexmap, stacked)[0])
        # The hex in reach carries the glyph on its lower line; under the cursor it turns solid, underlined.
        top, bottom = cell(hexmap, reach)
        assert text(bottom)[1:3] == "••"
        assert all(c.underline and c.reverse for c in top + bottom)
        # A unit under the cursor turns hollow, underlined.
        hexmap.set_cursor(gi, scroll=False)
        assert all(c.underline and not c.reverse for line in cell(hexmap, gi) for c in line)


@sync
async def test_hex_map_in_colour_keeps_its_look_with_solid_counters(save_dir: Path) -> None:
    app = make_app(save_dir, new_session(seed=1))
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        hexmap = app.screen.query_one(HexMap)
        assert not hexmap.mono
        h = next(h for h in sorted(hexmap.counters) if h != hexmap.cursor)
        top, bottom = cell(hexmap, h)
        # The factors as the game gives them, and reverse video: solid even where colour is lost.
        assert text(bottom).strip() == hexmap.counters[h].piece.bottom
        assert all(c.reverse for c in top + bottom)


class MapApp(App):
    def __init__(self, view: dict) -> None:
        super().__init__()
        self.game_view = view

    def compose(self) -> ComposeResult:
        yield AreaMap(self.game_view, id="map")


def label(area: AreaMap, zid: str) -> list[Char]:
    col, row = area.zones[zid]["at"]
    return chars(area._build_line(row))[col - 1 : col + len(zid) + 1]


@sync
async def test_dieppe_zone_map_without_colour_says_who_is_where(no_color: None) -> None:
    view = raid_view()
    view["units"].append({**view["units"][0], "id": "x", "side": "british", "zone": "SAL", "aboard": None})
    german = next(u for u in view["units"] if u["side"] == "german")
    view["units"].append({**german, "id": "y", "zone": "SAL"})
    app = MapApp(view)
    async with app.run_test(size=(90, 40)) as pilot:
        await pilot.pause()
        area = app.query_one(AreaMap)
        assert area.mono
        area.set_cursor("OR1", scroll=False)
        area.set_highlights({"C6": "reach", "SAV": "target", "VGU": "assault"})
        # British aboard their LCA, the Germans at Hess, both at Sale: solid labels, the brackets say whose.
        for zid, shown in (("DE1", "<DE1>"), ("HESS", "{HESS}"), ("SAL", "<SAL}")):
            chars_ = label(area, zid)
            assert text(chars_) == shown and all(c.reverse for c in chars_), zid
        # An empty zone: plain brackets, not solid; lit ones carry their light's glyph.
        assert text(label(area, "OR2")) == "[OR2]" and not any(c.reverse for c in label(area, "OR2"))
        assert text(label(area, "C6"))[0] == "•" and text(label(area, "SAV"))[-1] == "!"
        assert text(label(area, "VGU"))[0] == "#"
        # The cursor: the id underlined, the other way round.
        assert all(c.underline and c.reverse for c in label(area, "OR1")[1:-1])
        # The markers keep their letters (SAV's A after its label).
        col, row = area.zones["SAV"]["at"]
        assert chars(area._build_line(row))[col + 4].ch == "A"


@sync
async def test_strange_victory_map_without_colour_marks_divisions(save_dir: Path, no_color: None) -> None:
    app = make_app(save_dir, strange_victory(seed=1))
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        area = app.screen.query_one(AreaMap)
        assert area.mono
        # Reinhardt's and Guderian's divisions in their staging areas; Rommel's at Dinant lit as the acting ones.
        for zid in ("MAU", "SED"):
            assert text(label(area, zid)) == f"<{zid}>" and all(c.reverse for c in label(area, zid))
        din = label(area, "DIN")
        assert text(din)[0] in "*<" and all(c.reverse for c in din[1:-1] if not c.underline)
        lit = [z for z, light in area.highlights.items() if light == "reach"]
        assert lit and all(text(label(area, z))[0] == "•" for z in lit)


def test_text_map_marks_units_apart_from_places() -> None:
    from wargames_tui.games.panzer_corps.mapview import hex_map_data
    from wargames_tui.hexdraw import side_letters, text_map

    session = new_session(seed=1)
    view = session.game.view(session.state, None)
    data = hex_map_data(view["scenario"])
    lines = text_map(data, view)
    letters = side_letters(view["sides"])
    assert letters == {"gi": "G", "bc": "B"}
    for u in view["units"]:
        if u["status"] == "map" and len(u.get("factors") or f"{u['strength']}-{u['move']}") < CELL_W:
            x, y = cell_origin(data, u["hex"])
            if lines[y + 1][x : x + CELL_W].startswith(letters[u["side"]]):
                continue
            # Only the top unit of a stack shows.
            assert sum(v["hex"] == u["hex"] for v in view["units"]) > 1
    assert side_letters({"a": "German", "b": "Georgian"}) == {"a": "G", "b": "E"}


@pytest.mark.parametrize("human", ["german", "allied"])
@sync
async def test_every_area_map_puts_the_units_of_the_side_at_the_keys_in_angle_brackets(
    save_dir: Path, no_color: None, human: str
) -> None:
    # One rule on every area map (present.area.side_brackets): < > your own units, { } the other
    # side's. The Seeds of Disaster put the German pieces in < > whoever played (Springtime the
    # Allied ones): an Allied player read his own armies in { }.
    from wargames_tui.engine.session import Session
    from wargames_tui.games import game_for
    from wargames_tui.ui.screens.play import PlayScreen

    scenario = "seeds-of-disaster/1934"
    other = "allied" if human == "german" else "german"
    session = Session.start(game_for(scenario), scenario, seed=1, seats={human: "human", other: "bot:random"})
    async with make_app(save_dir, session).run_test(size=SIZE) as pilot:
        await pilot.pause()
        assert isinstance(pilot.app.screen, PlayScreen)
        area = pilot.app.screen.query_one(AreaMap)
        alone = {}
        for side in (human, other):
            zid = next(z for z, sides in area.occupants.items() if sides == {side} and z in area.layout_.labels)
            alone[side] = text(label(area, zid))
        # (the closing bracket may give its place to a marker: Seeds counts the pieces there)
        assert alone[human][0] == "<" and alone[other][0] == "{", alone


def drawn_factors(top: str, bottom: str) -> set[str]:
    """What a counter's two drawn lines can say its factors are: the lower line alone (after a
    side's letter or a state's glyph), or both lines read as one."""
    top, bottom = top.strip(), bottom.strip().rstrip("+")
    return {bottom, bottom[1:], top + bottom, top + bottom[1:]}


@pytest.mark.parametrize("scenario", ["blitzkrieg-1940/1939", "panzer-corps/el-alamein", "dynamo/campaign"])
@pytest.mark.parametrize("mono", [False, True], ids=["colour", "no-colour"])
@sync
async def test_hex_counters_show_their_whole_factors_and_without_colour_their_side(
    save_dir: Path, monkeypatch: pytest.MonkeyPatch, scenario: str, mono: bool
) -> None:
    # Blitzkrieg's factors ('8-10-6', '+1+2-4', '5-6-4') were cut to four characters ('8-10', '5-6-');
    # without colour a counter with 4-character factors ('6-10') had no room for its side's letter.
    from wargames_tui.cli import new_session as session_of
    from wargames_tui.hexdraw import factors, side_letters

    if mono:
        monkeypatch.setenv("NO_COLOR", "1")
    session = session_of(scenario, {}, 1)
    app = make_app(save_dir, session)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        if app.screen.query("HandoffScreen") or type(app.screen).__name__ != "PlayScreen":
            await pilot.press("enter")  # a hotseat cover
            await pilot.pause()
        screen = app.screen
        hexmap = screen.query_one(HexMap)
        assert hexmap.mono == mono
        view = screen.pane.view
        letters = side_letters(view.get("sides") or {})
        shown = 0
        for h, counter in sorted(hexmap.counters.items()):
            if h == hexmap.cursor or h in hexmap.highlights or counter.disrupted or counter.dim:
                continue  # a state's glyph stands for the letter
            top, bottom = (text(line) for line in cell(hexmap, h))
            here = [u for u in view["units"] if u.get("hex") == h and u["status"] == "map"]
            assert drawn_factors(top, bottom) & {factors(u) for u in here}, (h, top, bottom)
            if mono:
                assert letters[here[0]["side"]] in top + bottom, (h, top, bottom)
            shown += 1
        assert shown >= 10


def test_every_counter_of_every_hex_scenario_fits_its_factors_and_its_side() -> None:
    # Every unit of every hex scenario, alone and stacked, as the map would draw it: no line longer
    # than a cell, the factors whole, and without colour the side's letter.
    from wargames_tui.cli import new_session as session_of
    from wargames_tui.games import all_scenarios, game_for
    from wargames_tui.hexdraw import factors, mono_lines, pieces_from_view
    from wargames_tui.present import map_kind

    for info in all_scenarios():
        if map_kind(game_for(info.id)) != "hex":
            continue
        view = session_of(info.id, {}, 1).view(None)
        for u in view["units"]:
            for stack in ([u], [u, u]):
                placed = [{**x, "status": "map", "hex": "0101"} for x in stack]
                piece = pieces_from_view({**view, "units": placed})["0101"]
                assert max(len(piece.top), len(piece.bottom)) <= CELL_W, (info.id, u["id"], piece)
                assert factors(u) in drawn_factors(piece.top, piece.bottom), (info.id, u["id"], piece)
                top, bottom = mono_lines(piece, piece.side)
                assert piece.side in top + bottom and factors(u) in drawn_factors(top, bottom), (info.id, u["id"], top, bottom)
