"""The area play screen with the Strange Victory rules, driven with keys as a player would.

The sessions are seeded: with seed 2 the 7. Panzer-Division's first move into Florennes turns over a
combat unit; with seed 3 the script in `to_counterattack` brings an armoured reaction at Monthermé
that shocks the 6. Panzer-Division (which then may be repaired).
"""

from __future__ import annotations

import random
from pathlib import Path

from tests.ui.areahelpers import (
    SV,
    SV_SEATS,
    goto,
    in_view,
    line_styles,
    log_text,
    new_game_from_menu,
    pick_in_list,
    playing,
    save_and_reopen,
    strange_victory,
    text_of,
)
from tests.ui.helpers import SIZE, help_source, make_app, sync
from wargames_tui.engine.dice import Dice
from wargames_tui.engine.session import Session
from wargames_tui.games.strange_victory.present.words import describe_strange_victory
from wargames_tui.ui.screens.actions import ActionsScreen
from wargames_tui.ui.widgets.areamap import AreaMap
from wargames_tui.ui.widgets.zonepanel import FightPanel

ACTION_TYPES = {
    "setup", "move", "stand", "end-activation", "asset", "roll", "reroll", "accept", "counterattack", "repair", "end-turn",
}


def fight_through(session: Session) -> None:
    """Roll and accept the combat under way, if any."""
    while session.state.combat:
        kinds = {a["type"] for a in session.prompt.actions}
        session.act({"type": "roll"} if "roll" in kinds else {"type": "accept"})


def to_counterattack(seed: int = 3) -> Session:
    """6. Pz into Monthermé (a B area), every other division stands: the Counterattack Phase."""
    session = strange_victory(seed)
    session.act({"type": "move", "division": "6pz", "to": "MTH", "extra": None})
    fight_through(session)
    if session.state.active:
        session.act({"type": "end-activation"})
    while session.state.phase == "blitz":
        session.act(next(a for a in session.prompt.actions if a["type"] == "stand"))
        fight_through(session)
    assert session.state.phase == "counterattack", "the seed no longer reaches a counterattack"
    return session


@sync
async def test_new_strange_victory_game_from_the_menu(save_dir: Path) -> None:
    app = make_app(save_dir)
    async with app.run_test(size=SIZE) as pilot:
        play = await new_game_from_menu(pilot, app, SV, SV_SEATS)  # the rules play the Allies
        # The historical set-up is the default: the Korps stand in their staging areas and the
        # prompt asks for a division to activate (strange-victory:6.0, 8.2).
        assert "strange-victory:8.2" in text_of(play, "#prompt")
        assert list(save_dir.glob("strange-victory_campaign-*.json")), "a new game is saved at once"
        view = play.session.view()
        assert {u["zone"] for u in view["units"] if u["side"] == "german"} == {"DIN", "MAU", "SED"}
        assert view["panic"] == 1 and all(z["marker"] for z in view["zones"].values() if z["kind"] != "staging")


@sync
async def test_setup_from_a_staging_area(save_dir: Path) -> None:
    session = strange_victory(setup_done=False)
    async with playing(save_dir, session) as (app, pilot, screen):
        await pilot.press("enter")
        await pilot.pause()
        assert isinstance(app.screen, ActionsScreen)
        texts = [text for text, _ in app.screen.labelled]
        assert len(texts) == 6 and all(t.startswith("Set up ") for t in texts)
        assert "Set up Rommel at Dinant, Reinhardt at Maubeuge, Guderian at Sedan (historical)" in texts
        await pick_in_list(pilot, app, "historical")
        assert session.state.phase == "blitz"
        assert "Blitz Phase" in text_of(screen, "#header")
        assert "staging areas (historical)" in log_text(screen)
        # Rommel's two divisions wait at Dinant, numbered in the Area panel.
        assert screen.pane.cursor == "DIN" and screen.pane.numbered == ["5pz", "7pz"]
        assert "7. Pz" in text_of(screen, "#zone-text") and "ready" in text_of(screen, "#zone-text")


@sync
async def test_a_division_moves_and_its_combat_is_rolled_and_accepted(save_dir: Path) -> None:
    session = strange_victory(seed=2)
    async with playing(save_dir, session) as (app, pilot, screen):
        area = screen.query_one(AreaMap)
        assert area.cursor == "DIN"
        # Both divisions at Dinant may cross its two bridges.
        assert area.highlights.get("FLO") == "reach" and area.highlights.get("PHI") == "reach"
        assert area.highlights.get("DIN") == "selected"
        await pilot.press(str(screen.pane.numbered.index("7pz") + 1))  # pick the 7. Panzer-Division
        await pilot.pause()
        assert screen.pane.picked == ["7pz"]
        await goto(pilot, screen, "FLO")
        assert area.highlights.get("FLO") == "reach", "the reach stays lit while the cursor looks at it"
        await pilot.press("enter")
        await pilot.pause()
        assert isinstance(app.screen, ActionsScreen)
        assert [text.split(" · ")[0] for text, _ in app.screen.labelled] == ["7. Pz to Florennes [FLO]"]
        await pick_in_list(pilot, app, "Florennes")
        # The garrison turned over is a combat unit: the combat is under way at Florennes.
        assert session.state.divisions["7pz"].area == "FLO" and session.state.combat is not None
        assert area.cursor == "FLO" and area.highlights.get("FLO") == "active"
        fight = screen.query_one(FightPanel)
        assert fight.display and "Combat at Florennes" in str(fight.border_title)
        assert "Strength" in text_of(screen, "#fight") and "r roll" in text_of(screen, "#fight")
        assert screen.pane.check_action("play_type", ("roll",)) and not screen.pane.check_action("play_type", ("accept",))
        await pilot.press("enter")  # the combat's choices: the assets and the roll
        await pilot.pause()
        labels = [text for text, _ in app.screen.labelled]
        assert any(t.startswith("Use Stuka") and "strength" in t and "→" in t for t in labels)
        assert any(t.startswith("Roll 3 dice") for t in labels)
        await pick_in_list(pilot, app, "Use Stuka")
        assert session.state.combat and session.state.combat.assets
        assert "Stuka −2" in text_of(screen, "#fight")
        await pilot.press("r")
        await pilot.pause()
        assert session.state.combat is None or session.state.combat.dice is not None
        if session.state.combat is not None:
            assert "hit" in text_of(screen, "#fight") and "c accept" in text_of(screen, "#fight")
            await pilot.press("c")
            await pilot.pause()
        assert session.state.combat is None and not screen.query_one(FightPanel).display
        assert "eliminated" in log_text(screen)
        assert session.view()["zones"]["FLO"]["captured"]


@sync
async def test_enter_next_to_the_active_division_moves_it_and_e_ends_its_activation(save_dir: Path) -> None:
    session = strange_victory(seed=9)  # 7. Pz finds an asset at Florennes and may go on
    session.act({"type": "move", "division": "7pz", "to": "FLO", "extra": None})
    assert session.state.active == "7pz" and session.state.combat is None
    async with playing(save_dir, session) as (app, pilot, screen):
        area = screen.query_one(AreaMap)
        assert area.cursor == "FLO" and area.highlights.get("FLO") == "party"
        assert area.highlights.get("BEA") == "reach"
        assert screen.pane.check_action("play_type", ("end-activation",)) and not screen.pane.check_action("next_unit", ())
        await goto(pilot, screen, "BEA")
        await pilot.press("enter")  # one free step of the active division: no list
        await pilot.pause()
        assert session.state.divisions["7pz"].area == "BEA" and session.state.combat is not None
        await pilot.press("r")
        await pilot.pause()
        await pilot.press("c")  # three hits: a Devastating Overrun, 7. Pz may go on
        await pilot.pause()
        assert "Devastating Overrun" in log_text(screen) and session.state.active == "7pz"
        # A third area costs Rommel a point of audacity: Enter offers it in the list, never at once.
        await goto(pilot, screen, "CHI")
        assert area.highlights.get("CHI") == "reach"
        await pilot.press("enter")
        await pilot.pause()
        assert isinstance(app.screen, ActionsScreen)
        assert [text.split(" · ")[0] for text, _ in app.screen.labelled] == ["7. Pz to Chimay [CHI] (Rommel's audacity)"]
        await pilot.press("escape")
        await pilot.pause()
        await pilot.press("e")
        await pilot.pause()
        assert session.state.active is None and session.state.divisions["7pz"].resupply
        assert session.state.divisions["7pz"].area == "BEA"
        assert "is done for this turn" in log_text(screen)
        # n puts the cursor on the next division that may act: Rommel's other one, at Dinant.
        await pilot.press("n")
        await pilot.pause()
        assert area.cursor == "DIN"


@sync
async def test_the_last_activation_leads_to_the_counterattack_phase(save_dir: Path) -> None:
    session = strange_victory(seed=2)
    while sum(not d.resupply for d in session.state.divisions.values()) > 1:
        session.act(next(a for a in session.prompt.actions if a["type"] == "stand"))
        fight_through(session)
    last = next(a["division"] for a in session.prompt.actions if a["type"] == "stand")
    async with playing(save_dir, session) as (app, pilot, screen):
        await pilot.press("n")
        await pilot.pause()
        assert screen.pane.cursor == session.state.divisions[last].area
        await pilot.press("enter")
        await pilot.pause()
        await pick_in_list(pilot, app, "stands")
        assert session.state.phase in ("counterattack", "repairs")
        assert all(d.resupply for d in session.state.divisions.values())
        title = text_of(screen, "#header")
        assert "Counterattack Phase" in title or "Determination Phase" in title


@sync
async def test_counterattack_repairs_and_the_end_of_the_turn(save_dir: Path) -> None:
    session = to_counterattack(seed=3)
    async with playing(save_dir, session) as (app, pilot, screen):
        area = screen.query_one(AreaMap)
        assert area.highlights.get("MTH") == "target" and area.cursor == "MTH"
        assert not screen.pane.check_action("play_type", ("end-turn",)), "the counterattack must be chosen first"
        await pilot.press("enter")
        await pilot.pause()
        assert [text.split(" · ")[0] for text, _ in app.screen.labelled] == ["Counterattack at Monthermé [MTH]: a B reaction against 6. Pz"]
        await pick_in_list(pilot, app, "Counterattack")
        assert session.state.combat is not None and session.state.combat.kind == "counterattack"
        assert "Counterattack at Monthermé" in str(screen.query_one(FightPanel).border_title)
        await pilot.press("r")
        await pilot.pause()
        await pilot.press("enter")  # a miss may be re-rolled with Reinhardt's audacity
        await pilot.pause()
        labels = [text for text, _ in app.screen.labelled]
        assert any(t.startswith("Re-roll") and "Reinhardt's audacity" in t for t in labels)
        assert any(t.startswith("Accept 0 hits: Desperate Victory") for t in labels)
        await pick_in_list(pilot, app, "Accept")
        assert session.state.phase == "repairs" and session.state.divisions["6pz"].damage == "shocked"
        assert "shocked" in text_of(screen, "#zone-text")
        assert area.highlights.get("MTH") == "entry"
        await pilot.press("enter")  # the one thing to do there, rolling nothing: taken at once
        await pilot.pause()
        assert session.state.divisions["6pz"].damage is None
        assert "is repaired" in log_text(screen)
        await pilot.press("e")  # end the turn
        await pilot.pause()
        assert session.state.turn == 2 and session.state.phase == "blitz"
        panic = session.state.panic  # 1, +2 for the Desperate Victory, +1 at the end of the turn
        assert panic == 4 and f"Panic {panic} of 21" in log_text(screen)
        assert f"Panic {panic}/21" in text_of(screen, "#header")
        assert "Turn 2" in str(screen.query_one("#track").border_title)


@sync
async def test_save_and_resume(save_dir: Path) -> None:
    session = strange_victory(seed=2)
    session.act({"type": "move", "division": "7pz", "to": "FLO", "extra": None})
    async with playing(save_dir, session) as (app, pilot, screen):
        await pilot.press("r")  # roll in the middle of the combat, then save and leave
        await pilot.pause()
        before = log_text(screen)
        again = await save_and_reopen(pilot, app, screen)
        assert again.session.state.combat is not None and again.session.state.combat.dice is not None
        assert again.query_one(FightPanel).display and again.pane.cursor == "FLO"
        text = log_text(again)
        assert text == before and "Roll the dice" not in text  # the log holds what happened, not the prompts
        await pilot.press("c")
        await pilot.pause()
        assert again.session.state.combat is None


@sync
async def test_help_has_the_strange_victory_keys_and_rules(save_dir: Path) -> None:
    async with playing(save_dir, strange_victory()) as (app, pilot, _):
        source = await help_source(pilot, app)
        assert "## Keys\n" in source and "The Strange Victory map" in source and "Strange Victory in brief" in source
        assert "(8.3.7)" in source and "(10.5.2)" in source and "a Brutal Breakthrough (may go on" in source
        assert "Dieppe" not in source and "Keys on the map" not in source


@sync
async def test_small_terminal_keeps_the_combat_in_view(save_dir: Path) -> None:
    session = strange_victory(seed=2)
    session.act({"type": "move", "division": "7pz", "to": "FLO", "extra": None})
    async with playing(save_dir, session, size=(80, 24)) as (app, pilot, screen):
        await pilot.pause()
        assert in_view(screen.query_one(AreaMap), "FLO")
        fight = screen.query_one(FightPanel)
        assert fight.display and fight.region.height >= 4
        assert "Panic 1/21" in text_of(screen, "#header")


def test_map_colours_letters_forest_captured_and_markers() -> None:
    from wargames_tui.games.strange_victory.present.look import SV_BG, SV_COASTAL, SV_FOREST, SV_LETTERS, SV_KINDS

    session = strange_victory(seed=2)
    session.act({"type": "move", "division": "7pz", "to": "FLO", "extra": None})
    fight_through(session)
    view = session.view()
    view["zones"]["CAL"]["coastal"] = 2  # as if two coastal counters had come to Calais (10.2)
    area = AreaMap(view)
    area.set_cursor("SED", scroll=False)

    def cells(zid: str, before: int = 0, after: int = 0) -> list[tuple[str, object]]:
        col, row = view["zones"][zid]["at"]
        return line_styles(area, row)[col - 1 - before : col + len(zid) + 1 + after]

    # A B village in a forest (Monthermé): gold id, green brackets, its face-down B garrison after it.
    mth = cells("MTH", after=1)
    assert "".join(ch for ch, _ in mth) == "[MTH]B"
    assert mth[1][1].color.name == SV_LETTERS["B"] and mth[0][1].color.name == SV_FOREST
    assert mth[-1][1].bgcolor.name == SV_LETTERS["B"] and mth[-1][1].meta == {"zone": "MTH"}
    # A strategic area is underlined; Avesnes is red.
    assert all(s.underline for _, s in cells("CAM")[1:4]) and not any(s.underline for _, s in cells("MTC")[:1])
    assert cells("AVE")[1][1].color.name == SV_KINDS["fortress"]
    # Calais: its I garrison after the label, the coastal counters counted on blue before it.
    cal = cells("CAL", before=1, after=1)
    assert "".join(ch for ch, _ in cal) == "2[CAL]I"
    assert (cal[0][1].color.name, cal[0][1].bgcolor.name) == SV_COASTAL
    # Florennes was taken: no garrison letter any more; 7. Pz, done for the turn, on a darker grey.
    flo = cells("FLO", after=1)
    assert flo[-1][0] != "C" and flo[1][1].bgcolor.name == SV_BG["german-done"]
    # Once the division has gone on, the captured area is dark green.
    gone = AreaMap({**view, "units": [u for u in view["units"] if u["id"] != "7pz"]})
    col, row = view["zones"]["FLO"]["at"]
    assert line_styles(gone, row)[col][1].bgcolor.name == SV_BG["captured"]
    # Guderian's divisions at Sedan, still to activate: a grey label (the cursor's id is white).
    assert cells("SED")[0][1].bgcolor.name == SV_BG["german"]


def test_full_map_fits_beside_the_panels_at_120_columns() -> None:
    from wargames_tui.ui.widgets.areamap import build_layout

    view = strange_victory().view()
    layout = build_layout(view["picture"], view["zones"], view["links"])
    assert layout.width <= 120 - 34, "the side panels' narrowest width leaves the whole map visible"


def test_every_action_of_random_playouts_reads_in_words() -> None:
    """Every legal action of a few random games in words: no JSON, no ids; what an asset does to the
    strength and the dice agrees with the rules once it is played."""
    seen: set[str] = set()
    extras: set[str] = set()
    for seed in range(1, 6):
        rng = random.Random(seed)
        session = strange_victory(seed=seed, setup_done=False)
        for _ in range(600):
            if session.outcome() is not None:
                break
            view = session.view()
            actions = session.prompt.actions
            for action in actions:
                for past in (False, True):
                    text = describe_strange_victory(action, view, past=past)
                    assert "{" not in text and "pz " not in text and "pz)" not in text, text
                    assert not any(bad in text for bad in ("stuka-", "guns-", "recon-", "-rcn-", "-gas-", "-gen-", "None")), text
                seen.add(action["type"])
                if action["type"] == "move" and action.get("extra"):
                    extras.add(action["extra"])
                    text = describe_strange_victory(action, view)
                    assert text.endswith("(Gas)") or text.endswith("'s audacity)"), text
                if action["type"] == "asset":
                    trial = session.game.copy_state(session.state)
                    session.game.apply(trial, action, Dice(0))
                    after = session.game.view(trial)["combat"]
                    words = describe_strange_victory(action, view)
                    if after["strength"] != view["combat"]["strength"]:
                        assert f"strength {view['combat']['strength']} → {after['strength']}" in words, words
                    if after["dice_count"] != view["combat"]["dice_count"]:
                        assert f"{view['combat']['dice_count']} → {after['dice_count']} dice" in words, words
            # Prefer what makes the game go on: assets and rolls in combat, moves in the Blitz.
            kinds = {a["type"] for a in actions}
            if "reroll" in kinds and rng.random() < 0.7:
                action = next(a for a in actions if a["type"] == "reroll")
            elif "end-turn" in kinds and rng.random() < 0.6:
                action = {"type": "end-turn"}
            else:
                moves = [a for a in actions if a["type"] == "move"]
                action = rng.choice(moves) if moves and rng.random() < 0.8 else rng.choice(actions)
            session.act(action)
        if seen >= ACTION_TYPES and extras == {"gas", "audacity"}:
            break
    assert seen == ACTION_TYPES, f"never offered: {ACTION_TYPES - seen}"
    assert extras == {"gas", "audacity"}


@sync
async def test_a_cursor_key_draws_the_zone_panel_and_not_the_turn_or_fight_panels(save_dir: Path, monkeypatch) -> None:  # noqa: ANN001
    # The turn and fight panels do not depend on the zone under the cursor: a cursor key that drew
    # them too cost every key (issue 22, key latency).
    from wargames_tui.ui.widgets.zonepanel import AreaTrack, FightPanel, ZonePanel

    async with playing(save_dir, strange_victory()) as (app, pilot, screen):
        await pilot.pause(0.2)
        drawn: list[str] = []
        for cls in (AreaTrack, FightPanel, ZonePanel):
            show = cls.show
            monkeypatch.setattr(cls, "show", lambda self, *a, _show=show, _name=cls.__name__, **k: (drawn.append(_name), _show(self, *a, **k))[1])
        for key in ("right", "down", "left", "up"):
            await pilot.press(key)
        await pilot.pause(0.1)
        assert drawn.count("ZonePanel") >= 3 and "AreaTrack" not in drawn and "FightPanel" not in drawn, drawn
