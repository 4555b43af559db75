"""The basic game (1.3): the full game without 3.2, 5.5, 7.0, 8.0, 9.4 and 11.3 (14.5 is kept: see NOTES.md)."""

import pytest

import wargames_tui.games.blitzkrieg_1940 as game
from wargames_tui.engine.flow import IllegalAction
from wargames_tui.games.blitzkrieg_1940 import movement, sequence, victory
from wargames_tui.games.blitzkrieg_1940.position import Position

from .helpers import S39, S40, H, around, bare, board, dice, open_ground
from .playout import play

BASIC = {"game": "basic"}
FR = open_ground("France", 2)


def test_the_option_is_offered_and_checked():
    for info in game.scenarios():
        assert info.options["game"] == ["full", "basic"]  # the full game is the default
    with pytest.raises(IllegalAction):
        game.new(S40, {"game": "advanced"})


@pytest.mark.rules("blitzkrieg-1940:1.3")
@pytest.mark.rules("blitzkrieg-1940:3.2")
@pytest.mark.rules("blitzkrieg-1940:7.0")
def test_no_dummies_and_no_coups_de_main():
    b = board()
    full, basic = game.new(S40, {}), game.new(S40, BASIC)
    assert any(b.units[u].dummy and st.status == "pool" for u, st in full.units.items())
    assert any(st.status == "coup" for st in full.units.values())
    assert all(st.status == "out" for u, st in basic.units.items() if b.units[u].dummy or b.units[u].coup)
    game.apply(basic, {"type": "sickle-cut", "launch": False}, dice())
    game.apply(basic, {"type": "historical"}, dice())
    assert basic.phase == "roer"  # no coups phase: nothing to drop


@pytest.mark.rules("blitzkrieg-1940:1.3")
@pytest.mark.rules("blitzkrieg-1940:5.5")
def test_no_first_turn_supply():
    ring = dict(zip(["de-1inf", "de-4inf", "de-7inf", "de-11inf", "de-14inf", "de-19inf"], around(FR)))
    full = bare({"fr-4di": FR, **ring}, turn=1, couplet=1)
    basic = bare({"fr-4di": FR, **ring}, turn=1, couplet=1, options=BASIC)
    assert Position(full).supplied("fr-4di")
    assert not Position(basic).supplied("fr-4di")
    assert movement.allowance(Position(basic), "fr-4di") == 4  # and out of supply it moves 4 (10.3A)


@pytest.mark.rules("blitzkrieg-1940:1.3")
@pytest.mark.rules("blitzkrieg-1940:9.4")
def test_enemy_zones_do_not_cut_supply_lines():
    lone = {"de-1inf": FR}
    full, basic = Position(bare(lone, turn=3)), Position(bare(lone, turn=3, options=BASIC))
    zone = [h for h in full.ezoc("allied") if not full.at.get(h)]
    assert len(zone) == 6
    assert not set(zone) & full.supplied_hexes("french")  # the full game: a zone bars the line (9.4A)
    assert set(zone) <= basic.supplied_hexes("french")  # the basic game: only the unit's own hex does (10.6B)
    assert H(FR) not in basic.supplied_hexes("french")


@pytest.mark.rules("blitzkrieg-1940:1.3")
@pytest.mark.rules("blitzkrieg-1940:8.1")
@pytest.mark.rules("blitzkrieg-1940:8.4")
@pytest.mark.rules("blitzkrieg-1940:8.5")
def test_no_neutrals_all_at_war_from_the_start():
    state = game.new(S40, BASIC)
    assert set(state.violated) == {"Belgium", "Holland", "Luxembourg"}
    b = board()
    pos = Position(state)
    brussels = b.cities["Brussels"][0]
    assert pos.control(brussels) == "allied"  # Allied territory from the start (3.5B)
    be_in_france = next(h for h, c in b.country.items() if c == "France" and b.land(h))
    assert pos.may_enter("be-4", be_in_france)  # 8.5's bounds are gone with 8.0
    assert pos.may_enter("gb-1", brussels)
    full = Position(game.new(S40, {}))
    assert not full.may_enter("be-4", be_in_france) and not full.may_enter("gb-1", brussels)


@pytest.mark.rules("blitzkrieg-1940:1.3")
@pytest.mark.rules("blitzkrieg-1940:8.12")
def test_1939_has_no_neutrality_bounds_either():
    state = game.new(S39, BASIC)
    b = board(S39)
    french_hex = next(h for h, c in b.country.items() if c == "France" and b.land(h))
    belgian_hex = next(h for h, c in b.country.items() if c == "Belgium" and b.land(h))
    german = next(u for u, st in state.units.items() if st.status == "map" and b.units[u].side == "german")
    assert Position(state).may_enter(german, french_hex) and Position(state).may_enter(german, belgian_hex)
    assert not Position(game.new(S39, {})).may_enter(german, french_hex)  # 8.12A in the full game


@pytest.mark.rules("blitzkrieg-1940:1.3")
@pytest.mark.rules("blitzkrieg-1940:8.6")
@pytest.mark.rules("blitzkrieg-1940:8.9")
def test_no_capitulation():
    b = board()
    dutch = [u for u in b.units if b.units[u].nation == "dutch"]
    # Every Dutch city in German hands and no Dutch unit left: the full game ends Holland at once (8.9).
    state = bare({"de-1inf": FR}, turn=5, phase="allied-combat", options=BASIC)
    for c, hexes in b.cities.items():
        if b.city_country[c] == "Holland":
            for h in hexes:
                state.control[h] = "german"
    assert not victory.automatic_capitulations(state)
    assert not victory.check_due(Position(state), "Holland") and not state.capitulated
    state.options = {}
    assert victory.automatic_capitulations(state) and "Holland" in state.capitulated
    assert all(st.status == "out" for u, st in state.units.items() if u in dutch)


@pytest.mark.rules("blitzkrieg-1940:1.3")
@pytest.mark.rules("blitzkrieg-1940:5.2")
def test_the_turn_has_no_capitulation_check_phase():
    state = game.new(S40, BASIC)
    game.apply(state, {"type": "sickle-cut", "launch": False}, dice())
    game.apply(state, {"type": "historical"}, dice())
    game.apply(state, {"type": "open-dams", "open": False}, dice())
    assert "allied-capitulation" not in state.queue
    assert state.queue[-1] == "allied-order"


@pytest.mark.rules("blitzkrieg-1940:1.3")
@pytest.mark.rules("blitzkrieg-1940:11.3")
def test_no_fog_of_war_beneath_the_top_counter():
    units = {"de-1inf": FR, "de-4inf": FR}
    full = game.view(bare(units), "allied")
    basic = game.view(bare(units, options=BASIC), "allied")
    assert sorted(u["short"] for u in full["units"]).count("?") == 1
    assert {u["id"] for u in basic["units"]} == {"de-1inf", "de-4inf"}


@pytest.mark.rules("blitzkrieg-1940:6.2")
def test_the_cup_stays_hidden_in_the_basic_game():
    state = game.new(S40, BASIC)
    game.apply(state, {"type": "sickle-cut", "launch": True}, dice())
    uid = next(a["unit"] for a in sequence.prompt(state).actions if a["type"] == "cup")
    game.apply(state, {"type": "cup", "unit": uid}, dice())
    assert uid not in {u["id"] for u in game.view(state, "allied")["units"]}
    assert game.view(state, "allied")["cup"] == 1


def test_a_basic_1939_game_plays_to_its_end():
    session = play(S39, 3, lambda s, e: _check(s), options=BASIC)
    assert session.outcome().winner in ("german", "allied")


def _check(session) -> None:
    problems = game.check_invariants(session.state)
    assert not problems, problems
