"""What the client asks of a game beyond the five-question protocol, in one place.

Each hook first looks for a function on the game module (the generic way) and
otherwise falls back to what a known game already offers, so a game module can
take over any of them without a client change.
"""

from __future__ import annotations

from dataclasses import dataclass

from wargames_tui.engine.dice import Dice
from wargames_tui.engine.flow import Action, IllegalAction
from wargames_tui.engine.session import Session

# Used when a game names no colours: one per side, in seat order.
FALLBACK_COLOURS = ["#9a9a9a", "#c8a46e", "#a8d5a0", "#8fb3d9", "#d99a9a"]


@dataclass(frozen=True)
class Nation:
    name: str
    side: str
    colour: str
    text: str = "black"


@dataclass(frozen=True)
class Odds:
    attack: int
    defence: int
    column: str | None
    note: str = ""  # why the defence is doubled, with its rule case


def nations(session: Session) -> dict[str, Nation]:
    """Nation id -> name, side and counter colours, from the scenario's data."""
    game = session.game
    hook = getattr(game, "nations", None)
    if callable(hook):
        return {k: Nation(**v) if isinstance(v, dict) else v for k, v in hook(session.state).items()}
    loader = getattr(game, "load_scenario", None)
    if callable(loader):
        try:
            info = loader(session.scenario).info
            return {k: Nation(n.name, n.side, n.colour, n.text) for k, n in info.nations.items()}
        except Exception:  # noqa: BLE001 - colours are cosmetic; never fail the client on them
            pass
    view = session.view(None)
    sides = list(view.get("sides", {}))
    found: dict[str, Nation] = {}
    for u in view.get("units", []):
        nation = u.get("nation", u["side"])
        if nation not in found:
            i = sides.index(u["side"]) if u["side"] in sides else len(found)
            found[nation] = Nation(nation, u["side"], FALLBACK_COLOURS[i % len(FALLBACK_COLOURS)])
    return found


def odds(session: Session, attackers: list[str], defender: str) -> Odds | None:
    """The odds of a possible attack as the rules compute them, or None if unknown."""
    game = session.game
    hook = getattr(game, "odds", None)
    if callable(hook):
        return hook(session.state, attackers, defender)
    if getattr(game, "GAME_ID", "") == "panzer-corps":
        from wargames_tui.games.panzer_corps.board import Board

        try:
            b = Board(session.state)
            attack = sum(b.unit(a).strength for a in attackers)
            defence, why = b.defence(defender)
            column = b.column(attackers, defender) if attack > 0 else None
        except Exception:  # noqa: BLE001 - an odds preview must never break the client
            return None
        return Odds(attack, defence, column, why)
    return None


def dry_run(session: Session, action: Action) -> IllegalAction | None:
    """Try an action on a copy of the position: the rules' reason if they refuse it, else None.

    The session is never touched, so this is safe for explaining why a key did nothing.
    """
    game = session.game
    trial = game.copy_state(session.state)
    try:
        game.apply(trial, action, Dice(0))
    except IllegalAction as exc:
        return exc
    except Exception as exc:  # noqa: BLE001 - malformed probes are reported, never raised
        return IllegalAction(str(exc), session.prompt.case)
    return None
