"""What every step of the hex keys answers, and the step of a side nobody at the keys plays."""

from __future__ import annotations

from typing import ClassVar

from wargames_tui.engine.flow import Action
from wargames_tui.engine.hexgrid import Hex
from wargames_tui.ui.steps.turn import Play, Results, Say, Select, Selection, Turn, Waiting

# The keys a step may answer besides Enter, Tab and the number keys: name -> (key, footer label).
# The play screen binds each; a step says which it answers now (`keys`) and what they do (`key`).
NAMED_KEYS: dict[str, tuple[str, str]] = {
    "end_phase": ("e", "End phase"),
    "end_declarations": ("e", "End declarations"),
    "finish": ("e", "End/halt"),
    "spread": ("e", ""),  # a set-up's rest spread over its hexes: said in the Waiting panel, no room in the footer
    "resolve": ("r", "Resolve next"),
    "bombard": ("r", "Roll"),
    "pool_entry": ("p", "Face-down entry"),
    "no_advance": ("n", "No advance"),
    "break_off": ("b", "Break off"),
}

# Named keys that play the prompt's one action of a type, whenever the prompt has it.
ONE_ACTION = {"end_phase": "end-phase", "bombard": "bombard", "no_advance": "no-advance"}


class Step:
    """What the keys do in one step of the turn: what to light, what to hint at the cursor, and
    what Enter, a number key, Tab and the step's named keys ask for."""

    kind: ClassVar[str] = ""
    label: ClassVar[str] = "Act here"  # Enter's label in the footer

    def __init__(self, turn: Turn, sel: Selection) -> None:
        self.turn = turn
        self.sel = sel

    # --- drawing --------------------------------------------------------------------------
    def lights(self) -> dict[Hex, str]:
        return {}

    def on_top(self) -> list[str]:
        """The units drawn on top of their stacks: those being handled."""
        return [u for u in [self.sel.selected, *self.sel.attackers] if u]

    def marks(self) -> dict[str, str]:
        """Tags for the units in the hex panel: what the player has picked."""
        marks = {uid: "attacker" for uid in self.sel.attackers}
        if self.sel.selected:
            marks[self.sel.selected] = "selected"
        return marks

    def waiting(self) -> Waiting | None:
        """The panel of units off the map, when the step has one."""
        return None

    def dims_moved(self) -> bool:
        """Whether stacks that have all moved are drawn faded."""
        return False

    def shows_crt(self) -> bool:
        return True

    def hint(self, h: Hex) -> str:
        return ""

    def pending(self, h: Hex) -> Action | None:
        """The one action Enter would take at h that rolls dice or fights (its preview is shown), if any."""
        return None

    # --- keys -------------------------------------------------------------------------------
    def enter(self, h: Hex) -> Results:
        return ()

    def pick(self, h: Hex, n: int) -> Results:
        """Number key n: act on the n-th unit listed for hex h (by default, as Enter does)."""
        return self.enter(h)

    def cycles(self, h: Hex) -> bool:
        """Whether Tab chooses among units in this step."""
        return False

    def cycle(self, h: Hex, by: int) -> Results:
        return ()

    def keys(self) -> set[str]:
        """The named keys (NAMED_KEYS) that do something now."""
        types = self.turn.types
        found = {name for name, kind in ONE_ACTION.items() if kind in types}
        if "end-declarations" in types:
            found.add("end_declarations")
        if "resolve" in types:
            found.add("resolve")
        if "exit" in types:
            found.add("break_off")
        return found

    def key(self, name: str, h: Hex) -> Results:
        if name == "resolve":
            return self._resolve(h)
        if name == "end_declarations":
            return self._end_declarations()
        if name == "break_off":
            return self._break_off(h)
        kind = ONE_ACTION.get(name)
        action = self.turn.only(kind) if kind else None
        return (Play(action),) if action else ()

    def _resolve(self, h: Hex) -> Results:
        """r: the declared attack on the unit under the cursor, else the next one."""
        ids = {u["id"] for u in self.turn.units_at(h)}
        resolves = self.turn.actions_of("resolve")
        action = next((a for a in resolves if a["defender"] in ids), None) or (resolves[0] if resolves else None)
        return (Play(action),) if action else ()

    def _end_declarations(self) -> Results:
        """The declarations bind once ended: the first `e` asks, a second one ends them."""
        action = self.turn.only("end-declarations")
        if not action:
            return ()
        declared = len(self.turn.view.get("attacks") or [])
        if declared and not self.sel.confirming:  # with none declared nothing binds: no question
            return Select(self.sel.but(confirming=True)), Say(
                f"{declared} attack{'s' if declared != 1 else ''} declared: e again ends the declarations; "
                f"then each is fought and none added ({self.turn.prompt.case})."
            )
        return Select(self.sel.but(confirming=False, attackers=())), Play(action)

    def _break_off(self, h: Hex) -> Results:
        """b: the selected unit (else one of the stack) leaves by the map edge at the cursor."""
        exits = [a for a in self.turn.actions_of("exit") if self.turn.dest(a) == h]
        if self.sel.selected:
            exits = [a for a in exits if a["unit"] == self.sel.selected]
        else:
            own = {u["id"] for u in self.turn.units_at(h)}
            exits = [a for a in exits if a["unit"] in own]
        if exits:
            return (Play(exits[0]),)
        rule = "select a unit, put the cursor on a cyan map-edge hex in its reach, then press b"
        return (Say(f"No break-off here: {rule}.", "error"),)

    def after_play(self, action: Action) -> Selection:
        """The selection once the action is played: what it used up is dropped."""
        sel = self.sel.but(confirming=False)
        if action.get("type") == "move" and action.get("unit") == sel.selected:
            sel = sel.but(selected=None)
        if action.get("type") == "remove":
            sel = sel.but(marked=None)
        if action.get("attackers"):
            sel = sel.but(attackers=())
        return sel

    # --- the cursor ------------------------------------------------------------------------------
    def start(self, cursor: Hex) -> Hex | None:
        """Where the cursor helps at the start of the step, if elsewhere than where it is."""
        return None

    def follow(self, cursor: Hex) -> Hex | None:
        """Where the cursor goes after an action that leaves the step as it is."""
        return None

    def nearest_of(self, hexes: list[Hex], cursor: Hex) -> Hex | None:
        if not hexes or cursor in hexes:
            return None
        return self.turn.nearest(hexes, cursor)


class Idle(Step):
    """A bot plays the side to act, or another seat does, or the game is over: the keys only say so."""

    kind = "idle"

    def hint(self, h: Hex) -> str:
        return self._why().rstrip(".")

    def _why(self) -> str:
        if self.turn.over:
            return "The game is over: q returns to the menu."
        if self.turn.waiting:
            name = (self.turn.view.get("sides") or {}).get(self.turn.waiting, self.turn.waiting)
            return f"The {name} side plays at the other seat: wait for their move."
        return "The bot is playing this side; wait for your turn."

    def enter(self, h: Hex) -> Results:
        return (Say(self._why()),)

    def pick(self, h: Hex, n: int) -> Results:
        return (Say(self._why()),)

    def keys(self) -> set[str]:
        return set()
