"""Movement: select a unit, Enter on a lit hex moves it; b breaks off a map edge; face-down
reinforcements enter on violet edge hexes (Enter or p)."""

from __future__ import annotations

from wargames_tui.engine.flow import Action
from wargames_tui.engine.hexgrid import Hex
from wargames_tui.ui.steps.base import Step
from wargames_tui.ui.steps.turn import Jump, Play, Results, Say, Select, Waiting, refused, stack


class MoveStep(Step):
    kind = "move"
    label = "Select/move"

    def pool_entries(self) -> list[Action]:
        return [a for a in self.turn.actions_of("enter") if "pool" in a]

    def movable(self, uid: str) -> bool:
        return any(kind in ("move", "exit") for _, kind, _ in self.turn.reach_of(uid))

    def _movable_in(self, h: Hex) -> list[str]:
        return [u["id"] for u in stack(self.turn, h)[1] if self.movable(u["id"])]

    # --- drawing -------------------------------------------------------------------------
    def lights(self) -> dict[Hex, str]:
        uid = self.sel.selected
        if not uid:
            return {a["hex"]: "entry" for a in self.pool_entries()}
        lit: dict[Hex, str] = {}
        for _, kind, d in self.turn.reach_of(uid):
            if d and kind == "exit":
                lit[d] = "exit"
            elif d and kind == "move":
                lit.setdefault(d, "reach")
        h = self.turn.hex_of(uid)
        if h:
            lit[h] = "selected"
        return lit

    def dims_moved(self) -> bool:
        return True

    def waiting(self) -> Waiting | None:
        pools = self.pool_entries()
        if not pools:
            return None
        names = sorted({a["pool"] for a in pools})
        hexes = len({a["hex"] for a in pools})
        note = (
            f"Face-down pool {', '.join(names)} may enter before any unit moves: Enter or p on one of "
            f"{hexes} violet edge hexes; the log names the unit drawn"
        )
        return Waiting(note=note)

    def hint(self, h: Hex) -> str:
        turn = self.turn
        _, own, _ = stack(turn, h)
        movable = self._movable_in(h)
        uid = self.sel.selected
        if uid:
            return self._selected_hint(uid, h, movable)
        if movable:
            more = f" (Enter again or 1-{len(turn.units_at(h))} for the others)" if len(movable) > 1 else ""
            return f"Enter: select {turn.label(movable[0])} to move it{more}"
        if own:
            return f"{turn.label(own[0]['id'])} cannot move now"
        if any(a["hex"] == h for a in self.pool_entries()):
            return "Enter or p: bring on a face-down reinforcement here"
        return "Arrows/hjkl move the cursor; Enter on one of your units; e ends the phase"

    def _selected_hint(self, uid: str, h: Hex, movable: list[str]) -> str:
        turn = self.turn
        if turn.hex_of(uid) == h and len(movable) > 1:
            return "Enter: the next unit of the stack (or 1-9) · Esc drops the selection"
        kinds = {kind for _, kind, d in turn.reach_of(uid) if d == h}
        bits = []
        if "move" in kinds:
            bits.append(f"Enter: move {turn.label(uid)} here")
        if "exit" in kinds:
            bits.append("b: break off the map edge here")
        return " · ".join(bits) or f"{turn.label(uid)} selected: green hexes are in reach; Esc to drop it"

    # --- keys ------------------------------------------------------------------------------
    def select(self, uid: str) -> Results:
        n = len({d for _, _, d in self.turn.reach_of(uid)})
        return Select(self.sel.but(selected=uid)), Say(f"{self.turn.label(uid)} selected: {n} hex{'es' if n != 1 else ''} in reach (green).")

    def enter(self, h: Hex) -> Results:
        turn = self.turn
        here, own, _ = stack(turn, h)
        movable = self._movable_in(h)
        if self.sel.selected:
            return self._enter_selected(self.sel.selected, h, movable)
        if movable:
            return self.select(movable[0])
        entry = next((a for a in self.pool_entries() if a["hex"] == h), None)
        if not own and entry:
            return (Play(entry),)
        if own:
            uid = own[0]["id"]
            return refused(turn.dry_run({"type": "move", "unit": uid, "path": turn.first_step(h)}), f"{turn.label(uid)} has no legal move.")
        if here:
            exc = turn.dry_run({"type": "move", "unit": here[0]["id"], "path": turn.first_step(h)})
            return refused(exc, "") if exc else ()
        return (Say("No unit here: put the cursor on one of your units and press Enter."),)

    def _enter_selected(self, uid: str, h: Hex, movable: list[str]) -> Results:
        turn = self.turn
        start = turn.hex_of(uid)
        if start == h:
            # Enter on the selected unit again: the next unit of the stack, then none.
            i = movable.index(uid) if uid in movable else len(movable)
            if i + 1 < len(movable):
                return self.select(movable[i + 1])
            return Select(self.sel.but(selected=None)), Say(f"{turn.label(uid)} put down.")
        i = next((i for i, kind, d in turn.reach_of(uid) if kind == "move" and d == h), None)
        if i is not None:
            return (Play(turn.prompt.actions[i]),)
        if movable:
            return self.select(movable[0])
        if any(a["unit"] == uid and turn.dest(a) == h for a in turn.actions_of("exit")):
            return (Say("From here the unit can only break off the map edge: press b."),)
        enemy_here = any(u["side"] != turn.side for u in turn.units_at(h))
        adjacent = bool(start and h in turn.board.grid.neighbours(start))
        if enemy_here and not adjacent:
            return (Say(f"{h} holds an enemy unit: no unit may enter it; attack it in your combat phase.", "error"),)
        path = [h] if enemy_here or not start else turn.hex_path(start, h)
        return refused(turn.dry_run({"type": "move", "unit": uid, "path": path}), f"{turn.label(uid)} cannot stop in {h}.")

    def pick(self, h: Hex, n: int) -> Results:
        here = self.turn.units_at(h)
        u = here[n - 1]
        if u["side"] == self.turn.side and self.movable(u["id"]):
            return self.select(u["id"])
        exc = self.turn.dry_run({"type": "move", "unit": u["id"], "path": self.turn.first_step(h)})
        return refused(exc, f"{self.turn.label(u['id'])} has no legal move.")

    def keys(self) -> set[str]:
        return super().keys() | ({"pool_entry"} if self.pool_entries() else set())

    def key(self, name: str, h: Hex) -> Results:
        if name == "pool_entry":
            entries = self.pool_entries()
            entry = next((a for a in entries if a["hex"] == h), None)
            if entry:
                return (Play(entry),)
            if not entries:
                return ()
            return Jump([a["hex"] for a in entries]), Say(
                "Face-down reinforcements enter on the violet edge hexes: the cursor is on one; press p or Enter."
            )
        return super().key(name, h)

    def start(self, cursor: Hex) -> Hex | None:
        if any(u["side"] == self.turn.side for u in self.turn.units_at(cursor)):
            return None
        return self.nearest_of([a["hex"] for a in self.pool_entries()], cursor)
