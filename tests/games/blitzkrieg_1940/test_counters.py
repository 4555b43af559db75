"""What a counter says (2.0) and who is at war at the start (8.1)."""

import pytest

from wargames_tui.games.blitzkrieg_1940 import movement, sequence
from wargames_tui.games.blitzkrieg_1940.position import Position

from .helpers import S39, S40, bare, board, open_ground


@pytest.mark.rules("blitzkrieg-1940:2.4")
def test_every_counter_has_nation_steps_factors_type_and_setup():
    for scenario in (S40, S39):
        for u in board(scenario).units.values():
            assert u.nation and u.type and 1 <= len(u.steps) <= 4 and u.setup


@pytest.mark.rules("blitzkrieg-1940:2.6.1")
@pytest.mark.rules("blitzkrieg-1940:2.6.2")
def test_nations_and_their_sides():
    nations = board().game.nations
    assert {n: x.side for n, x in nations.items()} == {
        "german": "german", "french": "allied", "british": "allied", "belgian": "allied", "dutch": "allied"}


@pytest.mark.rules("blitzkrieg-1940:2.6.3")
def test_the_1939_scenario_is_french_against_german_only():
    assert {u.nation for u in board(S39).units.values()} == {"french", "german"}


@pytest.mark.rules("blitzkrieg-1940:2.8.1")
@pytest.mark.rules("blitzkrieg-1940:2.8.2")
def test_unit_types_are_mechanized_or_not():
    types = board().game.types
    for t in ("panzer", "tank", "lt-mech-cav", "motorcycle-cavalry", "mechanized-infantry", "motorized-infantry"):
        assert types[t] == "mech"
    for t in ("infantry", "fortress-infantry", "bicycle-infantry", "emergency-delay", "static-infantry",
              "airborne-coup", "light-infantry", "mountain-infantry"):
        assert types[t] == "leg"
    assert board().units["de-1pz"].mech and not board().units["de-1inf"].mech


@pytest.mark.rules("blitzkrieg-1940:2.7")
def test_printed_abbreviations_appear_in_unit_names():
    names = " ".join(u.name for u in board().units.values())
    for abbr in ("(A)", "(M)", "(C)", "BMN", "(BE)", "(MW)", "(AS)", "(P)", "Brigade A", "Brigade B", "Brigade C", "Brigade D"):
        assert abbr in names


@pytest.mark.rules("blitzkrieg-1940:2.9")
def test_sizes_set_stacking():
    b = board()
    assert {u.size for u in b.units.values()} <= set(b.game.stacking) - {"limit"}
    assert b.units["gb-frank"].size == "[X]" and b.units["gb-bauman"].size == "[XX]"


@pytest.mark.rules("blitzkrieg-1940:2.10")
@pytest.mark.rules("blitzkrieg-1940:2.12")
@pytest.mark.rules("blitzkrieg-1940:2.13")
def test_factors_and_steps():
    state = bare({"de-1inf": open_ground("Germany", 2)}, turn=3)
    p = Position(state)
    assert p.steps_of("de-1inf") == ("8", "10", 6) and movement.allowance(p, "de-1inf") == 6
    state.units["de-1inf"].steps = 1  # flipped after a step loss: the weaker side shows
    assert Position(state).steps_of("de-1inf") == ("4", "5", 6)


@pytest.mark.rules("blitzkrieg-1940:8.1")
def test_only_france_and_germany_are_at_war_at_the_start():
    for scenario in (S40, S39):
        assert sequence.new_state(scenario, {}).violated == {}
