"""The position of a Strange Victory campaign, as JSON-ready data."""

from __future__ import annotations

from dataclasses import asdict, dataclass, field, fields
from typing import Any


@dataclass
class Div:
    area: str
    resupply: bool = False  # flipped to its Resupply side: done for this phase (strange-victory:7.0)
    damage: str | None = None  # "disorder" or "shocked" (strange-victory:4.6)
    moved: int = 0  # areas entered in this activation
    limit: int = 2  # areas it may enter in this activation (strange-victory:8.2.1, 8.2.9)
    extra: str | None = None  # "gas" or "audacity" spent on a third area (strange-victory:8.2.8)


@dataclass
class Combat:
    area: str
    division: str
    kind: str  # "encounter" or "counterattack" (strange-victory:8.3)
    allied: list[str]
    base: int  # Allied strength before assets
    assets: list[str] = field(default_factory=list)  # used in this combat
    general_reduces: bool = False  # Giraud used for -1 strength rather than a re-roll
    recon_returned: str | None = None
    dice: list[int] | None = None  # None until rolled
    rerolled: bool = False


@dataclass
class State:
    scenario: str
    options: dict[str, str]
    turn: int = 1
    phase: str = "setup"  # setup | blitz | counterattack | repairs | over
    panic: int = 1
    audacity: dict[str, int] = field(default_factory=dict)
    flipped: list[str] = field(default_factory=list)  # commanders who re-rolled this turn (strange-victory:5.4.5)
    spent: list[str] = field(default_factory=list)  # commanders who used audacity this turn (strange-victory:10.1.1)
    divisions: dict[str, Div] = field(default_factory=dict)
    hidden: dict[str, str] = field(default_factory=dict)  # area -> letter of its face-down garrison
    coastal_hidden: dict[str, int] = field(default_factory=dict)  # port -> face-down coastal counters
    allied: dict[str, list[str]] = field(default_factory=dict)  # area -> revealed Allied counters still there
    pools: dict[str, list[str]] = field(default_factory=dict)  # hidden counters by letter, reaction-B/C, coastal
    box: list[str] = field(default_factory=list)  # campaign assets ready to use (strange-victory:3.2.8)
    discarded: list[str] = field(default_factory=list)  # starting assets used up (Recon may return one)
    active: str | None = None  # the division activating now
    korps: str | None = None  # the Korps activating now (strange-victory:7.0)
    combat: Combat | None = None

    def to_json(self) -> dict[str, Any]:
        data = {f.name: getattr(self, f.name) for f in fields(self)}
        data = {k: (dict(v) if isinstance(v, dict) else list(v) if isinstance(v, list) else v) for k, v in data.items()}
        data["divisions"] = {k: asdict(d) for k, d in self.divisions.items()}
        data["allied"] = {k: list(v) for k, v in self.allied.items()}
        data["pools"] = {k: list(v) for k, v in self.pools.items()}
        data["combat"] = asdict(self.combat) if self.combat else None
        return data

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> "State":
        data = dict(data)
        data["divisions"] = {k: Div(**v) for k, v in data["divisions"].items()}
        data["combat"] = Combat(**data["combat"]) if data.get("combat") else None
        return cls(**data)

    def copy(self) -> "State":
        return State.from_json(self.to_json())
