"""The play screen's own keys (a pane adds those of its map), with what each does for the help."""

from __future__ import annotations

from textual.binding import Binding

ACTIONS_TIP = "list every legal action in words and pick one (type to filter): this plays any prompt"
CANCEL_TIP = "drop what is chosen, or the message on the prompt line"
LOG_TIP = "page back and on through the log"

# The keys of the replay, shown in its mode only.
REPLAY_KEYS = [
    Binding("full_stop,space", "step(1)", "Next action", key_display="."),
    Binding("comma,backspace", "step(-1)", "Previous", key_display=","),
    Binding("greater_than_sign,pagedown", "step(10)", "10 on", key_display=">"),
    Binding("less_than_sign,pageup", "step(-10)", "10 back", key_display="<"),
    Binding("home", "go_to(0)", "Start"),
    Binding("end", "go_to(-1)", "End"),
    Binding("v", "replay_viewer", "Whose view", tooltip="once the game is over: the public view, then each side's"),
]
REPLAY_ACTIONS = {"step", "go_to", "help", "back", "standing", "full_log"}

def cursor_keys(moves: dict[str, str], tip: str) -> list[Binding]:
    """A map's cursor keys (keys -> action): not in the footer, explained in the help."""
    return [Binding(keys, action, "Cursor", show=False, tooltip=tip) for keys, action in moves.items()]


STAND_IN_TIP = ("when the rules give you another side's turn (an automaton's), let the game play it for you, "
                "and g again to play it by hand")

# The keys of a game being played (the pane adds its own).
PLAY_KEYS = [
    Binding("a", "actions", "Actions", tooltip=ACTIONS_TIP),
    Binding("u", "undo", "Undo", tooltip="take back your last action (never past a die roll, a revealed unit or a change of side)"),
    Binding("g", "stand_in", "Game plays them", tooltip=STAND_IN_TIP),
    Binding("g", "hand_back", "Play by hand", tooltip=STAND_IN_TIP),  # the footer says which one g does now
    Binding("question_mark", "help", "Help", key_display="?", tooltip="this help"),
    Binding("ctrl+s,s", "save", "Save", tooltip="save now (the game also saves after every action)"),
    Binding("q", "menu", "Menu", tooltip="back to the menu"),
    Binding("v", "standing", "Standing", show=False, tooltip="the victory conditions, where the game stands, what is owed, each side's forces"),
    Binding("L", "full_log", "Full log", show=False, tooltip="the whole log on the full screen; type to find lines"),
    Binding("escape", "cancel", "Cancel", show=False, tooltip=CANCEL_TIP),
    # Tab never takes the focus off the map (a pane's Tab chooses units where it can).
    Binding("tab,shift+tab", "focus_map", "Map", show=False),
    Binding("left_square_bracket", "log_scroll(-1)", "Log back", key_display="[", show=False, tooltip=LOG_TIP),
    Binding("right_square_bracket", "log_scroll(1)", "Log on", key_display="]", show=False, tooltip=LOG_TIP),
]
