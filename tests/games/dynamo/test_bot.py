"""The purposeful bot: it plays either side through every kind of step without an illegal action."""

from __future__ import annotations

import random

import pytest

from tests.games.dynamo.helpers import actions, board, empty, put
from wargames_tui.bots import random_bot
from wargames_tui.engine.dice import Dice
from wargames_tui.engine.session import Session
from wargames_tui.games import dynamo
from wargames_tui.games.dynamo import hidden
from wargames_tui.games.dynamo import evacuation
from wargames_tui.games.dynamo.bot import DUNKIRK, PERIMETER_FROM, _way, evacuation_ports, plan, planning_bot
from wargames_tui.games.dynamo.data import load_map


@pytest.mark.parametrize("scenario,side", [("dynamo/campaign", "german"), ("dynamo/campaign", "allied"),
                                           ("dynamo/no-halt-order", "german"), ("dynamo/no-halt-order", "allied")])
def test_the_bot_plays_its_side_legally(scenario: str, side: str) -> None:
    rng = random.Random(5)
    session = Session.start(dynamo, scenario, seed=5)
    kinds = set()
    for _ in range(250):
        if session.outcome() is not None:
            break
        mine = session.prompt.side == side
        action = plan(session, rng) if mine else random_bot(session, rng)
        if mine:
            kinds.add(action["type"])
        session.act(action)  # an illegal choice would raise here
    assert len(kinds) >= 4


def _move_alone(state, side: str) -> None:
    """Let the bot move side's stacks until it ends the movement phase."""
    session = Session(dynamo, "dynamo/campaign", {}, state, Dice(1), {"german": "human", "allied": "human"})
    rng = random.Random(1)
    while session.state.phase == f"{side}-move":
        session.act(plan(session, rng))


@pytest.mark.rules("dynamo:20.5")
def test_the_allied_bot_walks_to_an_open_port_not_to_the_nearest_beach() -> None:
    """From turn 7 four of the six sea evacuees must come from one port city (20.5): a division
    one hex from the Belgian beach goes on toward Dunkirk, where the other coastal hexes could
    send only two steps a turn."""
    s = empty("allied-move", turn=7)
    put(s, "3306", "b-3")
    start = board(s).m.grid.distance("3306", "2904")
    _move_alone(s, "allied")
    assert board(s).m.grid.distance(s.units["b-3"].hex, "2904") < start - 1


@pytest.mark.rules("dynamo:20.8")
def test_a_port_german_units_entered_or_off_the_coast_is_no_evacuation_port() -> None:
    view = hidden.bot_view(empty("allied-move", turn=7), "allied")
    assert evacuation_ports(view) == {"2402", "2904"}  # Boulogne (1903) stands a hex inland
    s = empty("allied-move", turn=7)
    s.german_entered.append("2904")
    assert evacuation_ports(hidden.bot_view(s, "allied")) == {"2402"}


@pytest.mark.rules("dynamo:21.4")
def test_the_allied_bot_holds_its_reinforcements_back() -> None:
    """Allied reinforcements never entered count as evacuated (21.4): entered, they could only
    lose that point or die (the Boulogne and Calais landings of turns 3 and 4 died in 6 of 8
    planning games at ca1cdb0)."""
    s = empty("allied-move", turn=3)
    for uid in ("b-20g", "b-3rtr", "b-qvr", "f-7c"):
        s.units[uid].where = "pool"
    put(s, "2904", "b-3")
    assert actions(s, "enter")
    _move_alone(s, "allied")
    assert {s.units[u].where for u in ("b-20g", "b-3rtr", "b-qvr", "f-7c")} == {"pool"}


def _group_choice(*units: str, defenders: tuple[str, ...]) -> str:
    """The German bot's choice for a stack picked at 2115 next to defenders at 2116 (the Blitz of 12.2 listed)."""
    s = empty()
    s.raf = False
    put(s, "2116", *defenders)
    put(s, "2115", *units)
    session = Session(dynamo, "dynamo/campaign", {}, s, Dice(1), {"german": "human", "allied": "human"})
    session.act({"type": "pick", "units": list(units)})
    assert any(a["type"] == "blitz" and a["hex"] == "2116" for a in session.prompt.actions)
    return plan(session, random.Random(1))["type"]


@pytest.mark.rules("dynamo:12.2", "dynamo:12.9")
def test_the_german_bot_blitzes_only_at_overwhelming_odds() -> None:
    """A Blitz is fought at +2 (12.2) and its losses are always steps (12.9): at 4-1 or 5-1 the
    blitzing panzers lose about a step each time (4 Allied points, 22.4) for the Allied steps
    they take. Greedy against greedy, campaign seeds 1-40, the German won 12 blitzing from 4-1
    (the bot's old odds), 33 from 8-1 and 31 never blitzing."""
    assert _group_choice("g-1pz", defenders=("f-3cav",)) != "blitz"  # 12 to 3: 4-1
    assert _group_choice("g-5pz", "g-gd", defenders=("f-3cav",)) != "blitz"  # 16 to 3: 5-1
    assert _group_choice("g-1pz", "g-5pz", defenders=("f-3lt",)) != "blitz"  # 26 to 4: 6-1
    assert _group_choice("g-1pz", "g-5pz", "g-gd", defenders=("f-3cav",)) == "blitz"  # 28 to 3: 9-1


@pytest.mark.rules("dynamo:20.3", "dynamo:22.3")
def test_the_french_armour_drives_for_the_south_edge_not_for_a_nearer_port() -> None:
    """The sea lift takes three steps a turn, six from turn 7 (20.4, 20.5), less than the British
    alone; a French mechanised step that leaves over the south edge counts as evacuated (20.3)
    and one lost is 4 German points (22.2). The planning Allies' seven lost games of seeds 2-11 at
    db19741 lost 10-15 French mechanised steps each, the three won 2-13; greedy against greedy
    (seeds 1-60) the French armour driving south raised the Allied wins from 13 to 23."""
    s = empty("allied-move", turn=3)
    put(s, "2908", "f-1dlm")
    grid = board(s).m.grid
    south = board(s).g.edge(board(s).g.rules.edges.allied_south)
    before = min(grid.distance("2908", h) for h in south)
    _move_alone(s, "allied")
    assert s.units["f-1dlm"].hex not in ("2904", "2402")  # Dunkirk is four hexes off, Calais no further than its move
    assert min(grid.distance(s.units["f-1dlm"].hex, h) for h in south) < before


@pytest.mark.rules("dynamo:6.4")
def test_the_allied_bot_goes_round_a_german_line_not_up_to_it() -> None:
    """The Allies' way to their goal is counted round the German stacks (their hexes closed, a
    step into their zone of control dearer, 6.4): a French armoured division north of a German
    line along row 16 from 1416 to the Belgian edge heads for the line's west end, where counting
    straight over the German units it drove up to the line (2014, two hexes off), to be struck there."""
    s = empty("allied-move", turn=7)
    german = [u for u, x in board(s).g.units.items() if x.side == "german" and not x.dummy and x.type != "kg"]
    line = [f"{c}16" for c in range(14, 35)]
    for uid, h in zip(german, line):
        put(s, h, uid)
    put(s, "2812", "f-1dlm")
    _move_alone(s, "allied")
    end = s.units["f-1dlm"].hex
    grid = board(s).m.grid
    assert end is not None and int(end[:2]) < 20
    assert min(grid.distance(end, h) for h in line) >= 3


@pytest.mark.rules("dynamo:6.0", "dynamo:6.4")
def test_the_allied_way_closes_german_hexes_and_counts_a_step_into_their_zone_two() -> None:
    """Entering a German zone of control (6.0) costs a movement point more (6.4): on the Allies'
    way to a goal a hex in the zone counts 2, one outside it 1, and a German hex is closed."""
    neighbours = load_map().neighbours
    goal = "2908"
    near = sorted(neighbours[goal])[0]
    foe = next(h for h in sorted(neighbours[near]) if h != goal and h not in neighbours[goal])
    way = _way(frozenset({goal}), frozenset({foe}))
    clear = next(h for h in sorted(neighbours[goal]) if h != near and foe not in neighbours[h] and h != foe)
    assert way[goal] == 0 and way[near] == 2 and way[clear] == 1 and foe not in way


def _bot_alone(state, phase: str, bot, scenario: str = "dynamo/no-halt-order") -> None:
    """Let bot play the Allies' phase alone in scenario until the phase ends."""
    session = Session(dynamo, scenario, {}, state, Dice(1), {"german": "human", "allied": "human"})
    rng = random.Random(1)
    while session.state.phase == phase:
        session.act(bot(session, rng))


def _walked_from(at: str, bot, turn: int = PERIMETER_FROM, scenario: str = "dynamo/no-halt-order") -> str | None:
    """Where bot walks British 3 Division from at on an empty map (None: off the south edge)."""
    s = empty("allied-move", turn=turn, scenario=scenario)
    put(s, at, "b-3")
    _bot_alone(s, "allied-move", bot, scenario)
    return s.units["b-3"].hex


@pytest.mark.rules("dynamo:24.1", "dynamo:24.2", "dynamo:20.5", "dynamo:20.8", "dynamo:22.3")
def test_the_planning_allies_hold_dunkirks_perimeter_in_no_halt_order() -> None:
    """In No Halt Order the panzers are not halted (24.1) and stand two to four hexes from Dunkirk
    (24.2); from turn 7 four of the six sea steps must come from one port the German never entered
    (20.5, 20.8), and at the end a unit that can reach an open port is not lost (22.3). From turn 6
    the planning Allies' own policy holds Dunkirk and the hexes next to it: a British division
    beside the port stays there (the greedy bot walks it in), and one four hexes from the south
    edge walks north toward the port (the greedy bot walks it south). Before turn 6, in the
    campaign, and once the German has entered the port, it plays as the greedy bot. The French
    armour, which otherwise drives for the south edge, holds too where it stands on the perimeter."""
    ring = sorted(load_map().neighbours[DUNKIRK])[0]
    assert _walked_from(ring, planning_bot) == ring
    assert _walked_from(ring, plan) == DUNKIRK
    grid = load_map().grid
    far = grid.distance("2117", DUNKIRK)
    walked = _walked_from("2117", planning_bot)
    assert walked is not None and grid.distance(walked, DUNKIRK) < far
    greedy = _walked_from("2117", plan)
    assert greedy is None or grid.distance(greedy, DUNKIRK) > far
    assert _walked_from(ring, planning_bot, turn=PERIMETER_FROM - 1) == DUNKIRK
    assert _walked_from(ring, planning_bot, scenario="dynamo/campaign") == DUNKIRK
    s = empty("allied-move", turn=PERIMETER_FROM, scenario="dynamo/no-halt-order")
    put(s, ring, "f-1dlm")  # the French armour drives south (20.3), but on the perimeter it holds too
    _bot_alone(s, "allied-move", planning_bot)
    assert s.units["f-1dlm"].hex == ring
    s = empty("allied-move", turn=PERIMETER_FROM, scenario="dynamo/no-halt-order")
    put(s, ring, "f-1dlm")
    _bot_alone(s, "allied-move", plan)
    assert s.units["f-1dlm"].hex != ring
    s = empty("allied-move", turn=PERIMETER_FROM, scenario="dynamo/no-halt-order")
    s.german_entered.append(DUNKIRK)
    put(s, ring, "b-3")
    _bot_alone(s, "allied-move", planning_bot)
    assert s.units["b-3"].hex != ring


def _lifted(turn: int, bot) -> set[str]:
    """What bot lifts from Dunkirk holding British 3 and 4 Divisions (two steps each) and 5
    Division reduced (one step), no German near (20.6)."""
    s = empty("evacuation", turn=turn, scenario="dynamo/no-halt-order")
    put(s, DUNKIRK, "b-3", "b-4")
    put(s, DUNKIRK, "b-5", step=1)
    evacuation.open_phase(s)
    _bot_alone(s, "evacuation", bot)
    return {u for u in ("b-3", "b-4", "b-5") if s.units[u].where == "evacuated"}


@pytest.mark.rules("dynamo:20.4", "dynamo:20.5", "dynamo:20.8")
def test_the_planning_allies_leave_three_steps_in_dunkirk_until_the_last_turn() -> None:
    """Only units on the coast as the Sea Evacuation Phase begins may go (20.4), and a port the
    German once enters never serves again (20.8): the planning Allies' lift leaves at least three
    steps in Dunkirk before the last turn, so the port is not left empty for the German to walk
    into. Of five steps it lifts one division (three left, just at the line), and then neither the
    other division (one left) nor the reduced one (two left, just under the line); the greedy bot
    lifts all five (four port steps and one of the two from any coast, the port included, 20.5); on
    turn 12 the planning Allies do too."""
    assert _lifted(8, planning_bot) in ({"b-3"}, {"b-4"})
    assert _lifted(8, plan) == {"b-3", "b-4", "b-5"}
    assert _lifted(12, planning_bot) == {"b-3", "b-4", "b-5"}
