"""How the client shows Dieppe: words, panels, colours, help, the text view and the bot."""

from __future__ import annotations

from typing import Any

from rich.text import Text

from wargames_tui.games.dieppe.bot import raider_bot
from wargames_tui.games.dieppe.present.help import AREA_KEYS, RULES
from wargames_tui.games.dieppe.present.look import LOOK
from wargames_tui.games.dieppe.present.panels import dieppe_track, dieppe_zone
from wargames_tui.games.dieppe.present.text import text_area
from wargames_tui.games.dieppe.present.words import describe_dieppe, dieppe_acting, dieppe_concerns, dieppe_fight_zone
from wargames_tui.present import Presentation
from wargames_tui.present.area import AreaTerms, moves_left, points_status


def status(view: dict[str, Any]) -> Text:
    """The header's gauges: the German alarm level (red from 6) and the victory points."""
    out, alarm = Text(), view.get("alarm")
    if alarm is not None:
        out.append(f"Alarm {alarm} ", "bold #ff6b6b" if alarm >= 6 else "bold")
    return out.append_text(points_status(view))



def mp_left(view: dict[str, Any]) -> int | None:
    """The MP left to the stack on the move, else to the party acting."""
    left = moves_left(view)
    return left if left is not None else (view.get("party") or {}).get("mp")


TERMS = AreaTerms(
    sides={"british": "British", "german": "German"},
    player="british",
    automatic_action="german",
    describe=describe_dieppe,
    acting=dieppe_acting,
    fight_zone=dieppe_fight_zone,
    concerns=dieppe_concerns,
    zone_text=dieppe_zone,
    track_text=dieppe_track,
    proceed={"end-setup": "Start the raid", "roll-events": "Roll events", "end-turn": "End turn"},
    keys={"job-done": ("j", "Job Done"), "stop": ("x", "Stop here")},
    unit_fields=("lca", "escort", "aim", "contacts", "supports"),
    status=status,
    mp_left=mp_left,
    done_mark={"british": "Job Done", "german": "Alles gemacht"},
    markers={
        "A": "A marker, not yet revealed",
        "B": "B marker, not yet revealed",
        "mines": "mines (revealed)",
        "wire": "barbed wire (revealed)",
    },
    kinds={"sea": "sea", "waiting": "LCA waiting zone", "beach": "beach", "land": "land", "newhaven": "home port"},
    protection={0: "none", 1: "light", 3: "strong"},
)


def text(game: Any, state: Any, view: dict[str, Any]) -> list[str]:
    return text_area(view)


PRESENTATION = Presentation(
    rules_help={"dieppe/raid": RULES},
    text=text,
    keys_help=AREA_KEYS,
    area=TERMS,
    look=LOOK,
    bots={"greedy": raider_bot},
    log_styles={"alarm": "bold #ff8c1a"},
    option_words={
        "events": "Unforeseen events of the crossing (5)",
        "bad-luck": "Bad luck!: the first infantry doubled (13, optional rule 1)",
        "alarm": "Alarm!: the alarm starts at 2 (13, optional rule 2)",
        "vorwarts": "Vorwärts!: German units move 4 MP (13, optional rule 3)",
        "level": "Level of difficulty (13): green applies rule 1, hardened 1-2, seasoned 1-3",
    },
)
