"""The Seeds of Disaster before the war: Peace to Armed Belligerence (3.0-7.0, 21.x).

W's package calls these while the DS level is below Active Hostilities, and the point functions
during the war.
"""

from wargames_tui.games.seeds_of_disaster.prewar.bot import plan
from wargames_tui.games.seeds_of_disaster.prewar.points import (
    add_cp,
    add_ip,
    command_events,
    spend_cp,
    spend_ip,
)
from wargames_tui.games.seeds_of_disaster.prewar.poland import war_arrivals
from wargames_tui.games.seeds_of_disaster.prewar.turn import (
    acting,
    apply,
    order_actions,
    phase_name,
    prompt,
    title,
)
from wargames_tui.games.seeds_of_disaster.prewar.view import disguise_part, view_part
from wargames_tui.games.seeds_of_disaster.prewar.wartime import (
    note_indicator,
    war_ip_rolls,
)
from wargames_tui.games.seeds_of_disaster.prewar.words import describe

__all__ = [
    "acting",
    "add_cp",
    "add_ip",
    "apply",
    "command_events",
    "describe",
    "disguise_part",
    "note_indicator",
    "order_actions",
    "phase_name",
    "plan",
    "prompt",
    "spend_cp",
    "spend_ip",
    "title",
    "view_part",
    "war_arrivals",
    "war_ip_rolls",
]
