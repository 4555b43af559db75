"""Supply (10.0, 5.5, 9.4)."""

import pytest

from wargames_tui.games.blitzkrieg_1940.position import Position

from .helpers import H, around, bare, board, open_ground

FR = open_ground("France", 2)


def ring(centre: str) -> dict[str, str]:
    """Six German infantry divisions round a hex."""
    ids = ["de-1inf", "de-4inf", "de-7inf", "de-11inf", "de-14inf", "de-19inf"]
    return dict(zip(ids, around(centre)))


@pytest.mark.rules("blitzkrieg-1940:10.5")
@pytest.mark.rules("blitzkrieg-1940:10.6")
@pytest.mark.rules("blitzkrieg-1940:10.1")
def test_a_line_to_a_source_and_enemy_zones_cut_it():
    state = bare({"fr-4di": FR}, turn=3)
    assert Position(state).supplied("fr-4di")
    state = bare({"fr-4di": FR, **ring(FR)}, turn=3)
    p = Position(state)
    assert not p.supplied("fr-4di")
    assert state.units["fr-4di"].steps == 2  # 10.1: no loss for being out of supply


@pytest.mark.rules("blitzkrieg-1940:9.4")
def test_a_friendly_unit_negates_a_zone_for_supply_and_german_armour_ignores_zones():
    # Two German divisions two hexes apart leave a zone between them; a French unit there lets the line pass.
    n = around(FR)
    state = bare({"fr-4di": FR, "de-1inf": around(n[0])[0]}, turn=3)
    zone = Position(state).ezoc("allied")
    assert H(n[0]) in zone
    from wargames_tui.games.blitzkrieg_1940 import sequence

    state = sequence.new_state("blitzkrieg-1940/1940", {})
    state.turn, state.violated = 3, {"Belgium": 1, "Holland": 1, "Luxembourg": 1}
    p = Position(state)
    extra = p.supplied_hexes("german-mech") - p.supplied_hexes("german")
    assert extra and extra <= set(p.supplied_hexes("german-mech"))
    assert any(h in p.ezoc("german") for h in extra)


@pytest.mark.rules("blitzkrieg-1940:5.5")
def test_first_turn_supply():
    state = bare({"fr-4di": FR, **ring(FR)}, turn=1, couplet=1)
    assert Position(state).supplied("fr-4di")
    state.couplet = 2
    assert not Position(state).supplied("fr-4di")
    board()
    state = bare({"de-1pz": FR, "de-1inf": FR, "fr-21di": around(FR)[0]}, turn=1, couplet=2)
    p = Position(state)
    assert p.supplied("de-1pz")


@pytest.mark.rules("blitzkrieg-1940:10.7")
def test_a_french_edge_source_is_lost_while_a_german_unit_holds_it():
    b = board()
    edge = b.french_edge[0]
    state = bare({"de-1inf": b.label(edge)}, turn=3)
    assert edge not in Position(state).supply_sources("french")
    state = bare({}, turn=3)
    assert edge in Position(state).supply_sources("french")


@pytest.mark.rules("blitzkrieg-1940:10.8")
def test_bef_supply_from_the_ports_lost_for_good():
    b = board()
    state = bare({"gb-1": FR}, turn=3, lost_ports=[b.cities["Dunkirk"][0]])
    p = Position(state)
    assert b.cities["Dunkirk"][0] not in p.supply_sources("bef") and b.cities["Calais"][0] in p.supply_sources("bef")
    assert p.supply_class("gb-51") == ("bef", "french") and p.supply_class("gb-1") == ("bef",)


@pytest.mark.rules("blitzkrieg-1940:10.9")
def test_german_sources_edge_and_ruhr():
    b = board()
    state = bare({"fr-4di": b.label(b.german_edge[5])}, turn=3)
    src = Position(state).supply_sources("german")
    assert b.german_edge[5] not in src and b.german_edge[6] in src and b.ruhr <= set(src)


@pytest.mark.rules("blitzkrieg-1940:10.10")
@pytest.mark.rules("blitzkrieg-1940:10.11")
def test_home_supply_for_the_low_countries_and_cities():
    b = board()
    be = next(h for h in sorted(b.terrain) if b.country[h] == "Belgium" and b.land(h) and h not in b.city_of)
    state = bare({"be-4": b.label(be), **ring(b.label(be))}, turn=3)
    assert Position(state).supplied("be-4")
    reims = b.cities["Reims"][0]
    state = bare({"fr-4di": b.label(reims), **ring(b.label(reims))}, turn=3)
    assert Position(state).supplied("fr-4di")
    state.lost_city_supply = [reims]
    assert not Position(state).supplied("fr-4di")


@pytest.mark.rules("blitzkrieg-1940:10.2")
@pytest.mark.rules("blitzkrieg-1940:10.4")
def test_supply_is_judged_when_moving_and_attacking_not_when_defending():
    from wargames_tui.games.blitzkrieg_1940 import combat, movement

    from .helpers import dice

    state = bare({"fr-4di": FR, **ring(FR)}, turn=3, phase="german-combat")
    p = Position(state)
    parts = combat.defence_factors(p, ["fr-4di"], dice(4))
    assert parts[0]["value"] == 7  # 10.4: full defence out of supply
    state.phase = "allied-combat"
    parts = combat.attack_factors(Position(state), H(around(FR)[0]), ["fr-4di"], dice(5))
    assert parts[0]["halvings"] == ["out of supply (10.3B)"]
    assert movement.allowance(Position(state), "fr-4di") == 4


@pytest.mark.rules("blitzkrieg-1940:10.12")
@pytest.mark.rules("blitzkrieg-1940:10.13")
def test_any_number_of_units_trace_one_line_and_may_move_out_of_supply():
    n = around(FR)
    state = bare({"fr-4di": FR, "fr-21di": FR, "fr-60di": n[0], "fr-68di": n[0]}, turn=3)
    p = Position(state)
    assert all(p.supplied(u) for u in ("fr-4di", "fr-21di", "fr-60di", "fr-68di"))
