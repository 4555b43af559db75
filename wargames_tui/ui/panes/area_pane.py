"""The pane of an area map: the map, the zone, fight, track and log panels, and the keys.

What the keys mean is an `AreaKeys` (ui/steps/area.py, no Textual): what to light, which actions
concern a zone, what Enter on a zone asks for; the pane draws that and carries it out. Keys 1-9
pick some of the player's units in the zone under the cursor, so a stack can act in part.

A side the game plays itself in steps (AreaTerms.automatic_action) has its events written to
the log; the play screen runs its steps (`r` pauses or resumes them, `n` or space plays one). A
side the rules play inside the player's actions has no steps: its reveals and reactions are in
the events of those actions.

What differs between games is in the game's presentation: its AreaTerms (words, who acts, what
an action concerns, the panels' content) and its MapLook (colours).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from rich.text import Text
from textual.binding import Binding, BindingsMap
from textual.reactive import reactive
from textual.widget import Widget

from wargames_tui.engine.contract import Preview
from wargames_tui.engine.flow import Action, Event
from wargames_tui.engine.session import Session
from wargames_tui.present import presentation
from wargames_tui.present.area import AreaTerms
from wargames_tui.ui import gamehooks
from wargames_tui.ui.helptext import play_keys
from wargames_tui.ui.panes.base import Pane
from wargames_tui.ui.playkeys import ACTIONS_TIP
from wargames_tui.ui.steps.area import AreaKeys, StepEach, still_moving
from wargames_tui.ui.steps.turn import Result
from wargames_tui.ui.widgets.areamap import AreaMap
from wargames_tui.ui.widgets.standing import StandingPanel
from wargames_tui.ui.widgets.steady import SteadyScroll
from wargames_tui.ui.widgets.zonepanel import AreaTrack, FightPanel, ZonePanel

E_WORDS = 160  # the longest preview the prompt line says after "e:" (two lines at 80 columns)


def e_words(preview: Preview, room: int = E_WORDS) -> str:
    """A preview for the prompt line, which has four lines at most: whole when it fits in `room`,
    else what is rolled and what follows, else only that e rolls; the action list has it whole."""
    whole = " ".join(str(preview).split())
    if len(whole) <= room:
        return whole
    short = "; ".join(p for p in (preview.odds, preview.note, preview.hidden) if p) + " (a lists the chances)"
    return short if len(short) <= room else "it rolls the dice (a lists what they may bring)"


def bindings_for(terms: AreaTerms) -> list[Binding]:
    """The pane's keys for one game: `e` plays the first of its `proceed` action types the prompt
    offers, each of its own `keys` plays its type; the rest are every area game's."""
    pick = "pick units of the zone by their number in its panel (again to drop one): the lists then offer their actions alone"
    return [
        Binding("a", "screen.actions", "Actions", tooltip=ACTIONS_TIP),
        *[Binding("e", f"play_type('{kind}')", label, id=f"e-{kind}") for kind, label in terms.proceed.items()],
        *[Binding(key, f"play_type('{kind}')", label, id=f"key-{kind}") for kind, (key, label) in terms.keys.items()],
        Binding("e", "no_end", show=False),  # after the game's own: e with nothing of theirs to play says why
        Binding("n,space", "screen.step_once", "Next step", tooltip="play the next step of the side the game plays"),
        *([Binding("n", "next_unit", terms.next_key, tooltip=f"{terms.next_key}: the cursor to the next zone with a unit that may act")] if terms.next_key else []),
        Binding("r", "screen.run", "Run/pause", tooltip="let the steps of the side the game plays run on their own, or pause them"),
        Binding("t", "extras", "Other actions", tooltip="the game's actions open at any time"),
        Binding("i", "toggle_track", "Turn panel", tooltip="where the column has no room for it, the turn panel in the place of the log, and back"),
        *[Binding(str(n), f"pick({n})", f"Pick unit {n}", show=False, tooltip=pick) for n in range(1, 10)],
        Binding("0", "unpick", "Unpick all", show=False, tooltip="drop the picked units"),
    ]


class AreaPane(Pane):
    LEAVE = ("track",)
    YIELDS = "zone"  # the zone's units scroll within its panel
    TOGGLE = "i"
    # Units picked with 1-9 to act without the rest of their stack: a new list (never changed in
    # place) redraws the lights, the panels and the prompt line.
    picked: reactive[list[str]] = reactive(list, init=False)

    def __init__(self, session: Session) -> None:
        super().__init__(session)
        self.terms: AreaTerms = presentation(session.game).area
        self._bindings = BindingsMap(bindings_for(self.terms))  # the keys are the game's: built from its terms
        self.automatic_action = self.terms.automatic_action
        self.view = session.view(None)
        self.numbered: list[str] = []  # the player's units in the zone panel, in their numbered order
        self.source: str | None = None  # the zone whose units' reach is lit
        self._phase_key: tuple[Any, ...] | None = None
        self._last_acting: str | None = None  # the zone of the units acting at the last change
        self.known_assets: dict[str, tuple[str, str]] = {}  # asset id -> (kind, name), once seen in a view
        self._previews: dict[tuple[Any, ...], Preview | None] = {}  # the last zone's preview (AreaPane.preview)
        self._e_said: tuple[object, list[tuple[str, str]]] = (None, [])  # the position, what e and the game's keys would bring

    def make_map(self) -> AreaMap:
        return AreaMap(self.view, id="map")

    def panels(self) -> list[Widget]:
        zone = SteadyScroll(ZonePanel(id="zone-text"), id="zone", can_focus=False)
        return [zone, FightPanel(id="fight"), StandingPanel(id="standing"), AreaTrack(id="track")]

    def on_mount(self) -> None:
        self.query_one("#zone").border_title = self.terms.zone_word
        self.query_one("#track").border_title = "Turn"
        self.query_one("#log").border_title = "Log"
        self.bind_cursor(self.query_one(AreaMap))

    def start(self) -> None:
        self.query_one(AreaMap).set_cursor(self._start_zone(), scroll=False)

    def uncovered(self) -> None:
        # once the cover is down and the new side's view drawn, the cursor goes to where that side has something to do
        self.query_one(AreaMap).set_cursor(self._start_zone())

    def map_width(self) -> int:
        return self.query_one(AreaMap).virtual_size.width

    def focus_map(self) -> None:
        self.query_one(AreaMap).focus()

    def scroll_to_cursor(self) -> None:
        self.query_one(AreaMap).scroll_to_cursor()

    def _start_zone(self) -> str:
        return self.keys().start_zone(self.query_one(AreaMap).zone_order())

    # --- reading the position ----------------------------------------------------------
    @property
    def cursor(self) -> str:
        return self.query_one(AreaMap).cursor

    def types(self) -> set[str]:
        return {a.get("type", "") for a in self.prompt.actions}

    def unit(self, uid: str) -> dict[str, Any] | None:
        return next((u for u in self.view.get("units", []) if u["id"] == uid), None)

    def player_side(self) -> str:
        """The side whose units the cursor takes up: the one whose view is drawn (in hotseat, either
        side), else the side the game's player commands."""
        drawn = self.host._drawn_for
        return drawn if drawn in self.terms.sides else self.terms.player

    def side_name(self, side: str | None) -> str:
        return self.terms.side_name(side)

    def words(self, action: Action) -> str:
        return self.terms.describe(action, self.view)

    def played_words(self, action: Action) -> str:
        return self.terms.describe(action, self.view, past=True)

    def victory_view(self, view: dict[str, Any]) -> dict[str, Any]:
        return {**view, "sides": dict(self.terms.sides), "player": self.terms.player}

    def key_help(self) -> str:
        own = [b for _, b in self.query_one(AreaMap)._bindings] + [b for _, b in self._bindings]
        return play_keys(own, "Keys")

    def acting(self) -> tuple[str | None, list[str]]:
        """The zone and units acting now (a stack on the move, the party, the unit activating), if any."""
        return self.terms.acting(self.view)

    def keys(self) -> AreaKeys:
        """What the keys mean in the position, with what the player has chosen (ui/steps/area.py)."""
        idle = self.host.over() or self.host.automatic()
        return AreaKeys(self.session, self.view, self.terms, self.player_side(), tuple(self.picked), self.source, idle)

    def highlights(self) -> dict[str, str]:
        return self.keys().lights()

    def _update_source(self) -> None:
        """Light the reach of the player's units under the cursor, and keep it lit while the
        cursor goes to look at where they may go."""
        self.source = self.keys().source_at(self.cursor)

    # --- drawing -----------------------------------------------------------------------
    def read(self, view: dict[str, Any]) -> None:
        self.view = view
        for a in view.get("assets") or []:
            self.known_assets[a["id"]] = (a.get("kind", ""), a.get("name", ""))
        key = (view.get("turn"), view.get("phase"), self.prompt.side)
        units = {u["id"] for u in view.get("units", [])}
        if key != self._phase_key:
            self._phase_key = key
            units = set()
        self.set_reactive(AreaPane.picked, [u for u in self.picked if u in units])  # drawn below
        self._update_source()
        self.query_one(AreaMap).show(view, self.highlights(), own=self.player_side())
        self._draw_panels()

    def preview(self) -> Preview | None:
        """What the one action of the lit units into the zone under the cursor would bring, when
        the game previews it (a fight, a roll): as the hex panel shows it for Enter's action."""
        keys = self.keys()
        units = keys.source_units()
        if not units or keys.idle or self.host.bot_to_act():
            return None
        zone = self.cursor
        key = (len(self.session.log), zone, tuple(sorted(units)))
        if key not in self._previews:  # a preview may try the action on a copy: once a position and zone
            found = [p for a in keys.into(zone) if (p := gamehooks.preview(self.session, a)) is not None]
            self._previews = {key: found[0] if len(found) == 1 else None}
        return self._previews[key]

    def _draw_panels(self) -> None:
        self._draw_zone()
        self.query_one("#track").border_title = self.query_one(AreaTrack).show(self.view, self.terms)
        fight = self.query_one(FightPanel)
        title, shown = fight.show(self.view, self.terms, self.known_assets)
        fight.border_title = title
        self.side.show_panel("fight", shown)

    def _draw_zone(self) -> None:
        zone = self.query_one(ZonePanel)
        self.numbered = zone.show(self.view, self.cursor, self.terms, self.picked, steady=self._phase_key, preview=self.preview())
        self.query_one("#zone").border_title = f"{self.terms.zone_word} {self.cursor}"

    def header(self, wide: bool) -> tuple[Text, Text]:
        v = self.view
        labels = v.get("turn_labels") or []
        turn = v.get("turn", 0)
        time = f" {labels[turn - 1]}" if 0 < turn <= len(labels) else ""
        left = Text(no_wrap=True, overflow="ellipsis")
        if wide:
            left.append(f" {v.get('title', '')} ", "bold #ffd21f")
        turns = f"/{v['turns']}" if v.get("turns") else ""
        when = v.get("turn_text") or f"Turn {turn}{turns}{time}"  # a game's own words for a time with no turn number
        left.append(f" {when} ", "bold black on #ffd21f")
        left.append(f" {v.get('phase_title', '')}", "bold")
        right = self.terms.status(v)
        right.no_wrap = True
        return left, right

    def before_case(self) -> Text:
        mp = self.terms.mp_left(self.view)
        return Text(f" · {mp} MP left", "#ffd21f") if mp is not None and self.view.get("move") else Text()

    def after_case(self) -> Text:
        names = " ".join(u["short"] for u in map(self.unit, self.picked) if u)
        t = Text(f" · picked: {names}", "bold #7ec8e3") if self.picked else Text()
        for letter, said in self._key_previews():
            t.append(f" · {letter}: {said}", "#ffd21f")
        return t

    def _key_previews(self) -> list[tuple[str, str]]:
        """What e's action and the game's own keys' would bring when the game previews them (a roll:
        an impulse's end that rolls for supply, a combat's dice), said before the key is pressed;
        read once a position."""
        if self.host.over() or self.host.automatic() or self.host.bot_to_act():
            return []
        key = (len(self.session.log), id(self.prompt))
        if self._e_said[0] != key:
            keyed = [("e", kind) for kind in self.terms.proceed] + [(k, kind) for kind, (k, _) in self.terms.keys.items()]
            chosen: dict[str, dict[str, Any]] = {}  # a key plays the first action of its first type offered
            for letter, kind in keyed:
                action = next((a for a in self.prompt.actions if a.get("type") == kind), None)
                if action is not None and letter not in chosen:
                    chosen[letter] = action
            previews = [(k, p) for k, a in chosen.items() if (p := gamehooks.preview(self.session, a)) is not None]
            room = 100 if self.host.has_class("short") else E_WORDS  # 80x24: the prompt shares its four lines
            self._e_said = (key, [(k, e_words(p, room // len(previews))) for k, p in previews])
        return self._e_said[1]

    # --- events from the map --------------------------------------------------------------
    def cursor_moved(self) -> None:
        self.host.message = None
        before = self.source
        self._update_source()
        if self.source != before:
            self.query_one(AreaMap).set_highlights(self.highlights())
        self._draw_zone()  # the fight and turn panels do not depend on the zone under the cursor
        self.host._draw_prompt()  # the footer stays: what it shows does not depend on the zone under the cursor

    def on_area_map_chosen(self, event: AreaMap.Chosen) -> None:
        # An Enter typed fast can reach us after it opened a list over this screen: it was meant
        # for the map as it stood, so it is dropped (acting on it stacked lists until keys froze).
        # While a bot is to act the map answers no Enter: its list would offer the bot's actions.
        if self.app.screen is self.screen and not self.host.replay and not self.host.bot_to_act():
            self.act_on_zone(event.place)

    def act_on_zone(self, zone: str) -> None:
        """Enter on a zone: what the keys' object says, carried out."""
        if self.host.over():
            self.host.say("The game is over.")
        elif self.host.automatic():
            self.host.say(self.host.automatic_note())
        else:
            self.carry_out(self.keys().enter(zone))

    def carry_own(self, result: Result) -> None:
        if isinstance(result, StepEach):
            self._step_each(result)

    def _step_each(self, each: StepEach) -> None:
        """The picked units step into the zone one after another; they stay picked while they all may go on."""
        for action in each.actions:
            played = len(self.session.log)
            self.host.play(action)
            if len(self.session.log) == played or self.host._covered or self.host.over():
                return  # refused (the reason is shown), the keyboard passed, or the game ended
        if still_moving(self.prompt.actions, each.units):
            self.picked = list(each.units)

    # --- keys ------------------------------------------------------------------------------
    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        host = self.host
        if host.replay:
            return False
        if action == "toggle_track":
            return bool(self.side.left_out) or host.has_class("tables")  # the turn panel was left out for the log
        if host.over() or host.bot_to_act() or self.session.waiting_for():
            return False  # a bot or another seat plays: only the screen's keys
        if action == "extras":
            return bool(self.extras())
        if host.automatic():
            return False
        if action == "play_type":
            return str(parameters[0]) in self.types()
        if action == "no_end":
            return not self.types() & {*self.terms.proceed, *(k for k, (key, _) in self.terms.keys.items() if key == "e")}
        if action == "next_unit":
            return not self.acting()[0] and bool(self._ready_zones())
        if action == "pick":
            return bool(parameters) and int(parameters[0]) <= len(self.numbered)  # type: ignore[call-overload]
        if action == "unpick":
            return bool(self.picked)
        return True

    def _play_type(self, kind: str) -> None:
        self.carry_out(self.keys().play_type(kind))

    def ends_step(self, action: dict[str, Any]) -> bool:
        return super().ends_step(action) or action.get("type") in self.terms.proceed

    def action_play_type(self, kind: str) -> None:
        self._play_type(kind)

    def action_no_end(self) -> None:
        """e where the step has no end of its own to take: what is owed, else how the step ends."""
        owed = self.host.owed()
        if owed:
            self.host.say(f"e: this step may not end yet; still to do: {owed[0].text} ({owed[0].case})"
                          + (f", and {len(owed) - 1} more." if len(owed) > 1 else "."))
            return
        choices = self.prompt.actions
        if len(choices) == 1:
            self.host.say(f"e: nothing to end here; this step ends with its one choice (a lists it): {self.words(choices[0])}.")
            return
        named = ": " + " / ".join(self.words(a) for a in choices) if len(choices) <= 3 else ""
        self.host.say(f"e: nothing to end here; this step ends with one of its {len(choices)} choices (a lists them){named}.")

    def _ready_zones(self) -> list[str]:
        return self.keys().ready_zones(self.query_one(AreaMap).zone_order())

    def action_next_unit(self) -> None:
        """The cursor to the next zone holding a unit that may act (after the cursor, in reading order)."""
        zone = self.keys().next_zone(self.query_one(AreaMap).zone_order(), self.cursor)
        if zone:
            self.host.message = None
            self.query_one(AreaMap).set_cursor(zone)

    def action_pick(self, n: int) -> None:
        if n > len(self.numbered):
            return
        self.host.message = None
        self.picked = list(self.keys().pick(self.numbered[n - 1]))

    def action_unpick(self) -> None:
        self.host.message = ("Picked units dropped: actions are for whole stacks again.", "info")
        self.picked = []

    def watch_picked(self) -> None:
        """The position is the same: the lights, the panels, the prompt line and the keys change."""
        self.query_one(AreaMap).set_highlights(self.highlights())
        self._draw_panels()
        self.host._draw_prompt()
        self.host.refresh_bindings()

    def chosen(self) -> bool:
        return bool(self.picked)

    def drop(self) -> bool:
        dropped = bool(self.picked)
        self.picked = []
        return dropped

    def listed(self, actions: Sequence[Action]) -> list[Action]:
        """With units picked, their actions alone; then the game's actions open at any time."""
        narrowed = self.keys().narrowed(actions)
        return narrowed + self.extras() if narrowed else []

    def extras(self) -> list[Action]:
        """The game's actions outside the prompt (AreaTerms.extras) that the player at the keys may
        take: none for a bot's side or, at a seat or in hotseat, another player's (one player never
        agrees for the other)."""
        return gamehooks.for_the_keys(self.session, self.terms.extras(self.view), self.host.viewer())

    def action_toggle_track(self) -> None:
        shown = self.side.flip()
        self.host.say(f"{shown} shown in the place of the log: i again for what did not fit, then the log." if shown else "Log shown.")

    def action_extras(self) -> None:
        self.host.choose(self.extras(), "Other actions, open at any time")

    # --- after an action ----------------------------------------------------------------
    def played(self, action: Action, events: list[Event]) -> None:
        self.set_reactive(AreaPane.picked, [])  # drawn with the new position

    def after_change(self) -> None:
        zone, _ = self.acting()
        moving = bool(self.view.get("move"))
        if zone and zone != self.cursor and (moving or (self.keys().on_the_move() and zone != self._last_acting)):
            self.query_one(AreaMap).set_cursor(zone)  # follow the stack on the move, or the unit activating
        self._last_acting = zone
        fight = self.terms.fight_zone(self.view)
        if fight and fight != self.cursor:
            self.query_one(AreaMap).set_cursor(fight)
