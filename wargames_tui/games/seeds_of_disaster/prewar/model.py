"""The strategic (prewar) part of a Seeds of Disaster position: DS level, date, points, cards, orders.

Everything here is table state: the deck is the set of cards not in a hand or out of play, never an
order (4.1.10: each draw is made at the moment of the draw); orders are the secret decisions of the
segment under way, kept until both sides have entered theirs (3.1.4).
"""

from __future__ import annotations

from typing import Any

from pydantic import BaseModel, ConfigDict, Field

from wargames_tui.games.seeds_of_disaster.prewar import data

# The five DS levels in rising order (3.1.2).
DS_LEVELS: tuple[str, ...] = (
    "peace",
    "opposition",
    "preparations",
    "belligerence",
    "hostilities",
)
PREWAR_SIDES: tuple[str, str] = ("german", "allied")


def per_side(value: Any = 0) -> Any:
    return Field(
        default_factory=lambda: {
            s: (value() if callable(value) else value) for s in PREWAR_SIDES
        }
    )


class Orders(BaseModel):
    """One side's secret decisions for the segment under way, revealed with the other's (3.1.4)."""

    model_config = ConfigDict(extra="forbid")

    done: bool = False
    items: list[dict[str, Any]] = Field(
        default_factory=list
    )  # the actions entered, in their order


class Strategic(BaseModel):
    model_config = ConfigDict(extra="forbid")

    ds: str = "peace"  # one of DS_LEVELS (3.1.2)
    year: int = 1934  # the year turn, or the year of a month turn
    month: int = 0  # the turn of Armed Belligerence, 1-8 (0 before it, 3.1.2)
    pending_belligerence: bool = (
        False  # Armed Belligerence starts with the next turn (3.3.5)
    )
    raised_this_turn: bool = False  # the DS rose this turn: no second rise (3.1.3)
    segment: str = (
        "begin"  # the play segment under way (3.4); "begin" deals the opening hands
    )
    step: str = "orders"  # where the segment stands: "orders", "respond", ...
    rp: dict[str, int] = per_side(0)
    ip: dict[str, int] = per_side(0)
    cp: dict[str, int] = per_side(0)
    tech: dict[str, int] = per_side(
        0
    )  # RPs invested towards Technology Level 2 (7.3.2-7.3.4)
    rp_drm: dict[str, int] = per_side(
        0
    )  # this turn's RP table modifiers (3.3.2, 7.1.1)
    rp_drm_next: dict[str, int] = per_side(
        0
    )  # modifiers for the next RP roll from cards and events
    ip_drm_perm: dict[str, int] = per_side(
        0
    )  # permanent collection advantage (5.1.3, 5.3.5)
    ip_drm_temp: dict[str, int] = per_side(
        0
    )  # this turn's collection advantage (5.1.3)
    ip_blocked: dict[str, bool] = per_side(
        False
    )  # may not use the IP table this turn (4.3.2)
    indicators: dict[str, list[str]] = per_side(
        list
    )  # qualitative indicators this turn (5.1.2)
    indicator_adjust: dict[str, int] = per_side(
        0
    )  # added/subtracted by intelligence events (5.1.2)
    hands: dict[str, list[str]] = per_side(list)  # card ids held (4.1)
    stolen: dict[str, list[str]] = per_side(
        list
    )  # taken this turn: not playable now (4.3.1)
    lost: dict[str, list[str]] = per_side(
        list
    )  # taken from this side this turn: it knows which (4.3.1)
    played: dict[str, list[str]] = per_side(
        list
    )  # shown until the end of the turn (4.1.9)
    events_played: list[str] = Field(
        default_factory=list
    )  # played for their event this turn (4.1.12)
    history: list[str] = Field(
        default_factory=list
    )  # every card played for its event this game (7.2.7)
    discards: dict[str, list[str]] = per_side(
        list
    )  # face down, never shown to the other (4.1.8)
    deck: list[str] = Field(
        default_factory=lambda: sorted((str(c) for c in data.cards()), key=int)
    )  # drawable, no order
    removed: list[str] = Field(
        default_factory=list
    )  # one-time cards out of the game (4.1.12)
    in_force: list[str] = Field(
        default_factory=list
    )  # played cards whose effect lasts (e.g. 7.2.7, 21.5.4)
    unlocked: dict[str, list[str]] = per_side(
        list
    )  # unit kinds a card made buildable early (7.5.1)
    halved: dict[str, list[str]] = per_side(
        list
    )  # unit kinds a card made half price (7.5.2)
    orders: dict[str, Orders] = per_side(Orders)  # the segment's secret orders (3.1.4)
    intel_results: dict[str, list[int]] = per_side(
        list
    )  # intelligence events this turn (5.3.4)
    moves_used: dict[str, dict[str, int]] = per_side(
        dict
    )  # movement allowances used this turn
    maneuvers: dict[str, int] = per_side(0)  # MMs this turn (6.1.1)
    built: dict[str, list[str]] = per_side(
        list
    )  # units first mobilized this turn (7.2.6)
    armored_built: dict[str, int] = per_side(
        0
    )  # French armored corps begun this turn (7.2.7)
    poland: dict[str, list[str]] = Field(
        default_factory=lambda: {"a": [], "b": []}
    )  # 21.5.1
    poland_return: dict[str, int] = Field(
        default_factory=lambda: {"a": 3, "b": 4}
    )  # AB month of return (21.5.2, 21.5.4)
    returned: list[str] = Field(
        default_factory=list
    )  # back from Poland this month: moves not counted (21.5.2)
    polish_corps_in: bool = False  # 21.5.3
    command_last: int = 0  # the German Command Events result of this war turn (6.3.4)

    @property
    def level(self) -> int:
        return DS_LEVELS.index(self.ds)

    def tech_level(self, side: str) -> int:
        return 2 if self.tech[side] >= 60 else 1  # 7.3.4
