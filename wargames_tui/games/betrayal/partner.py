"""A bot's answer when the other Allied player proposes to end the game now (betrayal:7.0).

Each Allied player plays for his own result against the automaton, so the bot agrees when the game
judged now (victory.judge, as at the end) gives its own nation a victory, and declines otherwise: it
takes a win in hand, and plays on where the result now would be a draw or a loss.
"""

from __future__ import annotations

from wargames_tui.engine.flow import Action
from wargames_tui.engine.session import Session
from wargames_tui.games import betrayal
from wargames_tui.games.betrayal.victory import judge


def answer(session: Session, side: str) -> Action | None:
    """The bot at `side`'s answer to the other Allied player's proposal, or None if the rules list
    it no answer to give now."""
    state = session.state
    kinds = {a["type"] for a in betrayal.anytime(state) if a.get("side") == side}
    if "agree-end" not in kinds:
        return None
    return {"type": "agree-end" if judge(state)["levels"].get(side, 0) >= 1 else "decline-end", "side": side}
