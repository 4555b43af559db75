"""How the client shows Strange Victory: words, panels, colours, help, the text view and the bot."""

from __future__ import annotations

from typing import Any

from rich.text import Text

from wargames_tui.games.strange_victory.bot import blitzer_bot
from wargames_tui.games.strange_victory.present.help import KEYS, RULES
from wargames_tui.games.strange_victory.present.look import LOOK
from wargames_tui.games.strange_victory.present.panels import sv_fight, sv_track, sv_track_title, sv_zone
from wargames_tui.games.strange_victory.present.words import (
    describe_strange_victory,
    sv_acting,
    sv_concerns,
    sv_fight_zone,
    sv_lights,
)
from wargames_tui.present import Presentation
from wargames_tui.present.area import AreaTerms, points_status, vp, zone_listing


def status(view: dict[str, Any]) -> Text:
    """The header's gauges: the Allied panic against the level that halts the offensive (red in
    its last three), and the victory points."""
    out = Text()
    if view.get("panic") is not None:
        panic, halt = view["panic"], view.get("halt") or 21
        out.append(f"Panic {panic}/{halt} ", "bold #ff6b6b" if panic >= halt - 3 else "bold")
    return out.append_text(points_status(view))


TERMS = AreaTerms(
    sides={"german": "German", "allied": "Allied"},
    player="german",
    automatic_action="",  # the Allies act inside the player's actions: no steps of their own
    describe=describe_strange_victory,
    acting=sv_acting,
    fight_zone=sv_fight_zone,
    concerns=sv_concerns,
    zone_text=sv_zone,
    track_text=sv_track,
    track_title=sv_track_title,
    fight_text=sv_fight,
    proceed={"end-turn": "End turn"},
    done_mark={"german": "activated"},
    markers={"A": "A garrison", "B": "B garrison", "C": "C garrison", "I": "I garrison"},
    kinds={
        "staging": "staging area",
        "regular": "village",
        "strategic": "strategic area",
        "port": "port",
        "fortress": "fortress",
    },
    zone_word="Area",
    lights=sv_lights,
    keys={"end-activation": ("e", "End activation"), "roll": ("r", "Roll"), "accept": ("c", "Accept")},
    unit_fields=("division",),
    actor_fields=("division",),
    status=status,
    next_key="Next division",
)


def text(game: Any, state: Any, view: dict[str, Any]) -> list[str]:
    """The picture, panic and points, then each area with a face-down garrison, a division or Allied counters."""
    head = f"panic {view['panic']}/{view['halt']}  VP so far {vp(view.get('total'))}"

    def note(z: dict[str, Any]) -> str:
        marker = f" [{z['marker']} garrison]" if z.get("marker") else ""
        return marker + (f" [{z['coastal']} coastal]" if z.get("coastal") else "")

    def unit_words(u: dict[str, Any]) -> str:
        return u["short"] + (f" ({u['damage']})" if u.get("damage") else "")

    return [*view["picture"], "", head, "", *zone_listing(view, unit_words, note)]


PRESENTATION = Presentation(
    rules_help={"strange-victory/campaign": RULES},
    text=text,
    keys_help=KEYS,
    area=TERMS,
    look=LOOK,
    bots={"greedy": blitzer_bot},
    option_words={"setup": "Set-up of the Korps (6.0): historical, or the player's choice"},
)
