"""Keys for any prompt outside the classic steps, with no knowledge of the game: the legal
actions' fields say what they name on the map (ui/actionfields, docs/GAMES.md).

Mixed into PlayScreen when the step is "generic":
- the hexes the actions name are lit (red where enemy units stand, else green); with a unit
  selected, only its actions' hexes; with attackers gathered, only the hexes they may take;
- Enter on a lit hex plays the action naming it (a chooser worded by the game when several);
- Enter on a unit selects it and plays or offers the actions naming it; a unit that only
  appears among attackers is added to (or dropped from) the gathered group instead;
- Tab chooses among the units off the map that actions name (a reinforcement, a dummy);
- `e` plays the action that names nothing on the map (end the phase, halt), or offers them.
"""

from __future__ import annotations

from typing import Any

from wargames_tui.engine.flow import Action
from wargames_tui.engine.hexgrid import Hex
from wargames_tui.ui import gamehooks
from wargames_tui.ui.actionfields import (
    group_field,
    group_of,
    hexes_named,
    is_bare,
    same_but_path,
    units_named,
    with_group,
)
from wargames_tui.ui.screens.play_enter import EnterMixin


class GenericMixin(EnterMixin):
    # --- what the actions name ------------------------------------------------------------
    def off_map_named(self) -> list[str]:
        """Units named by the actions that stand on no hex, in the order the actions name them."""
        cached = getattr(self, "_off_map", None)
        if cached is not None and cached[0] is self.prompt and cached[1] is self.view:
            return cached[2]
        seen: list[str] = []
        for a in self.prompt.actions:
            for uid in units_named(a):
                u = self.unit(uid)
                if uid not in seen and (u is None or u["status"] != "map" or not u["hex"]):
                    seen.append(uid)
        self._off_map = (self.prompt, self.view, seen)
        return seen

    def chosen_off_map(self) -> str | None:
        ids = self.off_map_named()
        if not ids:
            return None
        if self.chosen_pending not in ids:
            self.chosen_pending = ids[0]
        return self.chosen_pending

    def open_actions(self) -> list[Action]:
        """The actions the map offers now: those of other off-map units than the chosen one left out
        (read once per position and choice: every cursor key asks for them, once per unit in view)."""
        off = set(self.off_map_named())
        chosen = self.chosen_off_map()
        cached = getattr(self, "_open_actions", None)
        if cached is not None and cached[0] is self.prompt and cached[1] == (off, chosen):
            return cached[2]
        actions = [a for a in self.prompt.actions if not (set(units_named(a)) & off) or chosen in units_named(a)]
        self._open_actions = (self.prompt, (off, chosen), actions)
        return actions

    def hex_actions(self) -> list[Action]:
        """The actions whose hexes are lit: of the selected unit if it has any, fitting the
        gathered attackers if any are gathered (read once per position and choice: every cursor
        key asks for them)."""
        key = (self.prompt, self.view, self.selected, tuple(self.attackers), self.chosen_pending)
        cached = getattr(self, "_hex_actions", None)
        if cached is None or cached[0][0] is not key[0] or cached[0][1] is not key[1] or cached[0][2:] != key[2:]:
            cached = self._hex_actions = (key, self._lit_actions())
        return cached[1]

    def _lit_actions(self) -> list[Action]:
        actions = [a for a in self.open_actions() if hexes_named(a)]
        if self.selected:
            mine = [a for a in actions if self.selected in units_named(a)]
            actions = mine or actions
        if self.attackers:
            chosen = set(self.attackers)
            actions = [a for a in actions if group_field(a) and chosen <= group_of(a)]
        return actions

    def generic_lights(self) -> dict[Hex, str]:
        lit: dict[Hex, str] = {}
        side = self.prompt.side
        cells = self.board.cells
        for a in self.hex_actions():
            for h in hexes_named(a):
                if h in cells and h not in lit:
                    enemy = any(u["side"] != side for u in self.units_at(h))
                    lit[h] = "target" if enemy else "reach"
        for uid in self.attackers:
            u = self.unit(uid)
            if u and u["hex"]:
                lit[u["hex"]] = "attacker"
        u = self.unit(self.selected or "")
        if u and u["hex"]:
            lit[u["hex"]] = "selected"
        return lit

    def gatherable(self, uid: str) -> bool:
        """A unit that only appears in the groups of the actions: Enter gathers it."""
        actions = self.open_actions()
        return any(uid in group_of(a) for a in actions) and not any(uid in units_named(a) for a in actions)

    def actions_naming(self, uid: str) -> list[Action]:
        return [a for a in self.open_actions() if uid in units_named(a)]

    def actionable_here(self, h: Hex) -> list[str]:
        return [u["id"] for u in self.units_at(h) if self.actions_naming(u["id"]) or self.gatherable(u["id"])]

    def bare_actions(self) -> list[Action]:
        return [a for a in self.prompt.actions if is_bare(a)]

    # --- Enter -----------------------------------------------------------------------------
    def _enter_generic(self, h: Hex) -> None:
        at_hex = [a for a in self.hex_actions() if h in hexes_named(a)]
        if at_hex:
            self._hex_choice(h, at_hex)
            return
        gather = [uid for uid in self.actionable_here(h) if self.gatherable(uid)]
        if gather:
            # As in the declarations: the next unit of the stack joins; with all in, all leave.
            fresh = [uid for uid in gather if uid not in self.attackers]
            if fresh:
                self.generic_unit(fresh[0])
            else:
                self.attackers = [uid for uid in self.attackers if uid not in gather]
                self.say(f"{'These units' if len(gather) > 1 else self.label(gather[0])} left the group.")
            return
        here = self.actionable_here(h)
        if here:
            # Enter again on the selected unit: the next unit of the stack that can act.
            i = here.index(self.selected) + 1 if self.selected in here else 0
            self.generic_unit(here[i % len(here)])
            return
        waiting = self.chosen_off_map()
        if waiting and not self.units_at(h) and not any(hexes_named(a) for a in self.actions_naming(waiting)):
            self._offer(self.actions_naming(waiting), f"{self.label(waiting)}:")
            return
        self.say(f"No legal action names {self.hex_name(h)}: Enter on a lit hex or on a unit that can act; a lists them all.")

    def _hex_choice(self, h: Hex, at_hex: list[Action]) -> None:
        if not self.attackers:
            self._offer(same_but_path(at_hex), f"In {self.hex_name(h)}:")
            return
        chosen = set(self.attackers)
        exact = [a for a in at_hex if group_of(a) == chosen]
        if exact:
            self._offer(same_but_path(exact), f"In {self.hex_name(h)}:")
            return
        # A group the prompt does not list (it may list only some) is played when the rules accept it.
        probe = with_group(next(a for a in at_hex if group_field(a)), sorted(chosen))
        exc = gamehooks.dry_run(self.session, probe)
        if exc:
            self.refuse(exc)
            return
        self.play(probe)

    def generic_unit(self, uid: str) -> None:
        """Enter (or a number key) on one unit: gather it, select it, or play what names it."""
        if self.gatherable(uid):
            if uid in self.attackers:
                self.attackers.remove(uid)
                self.say(f"{self.label(uid)} dropped from the group ({len(self.attackers)} gathered).")
            else:
                self.attackers.append(uid)
                n = len({h for a in self.hex_actions() for h in hexes_named(a)})
                self.say(f"{self.label(uid)} gathered ({len(self.attackers)}): Enter on one of {n} lit hexes.")
            return
        self.selected = uid
        actions = self.actions_naming(uid)
        with_hex = [a for a in actions if hexes_named(a)]
        if with_hex and len(with_hex) == len(actions):
            n = len({h for a in with_hex for h in hexes_named(a)})
            self.say(f"{self.label(uid)} selected: Enter on one of {n} lit hexes; Esc drops it.")
            return
        self._offer(actions, f"{self.label(uid)}:")

    def _offer(self, actions: list[Action], title: str) -> None:
        """Play the one action, or let the player choose among several in the game's words."""
        if not actions:
            self.say("Nothing to do here.", "error")
            return
        if len(actions) == 1:
            self.message = None
            self.play(actions[0])
            return
        self.choose([(self.worded(a), a) for a in actions], f"{title} {self.prompt.text} ({self.prompt.case})")

    def worded(self, action: Action) -> str:
        """An action in the chooser: its words, and what the game says it would bring (its `preview`)."""
        extra = gamehooks.preview(self.session, action)
        return f"{self.words(action)} · {extra}" if extra else self.words(action)

    def choose(self, labelled: list[tuple[str, Action]], title: str) -> None:
        """The chooser of actions in words; the one picked is played."""
        from wargames_tui.ui.screens.actions import ActionsScreen

        def chosen(action: Action | None) -> None:
            if action is not None:
                self.message = None
                self.play(action)

        self.app.push_screen(ActionsScreen(title, labelled), chosen)

    def action_finish(self) -> None:
        """`e` outside the classic steps: end the phase if the rules offer it, else the action
        naming nothing on the map (halt, stop), or a choice among several."""
        bare = self.bare_actions()
        end = [a for a in bare if a.get("type") == "end-phase"]
        self._offer(end or bare, "Without a hex:")
        self.refresh_all()

    def generic_hint(self, h: Hex) -> str:
        at_hex = [a for a in self.hex_actions() if h in hexes_named(a)]
        if at_hex:
            kinds = sorted({str(a.get("type")) for a in at_hex})
            group = f" with {len(self.attackers)} gathered" if self.attackers else ""
            extra = self._preview_at(at_hex)
            return f"Enter: {', '.join(kinds)} here{group}" + (f": {extra}" if extra else "")
        gather = [uid for uid in self.actionable_here(h) if self.gatherable(uid)]
        if gather:
            fresh = [uid for uid in gather if uid not in self.attackers]
            if fresh:
                return f"Enter: gather {self.label(fresh[0])} into the group (1-9 picks one of a stack)"
            return "Enter: these units leave the group (1-9 picks one of a stack)"
        here = self.actionable_here(h)
        if here:
            uid = here[(here.index(self.selected) + 1) % len(here)] if self.selected in here else here[0]
            kinds = sorted({str(a.get("type")) for a in self.actions_naming(uid)})
            return f"Enter: {self.label(uid)}: {', '.join(kinds)}"
        bare = ", ".join(sorted({str(a.get("type")) for a in self.bare_actions()}))
        end = f"; e: {bare}" if bare else ""
        return f"Enter on a lit hex or a unit that can act{end}; a lists every action"

    def _preview_at(self, at_hex: list[Action]) -> str | None:
        """The game's few words (its optional `preview`) on the one action Enter would play here."""
        if self.attackers:
            chosen = set(self.attackers)
            exact = [a for a in at_hex if group_of(a) == chosen]
            grouped = [a for a in at_hex if group_field(a)]
            at_hex = exact or ([with_group(grouped[0], sorted(chosen))] if grouped else [])
        once = same_but_path(at_hex)
        return gamehooks.preview(self.session, once[0]) if len(once) == 1 else None

    # --- the mixin's place in the screen's keys ---------------------------------------------
    def hint(self) -> str:
        return self.generic_hint(self.cursor) if self.step == "generic" else super().hint()

    def activate(self, h: Hex) -> None:
        if self.step != "generic":
            super().activate(h)
            return
        self.message = None
        self._enter_generic(h)
        self.refresh_all()

    def pick(self, n: int) -> None:
        if self.step != "generic":
            super().pick(n)
            return
        self.message = None
        here = self.units_at(self.cursor)
        if n > len(here):
            self.say(f"There is no unit {n} in {self.cursor}.")
        else:
            uid = here[n - 1]["id"]
            if self.actions_naming(uid) or self.gatherable(uid):
                self.generic_unit(uid)
            else:
                self.say(f"No legal action names {self.label(uid)} now.", "error")
        self.refresh_all()

    def action_next_pending(self, step: int = 1) -> None:
        if self.step != "generic":
            super().action_next_pending(step)
            return
        ids = self.off_map_named()
        if not ids:
            return
        current = self.chosen_off_map()
        self.chosen_pending = ids[(ids.index(current) + step) % len(ids)] if current in ids else ids[0]
        self.message = None
        self.refresh_all()
        self.jump_to_lit([h for a in self.actions_naming(self.chosen_pending) for h in hexes_named(a) if h in self.board.cells])

    def generic_waiting(self) -> list[dict[str, Any]]:
        return [u for u in map(self.unit, self.off_map_named()) if u is not None]
