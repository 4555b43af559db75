import pytest

from wargames_tui.engine.dice import Dice, ReplayExhausted


def test_seeded_dice_repeat_and_record():
    a, b = Dice(7), Dice(7)
    rolls = [a.roll() for _ in range(50)]
    assert rolls == [b.roll() for _ in range(50)]
    assert all(1 <= r <= 6 for r in rolls)
    assert a.take_rolls() == rolls
    assert a.take_rolls() == []


def test_unseeded_dice_cover_every_face():
    dice = Dice()
    assert {dice.roll() for _ in range(600)} == {1, 2, 3, 4, 5, 6}


def test_replaying_hands_back_recorded_rolls_and_no_more():
    dice = Dice.replaying([3, 5])
    assert dice.roll() == 3
    assert dice.leftover() == 1
    assert dice.roll() == 5
    with pytest.raises(ReplayExhausted):
        dice.roll()


def test_replaying_refuses_impossible_rolls():
    with pytest.raises(ReplayExhausted):
        Dice.replaying([7]).roll(6)
