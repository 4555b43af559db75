"""The worked examples of fire and assault, with the rulebook's numbers (dieppe 11.1, 11.2)."""

import pytest

from wargames_tui.games.dieppe.combat import (
    Piece,
    assault_values,
    fire_hits_target,
    light_penalty,
    shooter_value,
    target_value,
)

COMMANDO = Piece("commando", 3, 4, 2)
REDUCED_COMMANDO = Piece("commando", 2, 2, 1)
OFFICER = Piece("officer", 2, 2, 0)
GERMAN_INFANTRY = Piece("infantry", 3, 2, 2)
MACHINE_GUN = Piece("machine_gun", 5, 1, 1)


@pytest.mark.rules("dieppe:11.1")
def test_the_british_fire_example():
    # Four fresh commandos and an officer fire on a machine gun stacked with one infantry unit.
    commandos = [COMMANDO, Piece("commando", 3, 4, 2), Piece("commando", 3, 4, 2), Piece("commando", 3, 4, 2)]
    shooter_stack = commandos + [OFFICER]
    base = shooter_value(commandos[0], shooter_stack, roll=0, die="D6", turn=3)
    assert base.total == 10  # FF 3 + 6 levels + 1 officer
    attack = shooter_value(commandos[0], shooter_stack, roll=2, die="D6", turn=3)
    assert attack.total == 12
    target_stack = [MACHINE_GUN, GERMAN_INFANTRY]
    assert target_value(MACHINE_GUN, target_stack, roll=0, die="D10", protection=0).total == 7
    defence = target_value(MACHINE_GUN, target_stack, roll=6, die="D10", protection=0)
    assert defence.total == 13
    assert not fire_hits_target(attack, defence)  # 12 < 13: the commando on top is hit


@pytest.mark.rules("dieppe:11.1")
def test_units_that_acted_lend_no_bonus_and_cover_protects():
    tired = Piece("commando", 3, 4, 2, acted=True)
    assert shooter_value(COMMANDO, [COMMANDO, tired, OFFICER], 1, "D6", 9).total == 3 + 1 + 1
    assert target_value(GERMAN_INFANTRY, [GERMAN_INFANTRY], 4, "D10", protection=3).total == 3 + 4 + 3
    assert fire_hits_target(shooter_value(COMMANDO, [COMMANDO], 4, "D6", 9), target_value(GERMAN_INFANTRY, [GERMAN_INFANTRY], 4, "D10", 0))


@pytest.mark.rules("dieppe:11.1")
def test_snipers_and_mortars_fight_the_light_and_get_no_stack_bonus():
    sniper = Piece("sniper", 4, 0, 0)
    mortar = Piece("mortar", 5, 0, 1)
    assert [light_penalty(t) for t in (1, 5, 6, 8, 9, 12)] == [-2, -2, -1, -1, 0, 0]
    assert shooter_value(sniper, [sniper, COMMANDO, OFFICER], 3, "D6", turn=1).total == 4 + 3 - 2
    assert shooter_value(mortar, [mortar, COMMANDO], 3, "D6", turn=7, distance=2).total == 5 + 3 - 1 - 1
    assert target_value(GERMAN_INFANTRY, [GERMAN_INFANTRY, GERMAN_INFANTRY], 5, "D10", 0, sniped=True).total == 8


@pytest.mark.rules("dieppe:11.2")
def test_the_assault_example():
    # Line 1: a commando (AF 4) backed by one full and one reduced commando (3 levels) against
    # German infantry (AF 2) in a zone without cover: D6 1, D10 8.
    british, german = assault_values(4, 2 + 1, 1, 2, 0, 8, protection=0)
    assert (british - 1, german - 8) == (7, 2)
    assert (british, german) == (8, 10) and british < german  # the commando is hit
    # Line 2: a lone commando against the machine gun (AF 1): D6 4, D10 6.
    british, german = assault_values(4, 0, 4, 1, 0, 6, protection=0)
    assert (british, german) == (8, 7) and british >= german  # the machine gun is hit
