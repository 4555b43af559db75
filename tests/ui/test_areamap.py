"""The area map widget on the Dieppe picture: layout, colours, cursor keys, mouse, scrolling."""

from __future__ import annotations

from collections.abc import AsyncIterator
from contextlib import asynccontextmanager

from rich.style import Style
from textual.app import App, ComposeResult

from tests.ui.areahelpers import in_view, line_styles, raid_view
from tests.ui.helpers import sync
from wargames_tui.games.dieppe.present.look import SIDE_BG
from wargames_tui.present.area import LINK_COLOURS
from wargames_tui.ui.widgets.areamap import CURSOR, HIGHLIGHT, AreaMap, build_layout


class MapApp(App):
    def __init__(self, view: dict) -> None:
        super().__init__()
        self.game_view = view
        self.moved: list[str] = []
        self.chosen: list[str] = []

    def compose(self) -> ComposeResult:
        yield AreaMap(self.game_view, id="map")

    def on_mount(self) -> None:
        self.query_one(AreaMap).focus()

    def on_area_map_cursor_moved(self, event: AreaMap.CursorMoved) -> None:
        self.moved.append(event.place)

    def on_area_map_chosen(self, event: AreaMap.Chosen) -> None:
        self.chosen.append(event.place)


@asynccontextmanager
async def whole_map(view: dict) -> AsyncIterator[AreaMap]:
    """The map of `view` mounted in a window that shows all of it, its first frame drawn."""
    app = MapApp(view)
    async with app.run_test(size=(120, 60)) as pilot:
        await pilot.pause()
        yield app.query_one(AreaMap)


def test_layout_finds_every_zone_and_link_kind() -> None:
    view = raid_view()
    layout = build_layout(view["picture"], view["zones"], view["links"])
    assert set(layout.labels) == set(view["zones"])
    for zid, z in view["zones"].items():
        col, row = z["at"]
        assert view["picture"][row][col - 1 : col + len(zid) + 1] == f"[{zid}]"
        assert [c.role for c in layout.cells[row][col - 1 : col + len(zid) + 1]] == ["open"] + ["id"] * len(zid) + ["close"]
    # The red dotted line from the lighthouse flak to the waiting zones carries fire only.
    pha = view["zones"]["PHA"]["at"]
    assert layout.cells[pha[1]][pha[0] - 2].kind == "fire"
    # The dots between Group 2's waiting zone and the beach are a landing link, the dots
    # across the Saane meadows a track, the line of tildes a sea lane.
    de2_col, de2_row = view["zones"]["DE2"]["at"]
    below = [c.kind for c in layout.cells[de2_row + 1][: de2_col + 4] if c.role == "link"]
    assert below and set(below) == {"landing"}
    sav_col, sav_row = view["zones"]["SAV"]["at"]
    assert {c.kind for c in layout.cells[sav_row + 4][sav_col - 3 : sav_col + 3] if c.role == "link"} == {"track"}
    assert {c.kind for c in layout.cells[1] if c.role == "link"} == {"sea"}
    # Words in the title are text, not links; the legend shows each kind in its own colour.
    assert all(c.role == "text" or c.role == "blank" for c in layout.cells[0])
    legend = view["picture"][-2]
    kinds = [layout.cells[len(view["picture"]) - 2][i].kind for i, ch in enumerate(legend) if ch == "."]
    assert kinds[:2] == ["track", "track"] and kinds[2:4] == ["landing", "landing"]


def test_arrow_keys_reach_every_zone_from_every_zone() -> None:
    area = AreaMap(raid_view())
    zones = list(area.zones)
    steps = {z: [area.nearest(z, d) for d in ("up", "down", "left", "right")] for z in zones}
    for start in zones:
        seen, todo = {start}, [start]
        while todo:
            for n in steps[todo.pop()]:
                if n and n not in seen:
                    seen.add(n)
                    todo.append(n)
        assert seen == set(zones), f"from {start} the arrows miss {set(zones) - seen}"
    # A few moves a player would expect.
    assert area.nearest("OR2", "left") == "C6"
    assert area.nearest("OR2", "up") == "DE2"
    assert area.nearest("HESS", "left") == "CP"


def test_colours_for_sides_markers_highlights_and_cursor() -> None:
    view = raid_view()
    area = AreaMap(view)
    area.set_cursor("OR2", scroll=False)
    area.set_highlights({"C6": "reach", "SAV": "target"})

    def label(zid: str) -> list[tuple[str, Style]]:
        col, row = view["zones"][zid]["at"]
        return line_styles(area, row)[col - 1 : col + len(zid) + 1]

    # British aboard their LCA off Orange I: brown; the Hess guns: grey.
    assert all(s.bgcolor.name == SIDE_BG["british"] for _, s in label("DE1"))
    assert all(s.bgcolor.name == SIDE_BG["german"] for _, s in label("HESS"))
    assert all(s.meta == {"zone": "HESS"} for _, s in label("HESS"))
    # Lit zones.
    assert label("SAV")[1][1].bgcolor.name == HIGHLIGHT["target"]
    assert label("C6")[1][1].bgcolor.name == HIGHLIGHT["reach"]
    # The cursor colours the id; the brackets keep the zone's own background.
    chars = label("OR2")
    assert "".join(ch for ch, _ in chars) == "[OR2]"
    assert chars[1][1].bgcolor == CURSOR.bgcolor and chars[0][1].bgcolor != CURSOR.bgcolor
    # SAV's unrevealed A marker: a letter right after the label.
    col, row = view["zones"]["SAV"]["at"]
    ch, style = line_styles(area, row)[col + 4]
    assert ch == "A" and style.bold and style.meta == {"zone": "SAV"}
    # A fire line is drawn in its dimmed red.
    pha_col, pha_row = view["zones"]["PHA"]["at"]
    ch, style = line_styles(area, pha_row)[pha_col - 2]
    assert ch == ":" and style.color.name == LINK_COLOURS["fire"]


def test_both_sides_in_a_zone_split_the_label() -> None:
    view = raid_view()
    view["units"].append({**view["units"][0], "id": "x", "side": "british", "zone": "HESS", "aboard": None})
    area = AreaMap(view)
    col, row = view["zones"]["HESS"]["at"]
    styles = [s.bgcolor.name for _, s in line_styles(area, row)[col - 1 : col + 5]]
    assert styles[0] == SIDE_BG["british"] and styles[-1] == SIDE_BG["german"]


@sync
async def test_keys_and_mouse_move_the_cursor_and_choose() -> None:
    app = MapApp(raid_view())
    async with app.run_test(size=(84, 36)) as pilot:
        area = app.query_one(AreaMap)
        area.set_cursor("OR2")
        await pilot.pause()
        await pilot.press("left")
        assert area.cursor == "C6"
        await pilot.press("enter")
        await pilot.pause()
        assert app.chosen == ["C6"]
        # Tab visits every zone once, in reading order, then comes back.
        start = area.cursor
        seen = []
        for _ in area.zones:
            await pilot.press("tab")
            seen.append(area.cursor)
        assert sorted(seen) == sorted(area.zones) and area.cursor == start
        await pilot.press("shift+tab")
        assert area.cursor == seen[-2]
        # A click on a label chooses that zone.
        col, row = app.game_view["zones"]["HESS"]["at"]
        await pilot.click(AreaMap, offset=(col + 1, row))
        await pilot.pause()
        assert area.cursor == "HESS" and app.chosen[-1] == "HESS"
        assert "HESS" in app.moved


@sync
async def test_small_terminal_scrolls_to_show_every_zone() -> None:
    app = MapApp(raid_view())
    async with app.run_test(size=(47, 21)) as pilot:
        area = app.query_one(AreaMap)
        await pilot.pause()
        for zid in app.game_view["zones"]:
            area.set_cursor(zid)
            await pilot.pause()
            assert in_view(area, zid), zid
        # A click on a scrolled map still finds the zone under the mouse.
        area.set_cursor("DIE")
        await pilot.pause()
        col, row = app.game_view["zones"]["DIE"]["at"]
        sx, sy = area.scroll_offset
        area.set_cursor("POU", scroll=False)
        await pilot.click(AreaMap, offset=(col - sx, row - sy))
        await pilot.pause()
        assert app.chosen[-1] == "DIE"


@sync
async def test_a_new_position_draws_again_only_the_lines_of_the_zones_it_changed() -> None:
    """A bot's step moves a unit or two, and drawing the whole map again after each was a fifth of the
    client's time a step in Betrayal: the lines whose zones did not change are kept; those of a changed
    zone are drawn as a fresh map draws them."""
    import copy

    view = raid_view()
    async with whole_map(view) as area:
        rows = range(len(view["picture"]))
        for y in rows:
            area.render_line(y)
        built: list[int] = []
        real = area._build_line
        area._build_line = lambda row: built.append(row) or real(row)  # type: ignore[method-assign]
        moved = copy.deepcopy(view)
        unit = next(u for u in moved["units"] if u.get("zone") == "HESS")
        unit["zone"] = "SAV"
        area.show(moved)

        def cells(strip) -> list:  # noqa: ANN001
            return [(ch, seg.style) for seg in strip for ch in seg.text][: len(view["picture"][0])]

        drawn = [cells(area.render_line(y)) for y in rows]
        changed = {view["zones"][z]["at"][1] for z in ("HESS", "SAV")}
        assert changed <= set(built) and set(built) <= {r for r in rows if set(area._row_zones.get(r, ())) & {"HESS", "SAV"}}
        fresh = AreaMap(moved)
        fresh.mono = area.mono
        assert drawn == [cells(fresh._build_line(y)) for y in rows]
        built.clear()
        area.show(copy.deepcopy(moved))  # the same position again: nothing drawn again
        for y in rows:
            area.render_line(y)
        assert built == []


@sync
async def test_another_side_at_the_keys_draws_its_lines_again() -> None:
    """The side at the keys reads its own units' labels `< >` (MapLook.occupied): a hotseat handover
    changes the lines with either side's units though no zone changed."""
    view = raid_view()
    async with whole_map(view) as area:
        rows = range(len(view["picture"]))
        width = len(view["picture"][0])
        area.show(view, own="british")
        british = [area.render_line(y).text[:width] for y in rows]
        area.show(view, own="german")
        german = [area.render_line(y).text[:width] for y in rows]
        fresh = AreaMap(view)
        fresh.show(view, own="german")
        assert german == [fresh._build_line(y).text[:width] for y in rows] and german != british


@sync
async def test_a_new_picture_draws_its_lines_again() -> None:
    # A line without zones (the title) is keyed by the map's layout: another picture, another line.
    import copy

    view = raid_view()
    async with whole_map(view) as area:
        width = len(view["picture"][0])
        area.render_line(0)
        retitled = copy.deepcopy(view)
        retitled["picture"][0] = "A NEW TITLE".ljust(width)
        area.show(retitled)
        assert area.render_line(0).text[:width] == retitled["picture"][0]
