"""Units coming onto the map and units taken off it.

- set-up placements (`place`) and reinforcements (`enter` with a unit): Tab / Shift+Tab choose the
  waiting unit, Enter on a violet hex brings it on;
- a set-up bombardment (`bombard`, then `disrupt`): r or Enter rolls, then Enter on red units;
- removals (an exchange, an over-full hex): Enter on a red hex, a number key in a stack.
"""

from __future__ import annotations

from wargames_tui.engine.flow import Action
from wargames_tui.engine.hexgrid import Hex
from wargames_tui.ui import gamehooks
from wargames_tui.ui.steps.base import Step
from wargames_tui.ui.steps.turn import Jump, Offer, Play, Results, Say, Select, Selection, Waiting, refused


class ArriveStep(Step):
    """Placing units at set-up (`place`); `ReinforceStep` brings them on in a reinforcement phase."""

    kind = "place"
    label = "Place here"
    verb = "place"
    action_type = "place"

    def arrival_actions(self) -> list[Action]:
        """The prompt's actions that bring a chosen unit on (place, or enter with a unit)."""
        return [a for a in [*self.turn.actions_of("place"), *self.turn.actions_of("enter")] if "unit" in a]

    def waiting_ids(self) -> list[str]:
        """The units that may come on now, in the order the rules list them."""
        ids = list(dict.fromkeys(a["unit"] for a in self.arrival_actions()))
        return [uid for uid in ids if self.turn.unit(uid) is not None]

    def chosen(self) -> str | None:
        """The waiting unit that Enter places: the one chosen with Tab, else the first."""
        ids = self.waiting_ids()
        if not ids:
            return None
        return self.sel.pending if self.sel.pending in ids else ids[0]

    def hexes_for(self, uid: str | None) -> list[Hex]:
        return [a["hex"] for a in self.arrival_actions() if a["unit"] == uid]

    def _ending(self, end: str) -> str:
        return ""

    def lights(self) -> dict[Hex, str]:
        return {h: "entry" for h in self.hexes_for(self.chosen())}

    def shows_crt(self) -> bool:
        return False

    def waiting(self) -> Waiting:
        units = [u for u in map(self.turn.unit, self.waiting_ids()) if u is not None]
        uid = self.chosen()
        if uid is None:
            note = "Nothing may come on now." + self._ending(" e ends the phase.")
        else:
            n = len(self.hexes_for(uid))
            where = "the violet hex" if n == 1 else f"one of {n} violet hexes"
            rest = " · e: spread the rest" if self.turn.actions_of("place-rest") else ""
            note = f"Tab/Shift+Tab: choose · Enter on {where}{self._ending(' · e: hold the rest back')}{rest}"
        title = f"Waiting to come on ({len(units)})" if units else "Reinforcements"
        return Waiting(units, uid if units else None, note, title)

    def hint(self, h: Hex) -> str:
        turn = self.turn
        uid = self.chosen()
        if uid is None:
            return "No unit may come on now" + self._ending("; e ends the phase")
        rest = "; e spreads the rest" if self.turn.actions_of("place-rest") else ""  # the footer has no room for it
        if h in self.hexes_for(uid):
            mine = sum(1 for u in turn.units_at(h) if u["side"] == turn.side)
            already = f" ({mine} of yours here already)" if mine else ""
            return f"Enter: {self.verb} {turn.label(uid)} here{already}{rest}"
        return f"{turn.label(uid)} chosen (Tab for another): violet hexes are where it may go{rest}"

    def enter(self, h: Hex) -> Results:
        uid = self.chosen()
        if uid is None:
            return (Say("No unit may come on now." + self._ending(" Press e to end the phase.")),)
        action = next((a for a in self.arrival_actions() if a["unit"] == uid and a["hex"] == h), None)
        if action:
            return (Play(action),)
        exc = self.turn.dry_run({"type": self.action_type, "unit": uid, "hex": h})
        return refused(exc, f"{self.turn.label(uid)} may not come on in {h}: choose a violet hex.")

    def cycles(self, h: Hex) -> bool:
        return bool(self.waiting_ids())

    def cycle(self, h: Hex, by: int) -> Results:
        ids = self.waiting_ids()
        if not ids:
            return ()
        current = self.chosen()
        i = ids.index(current) if current in ids else 0
        chosen = ids[(i + by) % len(ids)]
        return Select(self.sel.but(pending=chosen)), Jump(self.hexes_for(chosen))

    def after_play(self, action: Action) -> Selection:
        """The next waiting unit in the list is chosen once one came on, not the first again."""
        sel, ids, uid = super().after_play(action), self.waiting_ids(), action.get("unit")
        if uid is None or uid != self.sel.pending or uid not in ids:
            return sel
        later = ids[ids.index(uid) + 1 :]
        return sel.but(pending=later[0] if later else None)

    def start(self, cursor: Hex) -> Hex | None:
        return self.nearest_of(self.hexes_for(self.chosen()), cursor)

    follow = start

    def keys(self) -> set[str]:
        return super().keys() | ({"spread"} if self.turn.actions_of("place-rest") else set())

    def key(self, name: str, h: Hex) -> Results:
        """e: the units still waiting spread over their entry hexes in one go, where the game offers it."""
        if name != "spread":
            return super().key(name, h)
        if not self.sel.confirming:  # the whole set-up in one key: asked once
            n = len(self.waiting_ids())
            return Select(self.sel.but(confirming=True)), Say(
                f"e again places the {n} units still waiting, spread over the hexes where each may set up "
                f"({self.turn.prompt.case}); Tab and Enter place them one by one.")
        return Select(self.sel.but(confirming=False)), Offer(self.turn.actions_of("place-rest"), "Without a hex:")


class ReinforceStep(ArriveStep):
    kind = "reinforce"
    label = "Bring on here"
    verb = "bring on"
    action_type = "enter"

    def _ending(self, end: str) -> str:
        return end


class BombardStep(Step):
    kind = "bombard"
    label = "Roll/disrupt"

    def targets(self) -> list[str]:
        return [a["unit"] for a in self.turn.actions_of("disrupt")]

    def _target_hexes(self) -> list[Hex]:
        return [h for h in map(self.turn.hex_of, self.targets()) if h]

    def lights(self) -> dict[Hex, str]:
        return {h: "target" for h in self._target_hexes()}

    def shows_crt(self) -> bool:
        return False

    def pending(self, h: Hex) -> Action | None:
        """The bombardment's roll, which r or Enter takes anywhere: its chances beside the hint."""
        return self.turn.only("bombard")

    def hint(self, h: Hex) -> str:
        turn = self.turn
        if turn.only("bombard"):
            return "r or Enter: roll the die for the naval bombardment"
        left = gamehooks.bombard_left(turn.session)
        count = f"{left} more to disrupt: " if left is not None else ""
        here = turn.units_at(h)
        targets = [u for u in here if u["id"] in self.targets()]
        if targets:
            pick = " (or a number key)" if len(here) > 1 else ""
            return f"{count}Enter: disrupt {turn.label(targets[0]['id'])}{pick}"
        return f"{count}Enter on a red unit disrupts it"

    def enter(self, h: Hex) -> Results:
        return self._disrupt(h, [u["id"] for u in self.turn.units_at(h) if u["id"] in self.targets()])

    def pick(self, h: Hex, n: int) -> Results:
        return self._disrupt(h, [self.turn.units_at(h)[n - 1]["id"]])

    def _disrupt(self, h: Hex, candidates: list[str]) -> Results:
        roll = self.turn.only("bombard")
        if roll:
            return (Play(roll),)
        uid = next((u for u in candidates if u in self.targets()), None)
        if uid:
            return (Play({"type": "disrupt", "unit": uid}),)
        here = self.turn.units_at(h)
        if here:
            exc = self.turn.dry_run({"type": "disrupt", "unit": (candidates or [here[0]["id"]])[0]})
            if exc:
                return refused(exc, "")
        return (Say("Enter on a red unit to disrupt it.", "error"),)

    def start(self, cursor: Hex) -> Hex | None:
        return None if self.turn.only("bombard") else self.nearest_of(self._target_hexes(), cursor)

    follow = start


class RemoveStep(Step):
    kind = "remove"
    label = "Remove"

    def candidates(self) -> list[str]:
        return [a["unit"] for a in self.turn.actions_of("remove")]

    def removable(self, h: Hex) -> list[str]:
        candidates = self.candidates()
        return [u["id"] for u in self.turn.units_at(h) if u["id"] in candidates]

    def _hexes(self) -> list[Hex]:
        return [h for h in map(self.turn.hex_of, self.candidates()) if h]

    def lights(self) -> dict[Hex, str]:
        return {h: "remove" for h in self._hexes()}

    def marks(self) -> dict[str, str]:
        marks = super().marks()
        if self.sel.marked:
            marks[self.sel.marked] = "remove?"
        return marks

    def hint(self, h: Hex) -> str:
        turn = self.turn
        candidates = self.candidates()
        mine = [(i, u) for i, u in enumerate(turn.units_at(h), start=1) if u["id"] in candidates]
        if len(mine) == 1:
            return f"Enter: remove {turn.label(mine[0][1]['id'])}"
        if any(u["id"] == self.sel.marked for _, u in mine):
            return f"Enter: remove {turn.label(self.sel.marked or '')} · Tab: mark the next one · 1-9: remove that unit"
        if 1 < len(mine) <= 4:
            return "Press " + " or ".join(f"{i} ({u['short']})" for i, u in mine) + " to remove that unit"
        if mine:
            return "Enter marks a unit to remove (Tab the next, Enter again removes it), or press its number"
        return "Enter on a red hex to choose the unit to remove"

    def enter(self, h: Hex) -> Results:
        mine = self.removable(h)
        if len(mine) == 1:
            return (Play({"type": "remove", "unit": mine[0]}),)
        if self.sel.marked in mine:
            return (Play({"type": "remove", "unit": self.sel.marked}),)
        if mine:
            # Several could go: mark one first, so a removal always takes a deliberate second key.
            return Select(self.sel.but(marked=mine[0])), Say(
                f"{self.turn.label(mine[0])} marked: Enter removes it; Tab marks the next one, or press its number."
            )
        return (Say("Enter on a red hex to remove a unit there.", "error"),)

    def pick(self, h: Hex, n: int) -> Results:
        uid = self.turn.units_at(h)[n - 1]["id"]
        if uid in self.candidates():
            return (Play({"type": "remove", "unit": uid}),)
        return refused(self.turn.dry_run({"type": "remove", "unit": uid}), f"{self.turn.label(uid)} cannot be removed now.")

    def cycles(self, h: Hex) -> bool:
        return len(self.removable(h)) > 1

    def cycle(self, h: Hex, by: int) -> Results:
        mine = self.removable(h)
        if not mine:
            return ()
        i = mine.index(self.sel.marked) if self.sel.marked in mine else -1 if by > 0 else 0
        marked = mine[(i + by) % len(mine)]
        return Select(self.sel.but(marked=marked)), Say(f"{self.turn.label(marked)} marked: Enter removes it.")

    def start(self, cursor: Hex) -> Hex | None:
        return self.nearest_of(self._hexes(), cursor)

    follow = start

