"""Combat: choose attackers and declare on a defender, resolve, advance after combat (a retreat is
played by the generic step: its ends are lit, Enter on one retreats there)."""

from __future__ import annotations

from wargames_tui.engine.flow import Action
from wargames_tui.engine.hexgrid import Hex
from wargames_tui.ui.steps.base import Step
from wargames_tui.ui.steps.turn import Play, Results, Say, Select, Unit, refused, stack


class DeclareStep(Step):
    kind = "declare"
    label = "Attackers/declare"

    def lights(self) -> dict[Hex, str]:
        turn = self.turn
        lit: dict[Hex, str] = {}
        for att in turn.view.get("attacks", []):
            h = turn.hex_of(att["defender"])
            if h:
                lit[h] = "declared"
        chosen = set(self.sel.attackers)
        for a in turn.actions_of("declare"):
            # With attackers chosen, light the defenders they may attack together (the
            # prompt lists every group while few units could join, else stacks and singles).
            h = turn.hex_of(a["defender"])
            if h and (not chosen or chosen <= set(a["attackers"])):
                lit[h] = "target"
        for uid in self.sel.attackers:
            h = turn.hex_of(uid)
            if h:
                lit[h] = "attacker"
        return lit

    def defender_in(self, enemy: list[Unit]) -> str:
        """The unit that stands for a defending stack in the prompt's declare actions."""
        ids = {u["id"] for u in enemy}
        named = next((a["defender"] for a in self.turn.actions_of("declare") if a["defender"] in ids), None)
        return named or enemy[0]["id"]

    def _eligible(self, own: list[Unit]) -> list[str]:
        declares = self.turn.actions_of("declare")
        return [u["id"] for u in own if any(u["id"] in a["attackers"] for a in declares)]

    def hint(self, h: Hex) -> str:
        turn = self.turn
        here, own, enemy = stack(turn, h)
        if enemy:
            return self._enemy_hint(enemy)
        if own:
            eligible = self._eligible(own)
            fresh = [u for u in eligible if u not in self.sel.attackers]
            numbers = f" (1-{len(here)} pick one)" if len(here) > 1 else ""
            if fresh:
                return f"Enter: add {turn.label(fresh[0])} to the attackers{numbers}"
            if eligible:
                return f"Enter: drop {'these units' if len(eligible) > 1 else turn.label(eligible[0])} from the attackers{numbers}"
            return f"{turn.label(own[0]['id'])} cannot attack now (Enter says why)"
        chosen = ", ".join(turn.label(a) for a in self.sel.attackers) or "none"
        return f"Attackers chosen: {chosen}. Enter on a red enemy declares; e ends the declarations"

    def _enemy_hint(self, enemy: list[Unit]) -> str:
        turn = self.turn
        did = self.defender_in(enemy)
        ids = {u["id"] for u in enemy}
        if any(att["defender"] in ids for att in turn.view.get("attacks", [])):
            return f"{turn.label(did)} already has an attack declared on it"
        if not any(a["defender"] == did for a in turn.actions_of("declare")):
            return f"{turn.label(did)} cannot be attacked now (Enter says why)"
        if not self.sel.attackers:
            return f"Enter: choose every unit that may attack {turn.label(did)}"
        names = " + ".join(turn.label(a) for a in self.sel.attackers)
        exc = turn.dry_run({"type": "declare", "attackers": list(self.sel.attackers), "defender": did})
        if exc is not None:
            return f"{names} may not attack {turn.label(did)}: {exc.reason} ({exc.case})"
        return f"Enter: {names} attack {turn.label(did)}"

    def pending(self, h: Hex) -> Action | None:
        _, own, enemy = stack(self.turn, h)
        if own or not enemy or not self.sel.attackers:
            return None
        action = {"type": "declare", "attackers": list(self.sel.attackers), "defender": self.defender_in(enemy)}
        return action if self.turn.dry_run(action) is None else None

    def enter(self, h: Hex) -> Results:
        _, own, enemy = stack(self.turn, h)
        if own:
            return self._enter_own(h, own)
        if enemy:
            return self._enter_enemy(h, self.defender_in(enemy))
        return (Say("Enter on your units to choose attackers, then on the enemy unit; e ends the declarations."),)

    def _enter_own(self, h: Hex, own: list[Unit]) -> Results:
        turn = self.turn
        eligible = self._eligible(own)
        fresh = [u for u in eligible if u not in self.sel.attackers]
        if fresh:
            return self.toggle(fresh[0])
        if eligible:
            dropped = "These units are" if len(eligible) > 1 else f"{turn.label(eligible[0])} is"
            kept = tuple(a for a in self.sel.attackers if a not in eligible)
            return Select(self.sel.but(attackers=kept)), Say(f"{dropped} no longer among the attackers.")
        uid = own[0]["id"]
        targets = turn.enemies_next_to(h)
        if not targets:
            return (Say(f"{turn.label(uid)} is not adjacent to any enemy unit.", "error"),)
        exc = turn.dry_run({"type": "declare", "attackers": [uid], "defender": targets[0]["id"]})
        return refused(exc, f"{turn.label(uid)} cannot attack now.")

    def _enter_enemy(self, h: Hex, did: str) -> Results:
        turn = self.turn
        declares = turn.actions_of("declare")
        if not self.sel.attackers:
            options = [a for a in declares if a["defender"] == did]
            if options:
                best = max(options, key=lambda a: len(a["attackers"]))
                return Select(self.sel.but(attackers=tuple(best["attackers"]))), Say(
                    "Attackers chosen (gold); Enter again declares the attack, Enter on a gold unit drops it."
                )
            adjacent = turn.own_next_to(h)
            if not adjacent:
                return (Say(f"None of your units is adjacent to {turn.label(did)}.", "error"),)
            exc = turn.dry_run({"type": "declare", "attackers": adjacent, "defender": did})
            return refused(exc, f"{turn.label(did)} cannot be attacked now.")
        chosen = set(self.sel.attackers)
        match = next((a for a in declares if a["defender"] == did and set(a["attackers"]) == chosen), None)
        if match:
            return (Play(match),)  # playing it drops the chosen attackers
        # A group the prompt does not list (with many units it lists whole stacks and single
        # units only) is still played when the rules accept it.
        probe = {"type": "declare", "attackers": sorted(chosen), "defender": did}
        exc = turn.dry_run(probe)
        return refused(exc, "") if exc else (Play(probe),)

    def toggle(self, uid: str) -> Results:
        turn = self.turn
        if uid in self.sel.attackers:
            kept = tuple(a for a in self.sel.attackers if a != uid)
            return Select(self.sel.but(attackers=kept)), Say(f"{turn.label(uid)} no longer among the attackers.")
        if not any(uid in a["attackers"] for a in turn.actions_of("declare")):
            h = turn.hex_of(uid)
            targets = turn.enemies_next_to(h) if h else []
            probe = {"type": "declare", "attackers": [uid], "defender": targets[0]["id"] if targets else ""}
            return refused(turn.dry_run(probe), f"{turn.label(uid)} cannot attack now.")
        chosen = (*self.sel.attackers, uid)
        return Select(self.sel.but(attackers=chosen)), Say(
            f"{turn.label(uid)} added to the attackers ({len(chosen)} chosen); now Enter on the enemy unit."
        )

    def pick(self, h: Hex, n: int) -> Results:
        u = self.turn.units_at(h)[n - 1]
        return self.toggle(u["id"]) if u["side"] == self.turn.side else self.enter(h)


class ResolveStep(Step):
    kind = "resolve"
    label = "Resolve"

    def _open(self) -> list[dict]:
        return [att for att in self.turn.view.get("attacks", []) if not att["resolved"]]

    def _at(self, h: Hex) -> dict | None:
        ids = {u["id"] for u in self.turn.units_at(h)}
        return next((a for a in self._open() if a["defender"] in ids or ids & set(a["attackers"])), None)

    def lights(self) -> dict[Hex, str]:
        lit: dict[Hex, str] = {}
        for att in self._open():
            d = self.turn.hex_of(att["defender"])
            if d:
                lit[d] = "target"
            for a in att["attackers"]:
                h = self.turn.hex_of(a)
                if h:
                    lit[h] = "attacker"
        return lit

    def hint(self, h: Hex) -> str:
        att = self._at(h)
        if att:
            column = f" at {att['column']}" if att.get("column") else ""
            return f"Enter: resolve the attack on {self.turn.label(att['defender'])}{column}"
        return "Enter on a red defender resolves its attack; r resolves the next one"

    def pending(self, h: Hex) -> Action | None:
        att = self._at(h)
        return {"type": "resolve", "defender": att["defender"]} if att else None

    def enter(self, h: Hex) -> Results:
        att = self._at(h)
        if att:
            return (Play({"type": "resolve", "defender": att["defender"]}),)
        return (Say("Put the cursor on a declared defender (red) and press Enter, or press r."),)


class AdvanceStep(Step):
    """The attackers' advance into the vacated hex, then (`further`) a tank's second hex."""

    kind = "advance"
    label = "Advance"

    @property
    def further(self) -> bool:
        return bool((self.turn.view.get("follow_up") or {}).get("further"))

    def tank(self) -> str | None:
        """The advanced tank that Enter moves on: the selected one, else the first that may go on."""
        tanks = list(dict.fromkeys(a["unit"] for a in self.turn.actions_of("advance")))
        if not tanks:
            return None
        return self.sel.selected if self.sel.selected in tanks else tanks[0]

    def on_top(self) -> list[str]:
        tank = self.tank() if self.further else None
        return [u for u in [self.sel.selected, tank, *self.sel.attackers] if u]

    def lights(self) -> dict[Hex, str]:
        turn = self.turn
        lit: dict[Hex, str] = {}
        if self.further:
            tank = self.tank()
            for a in turn.actions_of("advance"):
                if a["unit"] == tank:
                    lit[a["hex"]] = "advance"
            h = turn.hex_of(tank)
            if h:
                lit[h] = "selected"
            return lit
        for a in turn.actions_of("advance"):
            h = turn.hex_of(a["unit"])
            if h:
                lit[h] = "attacker"
        if turn.vacated:
            lit[turn.vacated] = "advance"
        return lit

    def hint(self, h: Hex) -> str:
        turn = self.turn
        ids = [u["id"] for u in turn.units_at(h)]
        advances = turn.actions_of("advance")
        if self.further:
            tank = self.tank()
            if tank and any(a["unit"] == tank and a["hex"] == h for a in advances):
                return f"Enter: {turn.label(tank)} advances on into {h}"
            if len({a["unit"] for a in advances} & set(ids)) > 1:
                return "Enter or 1-9: choose which tank goes on; then Enter on a green hex"
            name = turn.label(tank) if tank else "The tank"
            return f"{name} may go one hex further: Enter on a green hex; n stops here"
        movers = [u for u in ids if any(a["unit"] == u for a in advances)]
        if movers:
            more = " (Enter again or 1-9 for the others)" if len(movers) > 1 else ""
            return f"Enter: advance {turn.label(movers[0])} into {turn.vacated or 'the vacated hex'}{more}"
        if h == turn.vacated and advances:
            more = "; 1-9 on a gold hex picks another" if len(advances) > 1 else ""
            return f"Enter: advance {turn.label(advances[0]['unit'])} into this hex{more}; n declines"
        return "Enter on a gold attacker advances it into the vacated hex; n declines"

    def enter(self, h: Hex) -> Results:
        turn = self.turn
        ids = [u["id"] for u in turn.units_at(h)]
        advances = turn.actions_of("advance")
        if self.further:
            return self._enter_further(h, ids)
        match = next((a for a in advances if a["unit"] in ids), None)
        if match is None and h == turn.vacated and advances:
            match = advances[0]  # the next attacker in order; 1-9 on an attacker's hex picks another
        if match:
            return (Play(match),)
        return (Say("Enter on one of the gold attackers to advance it, or n to stay."),)

    def _enter_further(self, h: Hex, ids: list[str]) -> Results:
        turn = self.turn
        advances = turn.actions_of("advance")
        tank = self.tank()
        action = next((a for a in advances if a["unit"] == tank and a["hex"] == h), None)
        action = action or next((a for a in advances if a["hex"] == h), None)
        if action:
            return (Play(action),)
        tanks = [t for t in dict.fromkeys(a["unit"] for a in advances) if t in ids]
        if tanks:
            i = tanks.index(tank) if tank in tanks else -1
            chosen = tanks[(i + 1) % len(tanks)]
            return Select(self.sel.but(selected=chosen)), Say(f"{turn.label(chosen)} chosen: Enter on a green hex moves it on; n stops.")
        exc = turn.dry_run({"type": "advance", "unit": tank or "", "hex": h})
        return refused(exc, "Enter on a green hex, or n to stop here.")

    def pick(self, h: Hex, n: int) -> Results:
        turn = self.turn
        uid = turn.units_at(h)[n - 1]["id"]
        mine = [a for a in turn.actions_of("advance") if a["unit"] == uid]
        if self.further and mine:
            return Select(self.sel.but(selected=uid)), Say(f"{turn.label(uid)} chosen: Enter on a green hex moves it on; n stops.")
        if self.further:
            return (Say(f"{turn.label(uid)} may not go on.", "error"),)
        if mine:
            return (Play(mine[0]),)
        return refused(turn.dry_run({"type": "advance", "unit": uid}), f"{turn.label(uid)} may not advance.")

    def follow(self, cursor: Hex) -> Hex | None:
        if self.further:
            return self.turn.hex_of(self.tank())
        return self.turn.vacated
