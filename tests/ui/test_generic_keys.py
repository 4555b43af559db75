"""The hex screen plays action types it has no words for by keys alone, from what the legal
actions name (docs/GAMES.md, "The hex screen's vocabulary"): Dynamo's pick/go/halt and
prepared assault, Blitzkrieg 1940's select/move and attack."""

from __future__ import annotations

import random
from collections.abc import Callable
from pathlib import Path

from tests.ui.helpers import goto, make_app, play_screen, sync
from wargames_tui.bots import random_bot
from wargames_tui.engine.flow import Action
from wargames_tui.engine.session import Session
from wargames_tui.games import game_for
from wargames_tui.ui import gamehooks
from wargames_tui.ui.actionfields import hexes_named, units_named
from wargames_tui.ui.screens.actions import ActionsScreen
from wargames_tui.ui.screens.handoff import HandoffScreen
from wargames_tui.ui.widgets.hexmap import HexMap


def session_at(scenario: str, seed: int, wanted: Callable[[Session], bool], limit: int = 4000) -> Session:
    """A hotseat game played on by random players until `wanted` holds (a set-up offered whole,
    `historical`, taken at once to get there sooner)."""
    game = game_for(scenario)
    sides = next(s for s in game.scenarios() if s.id == scenario).sides
    session = Session.start(game, scenario, seed=seed, seats={side: "human" for side in sides})
    rng = random.Random(seed)
    for _ in range(limit):
        if wanted(session):
            return session
        whole = [a for a in session.prompt.actions if a.get("type") == "historical"]
        session.act(whole[0] if whole else random_bot(session, rng))
    raise AssertionError(f"{scenario} seed {seed}: no such prompt in {limit} actions")


def types(session: Session) -> set[str]:
    return {a.get("type") for a in session.prompt.actions}


async def open_play(pilot, app) -> None:
    await pilot.pause()
    if isinstance(app.screen, HandoffScreen):
        await pilot.press("enter")
        await pilot.pause()
    play_screen(app)


def unit_hex(session: Session, uid: str) -> str:
    view = session.view(session.prompt.side)
    return next(u["hex"] for u in view["units"] if u["id"] == uid)


async def gather(pilot, app, session: Session, uids: list[str]) -> None:
    """Each unit gathered by its number key in its hex (the hex panel's order)."""
    screen = play_screen(app)
    for uid in uids:
        await goto(pilot, app, unit_hex(session, uid))
        here = [u["id"] for u in screen.pane.units_at(screen.pane.cursor)]
        await pilot.press(str(here.index(uid) + 1))
        await pilot.pause()


@sync
async def test_dynamo_pick_go_and_halt_by_keys(save_dir: Path) -> None:
    session = session_at("dynamo/campaign", 1, lambda s: "pick" in types(s))
    # A lone unit that only `pick` names: Enter picks it up at once.
    pick = next(
        a for a in session.prompt.actions
        if a["type"] == "pick" and len(a["units"]) == 1
        and [b["type"] for b in session.prompt.actions if a["units"][0] in units_named(b)] == ["pick"]
    )
    uid = pick["units"][0]
    app = make_app(save_dir, session)
    async with app.run_test(size=(120, 40)) as pilot:
        await open_play(pilot, app)
        screen = play_screen(app)
        await goto(pilot, app, unit_hex(session, uid))
        await pilot.press("enter")
        await pilot.pause()
        assert session.log[-1].action == pick
        goes = [a for a in session.prompt.actions if a["type"] == "go"]
        assert goes, "a picked unit may go"
        lit = app.screen.query_one(HexMap).highlights
        assert {a["hex"] for a in goes} <= set(lit), "every hex a `go` names is lit"
        first = goes[0]["hex"]
        await goto(pilot, app, first)
        await pilot.press("enter")
        await pilot.pause()
        assert session.log[-1].action == {"type": "go", "hex": first}
        assert unit_hex(session, uid) == first
        await pilot.press("e")  # the only action naming nothing on the map: halt
        await pilot.pause()
        assert session.log[-1].action == {"type": "halt"}
        assert "pick" in types(session)
        assert screen.pane.step == "generic"


@sync
async def test_dynamo_prepared_assault_by_gathering_the_attackers(save_dir: Path) -> None:
    session = session_at("dynamo/campaign", 3, lambda s: "assault" in types(s))
    assault = next(a for a in session.prompt.actions if a["type"] == "assault" and not a.get("raf"))
    attackers, target = assault["attackers"], assault["hexes"][0]
    app = make_app(save_dir, session)
    async with app.run_test(size=(120, 40)) as pilot:
        await open_play(pilot, app)
        screen = play_screen(app)
        await gather(pilot, app, session, attackers)
        assert sorted(screen.pane.sel.attackers) == sorted(attackers)
        assert app.screen.query_one(HexMap).highlights.get(target) == "target"
        before = len(session.log)
        await goto(pilot, app, target)
        await pilot.press("enter")
        await pilot.pause()
        if isinstance(app.screen, ActionsScreen):  # with and without the RAF: the player chooses
            labels = [text for text, _ in app.screen.labelled]
            assert len(labels) == len([a for a in session.prompt.actions if a["type"] == "assault"
                                       and sorted(a["attackers"]) == sorted(attackers) and target in a["hexes"]])
            chosen = next(i for i, (_, a) in enumerate(app.screen.labelled) if not a.get("raf"))
            for _ in range(chosen):
                await pilot.press("down")
            await pilot.press("enter")
            await pilot.pause()
        played = session.log[before].action
        assert played["type"] == "assault" and sorted(played["attackers"]) == sorted(attackers)
        assert target in played["hexes"] and not played.get("raf")
        assert screen.pane.sel.attackers == ()


@sync
async def test_blitzkrieg_select_then_move_by_keys(save_dir: Path) -> None:
    session = session_at("blitzkrieg-1940/1940", 2, lambda s: "select" in types(s))
    view = session.view(session.prompt.side)
    on_map = {u["id"] for u in view["units"] if u["status"] == "map" and u["hex"]}
    select = next(a for a in session.prompt.actions if a["type"] == "select" and len(a["units"]) == 1 and a["units"][0] in on_map
                  and sum(a["units"][0] in units_named(b) for b in session.prompt.actions) == 1)
    uid = select["units"][0]
    app = make_app(save_dir, session)
    async with app.run_test(size=(120, 40)) as pilot:
        await open_play(pilot, app)
        await goto(pilot, app, unit_hex(session, uid))
        await pilot.press("enter")
        await pilot.pause()
        assert session.log[-1].action == select
        moves = [a for a in session.prompt.actions if a["type"] == "move"]
        lit = app.screen.query_one(HexMap).highlights
        assert {a["path"][-1] for a in moves} <= set(lit)
        move = moves[-1]
        await goto(pilot, app, move["path"][-1])
        await pilot.press("enter")
        await pilot.pause()
        played = session.log[-1].action
        assert played["type"] == "move" and played["path"][-1] == move["path"][-1] and played["units"] == [uid]
        assert unit_hex(session, uid) == move["path"][-1]


def attack_with_several(session: Session) -> Action | None:
    return next((a for a in session.prompt.actions if a["type"] == "attack" and len(a["attackers"]) > 1), None)


@sync
async def test_blitzkrieg_attack_by_gathering_the_attackers(save_dir: Path) -> None:
    session = session_at("blitzkrieg-1940/1940", 4, lambda s: attack_with_several(s) is not None)
    attack = attack_with_several(session)
    assert attack is not None
    # Only some of the listed attackers: the rules judge the gathered group.
    attackers, target = attack["attackers"][:1], attack["hex"]
    app = make_app(save_dir, session)
    async with app.run_test(size=(120, 40)) as pilot:
        await open_play(pilot, app)
        screen = play_screen(app)
        await gather(pilot, app, session, attackers)
        assert list(screen.pane.sel.attackers) == attackers
        assert target in app.screen.query_one(HexMap).highlights
        before = len(session.log)
        await goto(pilot, app, target)
        await pilot.press("enter")
        await pilot.pause()
        played = session.log[before].action
        assert played == {**attack, "attackers": attackers}
        assert target in hexes_named(played)


@sync
async def test_dynamo_map_starts_at_its_first_printed_column(save_dir: Path) -> None:
    session = session_at("dynamo/campaign", 1, lambda s: True)
    app = make_app(save_dir, session)
    async with app.run_test(size=(120, 40)) as pilot:
        await open_play(pilot, app)
        hexmap = app.screen.query_one(HexMap)
        assert hexmap.data.origin == (10, 1)  # the grid numbers columns from 1; the printed map from 10
        assert hexmap.virtual_size.width == (34 - 10 + 1) * 4
        await pilot.press(*["left"] * 30)
        assert hexmap.cursor.startswith("10")
        hexmap.toggle_ids()  # the ids shown (# key): the first column's ids at the left edge
        first = hexmap.render_line(1)
        assert first.text[:4].strip(), "the map's first column is drawn at the left edge, not blank"


@sync
async def test_blitzkrieg_a_player_concedes_from_the_action_list(save_dir: Path) -> None:
    # blitzkrieg-1940:4.3: either player may concede at any time; the `a` list offers it after
    # the prompt's actions (the game's `anytime`).
    session = session_at("blitzkrieg-1940/1940", 2, lambda s: "select" in types(s))
    app = make_app(save_dir, session)
    async with app.run_test(size=(120, 40)) as pilot:
        await open_play(pilot, app)
        await pilot.press("a")
        await pilot.pause()
        assert isinstance(app.screen, ActionsScreen)
        await pilot.press(*"concedes")
        await pilot.press("enter")
        await pilot.pause()
        assert isinstance(app.screen, ActionsScreen) and session.outcome() is None  # asked first: it ends the game
        await pilot.press("enter")
        await pilot.pause()
    assert session.log[-1].action == {"type": "concede", "side": "german"}
    assert session.outcome() is not None and session.outcome().winner == "allied"


@sync
async def test_blitzkrieg_end_and_enter_in_the_list_do_not_concede_at_once(save_dir: Path) -> None:
    # End picks the list's last row, the concession (blitzkrieg-1940:4.3): what ends the game is
    # asked before it is taken, whatever the filter; Esc then leaves the game as it was.
    session = session_at("blitzkrieg-1940/1940", 2, lambda s: "select" in types(s))
    played = len(session.log)
    app = make_app(save_dir, session)
    async with app.run_test(size=(120, 40)) as pilot:
        await open_play(pilot, app)
        await pilot.press("a")
        await pilot.pause()
        await pilot.press("end", "enter")
        await pilot.pause()
        assert isinstance(app.screen, ActionsScreen)
        assert "it ends the game" in str(app.screen.query_one("#actions-title").render())
        await pilot.press("escape")
        await pilot.pause()
    assert session.outcome() is None and len(session.log) == played


@sync
async def test_blitzkrieg_set_up_picks_any_waiting_unit_for_a_hex_or_the_cup(save_dir: Path) -> None:
    """The German set-up: Tab picks which waiting unit, its hexes are lit, Enter sets it up there;
    with Sickle Cut launched, e offers the picked unit into the cup beside the historical set-up
    (blitzkrieg-1940:3.1, 6.2A)."""
    session = session_at("blitzkrieg-1940/1940", 1, lambda s: s.state.phase == "sickle-cut")
    session.act({"type": "sickle-cut", "launch": True})
    app = make_app(save_dir, session)
    async with app.run_test(size=(120, 40)) as pilot:
        await open_play(pilot, app)
        screen = play_screen(app)
        assert len(screen.pane.keys.off_map) == 84, "every unit waiting can be picked"
        await pilot.press("tab", "tab")
        await pilot.pause()
        third = screen.pane.keys.off_map[2]
        assert screen.pane.sel.pending == third
        lit = sorted(app.screen.query_one(HexMap).highlights)
        await goto(pilot, app, lit[0])
        await pilot.press("enter")
        await pilot.pause()
        assert session.log[-1].action == {"type": "place", "unit": third, "hex": lit[0]}
        await pilot.press("tab")
        await pilot.pause()
        picked = screen.pane.sel.pending
        await pilot.press("e")
        await pilot.pause()
        assert isinstance(app.screen, ActionsScreen)
        offered = [a for _, a in app.screen.labelled]
        assert offered == [{"type": "historical"}, {"type": "cup", "unit": picked}]
        await pilot.press("down", "enter")
        await pilot.pause()
        assert session.log[-1].action == {"type": "cup", "unit": picked}
        assert session.state.units[picked].status == "cup"


def _stacked_attack(session: Session) -> dict | None:
    """A listed Blitzkrieg attack with two or more attackers in one hex."""
    for a in session.prompt.actions:
        if a.get("type") == "attack" and not a.get("raf"):
            hexes = [session.state.units[u].hex for u in a["attackers"]]
            if any(hexes.count(h) > 1 for h in hexes):
                return a
    return None


@sync
async def test_blitzkrieg_one_division_out_of_a_stack_attacks_with_its_odds_shown(save_dir: Path) -> None:
    """One unit of a stack gathered: the panel previews that attack (odds, chances) and Enter makes
    it; the action list offers it too (blitzkrieg-1940:14.1B, 14.2A)."""
    session = session_at("blitzkrieg-1940/1940", 1, lambda s: _stacked_attack(s) is not None)
    whole = _stacked_attack(session)
    target = whole["hex"]
    hexes = [session.state.units[u].hex for u in whole["attackers"]]
    uid = next(u for u, h in zip(whole["attackers"], hexes) if hexes.count(h) > 1)
    alone = {"type": "attack", "hex": target, "attackers": [uid]}
    assert alone in list(session.prompt.actions), "the action list offers the division alone"
    app = make_app(save_dir, session)
    async with app.run_test(size=(120, 40)) as pilot:
        await open_play(pilot, app)
        screen = play_screen(app)
        await gather(pilot, app, session, [uid])
        assert screen.pane.sel.attackers == (uid,)
        await goto(pilot, app, target)
        preview = screen.pane.preview()
        assert preview is not None
        assert preview.odds in " ".join(str(screen.query_one("#stack").render()).split())
        before = len(session.log)
        await pilot.press("enter")
        await pilot.pause()
        assert session.log[before].action == alone


def test_a_player_never_concedes_for_the_bot_he_plays_against() -> None:
    # blitzkrieg-1940:4.3: either PLAYER may concede; against a bot the `a` list offers only the
    # human's concession, in hotseat both players'.
    game = game_for("blitzkrieg-1940/1939")
    against_bot = Session.start(game, "blitzkrieg-1940/1939", seed=5, seats={"german": "bot:normal", "allied": "human"})
    hotseat = Session.start(game, "blitzkrieg-1940/1939", seed=5, seats={"german": "human", "allied": "human"})

    def conceding(session: Session) -> list[str]:
        return [a["side"] for a in gamehooks.anytime(session) if a["type"] == "concede"]

    assert conceding(against_bot) == ["allied"]
    assert conceding(hotseat) == ["german", "allied"]
