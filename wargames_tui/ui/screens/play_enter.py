"""What Enter (or a click) on a hex means in each step of the turn, and the hint for it.

Mixed into PlayScreen. Enter only ever plays one of the prompt's enumerated
actions (or, for an attack by a hand-picked group, one the rules accept on a
copy of the position); anything else is tried on a copy of the position
(gamehooks.dry_run) so the player reads the rules' own reason and case.

In a stacked hex Enter takes the first unit that can act and, pressed again,
the next one; the number keys 1-9 pick a unit of the stack by its place in the
hex panel's list.
"""

from __future__ import annotations

from collections import deque

from wargames_tui.engine.hexgrid import Hex
from wargames_tui.ui import gamehooks
from wargames_tui.ui.screens.play_arrivals import ArrivalsMixin



class EnterMixin(ArrivalsMixin):
    def hint(self) -> str:
        """What Enter (and the other keys) would do at the cursor."""
        step = self.step
        h = self.cursor
        here = self.units_at(h)
        side = self.prompt.side
        own = [u for u in here if u["side"] == side]
        enemy = [u for u in here if u["side"] != side]
        if step in ("place", "reinforce", "bombard", "remove"):
            return self.arrival_hint(step, h, here)
        if step == "move":
            movable = [u["id"] for u in own if self._movable(u["id"])]
            if self.selected:
                sel = self.unit(self.selected)
                if sel and sel["hex"] == h and len(movable) > 1:
                    return "Enter: the next unit of the stack (or 1-9) · Esc drops the selection"
                kinds = {kind for _, kind, d in self.reach_of(self.selected) if d == h}
                bits = []
                if "move" in kinds:
                    bits.append(f"Enter: move {self.label(self.selected)} here")
                if "exit" in kinds:
                    bits.append("b: break off the map edge here")
                if bits:
                    return " · ".join(bits)
                return f"{self.label(self.selected)} selected: green hexes are in reach; Esc to drop it"
            if movable:
                more = f" (Enter again or 1-{len(here)} for the others)" if len(movable) > 1 else ""
                return f"Enter: select {self.label(movable[0])} to move it{more}"
            if own:
                return f"{self.label(own[0]['id'])} cannot move now"
            if any(a["hex"] == h for a in self.pool_entries()):
                return "Enter or p: bring on a face-down reinforcement here"
            return "Arrows/hjkl move the cursor; Enter on one of your units; e ends the phase"
        if step == "declare":
            declares = self.actions_of("declare")
            if enemy:
                did = self._defender_in(enemy)
                ids = {u["id"] for u in enemy}
                if any(att["defender"] in ids for att in self.view.get("attacks", [])):
                    return f"{self.label(did)} already has an attack declared on it"
                if not any(a["defender"] == did for a in declares):
                    return f"{self.label(did)} cannot be attacked now (Enter says why)"
                if self.attackers:
                    names = " + ".join(self.label(a) for a in self.attackers)
                    refused = gamehooks.dry_run(self.session, {"type": "declare", "attackers": self.attackers, "defender": did})
                    if refused is not None:
                        return f"{names} may not attack {self.label(did)}: {refused.reason} ({refused.case})"
                    return f"Enter: {names} attack {self.label(did)}"
                return f"Enter: choose every unit that may attack {self.label(did)}"
            if own:
                eligible = [u["id"] for u in own if any(u["id"] in a["attackers"] for a in declares)]
                fresh = [u for u in eligible if u not in self.attackers]
                numbers = f" (1-{len(here)} pick one)" if len(here) > 1 else ""
                if fresh:
                    return f"Enter: add {self.label(fresh[0])} to the attackers{numbers}"
                if eligible:
                    return f"Enter: drop {'these units' if len(eligible) > 1 else self.label(eligible[0])} from the attackers{numbers}"
                return f"{self.label(own[0]['id'])} cannot attack now (Enter says why)"
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
            return self._advance_hint(h, here)
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
            "place": self._enter_arrival,
            "reinforce": self._enter_arrival,
            "bombard": self._enter_bombard,
            "remove": self._enter_remove,
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

    def _movable(self, uid: str) -> bool:
        return any(kind in ("move", "exit") for _, kind, _ in self.reach_of(uid))

    def _select(self, uid: str) -> None:
        self.selected = uid
        n = len({d for _, _, d in self.reach_of(uid)})
        self.say(f"{self.label(uid)} selected: {n} hex{'es' if n != 1 else ''} in reach (green).")

    def _enter_move(self, h: Hex) -> None:
        side = self.prompt.side
        here = self.units_at(h)
        own = [u for u in here if u["side"] == side]
        movable = [u["id"] for u in own if self._movable(u["id"])]
        if self.selected:
            sel = self.unit(self.selected)
            if sel and sel["hex"] == h:
                # Enter on the selected unit again: the next unit of the stack, then none.
                i = movable.index(self.selected) if self.selected in movable else len(movable)
                if i + 1 < len(movable):
                    self._select(movable[i + 1])
                    return
                self.selected = None
                self.say(f"{self.label(sel['id'])} put down.")
                return
            i = next((i for i, kind, d in self.reach_of(self.selected) if kind == "move" and d == h), None)
            move = self.prompt.actions[i] if i is not None else None
            if move:
                self.play(move)
                return
            if movable:
                self._select(movable[0])
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
        if movable:
            self._select(movable[0])
            return
        if not own and self._enter_pool(h):
            return
        if own:
            uid = own[0]["id"]
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
            eligible = [u["id"] for u in own if any(u["id"] in a["attackers"] for a in declares)]
            fresh = [u for u in eligible if u not in self.attackers]
            uid = own[0]["id"]
            if fresh:
                self._toggle_attacker(fresh[0])
            elif eligible:
                self.attackers = [a for a in self.attackers if a not in eligible]
                dropped = "These units are" if len(eligible) > 1 else f"{self.label(eligible[0])} is"
                self.say(f"{dropped} no longer among the attackers.")
            else:
                targets = [u for u in self.view["units"] if u["side"] != side and u["status"] == "map" and u["hex"] in self.board.grid.neighbours(h)]
                if not targets:
                    self.say(f"{self.label(uid)} is not adjacent to any enemy unit.", "error")
                    return
                exc = gamehooks.dry_run(self.session, {"type": "declare", "attackers": [uid], "defender": targets[0]["id"]})
                self.refuse(exc) if exc else self.say(f"{self.label(uid)} cannot attack now.", "error")
            return
        if enemy:
            did = self._defender_in(enemy)
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
            # A group the prompt does not list (with many units it lists whole stacks and single
            # units only) is still played when the rules accept it.
            probe = {"type": "declare", "attackers": sorted(chosen), "defender": did}
            exc = gamehooks.dry_run(self.session, probe)
            if exc:
                self.refuse(exc)
                return
            self.play(probe)
            self.attackers = []
            return
        self.say("Enter on your units to choose attackers, then on the enemy unit; e ends the declarations.")

    def _defender_in(self, enemy: list) -> str:  # noqa: ANN001 - unit dicts
        """The unit that stands for a defending stack in the prompt's declare actions."""
        ids = {u["id"] for u in enemy}
        named = next((a["defender"] for a in self.actions_of("declare") if a["defender"] in ids), None)
        return named or enemy[0]["id"]

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

    def _further(self) -> bool:
        """Whether the advance step is a tank's second hex (9.6(3)) rather than the first advance."""
        return bool((self.view.get("follow_up") or {}).get("further"))

    def _tank(self) -> str | None:
        """The advanced tank that Enter moves on: the selected one, else the first that may go on."""
        tanks = list(dict.fromkeys(a["unit"] for a in self.actions_of("advance")))
        if not tanks:
            return None
        return self.selected if self.selected in tanks else tanks[0]

    def _advance_hint(self, h: Hex, here: list) -> str:  # noqa: ANN001 - unit dicts
        ids = [u["id"] for u in here]
        if self._further():
            tank = self._tank()
            if tank and any(a["unit"] == tank and a["hex"] == h for a in self.actions_of("advance")):
                return f"Enter: {self.label(tank)} advances on into {h}"
            tanks = {a["unit"] for a in self.actions_of("advance")}
            if len(tanks & set(ids)) > 1:
                return "Enter or 1-9: choose which tank goes on; then Enter on a green hex"
            name = self.label(tank) if tank else "The tank"
            return f"{name} may go one hex further: Enter on a green hex; n stops here"
        movers = [u for u in ids if any(a["unit"] == u for a in self.actions_of("advance"))]
        if movers:
            more = " (Enter again or 1-9 for the others)" if len(movers) > 1 else ""
            return f"Enter: advance {self.label(movers[0])} into {self.vacated or 'the vacated hex'}{more}"
        advances = self.actions_of("advance")
        if h == self.vacated and advances:
            more = "; 1-9 on a gold hex picks another" if len(advances) > 1 else ""
            return f"Enter: advance {self.label(advances[0]['unit'])} into this hex{more}; n declines"
        return "Enter on a gold attacker advances it into the vacated hex; n declines"

    def _enter_advance(self, h: Hex) -> None:
        ids = [u["id"] for u in self.units_at(h)]
        advances = self.actions_of("advance")
        if self._further():
            tank = self._tank()
            action = next((a for a in advances if a["unit"] == tank and a["hex"] == h), None)
            action = action or next((a for a in advances if a["hex"] == h), None)
            if action:
                self.play(action)
                return
            tanks = [t for t in dict.fromkeys(a["unit"] for a in advances) if t in ids]
            if tanks:
                i = tanks.index(tank) if tank in tanks else -1
                self.selected = tanks[(i + 1) % len(tanks)]
                self.say(f"{self.label(self.selected)} chosen: Enter on a green hex moves it on; n stops.")
                return
            exc = gamehooks.dry_run(self.session, {"type": "advance", "unit": tank or "", "hex": h})
            self.refuse(exc) if exc else self.say("Enter on a green hex, or n to stop here.", "error")
            return
        match = next((a for a in advances if a["unit"] in ids), None)
        if match is None and h == self.vacated and advances:
            match = advances[0]  # the next attacker in order; 1-9 on an attacker's hex picks another
        if match:
            self.play(match)
            return
        self.say("Enter on one of the gold attackers to advance it, or n to stay.")

    # --- number keys: one unit of a stack ------------------------------------------
    def pick(self, n: int) -> None:
        """Number key n: act on the n-th unit listed for the hex under the cursor."""
        self.message = None
        h = self.cursor
        here = self.units_at(h)
        step = self.step
        i = n - 1
        if step in ("bot", "over"):
            self.say("The bot is playing this side." if step == "bot" else "The game is over: q returns to the menu.")
            return
        if i >= len(here):
            self.say(f"There is no unit {n} in {h}." if here else "No unit here: the number keys pick a unit of a stack.")
            self.refresh_all()
            return
        uid = here[i]["id"]
        own = here[i]["side"] == self.prompt.side
        if step == "move":
            if own and self._movable(uid):
                self._select(uid)
            else:
                exc = gamehooks.dry_run(self.session, {"type": "move", "unit": uid, "path": self._first_step(h)})
                self.refuse(exc) if exc else self.say(f"{self.label(uid)} has no legal move.", "error")
        elif step == "declare":
            if own:
                self._toggle_attacker(uid)
            else:
                self._enter_declare(h)
        elif step == "advance":
            if self._further():
                if any(a["unit"] == uid for a in self.actions_of("advance")):
                    self.selected = uid
                    self.say(f"{self.label(uid)} chosen: Enter on a green hex moves it on; n stops.")
                else:
                    self.say(f"{self.label(uid)} may not go on.", "error")
            else:
                action = next((a for a in self.actions_of("advance") if a["unit"] == uid), None)
                if action:
                    self.play(action)
                else:
                    exc = gamehooks.dry_run(self.session, {"type": "advance", "unit": uid})
                    self.refuse(exc) if exc else self.say(f"{self.label(uid)} may not advance.", "error")
        elif step == "bombard":
            self._enter_bombard(h, i)
        elif step == "remove":
            self._enter_remove(h, i)
        else:
            self.activate(h)
            return
        self.refresh_all()

    def _toggle_attacker(self, uid: str) -> None:
        if uid in self.attackers:
            self.attackers.remove(uid)
            self.say(f"{self.label(uid)} no longer among the attackers.")
            return
        if not any(uid in a["attackers"] for a in self.actions_of("declare")):
            targets = [
                u for u in self.view["units"]
                if u["side"] != self.prompt.side and u["status"] == "map" and u["hex"] in self.board.grid.neighbours(self.unit(uid)["hex"])
            ]
            probe = {"type": "declare", "attackers": [uid], "defender": targets[0]["id"] if targets else ""}
            exc = gamehooks.dry_run(self.session, probe)
            self.refuse(exc) if exc else self.say(f"{self.label(uid)} cannot attack now.", "error")
            return
        self.attackers.append(uid)
        self.say(f"{self.label(uid)} added to the attackers ({len(self.attackers)} chosen); now Enter on the enemy unit.")

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

