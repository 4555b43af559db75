"""Units leaving the map: step losses, the Set Aside box, permanent elimination (betrayal:4.5, 5.2.4)."""

from __future__ import annotations

from wargames_tui.engine.flow import Event
from wargames_tui.games.betrayal.board import occupancy, sc, side_of, update_control
from wargames_tui.games.betrayal.state import State

MINOR = ("belgian", "dutch")


def name(uid: str) -> str:
    return sc().units[uid].name


def set_aside(state: State, uid: str, events: list[Event], why: str, case: str) -> None:
    """Into the Set Aside box at reduced strength, or gone for good if Belgian or Dutch (5.2.4)."""
    piece = state.pieces[uid]
    if sc().units[uid].nation in MINOR:
        piece.where = "eliminated"
        events.append(Event("loss", f"{name(uid)} {why}: permanently eliminated (betrayal:5.2.4)", {"unit": uid}))
        return
    piece.where = "setaside"
    piece.reduced = True
    events.append(Event("loss", f"{name(uid)} {why}: to the Set Aside box ({case})", {"unit": uid}))


def destroy(state: State, uid: str, events: list[Event], why: str, case: str) -> None:
    state.pieces[uid].where = "eliminated"
    events.append(Event("loss", f"{name(uid)} {why}: permanently eliminated ({case})", {"unit": uid}))


def step(state: State, uid: str, events: list[Event], case: str) -> None:
    """Flip a full unit; a reduced one goes to the Set Aside box (betrayal:4.5.3)."""
    piece = state.pieces[uid]
    if piece.reduced:
        set_aside(state, uid, events, "loses its last step", case)
    else:
        piece.reduced = True
        events.append(Event("loss", f"{name(uid)} is reduced ({case})", {"unit": uid}))


def airborne(state: State) -> set[str]:
    """Aircraft in the air: on a mission or an interception, or done with it and not yet landed
    (betrayal:3.3.4 c, 3.3.5, 4.3.2). They are not at their base until they land."""
    return {m.unit for m in state.missions} | {p["unit"] for p in state.pending if p["kind"] == "air-return"}


def stranded_air(state: State, events: list[Event]) -> None:
    """Aircraft left with enemy ground units and none of their own are lost (betrayal:3.3.1); one
    in the air is not at its base, and lands elsewhere when it comes back (3.3.5, 4.3.2)."""
    occ = occupancy(state)
    away = airborne(state)
    for uid, piece in list(state.pieces.items()):
        area = piece.where
        if sc().units[uid].air and area in occ and uid not in away:
            side = side_of(uid)
            alone = not occ[area][side] and not (side == "german" and sc().border(area))
            if alone and occ[area]["allied" if side == "german" else "german"]:
                    destroy(state, uid, events, "is left alone with the enemy and cannot rebase", "betrayal:3.3.1")
    update_control(state)


def grounded_air(state: State, area: str, events: list[Event]) -> None:
    """Aircraft left without their own ground units in an area after its combat are lost (3.3.1),
    unless they are in the air."""
    occ = occupancy(state)
    away = airborne(state)
    for uid, piece in list(state.pieces.items()):
        if piece.where == area and sc().units[uid].air and uid not in away and not occ[area][side_of(uid)]:
            destroy(state, uid, events, "is left alone after the combat", "betrayal:3.3.1")
