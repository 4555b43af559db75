"""The prewar planner: orders for one side from its own view alone."""

from __future__ import annotations

import random
from typing import Any


def plan(
    view: dict[str, Any], actions: list[dict[str, Any]], rng: random.Random
) -> dict[str, Any]:
    return rng.choice(actions)
