"""e plays a game's own step-ending action on the area screen (AreaTerms.proceed)."""

from __future__ import annotations

import random
from pathlib import Path

from tests.ui.helpers import SIZE, make_app, past_cover, pressed_at_opening, sync
from wargames_tui.bots import random_bot
from wargames_tui.engine.session import Session
from wargames_tui.games import game_for
from wargames_tui.present import presentation


@sync
async def test_e_ends_a_step_the_game_names(save_dir: Path) -> None:
    scenario = "betrayal/historical"
    game = game_for(scenario)
    session = Session.start(game, scenario, seed=4, seats={side: "human" for side in game.scenarios()[0].sides})
    own = presentation(game).area.proceed
    rng = random.Random(4)
    for _ in range(3000):
        types = {a["type"] for a in session.prompt.actions}
        if "end-movement" in types and "end-movement" in own:
            break
        session.act(random_bot(session, rng))
    assert "end-movement" in {a["type"] for a in session.prompt.actions}
    played = len(session.log)
    app = make_app(save_dir, session)
    async with app.run_test(size=SIZE) as pilot:
        await past_cover(app, pilot)
        await pilot.press("e")
        await pilot.pause()
        assert len(session.log) == played + 1 and session.log[-1].action["type"] == "end-movement"


@sync
async def test_e_in_a_step_with_nothing_to_end_says_how_the_step_ends(save_dir: Path) -> None:
    # Springtime's bid (springtime:17.1) ends with a bid alone: e played nothing and said nothing.
    game = game_for("springtime/fall-gelb")
    session = Session.start(game, "springtime/fall-gelb", {"bids": "on"}, seed=1, seats={"allied": "human", "axis": "human"})
    choices = len(session.prompt.actions)
    app = make_app(save_dir, session)
    async with app.run_test(size=SIZE) as pilot:
        await past_cover(app, pilot)
        await pilot.press("e")
        await pilot.pause()
        assert not session.log
        line = " ".join(str(app.screen.query_one("#prompt").render()).split())
        assert f"e: nothing to end here; this step ends with one of its {choices} choices (a lists them)" in line


@sync
async def test_the_prompt_line_shows_what_e_rolls_before_it_is_pressed(save_dir: Path) -> None:
    # Springtime's impulse: e ends it and the Logistics roll follows (springtime:6.2.1); the list
    # previewed that roll under Pass, but e rolled it with nothing on screen first.
    game = game_for("springtime/plan-red")
    session = Session.start(game, "springtime/plan-red", seed=1, seats={"allied": "human", "axis": "human"})
    session.act(next(a for a in session.prompt.actions if a["type"].startswith("assault")))
    end = next(a for a in session.prompt.actions if a["type"] == "end")
    preview = game.preview(session.state, end)
    assert preview is not None
    app = make_app(save_dir, session)
    async with app.run_test(size=SIZE) as pilot:
        await past_cover(app, pilot)
        line = " ".join(str(app.screen.query_one("#prompt").render()).split())
        assert f"e: {' '.join(str(preview).split())}" in line


@sync
async def test_a_long_preview_of_e_leaves_the_prompt_line_whole_at_80_columns(save_dir: Path) -> None:
    # Strange Victory's end of turn: its coastal roll lists six ports at 17% each; said whole after
    # "e:" it ran the prompt line past its three lines at 80x24 (the end cut off).
    game = game_for("strange-victory/campaign")
    session = Session.start(game, "strange-victory/campaign", seed=3)
    rng = random.Random(3)
    while session.state.phase != "repairs":
        session.act(random_bot(session, rng))
    app = make_app(save_dir, session)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        prompt = app.screen.query_one("#prompt")
        shown = prompt.render()
        assert "e: coastal defence: a D6 picks one of" in " ".join(str(shown).split())
        assert len(shown.wrap(prompt.content_region.width)) <= prompt.size.height


@sync
async def test_e_where_the_step_may_not_end_yet_says_what_is_still_owed(save_dir: Path) -> None:
    # Betrayal's German turn played by the Allied player by hand: e did nothing and said nothing
    # while the forced attacks were not made (betrayal:3.4.4 C).
    scenario = "betrayal/historical"
    game = game_for(scenario)
    session = Session.start(game, scenario, seed=1)
    auto = presentation(game).area.automatic_action
    while session.prompt.actions[0]["type"] == auto:  # the automaton's initiative, orders and tactics
        session.act(session.prompt.actions[0])
    owed = game.owed(session.state)
    assert owed and not owed[0].skippable
    async with pressed_at_opening(save_dir, session, "e") as (app, _pilot, played):
        assert len(session.log) == played
        line = " ".join(str(app.screen.query_one("#prompt").render()).split())
        assert f"e: this step may not end yet; still to do: {owed[0].text} ({owed[0].case})" in line


@sync
async def test_the_seeds_card_step_prompt_is_whole_at_80x24_with_what_e_rolls(save_dir: Path) -> None:
    # The Allied card orders after the German's: the prompt, e's preview (the segment's end and its
    # RP rolls, 200 characters) and the owed cards took six lines at 80 columns, four shown.
    game = game_for("seeds-of-disaster/1934")
    session = Session.start(game, "seeds-of-disaster/1934", seed=1)
    session.act({"type": "deal"})
    session.act(next(a for a in session.prompt.actions if a["type"] == "ready"))
    assert session.prompt.side == "allied"
    app = make_app(save_dir, session)
    async with app.run_test(size=(80, 24)) as pilot:
        await past_cover(app, pilot)
        prompt = app.screen.query_one("#prompt")
        shown = prompt.render()
        assert " · e: " in str(shown) and "Still to do" in str(shown)
        assert len(shown.wrap(prompt.content_region.width)) <= prompt.size.height, str(shown)


@sync
async def test_the_prompt_line_shows_what_r_rolls_and_what_c_accepts(save_dir: Path) -> None:
    # issue 27 "Preview before commit", Strange Victory: r rolled a combat's dice and c accepted them
    # with no chance and no result in the prompt line (the combat panel said "hits on 3+", the list
    # had the chances): the prompt now says what each key brings (strange-victory:8.3.5, 8.3.6).
    game = game_for("strange-victory/campaign")
    for size in (SIZE, (80, 24)):
        session = Session.start(game, "strange-victory/campaign", seed=3)
        rng = random.Random(3)
        while not (session.state.combat is not None and session.state.combat.dice is None):
            session.act(random_bot(session, rng))
        app = make_app(save_dir, session)
        async with app.run_test(size=size) as pilot:
            await pilot.pause()
            for key, kind in (("r", "roll"), ("c", "accept")):
                preview = game.preview(session.state, next(a for a in session.prompt.actions if a["type"] == kind))
                assert preview is not None and preview.results
                said = " ".join(str(app.screen.query_one("#prompt").render()).split())
                assert f"{key}: {preview.odds}" in said and f"{preview.results[0].rolls} {preview.results[0].result}" in said, said
                await pilot.press(key)
                await pilot.pause()
