"""The position of a Seeds of Disaster game: one pydantic model, JSON in and out.

The prewar part (diplomatic status, date, RP/IP/CP, cards, secret orders) is `strategic`, owned by
the prewar subpackage; this module holds the pieces and the war (Active Hostilities, 8.0-20.0).
"""

from __future__ import annotations

from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field

from wargames_tui.games.seeds_of_disaster.prewar.model import Strategic

Side = Literal["german", "allied"]
SIDES: tuple[Side, Side] = ("german", "allied")

# Where a unit is (2.3): the Force Pool (2.3.3), the Mobilized Units box (2.3.4), the Reserve
# (OKW or GQG, 2.3.2), an army's Poised Forces box (2.3.1, 9.2), an area of the map, one of the
# two Polish invasion boxes (21.5.1), away for good defending Poland (21.5.4), or eliminated.
Box = Literal[
    "pool",
    "mobilized",
    "reserve",
    "poised",
    "map",
    "poland_a",
    "poland_b",
    "poland",
    "eliminated",
]


class Unit(BaseModel):
    """One counter: an army (steps 0-19 on its organization track), a corps, an air fleet or a
    Westwall marker (steps 1 reduced, 2 full; Belgian double corps up to 4, 7.2.5)."""

    model_config = ConfigDict(extra="forbid", validate_assignment=False)

    id: str
    kind: str  # a kind named in counters.toml: army, infantry, panzer, dlc, dlm, armored, ...
    side: Side
    nation: str
    box: Box = "pool"
    zone: str | None = None  # the map area when box == "map"
    army: str | None = (
        None  # the army whose Poised Forces box holds it (box == "poised")
    )
    steps: int = 0
    disrupted: bool = False  # armies only (15.0)
    held_by: str | None = None  # the disrupted army it dropped from, till that recovers (15.1.3)
    disrupted_turn: int = 0  # the player-turn it was disrupted in, board.player_turn (15.1.5, 15.2.2)
    moved: bool = False  # moved or redeployed this movement segment (10.1.11, 11.0)
    fought: bool = False  # attacked or was committed to a battle this combat segment
    reserve_turn: int = -1  # the turn it entered or left the Reserve (2.3.2 a)
    flown: bool = False  # air fleets: flew this turn (18.0)
    mobilized_turn: int = -1  # corps: the turn it was first mobilized (7.2.6)

    @property
    def on_map(self) -> bool:
        return self.box == "map"


class BattleSide(BaseModel):
    model_config = ConfigDict(extra="forbid")

    units: list[str] = Field(
        default_factory=list
    )  # ground units committed: armies, columnar corps (13.3)
    poised: list[str] = Field(
        default_factory=list
    )  # corps poised with a committed army (9.2.3)
    air: list[str] = Field(
        default_factory=list
    )  # air fleets flown to the battle (13.3, 13.5)
    options: list[str] = Field(
        default_factory=list
    )  # paid extras: tactical, recon, pakfront, engineers, fortint, airintel
    done: bool = False  # this side has declared all it adds


class Battle(BaseModel):
    """One combat under way (13.1-13.7), from declaration to advance after combat."""

    model_config = ConfigDict(extra="forbid")

    area: str
    attacker: Side
    step: str = "support"  # support, defend (13.4), defend-support (13.5), losses, retreat, advance, breakthrough
    breakthrough: bool = False  # a battle of a Breakthrough segment (16.1.3)
    overconcentration: bool = False  # 6.2.4
    parachute: bool = False  # 17.0
    neutralize: bool = False  # the defender's air neutralizes (13.5.4)
    origins: dict[str, str] = Field(
        default_factory=dict
    )  # attacking unit -> the area it attacks from
    sides: dict[str, BattleSide] = Field(
        default_factory=lambda: {"german": BattleSide(), "allied": BattleSide()}
    )
    winner: Side | None = None
    row: dict[str, Any] = Field(default_factory=dict)  # the CRT row applied (13.7.5)
    exploit: bool = False  # the attacker won a Breakthrough with Poised Forces (16.0)
    advance_to: list[str] = Field(
        default_factory=list
    )  # vacated areas the winner may occupy (13.7.9)
    stage: str = "crt"  # whose hits the losses step takes: "mobile" (13.2.4 c) or "crt" (13.7.7)
    hits: dict[str, int] = Field(
        default_factory=dict
    )  # side -> hits suffered in the Mobile Forces Battle (13.2.4 d, e)
    owed: dict[str, int] = Field(
        default_factory=dict
    )  # side -> CRT steps still to take, in the order they are chosen (13.7.7)
    taken: dict[str, int] = Field(default_factory=dict)  # side -> CRT steps taken so far
    troops: int = 0  # the defenders' steps when the battle was fought (14.3.4)
    retreats: list[str] = Field(
        default_factory=list
    )  # areas whose beaten stacks still have to retreat (13.7.8)
    beaten: list[str] = Field(
        default_factory=list
    )  # the loser's units in the battle, disrupted after the retreat when the CRT says so (15.0)
    exploiters: list[str] = Field(
        default_factory=list
    )  # the Breakthrough stack and its poised corps, wherever they advanced (16.1.3, 16.1.6)


class War(BaseModel):
    """Active Hostilities (8.0-20.0): weekly turns, Germans first (3.1.5)."""

    model_config = ConfigDict(extra="forbid")

    week: int = 0  # 1-10 once war has begun, 0 before
    player: Side = "german"  # the player-turn under way
    segment: str = (
        "movement"  # movement, combat, command (the SoP of Active Hostilities)
    )
    free_sr_used: bool = False  # one SR per player-turn is free (11.0)
    bridged: list[str] = Field(
        default_factory=list
    )  # "START:A>B": major rivers a stack from START paid a CP to cross this player-turn (10.1.10)
    attacked: list[str] = Field(
        default_factory=list
    )  # areas attacked this combat segment (13.1.3)
    battle: Battle | None = None
    paradrop_used: bool = False  # 17.1
    destroyed_forts: list[str] = Field(
        default_factory=list
    )  # Maginot areas marked destroyed (14.3.4)
    paris_axis: dict[str, bool] = Field(
        default_factory=dict
    )  # Paris area -> entered along the plan (19.0)
    experience: dict[str, list[str]] = Field(
        default_factory=dict
    )  # side -> 6.4 modifiers earned this turn
    command_results: list[int] = Field(
        default_factory=list
    )  # 11 and 66 once per game (6.3.3)
    entered: list[str] = Field(
        default_factory=list
    )  # Low Countries the Germans have entered (12.0)
    ended: bool = False  # the last turn is over, or Paris fell (2.3 Turns, 20.0)


class State(BaseModel):
    model_config = ConfigDict(extra="forbid")

    scenario: str
    options: dict[str, str] = Field(default_factory=dict)
    strategic: Strategic
    units: dict[str, Unit] = Field(default_factory=dict)
    control: dict[str, Side] = Field(
        default_factory=dict
    )  # area -> the side that last held it (20.0)
    attack_plan: str | None = (
        None  # the German axis of advance (19.0); secret until war
    )
    war: War = Field(default_factory=War)
    over: bool = False

    def to_json(self) -> dict[str, Any]:
        return self.model_dump(mode="json")

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> State:
        return cls.model_validate(data)

    def copy(self) -> State:  # type: ignore[override]
        return self.model_copy(deep=True)

    def side_units(self, side: Side) -> list[Unit]:
        return [u for u in self.units.values() if u.side == side]

    def in_zone(self, zone: str) -> list[Unit]:
        return [u for u in self.units.values() if u.box == "map" and u.zone == zone]
