"""The `wargames` subcommands, run in-process through cli.main."""

import json
import re

import pytest

from wargames_tui.cli import main

SC = "panzer-corps/el-alamein"


def run(capsys, *args):
    code = main(list(args))
    out = capsys.readouterr()
    return code, out.out, out.err


def test_list_names_el_alamein(capsys):
    code, out, _ = run(capsys, "list")
    assert code == 0
    assert "panzer-corps/el-alamein  Panzer Corps: El Alamein (Alam Halfa, 1942)" in out.splitlines()


def test_new_show_actions_act_replay(tmp_path, capsys):
    save = tmp_path / "g.json"
    assert run(capsys, "new", SC, "-o", str(save), "--seed", "4")[0] == 0
    code, out, _ = run(capsys, "show", str(save))
    assert code == 0 and "turn 1/4" in out and "German-Italian movement" in out
    code, out, _ = run(capsys, "show", str(save), "--json")
    view = json.loads(out)
    assert view["view_version"] == 1 and view["phase"] == "gi-move"
    code, out, _ = run(capsys, "actions", str(save))
    lines = out.splitlines()
    assert lines[0].startswith("# German-Italian:")
    move = json.loads(lines[1])
    assert move["type"] == "move"
    code, out, _ = run(capsys, "act", str(save), json.dumps(move))
    assert code == 0 and "->" in out
    code, out, _ = run(capsys, "replay", str(save))
    assert code == 0 and "replayed 1 actions" in out


def test_an_illegal_action_exits_2_and_leaves_the_file(tmp_path, capsys):
    save = tmp_path / "g.json"
    run(capsys, "new", SC, "-o", str(save))
    before = save.read_bytes()
    code, _, err = run(capsys, "act", str(save), '{"type": "resolve", "defender": "x"}')
    assert code == 2 and "el-alamein:" in err
    code, _, err = run(capsys, "act", str(save), "not json")
    assert code == 2 and "not valid JSON" in err
    assert save.read_bytes() == before


def test_a_corrupt_save_is_refused_with_its_name(tmp_path, capsys):
    save = tmp_path / "broken.json"
    save.write_text("{")
    code, _, err = run(capsys, "show", str(save))
    assert code == 1 and "broken.json" in err and "Traceback" not in err


def test_unknown_scenario(capsys, tmp_path):
    code, _, err = run(capsys, "new", "panzer-corps/nowhere", "-o", str(tmp_path / "x.json"))
    assert code == 1 and "unknown scenario" in err


def test_validate(capsys):
    code, out, _ = run(capsys, "validate")
    assert code == 0 and f"{SC}: ok" in out


def test_selfplay_reports_a_summary(capsys):
    code, out, _ = run(capsys, "selfplay", SC, "--games", "2", "--seed", "5", "--check-every", "50")
    assert code == 0 and "games: 2" in out and "seconds per game" in out


def test_selfplay_checks_a_summary_led_by_the_year(capsys):
    # Seeds names no turn before the war: the save's summary leads its phase with the year, and
    # selfplay's envelope check must read the view the same way (it refused every Seeds game)
    code, out, err = run(capsys, "selfplay", "seeds-of-disaster/1934", "--games", "1", "--seed", "1", "--bot", "greedy")
    assert code == 0 and "games: 1" in out, err


def test_unknown_options_and_bots_are_refused(capsys, tmp_path):
    code, _, err = run(capsys, "new", SC, "-o", str(tmp_path / "x.json"), "--option", "fog=on")
    assert code == 1 and "has no option 'fog'" in err
    code, _, err = run(capsys, "selfplay", SC, "--games", "1", "--bot", "clever")
    assert code == 1 and "no bot called 'clever'" in err


def test_selfplay_with_a_bot_per_side(capsys):
    code, out, _ = run(capsys, "selfplay", SC, "--games", "1", "--seed", "2", "--bot", "gi=greedy", "--bot", "random")
    assert code == 0 and "games: 1" in out


def test_the_dieppe_raid_from_the_command_line(tmp_path, capsys):
    save = tmp_path / "raid.json"
    assert run(capsys, "new", "dieppe/raid", "-o", str(save), "--option", "alarm=on")[0] == 0
    run(capsys, "act", str(save), '{"type": "end-setup"}')
    code, out, _ = run(capsys, "show", str(save))
    assert code == 0 and "[HESS]" in out and "alarm 2/9" in out and "LCA 7" in out
    code, out, _ = run(capsys, "actions", str(save))
    assert "British (No. 4 Commando)" in out and '"to":"OR2"' in out
    code, _, err = run(capsys, "act", str(save), '{"type": "move", "units": ["g2-lovat"], "to": "C6"}')
    assert code == 2 and "dieppe:9.2" in err


def files(save):
    """The save and its journal, as bytes."""
    journal = save.with_name(save.name + ".journal")
    return save.read_bytes(), journal.read_bytes() if journal.exists() else None


def test_bot_seats_take_their_turns_on_one_save(tmp_path, capsys):
    """`wargames bot SAVE SIDE --once`: the bot plays that side's turn and stops at the other's; run
    for a side not to act, it plays nothing. The save replays after each turn."""
    save = tmp_path / "g.json"
    run(capsys, "new", "seeds-of-disaster/1934", "-o", str(save), "--seed", "3")
    played = {"german": 0, "allied": 0}
    for turn in range(6):
        for side in played:
            before = files(save)
            code, out, err = run(capsys, "bot", str(save), f"{side}=random", "--once", "--seed", str(turn))
            assert code == 0, err
            count = int(out.splitlines()[-1].split(": ")[1].split()[0])
            assert (count == 0) == (files(save) == before)
            played[side] += count
        assert run(capsys, "replay", str(save))[0] == 0
    assert played["german"] and played["allied"]


def test_a_seat_must_be_a_side_of_the_save(tmp_path, capsys):
    save = tmp_path / "g.json"
    run(capsys, "new", "seeds-of-disaster/1934", "-o", str(save))
    code, _, err = run(capsys, "play", str(save), "--seat", "french")
    assert code == 1 and "seat: no such side 'french' (sides: german (German), allied (Allied" in err
    code, _, err = run(capsys, "bot", str(save), "german=clever")
    assert code == 1 and "no bot called 'clever'" in err
    code, _, err = run(capsys, "play", "seeds-of-disaster/1934", "--seat", "german")
    assert code == 1 and "a seat is taken in a save" in err
    code, _, err = run(capsys, "bot", str(tmp_path / "solo.json"), "german")
    assert code == 1


@pytest.mark.parametrize("command", ["play", "selfplay"])
def test_the_help_names_every_bot(command, capsys):
    from wargames_tui.bots import BOTS

    with pytest.raises(SystemExit):
        main([command, "--help"])
    words = set(re.findall(r"[a-z]+", capsys.readouterr().out))
    assert set(BOTS) <= words, set(BOTS) - words


def test_a_side_is_named_by_its_id_or_its_name(tmp_path, capsys):
    from wargames_tui.cli import new_session

    by_name = new_session("panzer-corps/el-alamein", {}, 1, ["british commonwealth=greedy"])
    by_id = new_session("panzer-corps/el-alamein", {}, 1, ["bc=greedy"])
    assert by_name.seats == by_id.seats and by_id.seats["bc"] == "bot:greedy"
    save = tmp_path / "g.json"
    run(capsys, "new", "seeds-of-disaster/1934", "-o", str(save))
    assert run(capsys, "show", str(save), "--side", "German")[0] == 0
    code, _, err = run(capsys, "selfplay", SC, "--games", "1", "--bot", "martian=greedy")
    assert code == 1 and "no such side 'martian' (sides: gi (German-Italian), bc (British Commonwealth))" in err


def test_a_bot_is_refused_a_side_the_rules_play():
    # Betrayal's German automaton is played by the rules (betrayal:3.4.1), Dieppe's Germans too
    from wargames_tui.cli import CliError, new_session

    for scenario in ("betrayal/historical", "dieppe/raid"):
        with pytest.raises(CliError, match="the rules play this side"):
            new_session(scenario, {}, 1, ["german=normal"])
