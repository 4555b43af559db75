"""New game: pick a scenario, its options and who plays each side."""

from __future__ import annotations

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.screen import Screen
from textual.widget import Widget
from textual.widgets import Button, Label, OptionList, Select, Static
from textual.widgets.option_list import Option

from wargames_tui.bots import label, offered
from wargames_tui.engine.flow import ScenarioInfo
from wargames_tui.games import all_scenarios, game_for
from wargames_tui.present import for_scenario
from wargames_tui.ui.hotseat import short_name
from wargames_tui.ui.widgets.findlist import FindList
from wargames_tui.ui.widgets.footer import Footer

HUMAN = "human"
ALL = "all"  # this screen plays every side a person plays (hotseat)


def seat_choices(scenario_id: str) -> list[tuple[str, str]]:
    """A person, or a bot that plays this game (bots.offered)."""
    return [("Human", HUMAN)] + [(label(name), f"bot:{name}") for name in offered(game_for(scenario_id))]


class NewGameScreen(Screen):
    BINDINGS = [
        Binding("escape", "back", "Back"),
        Binding("f5", "start", "Start"),
    ]

    def __init__(self, scenario: str | None = None, options: dict[str, str] | None = None) -> None:
        """`scenario` and `options`: chosen already (`wargames play SCENARIO_ID`), the rest left to pick."""
        super().__init__()
        self.given_scenario, self.given = scenario, dict(options or {})
        try:
            self.scenarios: list[ScenarioInfo] = all_scenarios()
            self.problem = ""
        except Exception as exc:  # noqa: BLE001 - a broken data file is shown, not raised
            self.scenarios = []
            self.problem = str(exc)
        first = next((s for s in self.scenarios if s.id == scenario), self.scenarios[0] if self.scenarios else None)
        self.first: ScenarioInfo | None = first
        self.current: ScenarioInfo | None = None

    def compose(self) -> ComposeResult:
        with Vertical(id="new-box"):
            with Horizontal(id="new-body"):
                options, words = self._options()
                yield FindList(*options, words=words, id="new-scenarios")
                with VerticalScroll(id="new-detail"):
                    yield Static(id="new-description")
                    yield Label("Options", classes="new-heading")
                    yield Vertical(id="new-options")
                    yield Label("Players", classes="new-heading")
                    yield Vertical(id="new-seats")
                    yield Label("This screen", classes="new-heading")
                    yield Vertical(id="new-here")
                    yield Button("Start", id="new-start", variant="primary")
        yield Footer()

    def _options(self) -> tuple[list[Option | None], dict[str, str]]:
        """Each game's name as a heading, then its scenarios (title without the game's name); and
        the words each scenario is found by when typed (its game's title and its own)."""
        from wargames_tui.games import GAMES

        options: list[Option | None] = []
        words: dict[str, str] = {}
        game = None
        for info in self.scenarios:
            game_id = info.id.split("/")[0]
            title = getattr(GAMES.get(game_id), "TITLE", "")
            if game_id != game:
                game = game_id
                if options:
                    options.append(None)
                options.append(Option(Text(title or game_id, style="bold #ffd21f"), disabled=True))
            name = info.title.removeprefix(f"{title}: ") if title else info.title
            words[info.id] = f"{title} {name}"  # the words typing finds it by
            if name == title:  # a game of one scenario: the heading already names it
                options.append(Option(Text(info.subtitle, style="bold"), id=info.id))
                continue
            options.append(Option(Text.assemble((name, "bold"), "\n", (info.subtitle, "dim")), id=info.id))
        return options, words

    async def on_mount(self) -> None:
        self.query_one("#new-box").border_title = "New game"
        self.query_one("#new-box").border_subtitle = "type a name to find it · Tab moves between fields · F5 starts"
        if self.problem:
            self.query_one("#new-description", Static).update(Text(f"The scenarios cannot be read: {self.problem}", style="#ff5555"))
        focus: Widget = self.query_one(OptionList)
        if self.first is not None:
            options = self.query_one(OptionList)
            options.highlighted = options.get_option_index(self.first.id)
            await self.show_scenario(self.first)
            if self.first.id == self.given_scenario:  # the scenario is chosen: who plays it is next
                focus = next(iter(self.query("#new-seats Select")), self.query_one("#new-start", Button))
        focus.focus()

    async def on_option_list_option_highlighted(self, event: OptionList.OptionHighlighted) -> None:
        if event.option_index != event.option_list.highlighted:  # passed already (the list's first, before the chosen)
            return
        info = next((s for s in self.scenarios if s.id == event.option.id), None)
        if info and info is not self.current:
            await self.show_scenario(info)

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        self.query_one("#new-start", Button).focus()

    async def show_scenario(self, info: ScenarioInfo) -> None:
        """Describe the scenario and offer its options and seats.

        The old fields are removed and the new ones mounted before the next scenario is
        shown (the handlers await this), so quick scrolling never meets half-built fields.
        """
        self.current = info
        t = Text()
        t.append(f"{info.title}\n", "bold #ffd21f")
        t.append(f"{info.subtitle}\n\n", "italic")
        t.append(" ".join(info.description.split()))
        t.append(f"\n\nSides: {' vs '.join(info.sides.values())}", "dim")
        self.query_one("#new-description", Static).update(t)
        options = self.query_one("#new-options", Vertical)
        await options.remove_children()
        if not info.options:
            await options.mount(Static(Text("no optional rules", style="italic dim")))
        else:
            shown = for_scenario(info.id)
            words = shown.option_words if shown is not None else {}
            await options.mount_all(
                Horizontal(
                    Label(words.get(key, key), classes="new-label"),
                    Select([(v, v) for v in values], value=self._option(key, values), allow_blank=False, id=f"opt-{key}"),
                    classes="new-row",
                )
                for key, values in info.options.items()
            )
        seats = self.query_one("#new-seats", Vertical)
        await seats.remove_children()
        solo = self.solitaire(info)
        await seats.mount_all(
            Horizontal(
                Label(name, classes="new-label"),
                Static(Text("played by the game", style="italic"), classes="new-solo")
                if side in solo
                else Select(seat_choices(info.id), value=HUMAN, allow_blank=False, id=f"seat-{side}"),
                classes="new-row",
            )
            for side, name in info.sides.items()
        )
        here = self.query_one("#new-here", Vertical)
        await here.remove_children()
        people = [(f"{short_name(name)} only", side) for side, name in info.sides.items() if side not in solo]
        await here.mount(Horizontal(
            Label("plays", classes="new-label"),
            Select([("every side (hotseat)", ALL), *people], value=ALL, allow_blank=False, id="new-seat"),
            classes="new-row",
        ))
        seed = getattr(self.app, "seed", None)
        if seed is not None:
            await here.mount(Static(Text(f"dice seeded (seed {seed}): the same rolls every time", style="italic dim")))

    def _option(self, key: str, values: list[str]) -> str:
        """The value given on the command line for this option of its scenario, else the first."""
        given = self.given.get(key) if self.current is self.first else None
        return given if given in values else values[0]

    @staticmethod
    def solitaire(info: ScenarioInfo) -> dict[str, str]:
        """The sides a solitaire game plays itself, with their seat (side -> "game", from the game's SOLITAIRE)."""
        from wargames_tui.games import GAMES

        return dict(getattr(GAMES.get(info.id.split("/")[0]), "SOLITAIRE", {}) or {})

    def chosen(self) -> tuple[dict[str, str], dict[str, str]]:
        assert self.current is not None
        options = {k: str(self.query_one(f"#opt-{k}", Select).value) for k in self.current.options}
        solo = self.solitaire(self.current)
        seats = {s: solo[s] if s in solo else str(self.query_one(f"#seat-{s}", Select).value) for s in self.current.sides}
        return options, seats

    def on_button_pressed(self, event: Button.Pressed) -> None:
        if event.button.id == "new-start":
            self.action_start()

    def action_start(self) -> None:
        if self.current is None:
            self.notify("No scenario to start.", severity="error")
            return
        options, seats = self.chosen()
        here = str(self.query_one("#new-seat", Select).value)
        self.app.start_new(self.current.id, options, seats, None if here == ALL else here)  # type: ignore[attr-defined]

    def action_back(self) -> None:
        self.app.pop_screen()
