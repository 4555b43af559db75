"""The combat and re-roll example of strange-victory:8.3.7, end to end through the rules engine."""

import pytest

from wargames_tui.engine.dice import Dice
from wargames_tui.games.strange_victory import rules


def act(state, action, *rolls):
    dice = Dice.replaying(rolls)
    events = rules.apply(state, action, dice)
    assert dice.leftover() == 0
    return "\n".join(e.text for e in events)


@pytest.mark.rules(
    "strange-victory:8.3.7", "strange-victory:3.1.5", "strange-victory:8.3.3", "strange-victory:5.4.6",
    "strange-victory:8.2.7", "strange-victory:8.2.2", "strange-victory:4.2.2",
)
def test_the_combat_and_reroll_example():
    state = rules.new_state("strange-victory/campaign", {"setup": "choice"})
    act(state, {"type": "setup", "placement": dict(rules.HISTORICAL)})
    # The 7th Division has entered its first area (Beaumont) and goes on into Avesnes.
    seventh = state.divisions["7pz"]
    seventh.area, seventh.moved, seventh.limit = "BEA", 1, 2
    state.active, state.korps = "7pz", "XV"
    del state.hidden["BEA"]
    state.pools["I"] = ["I-inf-3a"]  # the Avesnes infantry, strength 3
    state.pools["B"] = ["B-arm-6a"]  # the Somua, strength 6, waiting at Cambrai
    state.box = ["stuka-1", "guns-1", "A-gas-1", "recon-1"]
    text = act(state, {"type": "move", "division": "7pz", "to": "AVE", "extra": None}, 1)
    assert "against strength 8" in text  # 3 + 1 fortification, doubled for the woods
    act(state, {"type": "asset", "asset": "stuka-1"})
    text = act(state, {"type": "asset", "asset": "guns-1"})
    assert "strength 5, 4 dice" in text
    text = act(state, {"type": "roll"}, 1, 3, 4, 5)
    assert "1 hit(s)" in text
    text = act(state, {"type": "reroll", "dice": [0, 1, 2], "by": "audacity"}, 2, 5, 6)
    assert "[2, 5, 6, 5], 3 hit(s)" in text and "rommel" in state.flipped
    text = act(state, {"type": "accept"})
    assert "Devastating Overrun" in text and "Rommel regains an audacity point" in text
    assert state.audacity["rommel"] == 4  # 4, less the re-roll, plus the point regained
    assert sorted(state.discarded) == ["guns-1", "stuka-1"] and state.active == "7pz"
    # The Gas counter buys a third area: Cambrai, where the Somua waits.
    text = act(state, {"type": "move", "division": "7pz", "to": "CAM", "extra": "gas"}, 1)
    assert "Somua" in text and "A-gas-1" not in state.box + state.discarded  # found assets leave play
    text = act(state, {"type": "asset", "asset": "recon-1", "returns": "stuka-1"})
    assert "strength 6, 4 dice" in text and "comes back to the box" in text
    text = act(state, {"type": "asset", "asset": "stuka-1"})
    assert "strength 4, 4 dice" in text
    act(state, {"type": "roll"}, 1, 2, 2, 5)
    text = act(state, {"type": "accept"})
    assert "Pitched Battle" in text and "disordered" in text
    assert seventh.damage == "disorder" and seventh.resupply and state.panic == 2 and state.active is None
    assert "CAM" not in state.allied and "AVE" not in state.allied
