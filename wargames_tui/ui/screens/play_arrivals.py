"""Units coming onto the map and units taken off it, with the cursor and Enter.

Mixed into PlayScreen:
- set-up placements (actions `place`) and reinforcement phases (`enter` with a unit):
  Tab / Shift+Tab choose the waiting unit, Enter on a violet hex brings it on;
- face-down reinforcements (`enter` without a unit): Enter on a violet edge hex with nothing
  selected, or p, draws one from the pool;
- a set-up bombardment (`bombard`, then `disrupt`): r or Enter rolls, then Enter on red units;
- removals (exchange 9.4, over-full hexes 7.3): Enter on a red hex, a number key in a stack.
"""

from __future__ import annotations

from typing import Any

from wargames_tui.engine.flow import Action
from wargames_tui.engine.hexgrid import Hex
from wargames_tui.ui import gamehooks
from wargames_tui.ui.screens.play_base import HexScreenBase


ARRIVING = ("place", "reinforce")


class ArrivalsMixin(HexScreenBase):
    # --- waiting units -----------------------------------------------------------
    def arrival_actions(self) -> list[Action]:
        """The prompt's actions that bring a chosen unit on (place, or enter with a unit)."""
        return [a for a in self.prompt.actions if a.get("type") in ("place", "enter") and "unit" in a]

    def waiting_units(self) -> list[dict[str, Any]]:
        """The units that may come on now, in the order the rules list them."""
        seen: list[str] = []
        for a in self.arrival_actions():
            if a["unit"] not in seen:
                seen.append(a["unit"])
        return [u for u in (self.unit(uid) for uid in seen) if u is not None]

    def chosen_unit(self) -> str | None:
        """The waiting unit that Enter places: the one chosen with Tab, else the first."""
        ids = [u["id"] for u in self.waiting_units()]
        if not ids:
            return None
        if self.chosen_pending not in ids:
            self.chosen_pending = ids[0]
        return self.chosen_pending

    def arrival_hexes(self, uid: str | None) -> list[Hex]:
        return [a["hex"] for a in self.arrival_actions() if a["unit"] == uid]

    def pool_entries(self) -> list[Action]:
        if "enter" not in self.prompt_types:  # asked at every cursor key: build no lazy move for it
            return []
        return [a for a in self.prompt.actions if a.get("type") == "enter" and "pool" in a]

    def jump_to_lit(self, hexes: list[Hex]) -> None:
        """Put the cursor on the lit hex nearest to it, unless it is on one already."""
        if not hexes or self.cursor in hexes:
            return
        from wargames_tui.ui.widgets.hexmap import HexMap

        grid = self.board.grid
        here = self.cursor
        nearest = min(hexes, key=lambda h: (grid.distance(here, h), h))
        self.query_one(HexMap).set_cursor(nearest)

    def action_next_pending(self, step: int = 1) -> None:
        if self.step == "remove":
            mine = self.removable_here()
            if mine:
                i = mine.index(self.picked) if self.picked in mine else -1 if step > 0 else 0
                self.picked = mine[(i + step) % len(mine)]
                self.say(f"{self.label(self.picked)} marked: Enter removes it.")
                self.refresh_all()
            return
        ids = [u["id"] for u in self.waiting_units()]
        if not ids:
            return
        current = self.chosen_unit()
        i = ids.index(current) if current in ids else 0
        self.chosen_pending = ids[(i + step) % len(ids)]
        self.message = None
        self.refresh_all()
        self.jump_to_lit(self.arrival_hexes(self.chosen_pending))

    def action_prev_pending(self) -> None:
        self.action_next_pending(-1)

    def pending_note(self) -> str:
        step = self.step
        if step in ARRIVING:
            uid = self.chosen_unit()
            if uid is None:
                return "Nothing may come on now." + (" e ends the phase." if step == "reinforce" else "")
            n = len(self.arrival_hexes(uid))
            end = " · e: hold the rest back" if step == "reinforce" else ""
            where = "the violet hex" if n == 1 else f"one of {n} violet hexes"
            return f"Tab/Shift+Tab: choose · Enter on {where}{end}"
        pools = self.pool_entries()
        if pools:
            names = sorted({a["pool"] for a in pools})
            hexes = len({a["hex"] for a in pools})
            return (
                f"Face-down pool {', '.join(names)} may enter before any unit moves: Enter or p on one of "
                f"{hexes} violet edge hexes; the log names the unit drawn"
            )
        return ""

    # --- Enter in each of these steps -----------------------------------------------
    def _enter_arrival(self, h: Hex) -> None:
        uid = self.chosen_unit()
        if uid is None:
            self.say("No unit may come on now." + (" Press e to end the phase." if self.step == "reinforce" else ""))
            return
        action = next((a for a in self.arrival_actions() if a["unit"] == uid and a["hex"] == h), None)
        if action:
            self.play(action)
            return
        kind = "place" if self.step == "place" else "enter"
        exc = gamehooks.dry_run(self.session, {"type": kind, "unit": uid, "hex": h})
        if exc:
            self.refuse(exc)
        else:
            self.say(f"{self.label(uid)} may not come on in {h}: choose a violet hex.", "error")

    def _enter_pool(self, h: Hex) -> bool:
        """A face-down entry at h, if the rules offer one there; True when played."""
        action = next((a for a in self.pool_entries() if a["hex"] == h), None)
        if action:
            self.play(action)
            return True
        return False

    def action_pool_entry(self) -> None:
        entries = self.pool_entries()
        if not entries:
            return
        self.message = None
        if self._enter_pool(self.cursor):
            return
        self.jump_to_lit([a["hex"] for a in entries])
        self.say("Face-down reinforcements enter on the violet edge hexes: the cursor is on one; press p or Enter.")

    def _bombard_targets(self) -> list[str]:
        return [a["unit"] for a in self.actions_of("disrupt")]

    def action_bombard(self) -> None:
        action = self._only("bombard")
        if action:
            self.message = None
            self.play(action)

    def _enter_bombard(self, h: Hex, index: int | None = None) -> None:
        if self._only("bombard"):
            self.action_bombard()
            return
        targets = self._bombard_targets()
        here = self.units_at(h)
        if index is not None:
            if index >= len(here):
                self.say(f"There is no unit {index + 1} in {h}.", "error")
                return
            candidates = [here[index]["id"]]
        else:
            candidates = [u["id"] for u in here if u["id"] in targets]
        uid = next((u for u in candidates if u in targets), None)
        if uid:
            self.play({"type": "disrupt", "unit": uid})
            return
        if here:
            exc = gamehooks.dry_run(self.session, {"type": "disrupt", "unit": (candidates or [here[0]["id"]])[0]})
            if exc:
                self.refuse(exc)
                return
        self.say("Enter on a red unit to disrupt it.", "error")

    def _remove_candidates(self) -> list[str]:
        return [a["unit"] for a in self.actions_of("remove")]

    def _enter_remove(self, h: Hex, index: int | None = None) -> None:
        candidates = self._remove_candidates()
        here = self.units_at(h)
        if index is not None:
            if index >= len(here):
                self.say(f"There is no unit {index + 1} in {h}.", "error")
                return
            uid = here[index]["id"]
            if uid in candidates:
                self.play({"type": "remove", "unit": uid})
                return
            exc = gamehooks.dry_run(self.session, {"type": "remove", "unit": uid})
            self.refuse(exc) if exc else self.say(f"{self.label(uid)} cannot be removed now.", "error")
            return
        mine = [u["id"] for u in here if u["id"] in candidates]
        if len(mine) == 1:
            self.play({"type": "remove", "unit": mine[0]})
            return
        if self.picked in mine:
            self.play({"type": "remove", "unit": self.picked})
            return
        if mine:
            # Several could go: mark one first, so a removal always takes a deliberate second key.
            self.picked = mine[0]
            self.say(f"{self.label(self.picked)} marked: Enter removes it; Tab marks the next one, or press its number.")
            return
        self.say("Enter on a red hex to remove a unit there.", "error")

    def removable_here(self) -> list[str]:
        candidates = self._remove_candidates()
        return [u["id"] for u in self.units_at(self.cursor) if u["id"] in candidates]

    # --- hints --------------------------------------------------------------------
    def arrival_hint(self, step: str, h: Hex, here: list[dict[str, Any]]) -> str:
        if step in ARRIVING:
            uid = self.chosen_unit()
            if uid is None:
                return "No unit may come on now" + ("; e ends the phase" if step == "reinforce" else "")
            if h in self.arrival_hexes(uid):
                verb = "place" if step == "place" else "bring on"
                mine = sum(1 for u in here if u["side"] == self.prompt.side)
                already = f" ({mine} of yours here already)" if mine else ""
                return f"Enter: {verb} {self.label(uid)} here{already}"
            return f"{self.label(uid)} chosen (Tab for another): violet hexes are where it may go"
        if step == "bombard":
            if self._only("bombard"):
                return "r or Enter: roll the die for the naval bombardment"
            left = gamehooks.bombard_left(self.session)
            count = f"{left} more to disrupt: " if left is not None else ""
            targets = [u for u in here if u["id"] in self._bombard_targets()]
            if targets:
                pick = " (or a number key)" if len(here) > 1 else ""
                return f"{count}Enter: disrupt {self.label(targets[0]['id'])}{pick}"
            return f"{count}Enter on a red unit disrupts it"
        if step == "remove":
            candidates = self._remove_candidates()
            mine = [(i, u) for i, u in enumerate(here, start=1) if u["id"] in candidates]
            if len(mine) == 1:
                return f"Enter: remove {self.label(mine[0][1]['id'])}"
            if any(u["id"] == self.picked for _, u in mine):
                return f"Enter: remove {self.label(self.picked)} · Tab: mark the next one · 1-9: remove that unit"
            if 1 < len(mine) <= 4:
                return "Press " + " or ".join(f"{i} ({u['short']})" for i, u in mine) + " to remove that unit"
            if mine:
                return "Enter marks a unit to remove (Tab the next, Enter again removes it), or press its number"
            return "Enter on a red hex to choose the unit to remove"
        return ""
