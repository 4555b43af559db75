"""Keys for any prompt outside the classic steps, with no knowledge of the game: the legal
actions' fields say what they name on the map (ui/actionfields, docs/GAMES.md).

- the hexes the actions name are lit (red where enemy units stand, else green); with a unit
  selected, only its actions' hexes; with attackers gathered, only the hexes they may take; the
  unit all of them are of (one unit to retreat) is lit as selected;
- Enter on a lit hex plays the action naming it (a list worded by the game when several);
- Enter on a unit selects it and plays or offers the actions naming it; a unit that only
  appears among attackers is added to (or dropped from) the gathered group instead;
- Tab chooses among the units off the map that actions name (a reinforcement, a dummy);
- `e` plays the action that names nothing on the map (end the phase, halt), or offers them.
"""

from __future__ import annotations

from functools import cached_property

from wargames_tui.engine.flow import Action
from wargames_tui.engine.hexgrid import Hex
from wargames_tui.ui import gamehooks
from wargames_tui.ui.actionfields import group_field, group_of, hexes_named, is_bare, same_but_path, sketch_at, units_named, with_group
from wargames_tui.ui.steps.base import Step
from wargames_tui.ui.steps.turn import Jump, ListAll, Offer, Play, Refuse, Results, Say, Select, Waiting, refused

# Action types with a light of their own on the map (the same green as "reach", their own glyph
# without colour where the map has one); any other type's hexes are lit "reach".
OWN_LIGHTS = {"retreat", "advance"}


class GenericStep(Step):
    kind = "generic"
    label = "Act here"

    # --- what the actions name ------------------------------------------------------------
    @cached_property
    def off_map(self) -> list[str]:
        """Units named by the actions that stand on no hex, in the order the actions name them."""
        seen: list[str] = []
        for a in self.turn.prompt.actions:
            for uid in units_named(a):
                if uid not in seen and not self.turn.hex_of(uid):
                    seen.append(uid)
        return seen

    def chosen_off_map(self) -> str | None:
        ids = self.off_map
        return (self.sel.pending if self.sel.pending in ids else ids[0]) if ids else None

    @cached_property
    def open_actions(self) -> list[Action]:
        """The actions the map offers now: those of other off-map units than the chosen one left out."""
        off, chosen = set(self.off_map), self.chosen_off_map()
        return [a for a in self.turn.prompt.actions if not (set(units_named(a)) & off) or chosen in units_named(a)]

    @cached_property
    def hex_actions(self) -> list[Action]:
        """The actions whose hexes are lit: of the selected unit if it has any, fitting the
        gathered attackers if any are gathered."""
        actions = [a for a in self.open_actions if hexes_named(a)]
        if self.sel.selected:
            actions = [a for a in actions if self.sel.selected in units_named(a)] or actions
        if self.sel.attackers:
            chosen = set(self.sel.attackers)
            actions = [a for a in actions if group_field(a) and chosen <= group_of(a)]
        return actions

    def gatherable(self, uid: str) -> bool:
        """A unit that only appears in the groups of the actions: Enter gathers it."""
        actions = self.open_actions
        return any(uid in group_of(a) for a in actions) and not any(uid in units_named(a) for a in actions)

    def naming(self, uid: str) -> list[Action]:
        return [a for a in self.open_actions if uid in units_named(a)]

    def actionable(self, h: Hex) -> list[str]:
        return [u["id"] for u in self.turn.units_at(h) if self.naming(u["id"]) or self.gatherable(u["id"])]

    def bare(self) -> list[Action]:
        return self._bare

    @cached_property
    def _bare(self) -> list[Action]:
        """Read once a step: every key bar drawn asks (a modal screen pushed or popped draws it again)."""
        return [a for a in self.turn.prompt.actions if is_bare(a)]

    def at_hex(self, h: Hex) -> list[Action]:
        return [a for a in self.hex_actions if h in hexes_named(a)]

    # --- drawing ---------------------------------------------------------------------------
    def lights(self) -> dict[Hex, str]:
        turn = self.turn
        lit: dict[Hex, str] = {}
        for a in self.hex_actions:
            for h in hexes_named(a):
                if h in turn.board.cells and h not in lit:
                    enemy = any(u["side"] != turn.side for u in turn.units_at(h))
                    lit[h] = "target" if enemy else a.get("type") if a.get("type") in OWN_LIGHTS else "reach"
        for uid in self.sel.attackers:
            h = turn.hex_of(uid)
            if h:
                lit[h] = "attacker"
        h = turn.hex_of(self.sel.selected or self.one_unit())
        if h:
            lit[h] = "selected"
        return lit

    def one_unit(self) -> str | None:
        """The one unit every lit hex is an action of, if all are of one (a unit to retreat)."""
        named = {tuple(units_named(a)) for a in self.hex_actions}
        return named.pop()[0] if len(named) == 1 and len(next(iter(named))) == 1 else None

    def start(self, cursor: Hex) -> Hex | None:
        """At the start of a step, the nearest hex where Enter does something: a lit hex or a
        unit that can act (the decision, not the side's first unit)."""
        here = [h for h in self.lights() if h in self.turn.board.cells]
        here += [h for u in self.turn.view.get("units", []) if (h := u.get("hex")) and h in self.turn.board.cells
                 and (self.naming(u["id"]) or self.gatherable(u["id"]))]
        return self.nearest_of(sorted(set(here)), cursor)

    def follow(self, cursor: Hex) -> Hex | None:
        """After an action that leaves the step as it is: where Enter does something, if not here
        (the next unit to retreat)."""
        return self.start(cursor)

    def waiting(self) -> Waiting | None:
        units = [u for u in map(self.turn.unit, self.off_map) if u is not None]
        if not units:
            return None
        note = "Tab/Shift+Tab: choose · its hexes are lit" if len(units) > 1 else ""
        if len(self.hexless()) > len(self.bare()):
            note += " · e: its actions without a hex" if note else "e: its actions without a hex"
        return Waiting(units, self.chosen_off_map(), note, f"Off the map ({len(units)})")

    def hint(self, h: Hex) -> str:
        turn = self.turn
        at_hex = self.at_hex(h)
        if at_hex:
            group = f" with {len(self.sel.attackers)} gathered" if self.sel.attackers else ""
            return f"Enter: {self.in_words(at_hex)} here{group}"
        here = self.actionable(h)
        gather = [uid for uid in here if self.gatherable(uid)]
        if gather:
            fresh = [uid for uid in gather if uid not in self.sel.attackers]
            if fresh:
                return f"Enter: gather {turn.label(fresh[0])} into the group (1-9 picks one of a stack)"
            return "Enter: these units leave the group (1-9 picks one of a stack)"
        if here:
            uid = here[(here.index(self.sel.selected) + 1) % len(here)] if self.sel.selected in here else here[0]
            return f"Enter: {turn.label(uid)}: {self.in_words(self.naming(uid))}"
        hexless = self.hexless()
        end = f"; e: {self.in_words(hexless)}" if hexless else ""
        return f"Enter on a lit hex or a unit that can act{end}; a lists every action"

    def in_words(self, actions: list[Action]) -> str:
        """What some actions do, for a hint: a kind offered up to three times in the game's words,
        a kind offered more often by its name and how many ("move (12)")."""
        by_kind: dict[str, list[Action]] = {}
        for a in actions:
            by_kind.setdefault(str(a.get("type")), []).append(a)
        return ", ".join(" or ".join(map(self.turn.words, acts)) if len(acts) <= 3 else f"{kind.replace('-', ' ')} ({len(acts)})"
                         for kind, acts in sorted(by_kind.items()))

    def pending(self, h: Hex) -> Action | None:
        """The one action Enter would play here (the gathered group's, where one is gathered)."""
        at_hex = self.at_hex(h)
        if self.sel.attackers:
            chosen = set(self.sel.attackers)
            exact = [a for a in at_hex if group_of(a) == chosen]
            grouped = [a for a in at_hex if group_field(a)]
            at_hex = exact or ([with_group(grouped[0], sorted(chosen))] if grouped else [])
        once = same_but_path(at_hex)
        return once[0] if len(once) == 1 else None

    # --- keys --------------------------------------------------------------------------------
    def enter(self, h: Hex) -> Results:
        turn = self.turn
        at_hex = self.at_hex(h)
        if at_hex:
            return self._hex_choice(h, at_hex)
        here = self.actionable(h)
        gather = [uid for uid in here if self.gatherable(uid)]
        if gather:
            # As in the declarations: the next unit of the stack joins; with all in, all leave.
            fresh = [uid for uid in gather if uid not in self.sel.attackers]
            if fresh:
                return self.unit_key(fresh[0])
            kept = tuple(uid for uid in self.sel.attackers if uid not in gather)
            gone = "These units" if len(gather) > 1 else turn.label(gather[0])
            return Select(self.sel.but(attackers=kept)), Say(f"{gone} left the group.")
        if here:
            # Enter again on the selected unit: the next unit of the stack that can act.
            i = here.index(self.sel.selected) + 1 if self.sel.selected in here else 0
            return self.unit_key(here[i % len(here)])
        waiting = self.chosen_off_map()
        if waiting and not turn.units_at(h) and not any(hexes_named(a) for a in self.naming(waiting)):
            return (Offer(self.naming(waiting), f"{turn.label(waiting)}:"),)
        sketch = sketch_at(self.hex_actions, h, [u for u in (self.sel.selected, *self.sel.attackers) if u]) or self._path_to(h)
        exc = turn.dry_run(sketch) if sketch else None
        if exc is not None:
            return (Refuse(exc),)
        return (Say(f"No legal action names {turn.hex_name(h)}: Enter on a lit hex or on a unit that can act; a lists them all."),)

    def _path_to(self, h: Hex) -> Action | None:
        """What the player meant by pointing at a hex no action with a path ends in: the selected
        (or the one) unit's such action along a shortest line there, for the rules to say why not."""
        ways = [a for a in self.hex_actions if isinstance(a.get("path"), list) and isinstance(a.get("unit"), str)]
        units = list(dict.fromkeys(a["unit"] for a in ways))
        uid = self.sel.selected if self.sel.selected in units else units[0] if len(units) == 1 else None
        start = self.turn.hex_of(uid)
        if uid is None or start is None:
            return None
        way = next(a for a in ways if a["unit"] == uid)
        return {**way, "path": self.turn.hex_path(start, h)}

    def _hex_choice(self, h: Hex, at_hex: list[Action]) -> Results:
        title = f"In {self.turn.hex_name(h)}:"
        if not self.sel.attackers:
            return (Offer(same_but_path(at_hex), title),)
        chosen = set(self.sel.attackers)
        exact = [a for a in at_hex if group_of(a) == chosen]
        if exact:
            return (Offer(same_but_path(exact), title),)
        # A group the prompt does not list (it may list only some) is played when the rules accept it.
        probe = with_group(next(a for a in at_hex if group_field(a)), sorted(chosen))
        exc = self.turn.dry_run(probe)
        return refused(exc, "") if exc else (Play(probe),)

    def unit_key(self, uid: str) -> Results:
        """Enter (or a number key) on one unit: gather it, select it, or play what names it."""
        label = self.turn.label(uid)
        if self.gatherable(uid):
            if uid in self.sel.attackers:
                kept = tuple(a for a in self.sel.attackers if a != uid)
                return Select(self.sel.but(attackers=kept)), Say(f"{label} dropped from the group ({len(kept)} gathered).")
            sel = self.sel.but(attackers=(*self.sel.attackers, uid))
            n = len({h for a in GenericStep(self.turn, sel).hex_actions for h in hexes_named(a)})
            return Select(sel), Say(f"{label} gathered ({len(sel.attackers)}): Enter on one of {n} lit hexes.")
        actions = self.naming(uid)
        with_hex = [a for a in actions if hexes_named(a)]
        if with_hex and len(with_hex) == len(actions):
            n = len({h for a in with_hex for h in hexes_named(a)})
            return Select(self.sel.but(selected=uid)), Say(f"{label} selected: Enter on one of {n} lit hexes; Esc drops it.")
        return Select(self.sel.but(selected=uid)), Offer(actions, f"{label}:")

    def pick(self, h: Hex, n: int) -> Results:
        uid = self.turn.units_at(h)[n - 1]["id"]
        if self.naming(uid) or self.gatherable(uid):
            return self.unit_key(uid)
        return (Say(f"No legal action names {self.turn.label(uid)} now.", "error"),)

    def cycles(self, h: Hex) -> bool:
        return len(self.off_map) > 1

    def cycle(self, h: Hex, by: int) -> Results:
        ids = self.off_map
        if not ids:
            return ()
        current = self.chosen_off_map()
        chosen = ids[(ids.index(current) + by) % len(ids)] if current in ids else ids[0]
        sel = self.sel.but(pending=chosen)
        cells = self.turn.board.cells
        hexes = [h for a in GenericStep(self.turn, sel).naming(chosen) for h in hexes_named(a) if h in cells]
        return Select(sel), Jump(hexes)

    def hexless(self) -> list[Action]:
        """The actions naming no hex: those naming nothing on the map, then the chosen off-map
        unit's (a unit put into a cup rather than on the map)."""
        chosen = self.chosen_off_map()
        own = [a for a in self.naming(chosen) if not hexes_named(a)] if chosen else []
        return self.bare() + own

    def keys(self) -> set[str]:
        return (super().keys() - {"end_phase"}) | ({"finish"} if self.hexless() else set())

    def key(self, name: str, h: Hex) -> Results:
        """`e`: end the phase if the rules offer it, else the action naming no hex (halt, stop, the
        chosen off-map unit's), or a choice among several."""
        if name != "finish":
            return super().key(name, h)
        bare = self.hexless()
        ends = [a for a in bare if a.get("type") == "end-phase"]
        # A lone action while the step still owes something does that at once (a whole set-up): listed first.
        listed = not ends and len(bare) == 1 and bool(gamehooks.owed(self.turn.session))
        return (Offer(ends or bare, "Without a hex:", listed),)


class OtherStep(Step):
    """Classic actions in an order no step above reads: Enter lists them all."""

    kind = "other"
    label = "Select/move"

    def enter(self, h: Hex) -> Results:
        return (ListAll(),)
