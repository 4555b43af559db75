"""Assaults: odds, terrain lines, die roll modifiers (16.0), results, retreats and advances (17.0).

One battle is resolved at a time (17.24). `assess` works out the odds and every modifier with
its case; `begin` commits an assault (revealing the defending stacks, 11.2); the defender's
result is absorbed first, then the attacker's (17.11), each side choosing step losses or a
retreat; then the winners may advance (17.20-17.23).
"""

from __future__ import annotations

from typing import Any

from wargames_tui.engine.dice import Dice
from wargames_tui.engine.flow import Event, IllegalAction
from wargames_tui.games.dynamo.board import FLOATERS, KORPS, Board, enemy
from wargames_tui.games.dynamo.state import Battle, State

INFANTRY_KINDS = {"infantry", "mountain", "fortress", "cavalry", "mot-inf"}  # 18.1


def ratio_value(label: str) -> float:
    a, d = label.split("-")
    return int(a) / int(d)


def odds_ratio(attack: int, defence: int) -> tuple[int, int]:
    """attack:defence rounded in the defender's favour (16.3): 26 to 8 is 3-1, 5 to 12 is 1-3."""
    if attack >= defence:
        return attack // defence, 1
    return 1, -(-defence // attack)


def column_for(b: Board, terrain: str, ratio: tuple[int, int]) -> int:
    """The column on terrain's line for these odds; beyond either end, the end column (16.14)."""
    line = b.g.crt.terrain[terrain]  # type: ignore[index]
    value = ratio[0] / ratio[1]
    index = 0
    for i, label in enumerate(line):
        if ratio_value(label) <= value:
            index = i
    return index


def defence_of(b: Board, uid: str, attackers: list[str], air: int) -> int:
    """A FLAK unit attacked only by foot or motorised infantry defends with its attack factor (18.1, 18.2)."""
    att, dfn = b.values(uid)
    if b.unit(uid).type == "flak" and air == 0 and all(b.unit(a).type in INFANTRY_KINDS for a in attackers):
        return att
    return dfn


def concentric(b: Board, target: str, from_hexes: set[str]) -> bool:
    """Attacked from two opposite hexes, three not adjacent to each other, or more than three (16.17)."""
    hexes = from_hexes & set(b.m.grid.neighbours(target))
    if len(hexes) > 3:
        return True
    if any(x in hexes and y in hexes for x, y in b.m.grid.opposite_pairs(target)):
        return True
    if len(hexes) == 3:
        ordered = sorted(hexes)
        return all(y not in b.m.grid.neighbours(x) for i, x in enumerate(ordered) for y in ordered[i + 1 :])
    return False


def _one_or_two_adjacent(b: Board, hexes: set[str]) -> bool:
    if len(hexes) == 1:
        return True
    if len(hexes) != 2:
        return False
    a, c = sorted(hexes)
    return c in b.m.grid.neighbours(a)


def blitz_schwerpunkt(b: Board, group: list[str]) -> bool:
    """Two panzer divisions of one whole korps blitzing together, with at most one FLAK Korps or
    the LAH riding along, and G.D. with the 19th (13.4, 13.7, 14.2, 14.3)."""
    for korps, divisions in KORPS.items():
        if not b.korps_whole(korps) or b.state.force_march and korps == "19":
            continue
        if sum(1 for d in divisions if d in group) < 2:
            continue
        others = [u for u in group if u not in divisions and not (korps == "19" and u == "g-gd")]
        riders = [u for u in others if u in ("g-1flak", "g-2flak", "g-lah")]
        if len(others) == len(riders) and len(riders) <= 1:
            return True
    return False


def offensive_schwerpunkt(b: Board, attackers: list[str], from_hexes: dict[str, str]) -> bool:
    """Every unit of a whole korps in the assault, from one hex or two adjacent ones, stacked only
    with floaters (13.5, 13.7, 13.8)."""
    found = False
    for korps in KORPS:
        members = b.korps_members(korps)
        if not b.korps_whole(korps) or b.state.force_march and korps == "19":
            continue
        if not all(m in attackers for m in members):
            continue
        hexes = {from_hexes[m] for m in members}
        if not _one_or_two_adjacent(b, hexes):
            continue
        if any(u not in members and u not in FLOATERS for h in hexes for u in b.real_at(h)):
            continue
        found = True
    return found


def defensive_schwerpunkt(b: Board, hexes: list[str]) -> bool:
    """A whole korps all in one hex or two adjacent ones holding only it and floaters (13.6)."""
    for korps in KORPS:
        if not b.korps_whole(korps) or b.state.force_march and korps == "19":
            continue  # 14.2, 14.3: no Schwerpunkt of any kind on a force march turn
        members = b.korps_members(korps)
        where = {b.state.units[m].hex for m in members}
        if not where & set(hexes):
            continue
        if not _one_or_two_adjacent(b, where):  # type: ignore[arg-type]
            continue
        if any(u not in members and u not in FLOATERS for h in where for u in b.real_at(h)):  # type: ignore[arg-type]
            continue
        return True
    return False


def assess(
    b: Board, kind: str, attackers: list[str], hexes: list[str], from_hexes: dict[str, str],
    raf: str | None = None, counter_stroke: bool = False,
) -> dict[str, Any]:
    """Odds, CRT line and column, and every die roll modifier with its case."""
    s = b.state
    side = b.side_of(attackers[0])
    air_att = sum(s.air.get(a, 0) for a in attackers) if side == "german" else 0
    defenders = [u for h in hexes for u in b.real_at(h) if kind == "blitz" or u not in s.retreated_in]
    attack = sum(b.attack(a) for a in attackers)
    defence = sum(defence_of(b, d, attackers, air_att) for d in defenders)
    ratio = odds_ratio(attack, max(defence, 1))
    columns = {h: column_for(b, b.terrain(h), ratio) for h in hexes}
    line_hex = min(hexes, key=lambda h: (columns[h], h))
    mods: list[list[Any]] = []
    sources = set(from_hexes.values())
    if kind == "prepared" and not any(h in b.m.ports() for h in hexes) and len(hexes) == 1 and concentric(b, hexes[0], sources):
        mods.append([-3, "16.17" if side == "german" else "16.18", "concentric"])
    if any(b.m.villages.get(h) for h in hexes):
        mods.append([1, "16.17" if side == "german" else "16.18", "village"])
    if any(all(b.barrier(f, h) for f in sources) for h in hexes):
        mods.append([2, "16.11", "water barrier"])
    if side == "german":
        if kind == "blitz":
            mods.append([2, "12.2", "Blitz"])
            if blitz_schwerpunkt(b, attackers):
                mods.append([-2, "13.4", "Blitz Schwerpunkt"])
        elif offensive_schwerpunkt(b, attackers, from_hexes):
            mods.append([-2, "13.5", "offensive Schwerpunkt"])
        if air_att:
            mods.append([-air_att, "8.4", f"Luftwaffe x{air_att}"])
        if raf == "defensive":
            mods.append([2, "8.8", "RAF defensive intervention"])
    else:
        if counter_stroke:
            mods.append([-3, "16.19", "counter stroke"])
        if raf == "offensive":
            flak = sum(1 for h in hexes for u in b.real_at(h) if u in ("g-1flak", "g-2flak"))
            mods.append([-max(2 - flak, 0), "8.10" if flak else "8.9", "RAF offensive intervention"])
        nations = {b.unit(a).nation for a in attackers}
        if {"british", "french"} <= nations:
            mods.append([1, "10.3", "Franco-British assault"])
        if defensive_schwerpunkt(b, hexes):
            mods.append([2, "13.6", "defensive Schwerpunkt"])
        air_def = sum(s.air.get(d, 0) for d in defenders)
        if air_def:
            mods.append([air_def, "8.5", f"Luftwaffe x{air_def} defending"])
    return {
        "attack": attack,
        "defence": defence,
        "odds": f"{ratio[0]}-{ratio[1]}",
        "terrain": b.terrain(line_hex),
        "column": columns[line_hex],
        "modifiers": mods,
        "modifier": sum(m[0] for m in mods),
        "defenders": defenders,
    }


def result_for(b: Board, column: int, modified: int) -> str:
    die = b.g.crt.die
    roll = min(max(modified, die[0]), die[-1])  # 16.16
    return b.g.crt.results[die.index(roll)][column].strip()


def raf_defence_possible(b: Board, battle: Battle) -> bool:
    """A German assault on at least one British division, the RAF still unused (8.7, 8.8)."""
    return b.state.raf and any(b.unit(d).nation == "british" and b.unit(d).division for d in battle.defenders)


def begin(state: State, kind: str, attackers: list[str], hexes: list[str], from_hexes: dict[str, str],
          dice: Dice, raf: str | None = None) -> list[Event]:
    """Commit an assault: the defending stacks are revealed (11.2), then the RAF may answer, then the die."""
    b = Board(state)
    defenders = [u for h in hexes for u in b.real_at(h) if kind == "blitz" or u not in state.retreated_in]
    battle = Battle(kind, list(attackers), defenders, list(hexes), dict(from_hexes), stage="raf", raf=raf)
    battle.counter_stroke = state.counter_stroke == "active" and b.side_of(attackers[0]) == "allied"
    state.battle = battle
    seen = [u for h in hexes for u in b.at.get(h, [])] + list(attackers)
    dummies = [u for h in hexes for u in b.at.get(h, []) if b.unit(u).dummy]
    for u in seen:
        if u not in state.revealed:
            state.revealed.append(u)
    words = ", ".join(b.unit(u).short for h in hexes for u in b.at.get(h, []))
    events = [Event("flip", f"{'/'.join(hexes)} is assaulted and shown: {words}", {"hexes": hexes, "units": seen}, commit=True)]
    for d in dummies:  # a revealed dummy goes back to its owner's hand
        st = state.units[d]
        st.where, st.hex = "pool", None
    if raf == "offensive":
        state.raf = False
    if b.side_of(attackers[0]) == "german" and raf_defence_possible(Board(state), battle):
        return events  # the Allied player answers first (8.8)
    return events + roll(state, dice)


def roll(state: State, dice: Dice) -> list[Event]:
    b = Board(state)
    battle = state.battle
    assert battle is not None
    a = assess(b, battle.kind, battle.attackers, battle.hexes, battle.from_hexes, battle.raf, battle.counter_stroke)
    die = dice.roll()
    crt_die = b.g.crt.die
    total = min(max(die + a["modifier"], crt_die[0]), crt_die[-1])  # 16.16
    result = result_for(b, a["column"], total)
    battle.roll, battle.total, battle.result = die, total, result
    battle.modifiers, battle.column, battle.odds = a["modifiers"], a["column"], a["odds"]
    battle.terrain, battle.attack, battle.defence = a["terrain"], a["attack"], a["defence"]
    state.last_line = a["terrain"]
    mods = " ".join(f"{m[0]:+d} {m[2]} ({m[1]})" for m in a["modifiers"]) or "no modifiers"
    text = (f"{battle.kind.capitalize()} assault on {'/'.join(battle.hexes)}: {a['attack']} to {a['defence']}, "
            f"{a['odds']} on the {a['terrain']} line (column {a['column'] + 1}); die {die}, {mods}: {total} -> {result}")
    data = {
        "attack": a["attack"], "defence": a["defence"], "odds": a["odds"], "terrain": a["terrain"],
        "column": b.g.crt.terrain[a["terrain"]][a["column"]],  # the heading on its line: the panel marks it
        "column_index": a["column"], "die": die, "modifiers": a["modifiers"], "total": total, "result": result,
        "roll": total,  # the table's row: the client marks it
        "attackers": battle.attackers, "defenders": battle.defenders, "hexes": battle.hexes,
        "attack_parts": {u: b.attack(u) for u in battle.attackers},
        "defence_parts": {u: defence_of(b, u, battle.attackers, sum(state.air.get(x, 0) for x in battle.attackers) if b.side_of(battle.attackers[0]) == "german" else 0) for u in a["defenders"]},
    }
    events = [Event("combat", text, data, commit=True)]
    passengers = [u for h in battle.hexes for u in b.real_at(h) if u in state.retreated_in and battle.kind == "prepared"]
    def_res = result.partition("/")[2]
    if def_res != "." and passengers:  # 17.18
        for u in passengers:
            events += eliminate(state, u, "retreated into a hex that lost the battle (17.18)")
    return events + _start_side(state, "defender", def_res)


def _start_side(state: State, who: str, code: str) -> list[Event]:
    battle = state.battle
    assert battle is not None
    units = _alive(state, battle.defenders if who == "defender" else battle.attackers)
    if who == "attacker" and code != "." and not units:
        code = "."
    if code == ".":
        return _next_side(state, who)
    if code == "E":
        if who == "attacker":  # 17.7
            events = []
            for u in units:
                events += eliminate(state, u, "attackers eliminated (17.7)")
            return events + _next_side(state, who)
        events = []
        for u in units:  # 17.8: one step each, then a two-hex retreat
            events += lose_step(state, u)
        battle.retreat = 2
        battle.retreating = _alive(state, units)
        battle.stage = "defender-retreat"
        return events + _settle_retreats(state)
    battle.owed = int(code)
    battle.stage = who
    return []


def _absorbing(state: State) -> list[str]:
    """The units that must take the steps now: those that could not retreat, else the side's."""
    battle = state.battle
    assert battle is not None
    if battle.stayers:
        return _alive(state, battle.stayers)
    return _alive(state, battle.defenders if battle.stage == "defender" else battle.attackers)


def _next_side(state: State, who: str) -> list[Event]:
    battle = state.battle
    assert battle is not None
    if who == "defender":
        return _start_side(state, "attacker", battle.result.partition("/")[0])
    return _open_advance(state)


def _alive(state: State, uids: list[str]) -> list[str]:
    return [u for u in uids if state.units[u].where == "map"]


def eliminate(state: State, uid: str, why: str) -> list[Event]:
    b = Board(state)
    st = state.units[uid]
    where = st.hex
    st.where, st.hex, st.step = "dead", None, len(b.unit(uid).steps)
    state.air.pop(uid, None)
    events = [Event("eliminated", f"{b.unit(uid).short} destroyed: {why}", {"unit": uid, "hex": where})]
    return events + strand_dummies(state, where)


def strand_dummies(state: State, h: str | None) -> list[Event]:
    """Dummies may never stand alone (11.3): left without a real unit they go back to the hand."""
    if h is None:
        return []
    b = Board(state)
    if b.at.get(h) and not b.real_at(h):
        for u in b.at[h]:
            state.units[u].where, state.units[u].hex = "pool", None
    return []


def strand_all(state: State) -> None:
    """After every action: lone dummies go back to the hand (11.3); support on a unit that left
    the map is gone until the next commitment (8.1)."""
    for uid in [u for u in state.air if state.units[u].where != "map"]:
        del state.air[uid]
    b = Board(state)
    lone = [d for d in b.g.dummies if state.units[d].where == "map"]
    if not lone:
        return
    held = {st.hex for u, st in state.units.items() if st.where == "map" and u not in b.g.dummies}
    for d in lone:
        if state.units[d].hex not in held:
            state.units[d].where, state.units[d].hex = "pool", None


def lose_step(state: State, uid: str) -> list[Event]:
    b = Board(state)
    st = state.units[uid]
    if b.steps_left(uid) <= 1:
        return eliminate(state, uid, "its last step lost")
    st.step += 1
    a, d = b.values(uid)
    return [Event("loss", f"{b.unit(uid).short} loses a step, now {a}-{d}", {"unit": uid, "hex": st.hex})]


# --- choices while a battle is being settled --------------------------------------
def losing_side(state: State) -> str:
    b = Board(state)
    battle = state.battle
    assert battle is not None
    first_attacker = b.side_of(battle.attackers[0])
    if battle.stage in ("raf", "defender", "defender-retreat"):
        return enemy(first_attacker)
    if battle.stage == "advance" and battle.advance and b.side_of(next(iter(battle.advance))) != first_attacker:
        return enemy(first_attacker)
    return first_attacker


def choices(state: State) -> list[dict[str, Any]]:
    b = Board(state)
    battle = state.battle
    assert battle is not None
    if battle.stage == "raf":
        return [{"type": "raf"}, {"type": "no-raf"}]
    if battle.stage in ("defender", "attacker"):
        units = _absorbing(state)
        acts: list[dict[str, Any]] = [{"type": "lose", "unit": u} for u in units]
        if not battle.stayers and may_retreat(state, battle.stage, units):
            acts.append({"type": "retreat-all", "hexes": battle.owed})
        return acts
    if battle.stage in ("defender-retreat", "attacker-retreat"):
        uid = battle.retreating[0]
        acts = [{"type": "retreat", "unit": uid, "path": p} for p in retreat_paths(b, uid, battle.retreat)]
        return acts + _breakdowns(b, [uid]) + _reforms(b, battle.retreating)
    if battle.stage == "advance":
        acts = [{"type": "advance", "unit": u, "hex": h} for u in battle.advance for h in advance_hexes(b, u)]
        return acts + _breakdowns(b, [u for u, n in battle.advance.items() if n > 0]) + _reforms(b, list(battle.advance)) + [{"type": "end-advance"}]
    return []


def _reforms(b: Board, uids: list[str]) -> list[dict[str, Any]]:
    """Two sister Kampfgruppen retreating or advancing together, in one hex, may reform (15.3),
    unless KG "A" has lost a step (15.4)."""
    s = b.state
    out = []
    for a in uids:
        u = b.unit(a)
        if u.type != "kg" or not a.endswith("-a") or f"{u.parent}-b" not in uids:
            continue
        sa, sb = s.units[a], s.units[f"{u.parent}-b"]
        if sa.where == sb.where == "map" and sa.hex == sb.hex and sa.step == 0:
            out.append({"type": "reform", "unit": u.parent})
    return out


def _breakdowns(b: Board, uids: list[str]) -> list[dict[str, Any]]:
    """A whole panzer division may break down while it retreats or advances (15.2)."""
    return [
        {"type": "break-down", "unit": u}
        for u in uids
        if b.unit(u).type == "panzer" and f"{u}-a" in b.g.units and b.state.units[u].step == 0
    ]


def _break_down_in_battle(state: State, uid: str) -> list[Event]:
    """Put the two Kampfgruppen in the division's place, in its retreat or its advance (15.2)."""
    battle = state.battle
    assert battle is not None
    st = state.units[uid]
    kgs = [f"{uid}-a", f"{uid}-b"]
    for k in kgs:
        ks = state.units[k]
        ks.where, ks.hex, ks.step, ks.spent, ks.done, ks.oos = "map", st.hex, 0, st.spent, st.done, st.oos
        state.order += 1
        ks.top = state.order
    if state.air.get(uid):
        state.air[kgs[0]] = state.air.pop(uid)
    st.where, st.hex = "spare", None
    for group in (battle.attackers, battle.defenders):
        if uid in group:
            group[group.index(uid):group.index(uid) + 1] = kgs
    if uid in battle.retreating:
        i = battle.retreating.index(uid)
        battle.retreating[i:i + 1] = kgs
    if uid in battle.advance:
        n = battle.advance.pop(uid)
        battle.advance.update({k: n for k in kgs})
    if uid in battle.from_hexes:
        h = battle.from_hexes.pop(uid)
        battle.from_hexes.update({k: h for k in kgs})
    if state.group is not None and uid in state.group.units:
        i = state.group.units.index(uid)
        state.group.units[i:i + 1] = kgs
    inherit(state, [uid], kgs)
    return [Event("note", f"{Board(state).unit(uid).short} breaks down into Kampfgruppen (15.2)", {"unit": uid})]


def _reform_in_battle(state: State, d: str) -> list[Event]:
    """Put the division in its two Kampfgruppen's place, in their retreat or advance (15.3): it
    has what they have left (the lesser advance, the greater spending)."""
    battle = state.battle
    assert battle is not None
    kgs = [f"{d}-a", f"{d}-b"]
    sa, sb, st = (state.units[u] for u in (*kgs, d))
    st.where, st.hex, st.step = "map", sa.hex, 0
    st.spent, st.done, st.oos = max(sa.spent, sb.spent), sa.done or sb.done, sa.oos or sb.oos
    state.order += 1
    st.top = state.order
    air = state.air.pop(kgs[0], 0) + state.air.pop(kgs[1], 0)
    if air:
        state.air[d] = air
    for k in (sa, sb):
        k.where, k.hex = "spare", None
    for group in (battle.attackers, battle.defenders, battle.retreating):
        if kgs[0] in group or kgs[1] in group:
            i = min(group.index(k) for k in kgs if k in group)
            group[:] = group[:i] + [d] + [u for u in group[i:] if u not in kgs]
    if kgs[0] in battle.advance:
        battle.advance[d] = min(battle.advance.pop(k) for k in kgs)
    froms = [battle.from_hexes.pop(k) for k in kgs if k in battle.from_hexes]
    if froms:
        battle.from_hexes[d] = froms[0]
    inherit(state, kgs, [d])
    return [Event("note", f"{Board(state).unit(d).short} reforms from its Kampfgruppen (15.3)", {"unit": d})]


def inherit(state: State, old: list[str], new: list[str]) -> None:
    """Counters that take others' place keep what those did this phase: attacked (16.5), were
    attacked (16.5), retreated (17.18), were seen (11.2)."""
    for name in ("attacked_with", "attacked_units", "retreated_in", "revealed"):
        marked = getattr(state, name)
        if any(u in marked for u in old):
            marked.extend(u for u in new if u not in marked)


def may_retreat(state: State, stage: str, units: list[str]) -> bool:
    b = Board(state)
    battle = state.battle
    assert battle is not None
    if stage == "attacker" and battle.kind == "blitz":
        return False  # 12.9
    if stage == "defender" and battle.kind == "prepared" and all(b.unit(u).task_force for u in units):
        return False  # 18.4
    # 17.10: the retreat moves every unit; if one has no way back, the result is taken as steps (17.16)
    return bool(units) and all(retreat_paths(b, u, battle.owed) for u in units)


def act(state: State, action: dict[str, Any], dice: Dice) -> list[Event]:
    battle = state.battle
    assert battle is not None
    kind = action.get("type")
    stage = battle.stage
    if stage == "raf" and kind in ("raf", "no-raf"):
        words = "The RAF intervenes in defence (8.8)" if kind == "raf" else "No RAF intervention"
        if kind == "raf":
            battle.raf, state.raf = "defensive", False
        return [Event("note", words, {})] + roll(state, dice)
    if stage in ("defender", "attacker") and kind == "lose":
        units = _absorbing(state)
        uid = action.get("unit")
        if not isinstance(uid, str) or uid not in units:
            raise IllegalAction(f"{uid!r} is not one of the units absorbing this result", "dynamo:17.10")
        events = lose_step(state, uid)
        battle.owed -= 1
        if battle.owed <= 0 or not _absorbing(state):
            battle.stayers = []
            if stage == "defender" and not _alive(state, battle.defenders):
                battle.eliminated_all = not battle.retreated
            return events + _next_side(state, stage)
        return events
    if stage in ("defender", "attacker") and kind == "retreat-all":
        units = _alive(state, battle.defenders if stage == "defender" else battle.attackers)
        if battle.stayers or not may_retreat(state, stage, units):
            tfs = battle.kind == "prepared" and stage == "defender" and all(Board(state).unit(u).task_force for u in units)
            case = "dynamo:12.9" if battle.kind == "blitz" and stage == "attacker" else "dynamo:18.4" if tfs else "dynamo:17.16"
            raise IllegalAction("these units may not take the result as a retreat", case)
        battle.retreat = battle.owed
        battle.retreating = units
        battle.stage = f"{stage}-retreat"
        note = Event("note", f"The {stage} takes the rest as a retreat of {battle.retreat} hex(es) (17.10)", {})
        return [note] + _settle_retreats(state)
    if stage in ("defender-retreat", "attacker-retreat") and kind == "retreat":
        uid = action.get("unit")
        path = action.get("path")
        b = Board(state)
        if uid != battle.retreating[0] or not isinstance(path, list):
            raise IllegalAction("choose a retreat path for the unit named in the prompt", "dynamo:17.12")
        if path not in retreat_paths(b, uid, battle.retreat):
            raise IllegalAction("that is not a legal retreat path", "dynamo:17.12")
        return _do_retreat(state, uid, path) + _settle_retreats(state)
    if stage == "advance" and kind == "advance":
        b = Board(state)
        uid, h = action.get("unit"), action.get("hex")
        if uid not in battle.advance or h not in advance_hexes(b, uid):
            raise IllegalAction("that unit may not advance there", "dynamo:17.21")
        return _do_advance(state, uid, h)
    if kind == "break-down" and stage in ("advance", "defender-retreat", "attacker-retreat"):
        if action not in choices(state):
            raise IllegalAction("only a whole panzer division retreating or advancing now may break down", "dynamo:15.2")
        return _break_down_in_battle(state, action["unit"])
    if kind == "reform" and stage in ("advance", "defender-retreat", "attacker-retreat"):
        if action not in choices(state):
            raise IllegalAction("only two Kampfgruppen retreating or advancing together in one hex may reform", "dynamo:15.3")
        return _reform_in_battle(state, action["unit"])
    if stage == "advance" and kind == "end-advance":
        return [Event("note", "No further advance (17.23)", {})] + finish(state)
    raise IllegalAction(f"{kind!r} is not a choice while settling a battle", "dynamo:17.24")


def _settle_retreats(state: State) -> list[Event]:
    """Retreat units one by one; a unit with no legal retreat stays and takes the hexes as steps (17.8, 17.16)."""
    battle = state.battle
    assert battle is not None
    events: list[Event] = []
    while battle.retreating:
        uid = battle.retreating[0]
        if state.units[uid].where != "map":
            battle.retreating.pop(0)
            continue
        paths = retreat_paths(Board(state), uid, battle.retreat)
        if paths:
            return events
        battle.retreating.pop(0)
        if battle.result.endswith("/E") and battle.stage == "defender-retreat":
            events += eliminate(state, uid, "no full retreat after an E result (17.8)")
            continue
        battle.stayers.append(uid)
    stage = battle.stage.replace("-retreat", "")
    if battle.stayers:  # 17.16: those that could not go take the hexes as steps, n in all (17.10)
        battle.stage, battle.owed = stage, battle.retreat
        events.append(Event("note", f"No retreat open: {battle.retreat} step(s) to lose instead (17.16)", {}))
        return events
    if stage == "defender" and not _alive(state, battle.defenders):
        battle.eliminated_all = not battle.retreated
    return events + _next_side(state, stage)


def _do_retreat(state: State, uid: str, path: list[str]) -> list[Event]:
    b = Board(state)
    battle = state.battle
    assert battle is not None
    battle.retreating.pop(0)
    st = state.units[uid]
    start = st.hex
    side = b.side_of(uid)
    text = f"{b.unit(uid).short} retreats {start} -> {' -> '.join(path)}"
    if path[-1] == "off":
        edge = off_edge(b, path[-2] if len(path) > 1 else start, side)  # type: ignore[arg-type]
        if side == "allied" and edge == "south":
            st.where, st.hex = "evacuated", None  # 20.3: declared evacuated
            text += " off the south edge: evacuated"
        else:
            st.where, st.hex, st.edge = "off", None, edge
            text += f" off the {edge} edge"
        state.air.pop(uid, None)
    else:
        move_to(state, uid, path[-1])
        if battle.kind == "prepared":
            state.retreated_in.append(uid)
    if battle.stage == "defender-retreat":
        battle.retreated[uid] = battle.retreat
    else:
        if start not in battle.vacated_attack_hexes:
            battle.vacated_attack_hexes.append(start)  # type: ignore[arg-type]
    return [Event("retreat", text, {"unit": uid, "path": path})] + strand_dummies(state, start)


def move_to(state: State, uid: str, h: str) -> None:
    b = Board(state)
    st = state.units[uid]
    st.hex = h
    state.order += 1
    st.top = state.order
    if b.side_of(uid) == "german" and b.terrain(h) == "urban" and h not in state.german_entered:
        state.german_entered.append(h)


def off_edge(b: Board, h: str, side: str) -> str | None:
    if side == "german":
        return "german" if h in b.german_edge() else None
    for name, hexes in b.allied_edges().items():
        if h in hexes:
            return name
    return None


def retreat_goals(b: Board, side: str) -> set[str]:
    """Where a retreat should head (17.13): the friendly edges; for the Allies also their open ports."""
    goals = set(b.friendly_edge(side))
    if side == "allied":
        goals |= {h for h in b.m.ports() if b.port_open(h) and b.owner(h) != "german"}
    return goals


def retreat_paths(b: Board, uid: str, distance: int) -> list[list[str]]:
    """Every legal retreat of `distance` hexes (17.12-17.15, 17.19, 19.5), those toward the goals
    of 17.13 where any exist; off the friendly edge only when no on-board retreat is open."""
    s = b.state
    battle = s.battle
    side = b.side_of(uid)
    start = s.units[uid].hex
    assert start is not None and battle is not None
    ezoc = b.ezoc(side)
    forbidden = set(battle.hexes) if b.side_of(battle.attackers[0]) == side else set()
    moto = b.unit(uid).moto
    grid = b.m.grid

    def ok(h: str) -> bool:
        if h in forbidden or (b.owner(h) == enemy(side) and b.real_at(h)):
            return False
        if moto and b.terrain(h) == "marsh":
            return False
        if h in ezoc and not (b.owner(h) == side and b.real_at(h)):
            return False
        return b.stacking(h, side, (uid,)) + b.unit(uid).stacking <= b.g.rules.stacking_limit  # 17.12, 17.17: all along

    paths: list[list[str]] = []
    offs: list[list[str]] = []
    edge = set(b.friendly_edge(side))

    def walk(path: list[str]) -> None:
        here = path[-1] if path else start
        if len(path) == distance:
            paths.append(path)
            return
        if here in edge and not _blocked_off(b, here, side):
            offs.append(path + ["off"])
        for n in b.m.neighbours[here]:
            if n in path or n == start or grid.distance(start, n) != len(path) + 1:
                continue
            if ok(n):
                walk(path + [n])

    walk([])
    if not paths:
        return offs
    goals = retreat_goals(b, side)
    if goals:
        def gap(h: str) -> int:
            return min(grid.distance(h, g) for g in goals)
        closer = [p for p in paths if gap(p[-1]) < gap(start)]
        if closer:
            return closer
    return paths


def _blocked_off(b: Board, h: str, side: str) -> bool:
    """Zones of control reach off the map (17.14, 19.5): an enemy unit beside h on the same edge blocks it."""
    edge = set(b.friendly_edge(side)) | set(b.friendly_edge(enemy(side)))
    return any(n in edge and b.owner(n) == enemy(side) and b.real_at(n) for n in b.m.neighbours[h])


def _open_advance(state: State) -> list[Event]:
    """Who may advance (17.20-17.22): the attackers if every defender left its hex, or the
    defenders one hex if the attackers were all driven off and the defenders took no result."""
    b = Board(state)
    battle = state.battle
    assert battle is not None
    battle.advance = {}
    if battle.kind == "blitz":  # 12.11, 17.20: no advance after a Blitz, for either side
        return finish(state)
    defenders_gone = all(not [u for u in b.real_at(h) if b.side_of(u) != b.side_of(battle.attackers[0])] for h in battle.hexes)
    if battle.kind == "prepared" and defenders_gone:
        far = 2 if battle.eliminated_all else max(battle.retreated.values(), default=0)
        for u in _alive(state, battle.attackers):
            if state.units[u].hex == battle.from_hexes.get(u):
                battle.advance[u] = max(far, 1) if b.unit(u).moto else 1
    elif battle.result.partition("/")[2] == "." and not any(
        state.units[u].hex == battle.from_hexes[u] for u in _alive(state, battle.attackers)
    ):
        for u in _alive(state, battle.defenders):
            battle.advance[u] = 1
    battle.advance_from = None
    if not battle.advance:
        return finish(state)
    battle.stage = "advance"
    return []


def advance_hexes(b: Board, uid: str) -> list[str]:
    s = b.state
    battle = s.battle
    assert battle is not None
    if battle.advance.get(uid, 0) <= 0:
        return []
    here = s.units[uid].hex
    side = b.side_of(uid)
    attacker = side == b.side_of(battle.attackers[0])
    first = here == battle.from_hexes.get(uid) if attacker else here in battle.hexes
    if first:
        targets = battle.hexes if attacker else sorted(set(battle.from_hexes.values()))
        options = [h for h in targets if h in b.m.neighbours[here]]  # type: ignore[index]
    else:
        options = list(b.m.neighbours[here])  # type: ignore[index]
    limit = b.g.rules.stacking_limit
    return [
        h for h in options
        if not (b.owner(h) == enemy(side) and b.real_at(h))
        and not (b.unit(uid).moto and b.terrain(h) == "marsh")
        and b.stacking(h, side) + b.unit(uid).stacking <= limit
    ]


def _do_advance(state: State, uid: str, h: str) -> list[Event]:
    b = Board(state)
    battle = state.battle
    assert battle is not None
    start = state.units[uid].hex
    move_to(state, uid, h)
    battle.advance[uid] -= 1
    if not b.unit(uid).moto or not advance_hexes(Board(state), uid):
        battle.advance[uid] = 0
    events = [Event("advance", f"{b.unit(uid).short} advances {start} -> {h}", {"unit": uid, "hex": h})]
    if not any(v > 0 for v in battle.advance.values()):
        return events + finish(state)
    return events


def finish(state: State) -> list[Event]:
    """Close the battle: counter stroke bookkeeping (16.19), the Blitz group's place (12.9, 12.11)."""
    b = Board(state)
    battle = state.battle
    assert battle is not None
    battle.stage = "over"
    events: list[Event] = []
    if battle.counter_stroke:
        won = all(b.owner(h) == "allied" and b.real_at(h) for h in battle.hexes)
        if not won:
            state.counter_stroke = "used"
            events.append(Event("note", "The counter stroke ends (16.19)", {}))
    if battle.kind == "blitz" and state.group is not None:
        group = state.group
        group.units = [u for u in group.units if state.units[u].where == "map"]
        target = battle.hexes[0]
        if not b.real(group.units):  # the whole stack fell: its dummies go back to the hand (11.3)
            state.group = None
        elif not [u for u in b.real_at(target) if b.side_of(u) == "allied"]:
            for u in group.units:
                move_to(state, u, target)
            group.hex = target
            events.append(Event("move", f"The Blitz carries into {target} (12.11)", {"hex": target}))
    state.battle = None
    return events
