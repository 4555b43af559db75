"""How the client shows Springtime for Hitler: words, panels, colours, help, the text view and the bot."""

from __future__ import annotations

from typing import Any

from wargames_tui.games.springtime.bot import springtime_bot
from wargames_tui.games.springtime.present.help import KEYS, RULES
from wargames_tui.games.springtime.present.look import LOOK
from wargames_tui.games.springtime.present.panels import (
    fight_text,
    track_text,
    track_title,
    zone_text,
)
from wargames_tui.games.springtime.present.words import (
    acting,
    concerns,
    describe,
    fight_zone,
    lights,
)
from wargames_tui.present import Presentation
from wargames_tui.present.area import AreaTerms

TERMS = AreaTerms(
    sides={"allied": "Allied", "axis": "Axis"},
    player="allied",
    automatic_action="",
    describe=describe,
    acting=acting,
    fight_zone=fight_zone,
    concerns=concerns,
    zone_text=zone_text,
    track_text=track_text,
    track_title=track_title,
    fight_text=fight_text,
    zone_word="Area",
    lights=lights,
    proceed={"end": "End step", "pass": "Pass"},  # e ends the moves or attacks under way, else passes the impulse
)


def text(game: Any, state: Any, view: dict[str, Any]) -> list[str]:
    """The picture, the records, then every Area with units or an Axis control marker."""
    lines = list(view["picture"])
    records = (f"Turn {view['turn']}/{view['turns']}, {view['phase_title']}, impulse {view['impulse']};"
               f" French Morale {view['morale']}; RPs Allied {view['rp']['allied']}, Axis {view['rp']['axis']};"
               f" Advantage {view['advantage'] or 'nobody'}")
    lines += ["", records, ""]
    by_zone: dict[str, list[str]] = {}
    for u in view["units"]:
        if u.get("zone"):
            by_zone.setdefault(u["zone"], []).append(f"{u['short']} {u['factors']}" + ("r" if u["reduced"] else ""))
    for zid, z in view["zones"].items():
        if by_zone.get(zid) or (z["control"] == "axis" and z["nation"] not in ("germany", "italy")):
            lines.append(f"  {zid:<3} {z['name'][:32]:<32} {z['control']:<6} {', '.join(by_zone.get(zid, []))}")
    return lines


PRESENTATION = Presentation(
    rules_help={"springtime/fall-gelb": RULES, "springtime/plan-red": RULES},
    text=text,
    keys_help=KEYS,
    area=TERMS,
    look=LOOK,
    bots={"greedy": springtime_bot},
    option_words={
        "airdrops": "Axis airdrops (18.1)", "free-setup": "Limited free set-up (18.2)", "bef-returns": "The BEF returns (18.3)",
        "bids": "Secret bids for the Axis (17.1): the higher bid plays the Axis, French Morale starts that much higher",
    },
)
