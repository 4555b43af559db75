"""Both sides of limits the rest of the suite met on one side only (found by benchmarks/mutation.py):
exactly enough MPs for a river crossing, the one sea move a phase, where displaced units may go,
no RAF counter at all."""

import pytest

from wargames_tui.games.blitzkrieg_1940 import sequence, setup, victory
from wargames_tui.games.blitzkrieg_1940.operations import sea_actions
from wargames_tui.games.blitzkrieg_1940.position import Position

from .helpers import H, around, bare, board, dice, open_ground, river_crossing

FR = open_ground("France", 2)
N = around(FR)[0]


@pytest.mark.rules("blitzkrieg-1940:13.9")
@pytest.mark.parametrize(("roll", "crosses"), [(4, True), (6, False)])
def test_a_river_crossing_with_exactly_the_mps_left_is_made(roll: int, crosses: bool):
    # 4 MPs: 1 to reach the river, 1 to enter the hex across, half the die more: a 4 needs all four
    b = board()
    a, d, on = river_crossing()
    state = bare({"fr-4di": b.label(on)}, phase="allied-movement", control={d: "german"})
    sequence.apply(state, {"type": "move", "units": ["fr-4di"], "path": [a, d]}, dice(roll))
    assert (state.units["fr-4di"].hex == d) is crosses


@pytest.mark.rules("blitzkrieg-1940:13.11")
def test_one_division_a_phase_by_sea_british_to_britain_french_to_the_sr():
    b = board()
    dunkirk = b.label(b.cities["Dunkirk"][0])
    state = bare({"gb-1": dunkirk, "gb-2": dunkirk}, phase="allied-movement")
    sequence.apply(state, {"type": "sea", "unit": "gb-1", "to": "off"}, dice())
    assert state.units["gb-1"].status == "britain"
    assert sea_actions(Position(state)) == []  # gb-2 could sail, but one division has
    # others on the map, so that no nation capitulates for want of steps (8.9)
    state = bare({"fr-4di": dunkirk, "fr-21di": FR, "be-1": open_ground("Belgium"), "nl-a": open_ground("Holland")},
                 phase="allied-movement")
    sequence.apply(state, {"type": "sea", "unit": "fr-4di", "to": "off"}, dice())
    assert state.units["fr-4di"].status == "sr"


@pytest.mark.rules("blitzkrieg-1940:7.4")
def test_units_displaced_by_a_coup_never_go_where_germans_stand():
    state = bare({"fr-4di": FR, "de-1inf": N}, phase="coup-displace")
    out = setup.displace_hexes(Position(state), "fr-4di")
    assert H(N) not in out and set(out) == {H(x) for x in around(FR)[1:]}


@pytest.mark.rules("blitzkrieg-1940:14.14")
def test_the_allies_may_send_no_raf_counter():
    state = bare({"de-1inf": N, "fr-4di": FR}, phase="german-combat", order={"german": "move"}, raf="committed", raf_available=1)
    sequence.apply(state, {"type": "attack", "hex": H(FR), "attackers": ["de-1inf"]}, dice())
    events = sequence.apply(state, {"type": "raf", "count": 0}, dice(3, 3))
    data = next(e for e in events if e.kind == "combat").data
    assert not [s for s in data["shifts"] if "RAF" in s["why"]] and state.raf_used == 0


@pytest.mark.rules("blitzkrieg-1940:4.1")
@pytest.mark.parametrize(("total", "winner"), [(2, "allied"), (3, "german"), (4, "german")])
def test_germany_wins_with_three_victory_points_or_more(total: int, winner: str, monkeypatch: pytest.MonkeyPatch):
    monkeypatch.setattr(victory, "final_points", lambda state, dice: (total, [], {}))
    state = bare({})
    sequence._final(state, dice())
    assert state.winner == winner
