"""A game in progress: the state, the action log with its dice, and undo."""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import datetime, timezone
from types import ModuleType
from typing import Any

from wargames_tui.engine.dice import Dice
from wargames_tui.engine.flow import Action, Event, IllegalAction, Outcome, Prompt
from wargames_tui.engine.legality import anytime, for_other_seat, listed_quickly, refusal

UNPROVEN = "platform:save"  # the case cited: a save is played on once its log proves its position (docs/saves.md)
SEAT = "platform:seat"  # the case cited: a client bound to a seat plays for that seat only (docs/cli.md)


def answering(game: ModuleType, state: Any) -> bool:
    """Whether the side to act answers another side's action within that side's turn, where the
    game tells (its optional `answering`, docs/GAMES.md)."""
    tells = getattr(game, "answering", None)
    return tells is not None and bool(tells(state))


def standing_in(game: ModuleType, state: Any) -> bool:
    """Whether the side to act makes another side's choices (a game's optional `stand_in`: a
    player who moves the automaton whose turn falls to him)."""
    hook = getattr(game, "stand_in", None)
    return hook is not None and hook(state) is not None


def now() -> str:
    return datetime.now(timezone.utc).isoformat(timespec="seconds")


@dataclass
class LogEntry:
    action: Action
    rolls: list[int]
    side: str | None
    # What the action did, for the log; never saved: replaying the action makes the same events.
    events: list[Event] = field(default_factory=list, compare=False)
    # Whether the side answered another side's action within that side's turn (the game's optional
    # `answering`, docs/GAMES.md): what a player waits for ends at the others' actions that are not
    # answers. Never saved: replaying the action tells again.
    answer: bool = field(default=False, compare=False)

    def to_json(self) -> dict[str, Any]:
        return {"action": self.action, "rolls": self.rolls, "side": self.side}


@dataclass
class Session:
    game: ModuleType
    scenario: str
    options: dict[str, str]
    state: Any
    dice: Dice
    seats: dict[str, str] = field(default_factory=dict)
    # A seeded game (tests, demos) records its seed in the save so that its dice go on the same way.
    seed: int | None = None
    log: list[LogEntry] = field(default_factory=list)
    created: str = field(default_factory=now)
    updated: str = field(default_factory=now)
    # Undo and refusals: a copy of the state at the last commit point (`_base`, taken lazily before
    # the next action changes the state) and the log's length then; the state after any later
    # action is that copy with the log's actions since applied again. `_undo` holds the log
    # lengths undo may go back to.
    _undo: list[int] = field(default_factory=list)
    _base: Any = None
    _base_len: int = 0
    undo_stop: str = "the start of the game"  # the last point undo may not cross, in words
    _prompt: Prompt | None = None
    # What loading a save had to set aside (journal lines it could not prove), for the player to read.
    notes: list[str] = field(default_factory=list)
    # Why nothing may be played or saved: a game opened on its save's position before its log has
    # been played again to prove it, or whose log does not (engine/opening.py).
    unproven: str | None = None
    # A client bound to one seat (`wargames play SAVE --seat SIDE`): the side its player plays, and
    # the other sides it plays itself (a bot asked for there). Another side's turn is a prompt with no
    # actions, and only an action read from the save (`act(remote=True)`) is played for that side.
    seat: str | None = None
    runs: set[str] = field(default_factory=set)

    @classmethod
    def start(
        cls,
        game: ModuleType,
        scenario: str,
        options: dict[str, str] | None = None,
        seed: int | None = None,
        seats: dict[str, str] | None = None,
    ) -> "Session":
        options = dict(options or {})
        state = game.new(scenario, options)
        return cls(game, scenario, options, state, Dice(seed), dict(seats or {}), seed)

    @property
    def real_prompt(self) -> Prompt:
        """The rules' prompt: who acts now and every legal action, whatever seat reads it."""
        if self._prompt is None:
            self._prompt = self.game.prompt(self.state)
        return self._prompt

    @property
    def prompt(self) -> Prompt:
        """The prompt this session's player may read: the rules' prompt, or, while the side to act
        is played at another seat, whose turn it is and nothing of what that side may do."""
        real = self.real_prompt
        if self.waiting_for() is None:
            return real
        return Prompt(real.side, real.phase, "to play at another seat", SEAT, [])

    def waiting_for(self) -> str | None:
        """The side to act when it is played at another seat, else None (hotseat: never). The game's
        own steps (a side the rules play) fall to the seat whose player acted last (before anyone
        has, to the first side a player plays)."""
        side = self.game.active_side(self.state)
        if self.seat is None or side is None or side == self.seat or side in self.runs:
            return None
        if self.seats.get(side) == "game":
            people = [e.side for e in reversed(self.log) if self.seats.get(e.side or "") != "game"]
            last = next(iter(people), None) or next((s for s, who in self.seats.items() if who != "game"), None)
            if last == self.seat or last in self.runs:
                return None
        return side

    def _side_name(self, side: str | None) -> str:
        return str(self.view(None).get("sides", {}).get(side, side))

    def outcome(self) -> Outcome | None:
        return self.game.outcome(self.state)

    def view(self, viewer: str | None = None) -> dict[str, Any]:
        return self.game.view(self.state, viewer)

    def act(self, action: Action, undoable: bool = True, remote: bool = False) -> list[Event]:
        """Apply one action; an IllegalAction (or any error) leaves the game exactly as it was.
        An action that is not one of the prompt's is refused before the rules see it, and so is one
        for a side played at another seat, unless it was played there (`remote`: read from the save).

        The action changes the state in place: no copy of the whole state an action (the cost of
        replays and bot playouts), only one after each commit point, and the state rebuilt from
        it when an action is refused or taken back. `undoable=False` (a replay, thrown away if an
        action fails) takes no copy at all: the action cannot be taken back, and a refused one
        leaves the state as it was left."""
        if self.unproven is not None:
            raise IllegalAction(self.unproven, UNPROVEN)
        other = None if remote else self.waiting_for()
        if other is not None:
            raise IllegalAction(f"the {self._side_name(other)} side is to act, at its own seat: this one plays "
                                f"the {self._side_name(self.seat)} side only", SEAT)
        if not remote and self.seat is not None and for_other_seat(action, self.seat) and action in anytime(self.game, self.state):
            raise IllegalAction(f"this seat plays the {self._side_name(self.seat)} side only: it takes no action "
                                f"in the {self._side_name(action['side'])} side's name", SEAT)
        if not listed_quickly(self.game, self.state, action):
            refused = refusal(self.game, self.state, self.real_prompt, action)
            if refused:
                raise refused
        side = self.game.active_side(self.state)
        answer = answering(self.game, self.state)
        if undoable and (self._base is None or self._base_len > len(self.log)):
            self._base, self._base_len = self.game.copy_state(self.state), len(self.log)
        self.dice.take_rolls()
        point = self.dice.checkpoint()
        try:
            events = self.game.apply(self.state, action, self.dice)
        except BaseException:
            self.dice.take_rolls()
            self.dice.rewind(point)
            if undoable:
                self.state = self._rebuilt(len(self.log))
            raise
        rolls = self.dice.take_rolls()
        if undoable:
            self._undo.append(len(self.log))
        else:
            self._undo.clear()
            self._base = None
        self._prompt = None
        self.log.append(LogEntry(action, rolls, side, events, answer))
        self.updated = now()
        handover = self.game.active_side(self.state) not in (side, None)
        committed = next((e for e in events if e.commit), None)
        if rolls or handover or committed:
            self._undo.clear()
            self._base, self._base_len = None, len(self.log)
            self.undo_stop = _stop_words(rolls, handover, events)
        return events

    def become(self, other: "Session") -> None:
        """Take the game `other` holds (its position, log and dice), this session's seat kept: the
        game read again whole from its save."""
        self.state, self.log[:], self.dice, self.undo_stop = other.state, other.log, other.dice, other.undo_stop
        self.updated, self._prompt, self._base = other.updated, None, None
        self._undo.clear()

    def _rebuilt(self, length: int) -> Any:
        """The state after the first `length` actions of the log: the commit point's copy with the
        actions since applied again (none of them rolled a die: a roll is a commit point)."""
        state = self.game.copy_state(self._base)
        for entry in self.log[self._base_len : length]:
            self.game.apply(state, entry.action, Dice.replaying(entry.rolls))
        return state

    @property
    def can_undo(self) -> bool:
        return bool(self._undo)

    def undo(self) -> bool:
        """Take back the last action, if no commit point (die roll, reveal, handover) came since."""
        if not self._undo:
            return False
        length = self._undo.pop()
        self.state = self._rebuilt(length)
        del self.log[length:]
        self._prompt = None
        self.updated = now()
        return True


def _stop_words(rolls: list[int], handover: bool, events: list[Event]) -> str:
    """A commit point in words a player knows: what the table saw happen (the first event every
    side may read, the commit itself first), never a count of actions."""
    public = [e for e in events if e.only is None]
    seen = next((e for e in public if e.commit), public[0] if public else None)
    if rolls:
        return f"the die roll ({seen.text})" if seen else "the die roll"
    if handover:
        return "the change of side"
    return f"{seen.text!r}" if seen else "the last reveal"
