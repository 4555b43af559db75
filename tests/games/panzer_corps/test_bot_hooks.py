"""What the Panzer Corps rules tell bots that look ahead: the standing if the game ended now."""

import random

import pytest

from wargames_tui.bots.greedy import DEFAULT, Style, greedy_bot
from wargames_tui.bots.search import STYLES
from wargames_tui.engine.dice import Dice
from wargames_tui.engine.flow import Action
from wargames_tui.engine.session import Session
from wargames_tui.games import game_for
from wargames_tui.games.panzer_corps import blocks, fall_back, fallback, plans_fall_back, points_now, retreat_room, rules
from wargames_tui.games.panzer_corps.board import Board
from wargames_tui.games.panzer_corps.state import State
from wargames_tui.games.panzer_corps.victory import losses_score

from .helpers import Table


def test_dunkerque_standing_counts_from_the_points_threshold():
    # No points at the start against the 35 the Germans need (dunkerque:4.0).
    state = rules.new_state("panzer-corps/dunkerque", {})
    assert points_now(state, "ge") == -35 and points_now(state, "al") == 35


def test_kharkov_standing_is_the_vp_lead():
    # The Germans control every city hex at the start, 2 VP each (kharkov:4.1(1), (3)): 20 on our map.
    state = rules.new_state("panzer-corps/kharkov", {})
    assert points_now(state, "de") == 40 and points_now(state, "su") == -40


def test_el_alamein_gives_no_standing():
    # The end of the game brings no points there, only a default winner (el-alamein:4.2(4)).
    state = rules.new_state("panzer-corps/el-alamein", {})
    assert points_now(state, "gi") == points_now(state, "bc") == 0


# --- a retreat with no room eliminates (9.5(3)): what the greedy bot makes of it --------------
DK = Table("panzer-corps/dunkerque")


def _ring(centre: str) -> list[str]:
    """The six neighbours of centre, in order round it (each next to the one before)."""
    grid = DK.sc.grid
    ring = list(grid.neighbours(centre))
    ordered = [ring.pop()]
    while ring:
        ordered.append(next(h for h in ring if h in grid.neighbours(ordered[-1])))
        ring.remove(ordered[-1])
    return ordered


def _session(state: State) -> Session:
    return Session(game_for(DK.id), DK.id, {}, state, Dice(0))


def _declared(session: Session, style: Style = DEFAULT) -> list[Action]:
    """What the greedy bot declares in this combat phase, till it ends its declarations."""
    rng, declared = random.Random(1), []
    while (action := greedy_bot(session, rng, style))["type"] == "declare":
        declared.append(action)
        session.act(action)
    return declared


def test_retreat_room_counts_the_hexes_free_of_enemy_zones():
    # A German unit with Allied units on every other hex round it has no retreat (dunkerque:9.5(3)).
    centre = DK.open_hex(radius=2)
    ring = _ring(centre)
    german = DK.unit("ge", strength=4)
    allied = DK.units("al", 3, strength=2)
    free = DK.cleared(phase="al-combat", **{german: centre, allied[0]: ring[0]})
    assert retreat_room(free, german) == 2
    cornered = DK.cleared(phase="al-combat", **{german: centre, **dict(zip(allied, ring[::2]))})
    assert retreat_room(cornered, german) == 0


def test_the_greedy_bot_attacks_a_defender_with_no_retreat_as_if_a_dr_eliminated_it():
    # Three Allied units round a German 4 whose every other neighbour their zones close: a 2:1
    # (8 against 4) whose DR1 and DR2 eliminate it (dunkerque:9.5(3)). Weighed as a plain 2:1 (no
    # DE in that column), the bot would pass it up.
    centre = DK.open_hex(radius=2)
    german = DK.unit("ge", strength=4)
    allied = [DK.unit("al", strength=4), *DK.units("al", 2, strength=2)]
    state = DK.cleared(phase="al-combat", **{german: centre, **dict(zip(allied, _ring(centre)[::2]))})
    declared = _declared(_session(state))
    assert [(sorted(a["attackers"]), a["defender"]) for a in declared] == [(sorted(allied), german)]


def test_the_greedy_bot_does_not_attack_at_2_to_1_from_a_hex_it_could_not_retreat_from():
    # A German 4 next to three Allied 2s that close every other hex round it: each attack is 2:1,
    # and its AR would eliminate the attacker (dunkerque:9.5(3)). Each Allied unit is a German goal
    # (4.0: their strength is the points), but not at that risk.
    centre = DK.open_hex(radius=2)
    german = DK.unit("ge", strength=4)
    allied = DK.units("al", 3, strength=2)
    state = DK.cleared(phase="ge-combat", **{german: centre, **dict(zip(allied, _ring(centre)[::2]))})
    assert _declared(_session(state)) == []
    # With one hex to retreat to (the third Allied unit further off) it attacks.
    state = DK.cleared(phase="ge-combat", **{german: centre, allied[0]: _ring(centre)[0], allied[1]: _ring(centre)[2]})
    assert len(_declared(_session(state))) == 1


def test_no_style_attacks_at_odds_the_plain_greedy_bot_would_never_take():
    # Every Allied unit is a German goal (dunkerque:4.0), so each defender is "in the way", and the
    # boldest style attacked at 1:1: a German 4 against an Allied 4 in the open, where the table has
    # no DE and AE and AR come on three faces of six (dunkerque:9.2, 9.4). Against an Allied 2 (2:1)
    # it still attacks.
    centre = DK.open_hex(radius=2)
    german = DK.unit("ge", strength=4)
    ring = _ring(centre)
    for strength, attacks in ((4, 0), (2, 1)):
        allied = DK.unit("al", strength=strength)
        state = DK.cleared(phase="ge-combat", **{german: centre, allied: ring[0]})
        assert len(_declared(_session(state), STYLES["bold"])) == attacks


def test_an_attacker_elimination_counts_every_attacker_it_would_eliminate():
    # An Allied 4 in the open, cornered: two German 3s next to it and a German 4 two hexes off
    # close every hex it could retreat to, so a DR1 or DR2 eliminates it (dunkerque:9.5(3)). With
    # both 3s the attack is 1:1 (6 against 4), where an AE eliminates both (dunkerque:9.4): a loss
    # of 6 strength, 12 points to the Germans (4.0), against the Allied 4 taken on two faces in
    # six. Weighed as one unit lost, the bot took it.
    german = DK.units("ge", 2, strength=3)
    allied, far = DK.unit("al", strength=4), DK.unit("ge", strength=4)
    centre = DK.open_hex(radius=2)
    ring = _ring(centre)
    grid = DK.sc.grid
    off = next(h for h in grid.neighbours(ring[3]) if h in grid.neighbours(ring[4]) and h != centre)
    state = DK.cleared(phase="ge-combat", **{allied: centre, german[0]: ring[0], german[1]: ring[1], far: off})
    assert retreat_room(state, allied) == 0
    assert _declared(_session(state)) == []
    # A German 4 in the first 3's place attacks alone at 1:1: an AE loses that one unit.
    state = DK.cleared(phase="ge-combat", **{allied: centre, far: ring[0], german[1]: ring[1], german[0]: off})
    assert retreat_room(state, allied) == 0
    assert [a["attackers"] for a in _declared(_session(state))] == [[far]]


def test_the_greedy_bot_moves_a_unit_out_of_a_hex_over_the_stacking_limit_before_ending():
    # One Allied unit has moved into Lille, where another has yet to move: the hex is over the
    # limit of one, and the end of the movement would remove one of them (dunkerque:7.1, 7.3,
    # the engine's reading). Lille is an Allied goal (a city, 9.3), so the one there has no move
    # that gains; it moves out all the same, and only then does the phase end.
    lille = "0815"
    assert DK.terrain(lille) == "city"
    stayed, came = DK.units("al", 2, strength=3)
    german = DK.unit("ge", strength=4)
    state = DK.cleared(phase="al-move", **{stayed: lille, came: lille, german: "2201"})
    state.moved = [came]
    session, rng = _session(state), random.Random(1)
    action = greedy_bot(session, rng)
    assert action["type"] == "move" and action["unit"] == stayed
    session.act(action)
    assert greedy_bot(session, rng)["type"] == "end-phase"


# --- a unit the enemy could surround falls back (9.5(3)): the greedy bot's plans start with it --
KH = Table("panzer-corps/kharkov")


def _kharkov_german_turn_1() -> State:
    """Khar'kov's set-up (kharkov:3.0, the Soviet units on their first listed hexes), the Soviet
    phases of turn 1 passed without a move: the German movement of turn 1 begins."""
    state = rules.new_state(KH.id, {})
    dice = Dice(0)
    while state.step == "enter-all":
        rules.apply(state, rules.prompt(state).actions[0], dice)
    while state.phase != "de-move":
        rules.apply(state, {"type": "end-declarations"} if state.step == "declare" else {"type": "end-phase"}, dice)
    return state


@pytest.mark.rules("kharkov:3.0")
@pytest.mark.rules("kharkov:9.5")
def test_the_greedy_bot_pulls_a_set_up_unit_the_soviets_could_surround_back_into_a_held_city():
    # The 19th Panzer's two counters (2-8 each) stand at Starobelsk in the open, where the Soviet
    # units of the set-up could stand round them with 13 strength next movement against their 4
    # (a DR with no room eliminates, 9.5(3)); the German reinforcements are far off. Where the
    # greedy bot went for the Soviet units (every one pays a VP, 4.3) they died there in nearly
    # every game; in the styles the planner's plans start from (all but the plain one, the easy
    # level) they fall back, into a city the Germans hold (doubled, 9.3).
    for style, pulled_back in ((STYLES["wary"], True), (DEFAULT, False)):
        state = _kharkov_german_turn_1()
        panzers = [u for u, st in state.units.items() if st.hex == "1309"]
        assert sorted(panzers) == ["de-19pz-27", "de-19pz-pg"]
        held = {h for h, side in state.control.items() if side == "de"}
        assert all(to[0] in held for u, to in fall_back(state, "de").items() if u in panzers)
        session, rng = Session(game_for(KH.id), KH.id, {}, state, Dice(0)), random.Random(1)
        while (action := greedy_bot(session, rng, style))["type"] == "move":
            session.act(action)
        assert all(state.units[u].hex in held for u in panzers) == pulled_back
    # Kupyansk's infantry, out of every Soviet unit's reach, is in no danger.
    assert "de-320" not in fall_back(state, "de")


@pytest.mark.rules("kharkov:4.2")
@pytest.mark.rules("kharkov:9.5")
def test_the_planning_germans_plain_plan_pulls_the_19th_panzer_back_and_the_easy_level_does_not():
    # A playout of the German turn 1 costs 0.27-0.4 CPU s, so the planner's first plan cannot score
    # another plan twice and plays its plain style's plan unscored (turns 1-5 of a kept game):
    # that plan left the 19th Panzer's pair at Starobelsk, where the planning Soviets killed it.
    # For the side whose enemy is paid for entering places (4.2: the Germans) the planner's plain
    # style falls back and blocks as its other styles do; the easy level is unchanged.
    from wargames_tui.bots import plan

    game = game_for(KH.id)
    for policy, pulled_back in ((plan._styles(game)[0], True), (plan._easy(game), False)):
        state = _kharkov_german_turn_1()
        panzers = [u for u, st in state.units.items() if st.hex == "1309"]
        held = {h for h, side in state.control.items() if side == "de"}
        session, rng = Session(game_for(KH.id), KH.id, {}, state, Dice(0)), random.Random(1)
        while (action := policy(session, rng))["type"] == "move":
            session.act(action)
        assert all(state.units[u].hex in held for u in panzers) == pulled_back
    assert plans_fall_back(state, "de") and not plans_fall_back(state, "su")
    for other in ("panzer-corps/el-alamein", "panzer-corps/dunkerque", "panzer-corps/operation-compass"):
        there = rules.new_state(other, {})
        assert not any(plans_fall_back(there, side) for side in Table(other).sides)


@pytest.mark.rules("kharkov:9.5")
def test_a_unit_its_own_side_could_support_more_strongly_than_the_enemy_attack_it_stays():
    # A German 2-8 in the open with two Soviet 5-8s within a movement of it (10 against 2) is in
    # danger alone; with German panzers beside it, more strength than the enemy's, it is part of a
    # front that hits back, and holds.
    centre = KH.open_hex(radius=1)
    lone = KH.unit("de", strength=2, tank=True)
    soviet = KH.units("su", 2, strength=5)
    grid = KH.sc.grid
    far = [h for h in KH.sc.grid.all_hexes() if grid.distance(h, centre) == 4 and KH.sc.terrain_at[h].cost == 1]
    placed = {lone: centre, soviet[0]: far[0], soviet[1]: far[1]}
    alone = KH.cleared(phase="de-move", **placed)
    assert lone in fall_back(alone, "de")
    friends = KH.units("de", 3, strength=4)
    ring = list(grid.neighbours(centre))
    supported = KH.cleared(phase="de-move", **placed, **dict(zip(friends, ring)))
    assert lone not in fall_back(supported, "de")


@pytest.mark.parametrize(
    ("enemy", "own", "falls_back"),
    [
        (4, 1, True),  # 2:1 against its 2 in the open, and four times its side's strength
        (3, 1, False),  # 1.5:1: below DANGER, safe where it stands
        (4, 2, True),  # exactly OUTNUMBERED times its side's strength
        (4, 3, False),  # less than that: part of a front
    ],
)
def test_a_unit_falls_back_at_the_danger_odds_and_the_outnumbered_ratio_and_not_below(monkeypatch, enemy, own, falls_back):
    # The thresholds on both sides, with what each side could put next to the unit's hex given.
    centre = KH.open_hex(radius=1)
    lone = KH.unit("de", strength=2, tank=True)
    state = KH.cleared(phase="de-move", **{lone: centre})
    monkeypatch.setattr(fallback, "_nearness", lambda board, side: ({centre: enemy}, {centre: own}))
    assert (lone in fall_back(state, "de")) == falls_back


@pytest.mark.rules("kharkov:4.3")
@pytest.mark.rules("dunkerque:4.0")
@pytest.mark.rules("operation-compass:4.2")
@pytest.mark.rules("el-alamein:4.0")
def test_only_a_unit_whose_loss_scores_for_the_enemy_falls_back():
    # Each eliminated unit pays the enemy in Khar'kov (4.3) and Dunkerque (4.0, the Germans' own
    # losses counted against them); in Operation Compass only British losses pay (4.2); El Alamein
    # is won by ground alone (4.0), where a unit in the way sells itself for time.
    assert losses_score(KH.id, "de") and losses_score(KH.id, "su")
    assert losses_score(DK.id, "al") and losses_score(DK.id, "ge")
    assert losses_score("panzer-corps/operation-compass", "br") and not losses_score("panzer-corps/operation-compass", "it")
    assert not losses_score("panzer-corps/el-alamein", "bc") and not losses_score("panzer-corps/el-alamein", "gi")
    # A lone British 2 with German units of 12 strength a movement away, in the open of El Alamein.
    ea = Table("panzer-corps/el-alamein")
    centre = ea.open_hex(radius=1)
    lone = ea.unit("bc", strength=2)
    german = ea.units("gi", 3, strength=4)
    grid = ea.sc.grid
    near = [h for h in grid.all_hexes() if grid.distance(h, centre) == 3 and ea.sc.terrain_at[h].cost == 1][:3]
    state = ea.cleared(phase="bc-move", **{lone: centre, **dict(zip(german, near))})
    assert fall_back(state, "bc") == {}


@pytest.mark.rules("dunkerque:10.0")
def test_a_style_that_falls_back_places_the_reinforcement_first():
    # Dunkerque's Allied reinforcements enter at the start of the movement phase (10.0(3)): a
    # unit falling back first would have let the phase pass them by.
    game = game_for(DK.id)
    session, rng = Session.start(game, DK.id, seed=1), random.Random(1)
    while not (game.active_side(session.state) == "al" and game.summary(session.state)["turn"] == 2):
        session.act(greedy_bot(session, rng))
    assert fall_back(session.state, "al")  # units in danger, and a reinforcement to enter
    assert greedy_bot(session, random.Random(1), STYLES["wary"])["type"] == "enter"


@pytest.mark.rules("dunkerque:4.1")
def test_an_allied_unit_falls_back_along_its_connecting_line_not_where_the_enemy_is_weaker(monkeypatch):
    # An Allied unit with no connecting line to the west or south edge at the end counts as
    # eliminated (4.1(1)). In danger where it stands, it fell back to where its side was stronger
    # against the Germans: in the kept games (main d8dd1e7, seed 6302) the BEF went back into the
    # Antwerpen corner, where the pocket closed on it. Of its safe ends it now takes the one with
    # the shortest line to the edges, here made the one where its side is weakest.
    centre = DK.open_hex(radius=2)
    lone, german = DK.unit("al", strength=2), DK.unit("ge")
    state = DK.cleared(phase="al-move", **{lone: centre, german: "0106"})
    lines = fallback._lines(Board(state), "al")
    grid = DK.sc.grid
    line = {h: fallback._line_from(h, lines, grid) for h in grid.all_hexes()}
    monkeypatch.setattr(fallback, "_nearness", lambda board, side: ({centre: 20}, {h: n for h, n in line.items() if h != centre}))
    ends = fall_back(state, "al")[lone]
    assert line[ends[0]] < line[centre]
    assert line[ends[0]] == min(line[h] for h, kind in Board(state).moves(lone).ends if kind == "move")
    # The Germans trace no line (their points are the Allies' losses, 4.0): they fall back as before.
    assert fallback._lines(Board(state), "ge") is None


@pytest.mark.rules("kharkov:4.5", "kharkov:4.1")
def test_a_soviet_unit_that_can_enter_poltava_does_so_before_anything_else():
    # kharkov 4.5: the Soviets win at once controlling Poltava (0634), and entering a city takes
    # its control (4.1(2)). A Soviet tank corps five hexes off, the nearest unit between a German
    # panzer and what the Germans want (a Soviet-held Voroshilovsk), was that panzer's guard, and
    # a guard moves only to block: every greedy style ended the movement with the win left
    # standing (seed 5102, Soviet turn 6, at 6286b98: no style of the planner took it). The move
    # into Poltava comes first in the plain style and in those that fall back.
    kh = Table("panzer-corps/kharkov")
    tank, panzer = kh.unit("su", move=8), kh.unit("de", tank=True)
    state = kh.cleared(turn=3, phase="su-move", **{tank: "0132", panzer: "0330"})
    state.control["2010"] = "su"
    session = Session(game_for(kh.id), kh.id, {}, state, Dice(0))
    for style in (DEFAULT, STYLES["bold"]):
        action = greedy_bot(session, random.Random(1), style)
        assert action["type"] == "move" and action["unit"] == tank and action["path"][-1] == "0634"


@pytest.mark.rules("kharkov:4.5", "kharkov:6.1", "kharkov:7.2")
def test_a_style_that_blocks_bars_a_soviet_tank_corps_way_to_poltava():
    # kharkov 4.5: a Soviet unit entering Poltava (0634) wins at once. A tank corps at 0130 can
    # end its next movement there; a German infantry division at 0428 cannot reach Poltava, but
    # a unit entering an enemy zone of control stops (6.1), so one standing across the tank's
    # way bars it. No greedy style had such a move (the plain one still heads for the tank), so
    # no plan held one: the planning Germans lost Khar'kov 5008 at 31523ff to a tank corps whose
    # way to Dnepropetrovsk a German division could have barred. The styles the planner's plans
    # come from (all but the plain one) now play the block before anything else.
    kh = Table("panzer-corps/kharkov")
    tank, infantry = kh.unit("su", move=8), kh.unit("de", move=4, tank=False)
    for style, barred in ((STYLES["bold"], True), (STYLES["wary"], True), (DEFAULT, False)):
        state = kh.cleared(turn=3, phase="de-move", **{tank: "0130", infantry: "0428"})
        assert "0634" in Board(state).moves(tank).reach.cost and "0634" not in Board(state).moves(infantry).reach.cost
        action = greedy_bot(Session(game_for(kh.id), kh.id, {}, state, Dice(0)), random.Random(1), style)
        assert action["type"] == "move" and action["unit"] == infantry
        rules.apply(state, action, Dice(0))
        assert ("0634" not in Board(state).moves(tank).reach.cost) == barred


@pytest.mark.rules("kharkov:4.5", "kharkov:7.2")
def test_a_unit_that_can_stand_on_the_threatened_city_is_the_first_block():
    # No unit enters a hex an enemy unit stands in (7.2): a German unit in Poltava keeps every
    # Soviet movement out of it, whatever their ways.
    kh = Table("panzer-corps/kharkov")
    tank, infantry = kh.unit("su", move=8), kh.unit("de", move=4, tank=False)
    state = kh.cleared(turn=3, phase="de-move", **{tank: "0130", infantry: "0834"})
    found = blocks(state, "de")
    assert found[infantry][0] == "0634"
    assert blocks(kh.cleared(turn=3, phase="de-move", **{tank: "0120", infantry: "0834"}), "de") == {}  # out of reach: nothing to block
