"""Helpers for the client tests: sessions, the app, the menu, help, and walking the cursor with keys."""

from __future__ import annotations

from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from pathlib import Path

from textual.pilot import Pilot
from textual.widgets import OptionList

from wargames_tui.engine.hexgrid import parse_hex
from wargames_tui.engine.session import Session
from wargames_tui.games import game_for
from wargames_tui.ui.app import WargamesApp
from wargames_tui.ui.screens.help import HelpScreen
from wargames_tui.ui.screens.new_game import NewGameScreen
from wargames_tui.ui.screens.play import PlayScreen
from wargames_tui.ui.widgets.hexmap import HexMap

SCENARIO = "panzer-corps/el-alamein"
SIZE = (120, 40)


def new_session(seed: int = 1, seats: dict[str, str] | None = None) -> Session:
    return Session.start(game_for(SCENARIO), SCENARIO, seed=seed, seats=seats or {"gi": "human", "bc": "human"})


def make_app(save_dir: Path, session: Session | None = None, **kwargs) -> WargamesApp:  # noqa: ANN003
    app = WargamesApp(save_dir=save_dir, seed=1, session=session, **kwargs)
    app.bot_delay = 0.01
    return app


def play_screen(app: WargamesApp) -> PlayScreen:
    screen = app.screen
    assert isinstance(screen, PlayScreen), f"expected the play screen, got {type(screen).__name__}"
    return screen


async def past_cover(app: WargamesApp, pilot: Pilot) -> None:
    """The game opens behind the hotseat cover where it hides things: Enter takes it down."""
    await pilot.pause()
    if type(app.screen).__name__ == "HandoffScreen":
        await pilot.press("enter")
        await pilot.pause()


@asynccontextmanager
async def pressed_at_opening(save_dir: Path, session: Session, key: str) -> AsyncIterator[tuple[WargamesApp, Pilot, int]]:
    """The app opened on `session` (past the cover) and `key` pressed and handled: the app, its
    Pilot, and how many actions the log held before the key."""
    app = make_app(save_dir, session)
    async with app.run_test(size=SIZE) as pilot:
        await past_cover(app, pilot)
        played = len(session.log)
        await pilot.press(key)
        await pilot.pause()
        yield app, pilot, played


async def goto(pilot, app: WargamesApp, target: str) -> None:  # noqa: ANN001 - textual Pilot
    """Walk the map cursor to target with the arrow keys (columns first, then rows)."""
    cursor = app.screen.query_one(HexMap).cursor
    (c0, r0), (c1, r1) = parse_hex(cursor), parse_hex(target)
    keys = (["right"] * (c1 - c0) if c1 > c0 else ["left"] * (c0 - c1))
    keys += ["down"] * (r1 - r0) if r1 > r0 else ["up"] * (r0 - r1)
    if keys:
        await pilot.press(*keys)
    await pilot.pause()
    assert app.screen.query_one(HexMap).cursor == target


async def choose_scenario(pilot, app: WargamesApp, scenario: str) -> NewGameScreen:  # noqa: ANN001
    """n on the menu, then down the list of the new game screen to a scenario."""
    await pilot.press("n")
    await pilot.pause()
    screen = app.screen
    assert isinstance(screen, NewGameScreen)
    for _ in screen.query_one(OptionList).options:
        if screen.current is not None and screen.current.id == scenario:
            break
        await pilot.press("down")
        await pilot.pause()
    assert screen.current is not None and screen.current.id == scenario
    return screen


async def help_source(pilot, app: WargamesApp) -> str:  # noqa: ANN001
    """? on the play screen: the help screen's text (Markdown)."""
    await pilot.press("question_mark")
    await pilot.pause()
    assert isinstance(app.screen, HelpScreen)
    return app.screen.query_one("#help-text").source


async def wait_until(pilot, done, tries: int = 300) -> None:  # noqa: ANN001 - textual Pilot, a predicate
    """Let the app run (bots and the game's own side play their steps) until done() holds, or `tries`
    short pauses have passed."""
    for _ in range(tries):
        await pilot.pause(0.01)
        if done():
            return


def sync(test):  # noqa: ANN001, ANN201
    """Run an async test without an async pytest plugin (the project needs none)."""
    import asyncio
    import functools

    @functools.wraps(test)
    def wrapper(*args, **kwargs):  # noqa: ANN002, ANN003, ANN202
        return asyncio.run(test(*args, **kwargs))

    return wrapper


def first_unit_move(session: Session) -> tuple[str, str, str]:
    """The first unit of the side to move (where the cursor starts) and a one-hex move for it.

    Returns (unit id, its hex, destination). Read from the position, so the tests
    follow the scenario data when it changes.
    """
    side = session.prompt.side
    unit = next(u for u in session.view(None)["units"] if u["side"] == side and u["status"] == "map")
    moves = [a for a in session.prompt.actions if a["type"] == "move" and a["unit"] == unit["id"]]
    assert moves, f"{unit['id']} has no move"
    move = min(moves, key=lambda a: (len(a["path"]), a["path"]))
    return unit["id"], unit["hex"], move["path"][-1]


def arrange_attack(session: Session) -> tuple[list[str], str]:
    """Move German-Italian units straight through the session so an attack is possible.

    Tries one mover at a time, in a fixed order, on a copy of the game, and keeps the
    first move after which that unit alone may declare an attack.
    Returns (the attackers of that declare action, the defender); the session is left
    in the German-Italian movement phase with the move made.
    """
    from wargames_tui.engine.dice import Dice

    for action in [a for a in session.prompt.actions if a["type"] == "move"]:
        trial = Session(session.game, session.scenario, session.options, session.game.copy_state(session.state), Dice(0))
        trial.act(action)
        trial.act({"type": "end-phase"})
        for declare in (a for a in trial.prompt.actions if a["type"] == "declare"):
            if declare["attackers"] == [action["unit"]]:
                session.act(action)
                return declare["attackers"], declare["defender"]
    raise AssertionError("no attack can be arranged with one move")


def seed_giving(step: str, tries: int = 200) -> int:
    """A dice seed with which the arranged attack (see arrange_attack) leads to `step`."""
    for seed in range(1, tries):
        trial = new_session(seed=seed)
        attackers, defender = arrange_attack(trial)
        trial.act({"type": "end-phase"})
        trial.act({"type": "declare", "attackers": attackers, "defender": defender})
        trial.act({"type": "end-declarations"})
        trial.act({"type": "resolve", "defender": defender})
        if trial.state.step == step:
            return seed
    raise AssertionError(f"no seed below {tries} leads to {step}")


def arrange_exit(session: Session, max_actions: int = 60) -> dict:
    """Play straight through the session until a British Commonwealth unit may break off the west edge.

    German-Italian units near the west edge step east out of the way; the British unit that
    gets furthest west moves each turn. Returns the first exit action found (the session is
    then in a British Commonwealth movement phase).
    """
    for _ in range(max_actions):
        assert session.outcome() is None, "the game ended while arranging a break-off"
        side, step = session.prompt.side, session.state.step
        if step == "move" and side == "gi":
            for u in [u for u in session.view(None)["units"] if u["side"] == "gi" and u["status"] == "map"]:
                held = {x["hex"] for x in session.view(None)["units"] if x["status"] == "map"}
                # never onto a friend: stopping there is legal but costs a unit when the phase ends (7.1, 7.3)
                moves = [a for a in session.prompt.actions if a["type"] == "move" and a["unit"] == u["id"] and a["path"][-1] not in held]
                if int(u["hex"][2:]) >= 15 and moves:
                    session.act(min(moves, key=lambda a: (int(a["path"][-1][2:]), a["path"])))
        if step == "move" and side == "bc":
            exits = [a for a in session.prompt.actions if a["type"] == "exit"]
            if exits:
                return exits[0]
            moves = [a for a in session.prompt.actions if a["type"] == "move"]
            session.act(max(moves, key=lambda a: (int(a["path"][-1][2:]), a["path"])))
        session.act({"type": "end-phase" if session.state.step == "move" else "end-declarations"})
    raise AssertionError("no break-off could be arranged")


# --- the other Panzer Corps scenarios ------------------------------------------------
def start(scenario: str, seed: int = 1, seats: dict[str, str] | None = None) -> Session:
    """A new game of a scenario ('kharkov' or 'panzer-corps/kharkov'), every side human.

    A set-up that opens the game with the placement of every set-up unit (Khar'kov 3.0(4)) is
    done with the first legal choices, so tests start from the first turn.
    """
    sid = scenario if "/" in scenario else f"panzer-corps/{scenario}"
    game = game_for(sid)
    sides = game.scenarios()
    names = next(s.sides for s in sides if s.id == sid)
    session = Session.start(game, sid, seed=seed, seats=seats or {side: "human" for side in names})
    while session.state.step == "enter-all":
        session.act(session.prompt.actions[0])
    return session


def pass_until(session: Session, done, limit: int = 200) -> None:  # noqa: ANN001 - predicate on the state
    """End phases and declarations (nothing else) until done(session.state) holds."""
    for _ in range(limit):
        if done(session.state):
            return
        kinds = {a["type"] for a in session.prompt.actions}
        session.act({"type": "end-phase" if "end-phase" in kinds else "end-declarations"})
    raise AssertionError("the wanted position never came")


def isolated_pair(session: Session, movers: list[str], gap: int = 5) -> tuple[str, str]:
    """Two adjacent hexes of plain ground (cost 1, no doubling, no hexside feature around the
    second one), at least `gap` hexes from every unit on the map except `movers`."""
    from wargames_tui.games.panzer_corps.data import load_scenario

    sc = load_scenario(session.scenario)
    grid = sc.grid
    others = [st.hex for uid, st in session.state.units.items() if st.status == "map" and uid not in movers]

    def plain(h: str) -> bool:
        t = sc.terrain_at[h]
        return t.cost == 1 and not t.doubles_defence and h not in sc.map.battle_positions

    def far(h: str) -> bool:
        return all(grid.distance(h, o) >= gap for o in others)

    for a in sorted(grid.all_hexes()):
        if not (plain(a) and far(a)):
            continue
        for b in grid.neighbours(a):
            around = grid.neighbours(b)
            if plain(b) and far(b) and len(around) == 6 and all(plain(n) and not grid.side_features(b, n) for n in around):
                return a, b
    raise AssertionError("no quiet corner of the map")


def staged(session: Session, placed: dict[str, str], rolls: list[int]) -> Session:
    """A copy of the game with units moved by hand (uid -> hex) and the dice scripted."""
    from wargames_tui.engine.dice import Dice

    state = session.game.copy_state(session.state)
    for uid, h in placed.items():
        state.units[uid].hex = h
        state.units[uid].status = "map"
    return Session(session.game, session.scenario, session.options, state, Dice.replaying(rolls), dict(session.seats))


def die_for(session: Session, attackers: list[str], defender: str, result: str) -> int:
    """The die roll that gives `result` for this attack on the scenario's table."""
    column = session.game.odds(session.state, attackers, defender)["column"]
    crt = session.view(None)["crt"]
    i = crt["columns"].index(column)
    die = next((d for d, row in zip(crt["die"], crt["rows"]) if row[i] == result), None)
    assert die is not None, f"no {result} in the {column} column"
    return die
