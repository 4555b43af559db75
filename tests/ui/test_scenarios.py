"""Dunkerque, Khar'kov and Operation Compass driven with keys: set-up, reinforcements, stacks,
exchanges and multi-unit advances."""

from __future__ import annotations

from pathlib import Path

from tests.ui.helpers import (
    SIZE,
    die_for,
    goto,
    isolated_pair,
    make_app,
    pass_until,
    play_screen,
    staged,
    start,
    sync,
)
from wargames_tui.engine.dice import Dice
from wargames_tui.ui.widgets.hexmap import HexMap
from wargames_tui.ui.widgets.log import LogPanel


def log_text(app) -> str:  # noqa: ANN001 - the app
    return "\n".join(strip.text for strip in app.screen.query_one(LogPanel).lines)


@sync
async def test_operation_compass_setup_with_keys(save_dir: Path) -> None:
    session = start("operation-compass")
    session.dice = Dice.replaying([2])  # the bombardment roll: 1-3 disrupts three units (3.1)
    app = make_app(save_dir, session)
    async with app.run_test(size=SIZE) as pilot:
        screen = play_screen(app)
        hexmap = screen.query_one(HexMap)
        await pilot.pause()
        assert screen.pane.step == "place" and session.prompt.side == "it"
        # The S units wait in the side panel; the cursor starts on a hex where one may go.
        waiting = [u["id"] for u in screen.pane.keys.waiting().units]
        assert len(waiting) == 4 and screen.pane.keys.chosen() == waiting[0]
        assert hexmap.highlights.get(hexmap.cursor) == "entry"
        first_hex = hexmap.cursor
        await pilot.press("enter")
        await pilot.pause()
        assert session.state.units[waiting[0]].hex == first_hex
        await pilot.press("tab")
        assert screen.pane.keys.chosen() == waiting[2]  # the next one after the placed unit, then Tab
        await pilot.press("enter")
        await pilot.pause()
        assert session.state.units[waiting[2]].status == "map"
        await pilot.press("enter", "enter")
        await pilot.pause()
        assert all(session.state.units[u].status == "map" for u in waiting)
        # The British naval bombardment: r rolls, Enter disrupts the red units.
        assert screen.pane.step == "bombard" and session.prompt.side == "br"
        await pilot.press("r")
        await pilot.pause()
        assert session.log[-1].rolls == [2]
        targets = {a["unit"] for a in session.prompt.actions}
        assert hexmap.highlights.get(hexmap.cursor) == "target"
        for _ in range(3):
            await pilot.press("enter")
            await pilot.pause()
        disrupted = [u for u, st in session.state.units.items() if st.disrupted]
        assert len(disrupted) == 3 and set(disrupted) <= targets
        # Every British unit then enters in the entry hexes: Tab chooses, Enter places.
        assert session.state.step == "enter-all"
        british = [u["id"] for u in screen.pane.keys.waiting().units]
        entry = set(screen.pane.keys.hexes_for(british[0]))
        assert hexmap.cursor in entry
        await pilot.press("enter", "tab", "enter")
        await pilot.pause()
        placed = [u for u in british if session.state.units[u].status == "map"]
        assert placed == [british[0], british[2]]
        assert all(session.state.units[u].hex in entry for u in placed)


@sync
async def test_kharkov_reinforcement_with_keys(save_dir: Path) -> None:
    session = start("kharkov")
    app = make_app(save_dir, session)
    async with app.run_test(size=SIZE) as pilot:
        screen = play_screen(app)
        hexmap = screen.query_one(HexMap)
        await pilot.pause()
        assert screen.pane.step == "reinforce"
        waiting = [u["id"] for u in screen.pane.keys.waiting().units]
        assert len(waiting) >= 2
        await pilot.press("tab")
        chosen = screen.pane.keys.chosen()
        assert chosen == waiting[1]
        target = hexmap.cursor
        assert target in screen.pane.keys.hexes_for(chosen) and hexmap.highlights.get(target) == "entry"
        await pilot.press("enter")
        await pilot.pause()
        assert session.log[-1].action == {"type": "enter", "unit": chosen, "hex": target}
        assert session.state.units[chosen].hex == target
        await pilot.press("e")  # hold the rest back: the first e names what is left (issue 27: asks once)
        await pilot.pause()
        assert session.state.phase == "su-reinforce"
        assert screen.message is not None and screen.message[0].startswith("Still to do: ")
        await pilot.press("e")  # and the second goes on to the movement phase
        await pilot.pause()
        assert session.state.phase == "su-move"


@sync
async def test_dunkerque_face_down_entry_with_keys(save_dir: Path) -> None:
    session = start("dunkerque")
    pass_until(session, lambda s: s.turn == 2 and s.phase == "al-move")
    app = make_app(save_dir, session)
    async with app.run_test(size=SIZE) as pilot:
        screen = play_screen(app)
        hexmap = screen.query_one(HexMap)
        await pilot.pause()
        entries = {a["hex"] for a in screen.pane.keys.pool_entries()}
        assert entries and all(hexmap.highlights.get(h) == "entry" for h in entries)
        played = len(session.log)
        await pilot.press("p")  # p away from the edge puts the cursor on an entry hex
        await pilot.pause()
        h = hexmap.cursor
        assert h in entries and len(session.log) == played
        await pilot.press("enter")
        await pilot.pause()
        assert session.log[-1].action == {"type": "enter", "pool": "R", "hex": h}
        arrived = [u["id"] for u in screen.pane.units_at(h)]
        assert len(arrived) == 1 and arrived[0].startswith("al-r-")
        assert "revealed" in log_text(app)
        assert not screen.pane.keys.pool_entries()  # one unit is due on turn 2 (dunkerque 10.0(1))


def kharkov_fight(germans: list[str], result: str) -> tuple:
    """Khar'kov, Soviet combat phase of turn 1: the Soviet 25T (a tank) and 15R stacked in a
    quiet hex A next to the German units in hex B, and the die set to give `result`.
    Returns (session, A, B)."""
    session = start("kharkov")
    pass_until(session, lambda s: s.phase == "su-combat")
    a, b = isolated_pair(session, ["su-25tc", "su-15rc", *germans])
    where = {"su-25tc": a, "su-15rc": a, **{u: b for u in germans}}
    defender = sorted(germans)[0]
    die = die_for(staged(session, where, []), ["su-15rc", "su-25tc"], defender, result)
    return staged(session, where, [die]), a, b


@sync
async def test_exchange_choices_with_number_keys(save_dir: Path) -> None:
    session, a, b = kharkov_fight(["de-19pz-27", "de-19pz-pg"], "EX")
    app = make_app(save_dir, session)
    async with app.run_test(size=SIZE) as pilot:
        screen = play_screen(app)
        hexmap = screen.query_one(HexMap)
        # Attackers picked one by one from the stack with the number keys.
        await goto(pilot, app, a)
        await pilot.press("1")
        assert screen.pane.sel.attackers == ("su-25tc",)
        await pilot.press("2")
        assert screen.pane.sel.attackers == ("su-25tc", "su-15rc")
        await goto(pilot, app, b)
        await pilot.press("enter", "e", "e", "r")
        await pilot.pause()
        assert session.state.attacks[0].result == "EX"
        # The attacker chooses its loss first: the cursor goes to its stack, 2 picks 15R.
        assert screen.pane.step == "remove" and session.prompt.side == "su"
        assert hexmap.cursor == a and hexmap.highlights.get(a) == "remove"
        await pilot.press("enter")  # two candidates here: Enter only marks one (Enter again would remove it)
        assert session.state.step == "exchange" and screen.pane.sel.marked == screen.pane.units_at(a)[0]["id"]
        assert screen.pane.keys.marks()[screen.pane.sel.marked] == "remove?"
        await pilot.press("2")  # a number removes that unit at once
        await pilot.pause()
        assert session.state.units["su-15rc"].status == "eliminated"
        # Then the defender chooses its own, and may not take back the attacker's choice.
        assert session.prompt.side == "de" and hexmap.cursor == b
        assert "German" in str(app.screen.query_one("#prompt").render())
        await pilot.press("u")
        assert session.state.units["su-15rc"].status == "eliminated"
        await pilot.press("1")
        await pilot.pause()
        assert session.state.units["de-19pz-27"].status == "eliminated"
        assert session.state.units["de-19pz-pg"].status == "map"
        assert session.state.units["su-25tc"].hex == a  # no retreat, no advance after an exchange


@sync
async def test_advance_of_a_stack_and_a_tank_second_hex(save_dir: Path) -> None:
    session, a, b = kharkov_fight(["de-298"], "DE")
    app = make_app(save_dir, session)
    async with app.run_test(size=SIZE) as pilot:
        screen = play_screen(app)
        hexmap = screen.query_one(HexMap)
        await goto(pilot, app, b)
        await pilot.press("enter")  # every unit that may attack: both units of the stack
        assert sorted(screen.pane.sel.attackers) == ["su-15rc", "su-25tc"]
        await pilot.press("enter", "e", "e", "r")
        await pilot.pause()
        assert session.state.units["de-298"].status == "eliminated"
        assert screen.pane.step == "advance" and hexmap.cursor == b
        assert hexmap.highlights.get(a) == "attacker" and hexmap.highlights.get(b) == "advance"
        # Both may advance (Soviet stacking is 2): 1-9 on the attackers' hex picks one, Enter the next.
        await goto(pilot, app, a)
        ids = [u["id"] for u in screen.pane.units_at(a)]
        await pilot.press("2")
        await pilot.pause()
        assert session.state.units[ids[1]].hex == b and session.state.units[ids[0]].hex == a
        await pilot.press("enter")
        await pilot.pause()
        assert session.state.units[ids[0]].hex == b
        # The tank may then go one hex further (kharkov 9.6(3)); the cursor is on it.
        assert session.prompt.text.startswith("An advancing tank")
        assert hexmap.cursor == b and hexmap.highlights.get(b) == "selected"
        further = sorted(a2["hex"] for a2 in session.prompt.actions if a2["type"] == "advance")
        assert all(hexmap.highlights.get(h) == "advance" for h in further)
        target = next(h for h in further if h != a)
        await goto(pilot, app, target)
        await pilot.press("enter")
        await pilot.pause()
        assert session.state.units["su-25tc"].hex == target
        assert session.state.units["su-15rc"].hex == b
        assert session.state.follow_up is None


@sync
async def test_enter_and_number_keys_choose_in_a_stack(save_dir: Path) -> None:
    session = start("kharkov")
    pass_until(session, lambda s: s.phase == "su-move")
    hexes = [st.hex for u, st in session.state.units.items() if st.status == "map" and u.startswith("su-")]
    stack = next(h for h in sorted(set(hexes)) if hexes.count(h) == 2)
    app = make_app(save_dir, session)
    async with app.run_test(size=SIZE) as pilot:
        screen = play_screen(app)
        await goto(pilot, app, stack)
        units = screen.pane.units_at(stack)
        ids = [u["id"] for u in units]
        assert len(ids) == 2
        panel = str(screen.query_one("#stack").render())
        assert "1" in panel and all(u["name"][:20] in panel for u in units)
        await pilot.press("enter")
        assert screen.pane.sel.selected == ids[0]
        await pilot.press("enter")
        assert screen.pane.sel.selected == ids[1]
        await pilot.press("enter")
        assert screen.pane.sel.selected is None
        await pilot.press("2")
        assert screen.pane.sel.selected == ids[1]
        assert screen.pane._counters()[stack].piece.top == screen.pane.unit(ids[1])["short"]  # drawn on top


@sync
async def test_kharkov_victory_screen_shows_points(save_dir: Path) -> None:
    from wargames_tui.ui.screens.victory import VictoryScreen

    session = start("kharkov")
    pass_until(session, lambda s: s.turn == 8 and s.phase == "de-combat")
    app = make_app(save_dir, session)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("e", "e")  # the declarations bind: e twice
        await pilot.pause()
        assert isinstance(app.screen, VictoryScreen)
        text = str(app.screen.query_one("#victory-text").render())
        points = session.outcome().points
        assert points and all(f"{p} points" in text for p in points.values())
