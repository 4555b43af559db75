"""The random bot: any legal action, the ends of phases less often."""

from __future__ import annotations

import random

from wargames_tui.engine.actionlist import ActionList
from wargames_tui.engine.flow import Action
from wargames_tui.engine.session import Session


def random_bot(session: Session, rng: random.Random) -> Action:
    """Any legal action, uniformly. Ends a phase only a fifth as often as it does anything else.

    A lazy action list is weighed by runs of one type, so only the chosen action is built;
    the weights add up as random.choices adds them, so a seed plays the same game either way.
    """
    actions = session.prompt.actions
    if not isinstance(actions, ActionList):
        weights = [0.2 if a["type"].startswith("end") else 1.0 for a in actions]
        return rng.choices(actions, weights=weights)[0]
    tops: list[tuple[float, int]] = []  # (cumulative weight at the end of a run, its length)
    total = 0.0
    for kinds, n in actions.runs():
        ends = {k.startswith("end") for k in kinds}
        if len(ends) > 1:
            return rng.choices(actions, weights=[0.2 if a["type"].startswith("end") else 1.0 for a in actions])[0]
        if True in ends or not total.is_integer():
            for _ in range(n):
                total += 0.2 if True in ends else 1.0
                tops.append((total, 1))
        else:  # weight 1 on a whole total: each sum is exact, so a run is one step
            total += n
            tops.append((total, n))
    x = rng.random() * total
    index = 0
    for top, n in tops:
        if x < top:
            return actions[index + min(int(x - (top - n)), n - 1)]
        index += n
    return actions[len(actions) - 1]
