"""The bot's answer to the other Allied player's proposal to end the game now (betrayal:7.0)."""

import json
from types import SimpleNamespace

import pytest

from wargames_tui.cli import main
from wargames_tui.engine.saves import load
from wargames_tui.games import betrayal as game
from wargames_tui.games.betrayal.data import load_scenario
from wargames_tui.games.betrayal.partner import answer

from .helpers import act, blank, put

S = load_scenario()
V = S.tables.victory
BRITS = [u for u in S.units if S.units[u].nation == "british" and not S.units[u].air]


def proposed_by_the_french(evacuated: int):
    """Turn 3's French movement, the French having proposed to end the game, with `evacuated`
    British ground units home and the armour and Paris's French on the map."""
    state = blank("french-movement", turn=3)
    put(state, "PAR", "fr-1c")
    put(state, "SOI", "fr-3dcr")
    for u in BRITS[:evacuated]:
        state.pieces[u].where = "evacuated"
    act(state, {"type": "propose-end", "side": "french"})
    return state


@pytest.mark.rules("betrayal:7.0")
def test_the_bot_agrees_when_the_game_judged_now_is_its_victory_and_declines_one_short():
    won = proposed_by_the_french(V.british_minor_evacuated)
    assert answer(SimpleNamespace(state=won), "british") == {"type": "agree-end", "side": "british"}
    short = proposed_by_the_french(V.british_minor_evacuated - 1)
    assert answer(SimpleNamespace(state=short), "british") == {"type": "decline-end", "side": "british"}
    for state in (won, short):  # the answer is one the rules list for the British now
        assert answer(SimpleNamespace(state=state), "british") in game.anytime(state)


@pytest.mark.rules("betrayal:7.0")
def test_the_bot_answers_only_the_other_players_proposal():
    state = proposed_by_the_french(V.british_minor_evacuated)
    assert answer(SimpleNamespace(state=state), "french") is None  # not its own proposal
    act(state, {"type": "decline-end", "side": "british"})
    assert answer(SimpleNamespace(state=state), "british") is None  # nothing awaits an answer


@pytest.mark.rules("betrayal:7.0")
def test_a_bot_at_its_own_seat_answers_the_proposal_when_its_turn_comes(tmp_path, capsys):
    # `wargames bot SAVE british`: at a seat a side acts only in its turn, so the proposal the French
    # seat made waits for the British bot's turn, and is then its first action.
    save = tmp_path / "g.json"
    main(["new", "betrayal/historical", "-o", str(save), "--seed", "3"])
    assert main(["bot", str(save), "french=greedy", "--once"]) == 0  # the French handle turn 1's Germans
    assert main(["act", str(save), json.dumps({"type": "propose-end", "side": "french"})]) == 0
    assert load(save).prompt.side == "british"
    assert main(["bot", str(save), "british=greedy", "--once"]) == 0
    session = load(save)
    # Judged on turn 1, every British unit still fighting in France is a British Major Victory (7.0).
    assert [e.action for e in session.log[-2:]] == [{"type": "propose-end", "side": "french"}, {"type": "agree-end", "side": "british"}]
    assert "The players agree to end the game on turn 1" in capsys.readouterr().out
