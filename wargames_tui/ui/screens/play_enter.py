"""What Enter (or a click) on a hex means in each step of the turn, and the hint for it.

Mixed into PlayScreen. Enter only ever plays one of the prompt's enumerated
actions; anything else is tried on a copy of the position (gamehooks.dry_run)
so the player reads the rules' own reason and case.
"""

from __future__ import annotations

from collections import deque
from typing import TYPE_CHECKING

from wargames_tui.engine.hexgrid import Hex
from wargames_tui.ui import gamehooks

if TYPE_CHECKING:
    from wargames_tui.ui.screens.play import PlayScreen

    _Base = PlayScreen
else:
    _Base = object


class EnterMixin(_Base):
    def hint(self) -> str:
        """What Enter (and the other keys) would do at the cursor."""
        step = self.step
        h = self.cursor
        here = self.units_at(h)
        side = self.prompt.side
        own = [u for u in here if u["side"] == side]
        enemy = [u for u in here if u["side"] != side]
        if step == "move":
            if self.selected:
                moves = [a for a in self.prompt.actions if a.get("unit") == self.selected and self.dest(a) == h]
                bits = []
                if any(a["type"] == "move" for a in moves):
                    bits.append(f"Enter: move {self.label(self.selected)} here")
                if any(a["type"] == "exit" for a in moves):
                    bits.append("b: break off the map edge here")
                if bits:
                    return " · ".join(bits)
                return f"{self.label(self.selected)} selected: green hexes are in reach; Esc to drop it"
            if own:
                uid = own[0]["id"]
                if any(a.get("unit") == uid for a in self.prompt.actions):
                    return f"Enter: select {self.label(uid)} to move it"
                return f"{self.label(uid)} cannot move now"
            return "Arrows/hjkl move the cursor; Enter on one of your units; e ends the phase"
        if step == "declare":
            declares = self.actions_of("declare")
            if enemy:
                did = enemy[0]["id"]
                if any(att["defender"] == did for att in self.view.get("attacks", [])):
                    return f"{self.label(did)} already has an attack declared on it"
                if not any(a["defender"] == did for a in declares):
                    return f"{self.label(did)} cannot be attacked now (Enter says why)"
                if self.attackers:
                    names = " + ".join(self.label(a) for a in self.attackers)
                    return f"Enter: {names} attack {self.label(did)}"
                return f"Enter: choose every unit that may attack {self.label(did)}"
            if own:
                uid = own[0]["id"]
                if uid in self.attackers:
                    return f"Enter: drop {self.label(uid)} from the attackers"
                if any(uid in a["attackers"] for a in declares):
                    return f"Enter: add {self.label(uid)} to the attackers"
                return f"{self.label(uid)} cannot attack now (Enter says why)"
            chosen = ", ".join(self.label(a) for a in self.attackers) or "none"
            return f"Attackers chosen: {chosen}. Enter on a red enemy declares; e ends the declarations"
        if step == "resolve":
            ids = {u["id"] for u in here}
            for att in self.view.get("attacks", []):
                if not att["resolved"] and (att["defender"] in ids or ids & set(att["attackers"])):
                    column = f" at {att['column']}" if att.get("column") else ""
                    return f"Enter: resolve the attack on {self.label(att['defender'])}{column}"
            return "Enter on a red defender resolves its attack; r resolves the next one"
        if step == "retreat":
            if any(self.dest(a) == h for a in self.actions_of("retreat")):
                return "Enter: end the retreat here"
            return "Enter on a green hex to end the retreat there"
        if step == "advance":
            if any(a["unit"] in {u["id"] for u in here} for a in self.actions_of("advance")):
                return f"Enter: advance {self.label(own[0]['id'])} into {self.vacated or 'the vacated hex'}"
            return "Enter on a gold attacker advances it into the vacated hex; n declines"
        if step == "bot":
            return "The bot is playing this side"
        if step == "over":
            return "The game is over: q returns to the menu"
        return ""

    def activate(self, h: Hex) -> None:
        """Enter (or a click) on hex h: what it means depends on the step."""
        self.message = None
        step = self.step
        handler = {
            "move": self._enter_move,
            "declare": self._enter_declare,
            "resolve": self._enter_resolve,
            "retreat": self._enter_retreat,
            "advance": self._enter_advance,
        }.get(step)
        if handler is None:
            if step == "bot":
                self.say("The bot is playing this side; wait for your turn.")
            elif step == "over":
                self.say("The game is over: q returns to the menu.")
            else:
                self.action_actions()
            return
        handler(h)
        self.refresh_all()

    def _enter_move(self, h: Hex) -> None:
        side = self.prompt.side
        here = self.units_at(h)
        own = [u for u in here if u["side"] == side]
        if self.selected:
            sel = self.unit(self.selected)
            if sel and sel["hex"] == h:
                self.selected = None
                self.say(f"{self.label(sel['id'])} put down.")
                return
            move = next(
                (a for a in self.actions_of("move") if a["unit"] == self.selected and self.dest(a) == h), None
            )
            if move:
                self.play(move)
                return
            if own and any(a.get("unit") == own[0]["id"] for a in self.prompt.actions):
                self.selected = own[0]["id"]
                return
            exits = [a for a in self.actions_of("exit") if a["unit"] == self.selected and self.dest(a) == h]
            if exits:
                self.say("From here the unit can only break off the map edge: press b.")
                return
            enemy_here = any(u["side"] != side for u in here)
            adjacent = bool(sel and h in self.board.grid.neighbours(sel["hex"]))
            if enemy_here and not adjacent:
                self.say(f"{h} holds an enemy unit: no unit may enter it; attack it in your combat phase.", "error")
                return
            path = [h] if enemy_here else (self._hex_path(sel["hex"], h) if sel else [h])
            exc = gamehooks.dry_run(self.session, {"type": "move", "unit": self.selected, "path": path})
            if exc:
                self.refuse(exc)
            else:
                self.say(f"{self.label(self.selected)} cannot stop in {h}.", "error")
            return
        if own:
            uid = own[0]["id"]
            if any(a.get("unit") == uid for a in self.prompt.actions):
                self.selected = uid
                n = len({self.dest(a) for a in self.prompt.actions if a.get("unit") == uid})
                self.say(f"{self.label(uid)} selected: {n} hex{'es' if n != 1 else ''} in reach (green).")
                return
            exc = gamehooks.dry_run(self.session, {"type": "move", "unit": uid, "path": self._first_step(h)})
            self.refuse(exc) if exc else self.say(f"{self.label(uid)} has no legal move.", "error")
            return
        if here:
            exc = gamehooks.dry_run(self.session, {"type": "move", "unit": here[0]["id"], "path": self._first_step(h)})
            if exc:
                self.refuse(exc)
            return
        self.say("No unit here: put the cursor on one of your units and press Enter.")

    def _enter_declare(self, h: Hex) -> None:
        side = self.prompt.side
        here = self.units_at(h)
        own = [u for u in here if u["side"] == side]
        enemy = [u for u in here if u["side"] != side]
        declares = self.actions_of("declare")
        if own:
            uid = own[0]["id"]
            if uid in self.attackers:
                self.attackers.remove(uid)
                self.say(f"{self.label(uid)} no longer among the attackers.")
            elif any(uid in a["attackers"] for a in declares):
                self.attackers.append(uid)
                self.say(f"{self.label(uid)} added to the attackers; now Enter on the enemy unit.")
            else:
                targets = [u for u in self.view["units"] if u["side"] != side and u["status"] == "map" and u["hex"] in self.board.grid.neighbours(h)]
                if not targets:
                    self.say(f"{self.label(uid)} is not adjacent to any enemy unit.", "error")
                    return
                exc = gamehooks.dry_run(self.session, {"type": "declare", "attackers": [uid], "defender": targets[0]["id"]})
                self.refuse(exc) if exc else self.say(f"{self.label(uid)} cannot attack now.", "error")
            return
        if enemy:
            did = enemy[0]["id"]
            if not self.attackers:
                options = [a for a in declares if a["defender"] == did]
                if options:
                    best = max(options, key=lambda a: len(a["attackers"]))
                    self.attackers = list(best["attackers"])
                    self.say("Attackers chosen (gold); Enter again declares the attack, Enter on a gold unit drops it.")
                    return
                adjacent = [
                    u["id"] for u in self.view["units"]
                    if u["side"] == side and u["status"] == "map" and u["hex"] in self.board.grid.neighbours(h)
                ]
                if not adjacent:
                    self.say(f"None of your units is adjacent to {self.label(did)}.", "error")
                    return
                exc = gamehooks.dry_run(self.session, {"type": "declare", "attackers": adjacent, "defender": did})
                self.refuse(exc) if exc else self.say(f"{self.label(did)} cannot be attacked now.", "error")
                return
            chosen = set(self.attackers)
            match = next((a for a in declares if a["defender"] == did and set(a["attackers"]) == chosen), None)
            if match:
                self.play(match)
                self.attackers = []
                return
            exc = gamehooks.dry_run(self.session, {"type": "declare", "attackers": sorted(chosen), "defender": did})
            self.refuse(exc) if exc else self.say("That attack is not among the legal ones.", "error")
            return
        self.say("Enter on your units to choose attackers, then on the enemy unit; e ends the declarations.")

    def _enter_resolve(self, h: Hex) -> None:
        ids = {u["id"] for u in self.units_at(h)}
        for att in self.view.get("attacks", []):
            if att["resolved"]:
                continue
            if att["defender"] in ids or ids & set(att["attackers"]):
                self.play({"type": "resolve", "defender": att["defender"]})
                return
        self.say("Put the cursor on a declared defender (red) and press Enter, or press r.")

    def _enter_retreat(self, h: Hex) -> None:
        options = [a for a in self.actions_of("retreat") if self.dest(a) == h]
        if options:
            self.play(options[0])
            return
        retreats = self.actions_of("retreat")
        if retreats:
            uid = retreats[0]["unit"]
            u = self.unit(uid)
            path = self._hex_path(u["hex"], h) if u and u["hex"] else [h]
            exc = gamehooks.dry_run(self.session, {"type": "retreat", "unit": uid, "path": path})
            if exc:
                self.refuse(exc)
                return
        self.say("Not a legal end of the retreat: choose a green hex.", "error")

    def _enter_advance(self, h: Hex) -> None:
        ids = {u["id"] for u in self.units_at(h)}
        advances = self.actions_of("advance")
        match = next((a for a in advances if a["unit"] in ids), None)
        if match is None and h == self.vacated and len(advances) == 1:
            match = advances[0]
        if match:
            self.play(match)
            return
        self.say("Enter on one of the gold attackers to advance it, or n to stay.")

    def _first_step(self, h: Hex) -> list[Hex]:
        return list(self.board.grid.neighbours(h))[:1]

    def _hex_path(self, start: Hex, goal: Hex) -> list[Hex]:
        """The hexes of a shortest line from start to goal (start excluded), to ask the rules about."""
        grid = self.board.grid
        came: dict[Hex, Hex | None] = {start: None}
        queue = deque([start])
        while queue:
            here = queue.popleft()
            if here == goal:
                break
            for n in grid.neighbours(here):
                if n not in came:
                    came[n] = here
                    queue.append(n)
        if goal not in came:
            return [goal]
        path = [goal]
        while came[path[-1]] not in (None, start):
            path.append(came[path[-1]])  # type: ignore[arg-type]
        return path[::-1]

