import pytest

from wargames_tui.engine.odds import crt_column, odds_ratio

COLUMNS = ["1:2", "1:1", "2:1", "3:1", "4:1", "5:1", "6:1"]


@pytest.mark.rules("el-alamein:9.2")
def test_rulebook_examples():
    # el-alamein:9.2 (1): 11 against 4 is 2.75:1, rounded down to 2:1.
    assert odds_ratio(11, 4) == (2, 1)
    assert crt_column(11, 4, COLUMNS) == "2:1"
    # el-alamein:9.2 (2): 2 against 3 is 1:1.5, rounded up to 1:2.
    assert odds_ratio(2, 3) == (1, 2)
    assert crt_column(2, 3, COLUMNS) == "1:2"


@pytest.mark.rules("el-alamein:9.2")
def test_worse_than_one_to_two_is_not_allowed_and_above_six_uses_six():
    assert crt_column(1, 3, COLUMNS) is None  # 1:3
    assert crt_column(2, 5, COLUMNS) is None  # 1:2.5 rounds to 1:3
    assert crt_column(1, 2, COLUMNS) == "1:2"
    assert crt_column(20, 3, COLUMNS) == "6:1"  # 6.67:1
    assert crt_column(70, 1, COLUMNS) == "6:1"


def test_even_odds_and_shifts():
    assert crt_column(4, 4, COLUMNS) == "1:1"
    assert crt_column(5, 4, COLUMNS) == "1:1"
    assert crt_column(8, 4, COLUMNS, shift=1) == "3:1"
    assert crt_column(8, 4, COLUMNS, shift=9) == "6:1"
    assert crt_column(1, 1, COLUMNS, shift=-2) is None


def test_strengths_must_be_positive():
    with pytest.raises(ValueError):
        odds_ratio(0, 3)
