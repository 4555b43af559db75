"""The year and month turns (3.4): segments in order, simultaneous secret orders (3.1.4), the
automatic segments (check rolls, RP and IP rolls), the end of a turn and the road to war."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from wargames_tui.engine.dice import Dice
from wargames_tui.engine.flow import Event, IllegalAction, Prompt
from wargames_tui.games.seeds_of_disaster import data as war_data
from wargames_tui.games.seeds_of_disaster.prewar import (
    cards,
    data,
    mobilize,
    moves,
    poland,
)
from wargames_tui.games.seeds_of_disaster.prewar.model import (
    DS_LEVELS,
    PREWAR_SIDES,
    Orders,
    Strategic,
)
from wargames_tui.games.seeds_of_disaster.prewar.points import (
    NAMES,
    add_ip,
    add_rp,
    collection,
    ds_name,
    intelligence_events,
    other,
    raise_ds,
    table_row,
)

if TYPE_CHECKING:
    from wargames_tui.games.seeds_of_disaster.state import State

ORDER = (
    "begin",
    "plan",
    "intel",
    "cards",
    "check",
    "rp",
    "mobilize",
    "move",
    "ip",
)  # 3.4, SoP
TITLES = {
    "begin": "Opening hands",
    "plan": "German attack plan",
    "intel": "Intelligence Events",
    "cards": "Event Cards",
    "check": "Check Die Rolls",
    "rp": "Resource Points",
    "mobilize": "Troop Mobilization",
    "move": "Movement",
    "ip": "Intelligence Points",
}
CASES = {
    "begin": "4.1.1",
    "plan": "19.0",
    "intel": "5.3",
    "cards": "4.1",
    "check": "3.3.3",
    "rp": "7.1.1",
    "mobilize": "7.2",
    "move": "10.1",
    "ip": "5.1",
}
DECIDED = ("begin", "plan", "cards", "mobilize", "move", "ip")
BELLIGERENCE_MONTHS = 8  # 3.1.2


def case(segment: str) -> str:
    return f"seeds-of-disaster:{CASES[segment]}"


def title(s: Strategic, segment: str) -> str:
    """The segment's name; after the first month of Armed Belligerence the Event Card Segment is
    over and only counterespionage is left at its place (3.4, SoP, 4.1.4)."""
    if segment == "cards" and not cards.events_allowed(s):
        return "Counterespionage"
    return TITLES.get(segment, segment)


def applies(s: Strategic, segment: str) -> bool:
    """Which segments this turn has at the current DS level (3.4, SoP)."""
    ab = s.ds == "belligerence"
    if segment == "begin":
        return False
    if segment == "plan":
        return ab
    if segment == "intel":
        return ab or s.year >= 1937  # 5.3
    if segment == "cards":
        # later months: a counterespionage step while either side holds a card (the count is public)
        return not ab or s.month == 1 or any(s.hands[side] for side in PREWAR_SIDES)
    if segment == "check":
        year = data.chronology().for_year(s.year)
        return not ab and year is not None and bool(year.raises or year.check)
    if segment == "rp":
        return (
            not ab or s.month == 1
        )  # SoP: the last RP roll is in the first month of Armed Belligerence
    if segment == "mobilize":
        return True
    if segment == "move":
        return s.level >= DS_LEVELS.index("opposition")
    if segment == "ip":
        return ab or s.year >= 1937  # 5.1
    return False


def order_actions(state: State, side: str, unit: object = None) -> list[dict[str, Any]]:
    """The orders side may give now; given a `unit`, at least all those naming it (what an order
    naming it is checked against)."""
    s = state.strategic
    seg = s.segment
    if seg == "begin":
        return [{"type": "deal"}] if side == "german" else []
    if seg == "plan":
        return plan_actions(state) if side == "german" else []
    if seg == "cards":
        if s.step == "respond":
            return cards.respond_actions(s, side)
        return cards.order_actions(s, side)
    if seg == "mobilize":
        return mobilize.build_actions(state, side) + [{"type": "ready"}]
    if seg == "move":
        return moves.order_actions(state, side, unit)
    if seg == "ip":
        boosted = any(it["type"] == "boost" for it in s.orders[side].items)
        cost = data.tables().limits.ip_table_drm_cost
        can = not boosted and not s.ip_blocked[side] and s.ip[side] >= cost
        return ([{"type": "boost"}] if can else []) + [{"type": "ready"}]
    return []


def plan_actions(state: State) -> list[dict[str, Any]]:
    s = state.strategic
    acts: list[dict[str, Any]] = []
    chosen_first = any(it["type"] == "poland-first" for it in s.orders["german"].items)
    poland_owed = poland.choice_actions(state) if s.month == 1 else []
    acts += poland_owed
    if s.month == 1 and not chosen_first:
        acts += [{"type": "poland-first", "group": g} for g in ("a", "b")]
    picked = [it["axis"] for it in s.orders["german"].items if it["type"] == "plan"]
    if not picked:
        acts += [
            {"type": "plan", "axis": a} for a in war_data.AXES if a != state.attack_plan
        ]
    if (picked or state.attack_plan is not None) and (s.month != 1 or chosen_first) and not poland_owed:
        acts.append({"type": "ready"})
    return acts


def concerned(state: State, side: str) -> bool:
    """Whether `side` has a say in this segment, judged from public facts only (3.1.4): a side whose
    choices hang on its hidden hand, RPs or IPs is asked even when it can only say it is done, so
    that who is asked never tells the other side what it holds."""
    s = state.strategic
    seg = s.segment
    if seg in ("begin", "plan"):
        return side == "german"
    if seg == "cards" and s.step == "respond":
        # the cards not ordered are public once the orders are revealed
        return bool(cards.free_cards(s, side)) and cards.answerable(s, other(side))
    if seg == "cards":
        return bool(s.hands[side])
    if seg == "ip":
        return not s.ip_blocked[side]
    return seg in ("mobilize", "move")


def owes(state: State, side: str) -> bool:
    return not state.strategic.orders[side].done and concerned(state, side)


def acting(state: State) -> str | None:
    """The side whose orders are owed now, German first (each behind the handoff cover)."""
    for side in PREWAR_SIDES:
        if owes(state, side):
            return side
    return None


def prompt(state: State) -> Prompt:
    s = state.strategic
    side = acting(state)
    seg = s.segment
    when = date_label(s)
    text = {
        "begin": "Deal six Event cards to each player to begin",
        "plan": "Choose the axis of advance (secret)"
        + (", what stays out of Poland and which group returns first (21.5)" if s.month == 1 else ""),
        "cards": "Respond with counterespionage, or not"
        if s.step == "respond"
        else "Play or discard Event cards (secret until both are done)"
        if cards.events_allowed(s)
        else "Use counterespionage cards, or not (secret until both are done)",
        "mobilize": "Buy steps and technology with RPs (secret until both are done)",
        "move": "Move units, hold maneuvers, spy (secret until both are done)",
        "ip": "Spend an IP for +2 on the IP table, or not (secret until both are done)",
    }.get(seg, title(s, seg))
    actions = order_actions(state, side) if side else []
    return Prompt(side, phase_name(state), text, case(seg), actions)


def phase_name(state: State) -> str:
    """The prompt's phase: the date and the segment."""
    s = state.strategic
    return f"{date_label(s)}: {title(s, s.segment)}"


def date_label(s: Strategic) -> str:
    if s.ds == "belligerence":
        return f"{s.year}, month {s.month} of Armed Belligerence"
    return str(s.year)


def apply(state: State, action: Any, dice: Dice) -> list[Event]:
    s = state.strategic
    side = acting(state)
    if side is None:
        raise IllegalAction("no prewar decision is owed now", "seeds-of-disaster:3.4")
    if not isinstance(action, dict) or not isinstance(action.get("type"), str):
        raise IllegalAction("an action is a dict with a type", "seeds-of-disaster:3.4")
    clean = {k: v for k, v in action.items()}
    legal = order_actions(state, side, clean.get("unit"))
    if clean not in legal:
        raise IllegalAction(
            f"not a legal {title(s, s.segment)} order now: {action}", case(s.segment)
        )
    events: list[Event] = []
    kind = clean["type"]
    if kind == "deal":
        for who in PREWAR_SIDES:
            events += cards.draw(s, who, data.tables().limits.opening_hand, dice)
        s.orders["german"].done = True
    elif kind == "examine":  # carried out at once, for the examiner alone (5.2.2)
        events += moves.examine(state, side, clean["area"])
    elif kind in ("ready", "no-counter"):
        s.orders[side].done = True
        events.append(
            Event(
                "orders",
                f"{NAMES[side]} has entered the {title(s, s.segment)} orders",
                commit=True,
            )
        )
    else:
        s.orders[side].items.append(_stored(state, side, clean))
        if s.segment == "cards" and s.step == "respond":
            s.orders[side].done = True
        events.append(
            Event("orders", f"Order noted: {describe_order(clean)}", only=side)
        )
    events += advance(state, dice)
    return events


def _stored(state: State, side: str, action: dict[str, Any]) -> dict[str, Any]:
    seg = state.strategic.segment
    if seg == "mobilize":
        return {**action, "rp": mobilize.price_of(state, side, action)}
    if seg == "move":
        return moves.tag(state, side, action)
    if seg == "cards" and action["type"] == "counter":
        return {**action, "type": "counter"}
    return dict(action)


WORDS: dict[str, Callable[[dict[str, Any]], str]] = {
    "play-card": lambda a: f"play card {cards.title(a['card'])} for its event",
    "discard-card": lambda a: f"discard card {cards.title(a['card'])}",
    "ce": lambda a: (
        f"counterespionage with card {cards.title(a['card'])}: "
        f"{cards.use_words(a['card'], a['use'])} ({cards.CASE[a['use']]})"
    ),
    "counter": lambda a: (
        f"counter the opponent's play no. {a['target'] + 1} with card {cards.title(a['card'])} (4.2.1)"
    ),
    "build": lambda a: (
        f"build a step of {a['unit']}" + (f" at {a['zone']}" if a.get("zone") else "")
    ),
    "invest": lambda a: f"invest {a['rp']} RPs in technology",
    "shift": lambda a: f"move {a['unit']} to {a['to']}",
    "maneuver": lambda a: f"hold a Military Maneuver at {a['zone']}",
    "spy": lambda a: f"spy on maneuvers with card {cards.title(a['card'])}",
    "boost": lambda a: "spend 1 IP for +2 on the IP table",
    "examine": lambda a: (
        f"spend 1 IP to examine the enemy stack in {a['area']} (5.2.2)"
    ),
    "plan": lambda a: f"attack plan: {a['axis']}",
    "poland-first": lambda a: f"group {a['group'].upper()} returns first from Poland",
    "poland-keep": lambda a: f"keep {a['unit']} in the West, out of Poland (21.5.1)",
    "poland-stay": lambda a: f"leave {a['unit']} in Poland for good (21.5.4)",
    "poland-odd": lambda a: f"the odd {a['kind']} unit goes to group {a['group'].upper()} (21.5.1)",
    "deal": lambda a: "deal the opening hands",
    "ready": lambda a: "done",
    "no-counter": lambda a: "no counterespionage answer",
}


def describe_order(action: dict[str, Any]) -> str:
    words = WORDS.get(str(action.get("type")))
    return words(action) if words else str(action.get("type"))


def advance(state: State, dice: Dice) -> list[Event]:
    """Carry the turn on until a decision is owed or the war begins."""
    s = state.strategic
    events: list[Event] = []
    while s.ds != "hostilities":
        if s.segment in DECIDED:
            for side in PREWAR_SIDES:
                if not owes(state, side):
                    s.orders[side].done = True
            if not all(s.orders[side].done for side in PREWAR_SIDES):
                return events
            if s.segment == "cards" and s.step == "orders":
                events += _reveal_cards(state)
                s.step = "respond"
                for side in PREWAR_SIDES:
                    s.orders[side].done = False
                continue
            done, war = _resolve(state, dice)
            events += done
            if war:
                s.ds = "hostilities"
                break
        else:
            events += RUN[s.segment](state, dice)
        if s.ds != "hostilities":
            events += _next_segment(state, dice)
    return events + begin_war(state, dice)


def _reveal_cards(state: State) -> list[Event]:
    s = state.strategic
    events = []
    for side in PREWAR_SIDES:
        plays = [
            describe_order(it)
            for it in s.orders[side].items
            if it["type"] != "discard-card"
        ]
        discards = sum(1 for it in s.orders[side].items if it["type"] == "discard-card")
        words = "; ".join(plays) if plays else "no card played"
        events.append(
            Event(
                "card",
                f"{NAMES[side]} reveals: {words}"
                + (f"; {discards} discarded face down" if discards else ""),
                commit=True,
            )
        )
    return events


def _resolve(state: State, dice: Dice) -> tuple[list[Event], bool]:
    s = state.strategic
    seg = s.segment
    events: list[Event] = []
    war = False
    if seg == "plan":
        if s.month == 1:
            events += poland.invade(state)  # 21.5.1, 21.5.4: as the German chose in this segment
        for it in s.orders["german"].items:
            if it["type"] == "plan":
                state.attack_plan = it["axis"]
            elif it["type"] == "poland-first":
                first = it["group"]
                base = min(s.poland_return["b"], s.poland_return["a"])
                s.poland_return = {
                    first: base,
                    ("b" if first == "a" else "a"): base + 1,
                }
        events.append(
            Event("orders", "The German attack plan is set (19.0)", commit=True)
        )
    elif seg == "cards":
        events += cards.resolve(state, dice)
    elif seg == "mobilize":
        for side in PREWAR_SIDES:
            done, marks = mobilize.carry_out(state, side)
            events += done
            for m in sorted(marks):  # a set's order changes with the process: a save is replayed by others
                if m not in s.indicators[side]:
                    s.indicators[side].append(m)
        events.append(
            Event("build", "Mobilization orders carried out (7.2)", commit=True)
        )
    elif seg == "move":
        done, war = moves.carry_out(state)
        events += done
    elif seg == "ip":
        events += ip_rolls(state, dice)
    return events, war


def _next_segment(state: State, dice: Dice) -> list[Event]:
    s = state.strategic
    for side in PREWAR_SIDES:
        s.orders[side] = Orders()
    s.step = "orders"
    i = ORDER.index(s.segment) + 1
    while i < len(ORDER) and not applies(s, ORDER[i]):
        i += 1
    if i < len(ORDER):
        return _enter(state, ORDER[i], dice)
    return end_turn(state, dice)


def _enter(state: State, segment: str, dice: Dice) -> list[Event]:
    s = state.strategic
    s.segment = segment
    events = [
        Event("phase", f"{date_label(s)}: {title(s, segment)} ({CASES[segment]})")
    ]
    if segment == "cards":
        n = cards.draws(s)
        for side in PREWAR_SIDES:
            if n:
                events += cards.draw(s, side, n, dice)
    return events


def check_rolls(state: State, dice: Dice) -> list[Event]:
    """The Chronology's mandated changes and Check Dice Rolls of the year (3.3.2-3.3.4)."""
    s = state.strategic
    year = data.chronology().for_year(s.year)
    events: list[Event] = []
    if year is None:
        return events
    for r in year.raises:
        if s.level < DS_LEVELS.index(r.to):
            events += raise_ds(state, 1, r.to, r.name, "seeds-of-disaster:3.3")
    for c in year.check:
        a, b = dice.roll(), dice.roll()
        total = a + b
        head = f"Check roll for {c.name}: {a} + {b} = {total} against {c.number}"
        if total >= c.number:
            events.append(Event("roll", head + ": the DS level rises", commit=True))
            events += raise_ds(state, 1, c.upto, c.name, "seeds-of-disaster:3.3.3")
        else:
            events.append(Event("roll", head + ": no change", commit=True))
            if c.number - total in c.near and c.near_drm:
                for side in PREWAR_SIDES:
                    s.rp_drm[side] += c.near_drm
                events.append(
                    Event(
                        "points",
                        f"Near miss: both players {c.near_drm:+d} on this turn's RP roll (3.3.3)",
                    )
                )
    return events


def rp_rolls(state: State, dice: Dice) -> list[Event]:
    """Each side's roll on the Resource Points Table (7.1.1), column by year (1940 for Armed Belligerence)."""
    s = state.strategic
    t = data.tables()
    column = rp_column(s)
    events: list[Event] = []
    for side in PREWAR_SIDES:
        a, b = dice.roll(), dice.roll()
        drm = rp_drm(s, side)
        gain = getattr(t.rp_table, side)[column][table_row(a + b + drm)]
        lost = add_rp(s, side, gain)
        events.append(Event("roll", f"{NAMES[side]} rolls for RPs", commit=True))
        text = f"RP roll {a} + {b} {drm:+d} = {a + b + drm}: +{gain} RPs (7.1.1), {s.rp[side]} in stock"
        if lost:
            text += f"; {lost} lost over the cap of 100 (7.3.3)"
        roll = {
            "side": side,
            "dice": [a, b],
            "drm": drm,
            "column": column,
            "gain": gain,
        }
        events.append(Event("points", text, roll, only=side))
    return events


def rp_column(s: Strategic) -> str:
    return "1940" if s.ds == "belligerence" else str(s.year)


def rp_drm(s: Strategic, side: str) -> int:
    """The DS level's, the year's and this turn's modifiers to side's RP roll (7.1.1, 3.3.3)."""
    year = data.chronology().for_year(s.year) if s.ds != "belligerence" else None
    return data.tables().ds_rp_drm.get(s.ds, 0) + (year.rp_drm.get(side, 0) if year else 0) + s.rp_drm[side]


def ip_column(s: Strategic, side: str) -> int:
    """The opponent's qualitative indicators this turn, within the table (5.1.2)."""
    columns = len(data.tables().ip_table.columns)
    return max(0, min(columns - 1, len(s.indicators[other(side)]) + s.indicator_adjust[side]))


def ip_drm(s: Strategic, side: str, boosted: bool) -> int:
    return (data.tables().limits.ip_table_drm if boosted else 0) + collection(s, side)


def ip_rolls(state: State, dice: Dice) -> list[Event]:
    """Each side's roll on the Intelligence Points Table (5.1.1): the column is the number of the
    opponent's qualitative indicators this turn (5.1.2), the roll 2d6 plus modifiers."""
    s = state.strategic
    t = data.tables()
    events: list[Event] = []
    for side in PREWAR_SIDES:
        if s.ip_blocked[side]:
            events.append(
                Event(
                    "roll", f"{NAMES[side]} may not use the IP table this turn (4.3.2)"
                )
            )
            continue
        boosted = any(it["type"] == "boost" for it in s.orders[side].items)
        if boosted:
            add_ip(state, side, -t.limits.ip_table_drm_cost)
        column = ip_column(s, side)
        a, b = dice.roll(), dice.roll()
        drm = ip_drm(s, side, boosted)
        gain = t.ip_table.columns[column][table_row(a + b + drm)]
        add_ip(state, side, gain)
        events.append(Event("roll", f"{NAMES[side]} rolls for IPs", commit=True))
        events.append(
            Event(
                "points",
                f"IP roll {a} + {b} {drm:+d} on column {column}: +{gain} IPs (5.1.1), {s.ip[side]} held",
                {
                    "side": side,
                    "dice": [a, b],
                    "drm": drm,
                    "column": column,
                    "gain": gain,
                },
                only=side,
            )
        )
    return events


def intel(state: State, dice: Dice) -> list[Event]:
    return intelligence_events(state, dice)


RUN: dict[str, Callable[[State, Dice], list[Event]]] = {
    "intel": intel,
    "check": check_rolls,
    "rp": rp_rolls,
}


def end_turn(state: State, dice: Dice) -> list[Event]:
    """Clear the turn's markers and move the date on (3.3.5, 3.1.2)."""
    s = state.strategic
    cards.end_turn(s)
    for side in PREWAR_SIDES:
        s.rp_drm[side] = 0
        s.ip_drm_temp[side] = 0
        s.ip_blocked[side] = False
        s.indicators[side] = []
        s.indicator_adjust[side] = 0
        s.intel_results[side] = []
        s.maneuvers[side] = 0
        s.built[side] = []
        s.armored_built[side] = 0
    s.returned = []
    s.raised_this_turn = False
    events: list[Event] = []
    if s.ds == "belligerence":
        if s.month >= BELLIGERENCE_MONTHS:
            s.ds = "hostilities"
            return [
                Event(
                    "ds",
                    f"After {BELLIGERENCE_MONTHS} months of Armed Belligerence, war begins (3.1.2)",
                    commit=True,
                )
            ]
        s.month += 1
    else:
        s.year += 1
        if s.pending_belligerence or s.year >= 1940:
            s.ds, s.month, s.pending_belligerence = "belligerence", 1, False
            events.append(
                Event(
                    "ds",
                    f"{s.year}: Armed Belligerence begins; turns are months now (3.1.2, 3.3.5)",
                    commit=True,
                )
            )
    if s.ds == "belligerence":
        events += poland.arrivals(state)
    first = next(seg for seg in ORDER if applies(s, seg))
    s.segment = "begin"
    return events + _enter(state, first, dice)


def begin_war(state: State, dice: Dice) -> list[Event]:
    """Active Hostilities (3.1.2, 12.0): the prewar part hands the game to the war."""
    from wargames_tui.games.seeds_of_disaster import (
        war,  # the war imports the prewar model: import late
    )

    s = state.strategic
    s.ds = "hostilities"
    s.segment = "war"
    for side in PREWAR_SIDES:
        s.orders[side] = Orders()
    return [
        Event(
            "ds",
            f"The DS level is {ds_name('hostilities')}: weekly turns, the Germans first (3.1.5)",
            commit=True,
        )
    ] + war.begin(state, dice)
