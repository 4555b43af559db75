"""WargamesApp: the Textual client.

With a session it opens on the play screen; without one, on the main menu.
Every action is saved at once (autosave) to save_path, or to a file named after
the scenario and the game's creation time in save_dir.
"""

from __future__ import annotations

import os
from pathlib import Path
from typing import TYPE_CHECKING, Callable, Iterable

from textual.app import App, SystemCommand
from textual.screen import Screen

from wargames_tui.engine.files import SaveError
from wargames_tui.engine.session import Session

if TYPE_CHECKING:
    from wargames_tui.engine.opening import Proof


class WargamesApp(App):
    CSS_PATH = "app.tcss"
    TITLE = "wargames-tui"
    ENABLE_COMMAND_PALETTE = True
    LONG_SAVE = 1000  # actions: a save this long is checked off the event loop (see _load)

    def __init__(
        self,
        save_dir: Path,
        seed: int | None = None,
        session: Session | None = None,
        save_path: Path | None = None,
        replay: Session | None = None,
        opened: Proof | None = None,
        choose: tuple[str, dict[str, str]] | None = None,
    ) -> None:
        super().__init__()
        self.save_dir = Path(save_dir)
        self.seed = seed
        self.initial_session = session
        self.initial_save_path = Path(save_path) if save_path else None
        self.initial_replay = replay
        self.initial_proof = opened  # a save opened on its snapshot, to prove (open_save)
        self.initial_choice = choose  # a scenario and options, for the new-game screen to finish
        # Seconds between a bot's actions; tests set it near zero.
        self.bot_delay = float(os.environ.get("WARGAMES_BOT_DELAY", "0.4"))
        # Cover the map at every hotseat handover, also in games that hide nothing.
        self.cover_always = os.environ.get("WARGAMES_COVER") == "always"

    def on_mount(self) -> None:
        self.theme = "textual-dark"
        if self.initial_replay is not None:
            self.show_menu()
            self.open_replay(self.initial_replay)
        elif self.initial_session is not None:
            self.open_session(self.initial_session, self.initial_save_path)
        elif self.initial_proof is not None:
            self.open_save(self.initial_proof.path, self.initial_proof)
        else:
            self.show_menu()
            if self.initial_choice is not None:
                from wargames_tui.ui.screens.new_game import NewGameScreen

                self.push_screen(NewGameScreen(*self.initial_choice))

    # --- navigation ------------------------------------------------------------
    def show_menu(self) -> None:
        """Go to the main menu, leaving whatever screens were open."""
        from wargames_tui.ui.screens.menu import MenuScreen

        while len(self.screen_stack) > 1:
            self.pop_screen()
        if isinstance(self.screen, MenuScreen):
            self.screen.refresh_menu()
            return
        self.push_screen(MenuScreen())

    def open_session(self, session: Session, save_path: Path | None = None) -> None:
        """The play screen for the game's kind of map (hexes or areas)."""
        while len(self.screen_stack) > 1:
            self.pop_screen()
        self._seat_people_for_unknown_bots(session)
        self._tell_notes(session)
        from wargames_tui.ui.saving import autosave_path
        from wargames_tui.ui.screens.play import PlayScreen

        path = save_path or autosave_path(self.save_dir, session)

        self.push_screen(PlayScreen(session, path))

    def open_replay(self, source: Session | Path) -> None:
        """The replay viewer over a game, from its session or its save file."""
        from wargames_tui.ui.screens.play import PlayScreen

        if isinstance(source, Path):
            self._load(source, self.open_replay, "Cannot replay")
            return
        while len(self.screen_stack) > 2:
            self.pop_screen()
        self._tell_notes(source)
        self.push_screen(PlayScreen(source, replay=True))

    def _tell_notes(self, session: Session) -> None:
        """What loading the save had to set aside (journal lines it could not prove), said once."""
        for note in session.notes:
            self.notify(note, title="Part of this save is lost", severity="warning", timeout=20)
        session.notes.clear()

    def _seat_people_for_unknown_bots(self, session: Session) -> None:
        """A save may name a bot this version does not have: a person takes that side instead."""
        from wargames_tui.bots import BOTS

        sides = session.view(None).get("sides", {})
        for side, seat in session.seats.items():
            if seat.startswith("bot:") and seat.removeprefix("bot:") not in BOTS:
                session.seats[side] = "human"
                who = sides.get(side, side)
                self.notify(f"No bot called {seat.removeprefix('bot:')!r} here: {who} is played at this keyboard.", severity="warning", timeout=8)

    def start_new(self, scenario: str, options: dict[str, str], seats: dict[str, str], seat: str | None = None) -> None:
        """A new game; `seat`: this screen plays that side only (and the bots chosen), the other
        people play from their screens on its save."""
        from wargames_tui.engine.files import DataFileError
        from wargames_tui.games import UnknownScenario, game_for

        try:
            session = Session.start(game_for(scenario), scenario, options, seed=self.seed, seats=seats)
        except (DataFileError, UnknownScenario, ValueError) as exc:
            self.notify(f"Cannot start {scenario}: {exc}", severity="error", timeout=10)
            return
        if seat is not None:
            from wargames_tui.ui.saving import autosave_path

            session.seat = seat
            session.runs = {side for side, who in seats.items() if who.startswith("bot:")}
            path = autosave_path(self.save_dir, session)
            self.notify(f"The other players open {path.name} from Load game with o, or run: wargames play {path} --seat SIDE",
                        title="Saved for two screens", timeout=30)
        self.open_session(session)

    def open_save(self, path: Path, proof: Proof | None = None, seat: str | None = None) -> None:
        """The game at its save's position at once (`proof`: opened already); its log is played
        again behind it to prove that position (engine/opening.py). Play waits for the proof; a save
        it does not prove is never played on or saved over, and the player is offered the game its
        log does prove. `seat`: this screen plays that side only (two screens, one game)."""
        from wargames_tui.engine.opening import open_snapshot

        try:
            proof = proof or open_snapshot(path)
        except Exception as exc:  # noqa: BLE001 - a save that breaks the rules code must not crash the client
            self._loaded(str(exc) if isinstance(exc, SaveError) else f"{path}: {exc}", lambda s: None, "Cannot load")
            return
        if seat is not None:
            proof.session.seat = seat
        self.open_session(proof.session, path)

        def work() -> None:
            proof.run()
            try:
                self.call_from_thread(self._proven, proof, path)
            except RuntimeError:  # the client closed while the save was being proven
                pass

        self.run_worker(work, thread=True, group="proof", exit_on_error=False)

    def _proven(self, proof: Proof, path: Path) -> None:
        from wargames_tui.ui.screens.play import PlayScreen
        from wargames_tui.ui.screens.unproven import UnprovenScreen, proven_path

        ok = proof.finish()
        screen = next((s for s in self.screen_stack if isinstance(s, PlayScreen) and s.session is proof.session), None)
        if screen is None:  # the player has left the game
            return
        if ok:
            screen.proven()
            return
        if proof.fallback is None:
            self.notify(f"{path.name}: {proof.reason}", title="This save cannot be played on", severity="error", timeout=20)
            self.show_menu()
            return

        def chosen(play_on: bool | None) -> None:
            if play_on and proof.fallback is not None:
                self.open_session(proof.fallback, proven_path(path))
            else:
                self.show_menu()

        self.push_screen(UnprovenScreen(f"{path.name}: {proof.reason}", len(proof.fallback.log), len(proof.env.log)), chosen)

    def _load(self, path: Path, then: Callable[[Session], None], title: str) -> None:
        """Read and check a save, then `then(session)`. A long game's check (its whole log played
        again: seconds for a finished Blitzkrieg campaign) runs in a thread behind the opening
        screen, so that the client keeps drawing and Esc takes the player back."""
        from wargames_tui.engine.saves import read_header

        try:
            actions = read_header(path).actions or 0
        except SaveError:
            actions = 0  # load says what is wrong with it
        if actions < self.LONG_SAVE:
            self._loaded(_try_load(path), then, title)
            return
        from wargames_tui.ui.screens.opening import OpeningScreen

        screen = OpeningScreen(path.name, actions)
        self.push_screen(screen)

        def finish(result: Session | str) -> None:
            if screen.cancelled:
                return
            screen.dismiss(None)
            self._loaded(result, then, title)

        def work() -> None:
            result = _try_load(path)
            try:
                self.call_from_thread(finish, result)
            except RuntimeError:  # the client closed while the save was being checked
                pass

        self.run_worker(work, thread=True, group="load", exit_on_error=False)

    def _loaded(self, result: Session | str, then: Callable[[Session], None], title: str) -> None:
        if isinstance(result, str):
            self.notify(result, title=title, severity="error", timeout=10)
        else:
            then(result)

    # --- saving ---------------------------------------------------------------------
    def autosave(self, session: Session, path: Path, compact: bool = False) -> Path | None:
        """Save the game now (`compact`: the journal folded into the file); report a failure without
        stopping play. A game not proven yet has nothing to save (nothing can be played on it): its
        file stays as it was read."""
        from wargames_tui.engine.saves import save

        if session.unproven is not None:
            return None
        try:
            save(session, path, compact=compact)
        except OSError as exc:
            self.notify(f"Could not save to {path}: {exc.strerror or exc}", severity="error", timeout=8)
            return None
        except SaveError as exc:  # another program changed the save since this game read it
            self.notify(str(exc), title="Not saved", severity="error", timeout=10)
            return None
        except Exception as exc:  # noqa: BLE001 - play goes on even if a save cannot be written
            self.notify(f"Could not save to {path}: {exc!r}", severity="error", timeout=8)
            return None
        return path

    def toggle_cover(self) -> None:
        self.cover_always = not self.cover_always
        where = "at every handover" if self.cover_always else "only in games that hide things"
        self.notify(f"The map is covered {where}.", timeout=4)

    # --- command palette ---------------------------------------------------------------
    def get_system_commands(self, screen: Screen) -> Iterable[SystemCommand]:
        from wargames_tui.ui.screens.play import PlayScreen

        if isinstance(screen, PlayScreen) and not screen.replay:
            yield SystemCommand("Save game", "Save now (the game also saves after every action)", screen.action_save)
            yield SystemCommand("Legal actions", "List every legal action in words and pick one", screen.action_actions)
            yield SystemCommand("Undo", "Take back your last action, back to the last die roll, reveal, binding declaration or change of side", screen.action_undo)
            yield SystemCommand("Rules and keys", "Help: the keys and a summary of the rules", screen.action_help)
            yield SystemCommand("Quit to menu", "Back to the main menu (the game is saved)", screen.action_menu)
            yield SystemCommand(
                "Cover the map at every handover" if not self.cover_always else "Cover the map only where the game hides things",
                "Hotseat: hide the map until the next player presses Enter, in every game or only where needed",
                self.toggle_cover,
            )
        yield from super().get_system_commands(screen)


def _try_load(path: Path) -> Session | str:
    """The checked session, or why the save cannot be used."""
    from wargames_tui.engine.saves import load

    try:
        return load(path)
    except SaveError as exc:
        return str(exc)
    except Exception as exc:  # noqa: BLE001 - a save that breaks the rules code must not crash the client
        return f"{path}: {exc}"
