"""The `wargames` command: the client, and headless subcommands for scripts, bots and tests."""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path
from typing import Any, Sequence

from wargames_tui import __version__
from wargames_tui.engine.files import DataFileError, SaveError, save_dir
from wargames_tui.engine.flow import IllegalAction
from wargames_tui.engine.session import Session
from wargames_tui.games import UnknownScenario, all_scenarios, game_for

# Each command imports what it needs beyond these: `wargames` (the client) draws its first frame
# before the save schema, the bots or the presentations are imported (a tenth of a second).

# Written out rather than read from bots.BOTS, which `wargames` imports only when a bot plays;
# tests/test_cli.py checks that it names every bot.
BOT_NAMES = "random, greedy = easy, normal or hard = the planning bot, search where the game offers it"

EXIT_ERROR = 1
EXIT_ILLEGAL = 2


class CliError(Exception):
    pass


def compact(obj: object) -> str:
    return json.dumps(obj, separators=(",", ":"), ensure_ascii=False)


def parse_options(pairs: Sequence[str]) -> dict[str, str]:
    options = {}
    for pair in pairs:
        key, sep, value = pair.partition("=")
        if not sep or not key:
            raise CliError(f"--option expects KEY=VALUE, got {pair!r}")
        options[key] = value
    return options


def checked_options(scenario: str, options: dict[str, str]) -> dict[str, str]:
    """The options, each one the scenario has with a value it allows (else CliError)."""
    info = next(s for s in game_for(scenario).scenarios() if s.id == scenario)
    for key, value in options.items():
        if key not in info.options:
            known = ", ".join(info.options) or "none"
            raise CliError(f"--option {key}={value}: {scenario} has no option {key!r} (options: {known})")
        if value not in info.options[key]:
            raise CliError(f"--option {key}={value}: expected one of {', '.join(info.options[key])}")
    return options


def side_named(text: str, sides: dict[str, str], where: str) -> str:
    """The id of the side `text` names: its id, or its name in any case, with or without spaces."""
    def plain(name: str) -> str:
        return "".join(c for c in name.casefold() if c.isalnum())

    for sid, name in sides.items():
        if text == sid or plain(text) == plain(name):
            return sid
    listed = ", ".join(f"{sid} ({name})" for sid, name in sides.items())
    raise CliError(f"{where}: no such side {text!r} (sides: {listed})")


def _seat_choices(bots: Sequence[str], sides: dict[str, str], where: str) -> list[str]:
    """Each SIDE[=NAME] of `bots` with its side given as the side's id."""
    chosen = []
    for choice in bots:
        side, sep, name = choice.partition("=")
        chosen.append(side_named(side, sides, f"{where} {choice}") + sep + name)
    return chosen


def check_bot(game: Any, name: str, where: str) -> None:
    """Refuse a bot the game does not offer, naming those it does."""
    from wargames_tui.bots import offered

    if name not in offered(game):
        raise CliError(f"{where}: no bot called {name!r} for this game (bots: {', '.join(offered(game))})")


def new_session(scenario: str, options: dict[str, str], seed: int | None, bots: Sequence[str] = ()) -> Session:
    game = game_for(scenario)
    sides = next(s for s in game.scenarios() if s.id == scenario).sides
    checked_options(scenario, options)
    bots = _seat_choices(bots, sides, "--bot")
    seats = {}
    played_by_game = dict(getattr(game, "SOLITAIRE", {}) or {})  # as the new-game screen seats them
    for side in sides:
        chosen = [b for b in bots if b == side or b.startswith(side + "=")]
        name = chosen[0].partition("=")[2] if chosen and "=" in chosen[0] else "random"
        if chosen:
            check_bot(game, name, f"--bot {chosen[0]}")
        if chosen and played_by_game.get(side) == "game":
            raise CliError(f"--bot {chosen[0]}: the rules play this side; a bot is for a player's side")
        seats[side] = f"bot:{name}" if chosen else played_by_game.get(side, "human")
    return Session.start(game, scenario, options, seed=seed, seats=seats)


def load(path: Path) -> Session:
    """A save, loaded; what loading set aside (journal lines it could not prove) said on stderr."""
    from wargames_tui.engine.saves import load as load_save

    session = load_save(path)
    _tell_notes(session)
    return session


def _tell_notes(session: Session) -> None:
    for note in session.notes:
        print(f"wargames: warning: {note}", file=sys.stderr)
    session.notes.clear()


def seeded_line(seed: int) -> str:
    return f"seeded game (seed {seed}): dice are reproducible, for tests and demos"


# --- subcommands ---------------------------------------------------------------
def cmd_list(args: argparse.Namespace) -> int:
    for info in all_scenarios():
        print(f"{info.id}  {info.title} ({info.subtitle})")
    return 0


def cmd_new(args: argparse.Namespace) -> int:
    from wargames_tui.engine.saves import save

    session = new_session(args.scenario, parse_options(args.option), args.seed)
    save(session, Path(args.output))
    print(f"created {args.output}: {args.scenario}")
    if session.seed is not None:
        print(seeded_line(session.seed))
    return 0


def cmd_show(args: argparse.Namespace) -> int:
    from wargames_tui.present import presentation

    session = load(Path(args.save))
    side = None if args.side is None else side_named(args.side, session.view(None)["sides"], "--side")
    view = session.view(side)
    if args.json:
        print(json.dumps(view, indent=1, ensure_ascii=False))
        return 0
    turns = f"/{view['turns']}" if view.get("turns") else ""
    print(f"{view['title']}  turn {view['turn']}{turns}  {view['phase_title']}")
    if session.seed is not None:
        print(seeded_line(session.seed))
    print("\n".join(presentation(session.game).text(session.game, session.state, view)))
    return _print_result(view)


def _print_result(view: dict) -> int:
    if view["outcome"]:
        o = view["outcome"]
        print(f"\nResult: {view['sides'].get(o['winner'], o['winner'])} {o['level']}: {o['reason']}")
    return 0


def cmd_actions(args: argparse.Namespace) -> int:
    session = load(Path(args.save))
    prompt = session.prompt
    if args.json:
        print(json.dumps(prompt.to_json(), ensure_ascii=False))
        return 0
    who = session.view(None)["sides"].get(prompt.side, "nobody")
    print(f"# {who}: {prompt.text} ({prompt.case})")
    for action in prompt.actions:
        print(compact(action))
    return 0


MAX_ACTION_CHARS = 16_384  # the longest legal action (a long move path) is well under 1,000


def parse_action(text: str) -> dict:
    """The action argument: one JSON object of plain values (strings, whole numbers, lists, objects),
    small and shallow; anything else is refused as IllegalAction (case "cli")."""
    from wargames_tui.engine.saves import no_json_constant

    if len(text) > MAX_ACTION_CHARS:
        raise IllegalAction(f"the action is {len(text)} characters long; none needs more than {MAX_ACTION_CHARS}", "cli")
    try:
        action = json.loads(text, parse_constant=no_json_constant)
    except json.JSONDecodeError as exc:
        raise IllegalAction(f"the action is not valid JSON: {exc}", "cli") from None
    except RecursionError:
        raise IllegalAction("the action is not valid JSON: nested too deeply", "cli") from None
    except ValueError as exc:  # an integer past Python's digit limit, NaN, Infinity
        raise IllegalAction(f"the action is not valid JSON: {str(exc).split(';')[0]}", "cli") from None
    if not isinstance(action, dict):
        raise IllegalAction("the action must be a JSON object", "cli")
    problem = _value_problem(action, "the action", 0)
    if problem is None and not isinstance(action.get("type"), str):
        problem = '"type" must be a string, as in {"type":"end-phase"}'
    if problem:
        raise IllegalAction(f"malformed action: {problem}", "cli")
    return action


def _value_problem(value: object, place: str, depth: int) -> str | None:
    if depth > 4:
        return f"{place} is nested too deeply"
    if isinstance(value, bool) or value is None:
        return None
    if isinstance(value, int):
        return None if abs(value) < 2**31 else f"{place}: the number {str(value)[:12]}... is out of range"
    if isinstance(value, float):
        return f"{place}: {value} is not a whole number"
    if isinstance(value, str):
        return None if len(value) <= 200 else f"{place}: a string of {len(value)} characters is too long"
    items = list(value.items()) if isinstance(value, dict) else list(enumerate(value))  # type: ignore[arg-type]
    if len(items) > 500:
        return f"{place} holds {len(items)} items, too many"
    for key, item in items:
        problem = _value_problem(item, f"{key}" if depth == 0 else f"{place}.{key}", depth + 1)
        if problem:
            return problem
    return None


def _json_kind(value: object) -> str:
    if isinstance(value, bool):
        return "true or false"
    for kind, name in ((str, "a string"), (int, "a number"), (list, "a list"), (dict, "an object")):
        if isinstance(value, kind):
            return name
    return "null"


def shape_problem(action: dict, listed: list[dict]) -> str | None:
    """Keys and value kinds against the legal actions of the same type listed now; None if it fits
    (or none of its type is listed: the rules then say why it cannot be played)."""
    same = [a for a in listed if a.get("type") == action["type"]]
    if not same:
        return None
    known = {k for a in same for k in a}
    unknown = sorted(set(action) - known)
    if unknown:
        keys = ", ".join(sorted(known - {"type"})) or "none"
        return f"the {action['type']} action has no key {unknown[0][:40]!r} (its keys: {keys})"
    for key, value in action.items():
        kinds = {_json_kind(a[key]) for a in same if key in a}
        if _json_kind(value) not in kinds:
            return f"{key} must be {' or '.join(sorted(kinds))}, not {_json_kind(value)}"
    return None


def cmd_act(args: argparse.Namespace) -> int:
    from wargames_tui.engine.channels import shown_to
    from wargames_tui.engine.saves import editing, save

    path = Path(args.save)
    action = parse_action(args.action)
    with editing(path) as session:
        _tell_notes(session)
        problem = shape_problem(action, session.prompt.actions)
        if problem:
            raise IllegalAction(f"malformed action: {problem}", "cli")
        try:
            events = session.act(action)
        except IllegalAction:
            raise
        except Exception as exc:  # noqa: BLE001 - the rules could not read it; the game is unchanged
            reason = " ".join(f"{type(exc).__name__}: {exc}".split())[:160]
            raise IllegalAction(f"malformed action: the rules could not apply it ({reason})", "cli") from None
        save(session, path)
    for event in shown_to(events, session.log[-1].side):  # the acting side reads its own, not the other's
        print(event.text)
    return 0


def cmd_replay(args: argparse.Namespace) -> int:
    from wargames_tui.engine.channels import headline

    session = load(Path(args.save))
    if args.view:
        from wargames_tui.ui.app import WargamesApp

        WargamesApp(save_dir=save_dir(args.save_dir), replay=session).run()
        return 0
    # A game in progress that hides things: its actions and rolls hold each side's secrets (an order,
    # the draw a roll picks), so each is printed as the table saw it until the game is over.
    secret = bool(getattr(session.game, "HIDDEN", False)) and session.outcome() is None
    for i, entry in enumerate(session.log, start=1):
        if secret:
            print(f"{i:4d} {entry.side or '-':<4} {headline(entry.events, None) or 'a choice kept secret'}")
            continue
        rolls = f"  rolls {entry.rolls}" if entry.rolls else ""
        print(f"{i:4d} {entry.side or '-':<4} {compact(entry.action)}{rolls}")
    if secret:
        print("the game hides things and is not over: each action as the table saw it (its actions and rolls once it is over)")
    print(f"replayed {len(session.log)} actions: the log reproduces the snapshot")
    return 0


def cmd_validate(args: argparse.Namespace) -> int:
    ids = [args.scenario] if args.scenario else [s.id for s in all_scenarios()]
    for sid in ids:
        game = game_for(sid)
        state = game.new(sid, {})
        problems = game.check_invariants(state)
        if problems:
            raise DataFileError(f"{sid}: set-up breaks the rules: {'; '.join(problems)}")
        print(f"{sid}: ok")
    return 0


def cmd_selfplay(args: argparse.Namespace) -> int:
    from wargames_tui.selfplay import SelfplayFailure, selfplay

    game = game_for(args.scenario)
    default, seats = "random", {}
    sides = next(s for s in game.scenarios() if s.id == args.scenario).sides
    for choice in args.bot or ["random"]:
        side, sep, name = choice.rpartition("=")
        check_bot(game, name, f"--bot {choice}")
        if sep:
            seats[side_named(side, sides, f"--bot {choice}")] = name
        else:
            default = name
    try:
        summary = selfplay(game, args.scenario, args.games, args.seed, default, args.check_every, seats)
    except SelfplayFailure as exc:
        print(f"selfplay failed: {exc}", file=sys.stderr)
        return EXIT_ERROR
    print(f"{args.scenario}")
    print("\n".join(summary.lines()))
    return 0


def cmd_play(args: argparse.Namespace) -> int:
    from wargames_tui.ui.app import WargamesApp

    directory = save_dir(args.save_dir)
    target = args.target
    if target is None:
        app = WargamesApp(save_dir=directory, seed=args.seed)
    elif target.endswith(".json") or Path(target).is_file():
        from wargames_tui.engine.opening import open_snapshot

        proof = open_snapshot(Path(target))  # played on once proven
        if args.seat is not None:
            bind_seat(proof.session, args.seat, args.bot)
        app = WargamesApp(save_dir=directory, opened=proof)
    elif args.seat is not None:
        raise CliError(f"--seat {args.seat}: a seat is taken in a save (make one with `wargames new {target} -o SAVE.json`)")
    elif args.bot or args.hotseat:
        session = new_session(target, parse_options(args.option), args.seed, args.bot)
        app = WargamesApp(save_dir=directory, session=session)
    else:  # who plays which side is still to choose: the new-game screen, this scenario chosen
        options = checked_options(target, parse_options(args.option))
        app = WargamesApp(save_dir=directory, seed=args.seed, choose=(target, options))
    app.run()
    return 0


def bind_seat(session: Session, side: str, bots: Sequence[str] = ()) -> None:
    """Bind the session to one side's seat: it plays that side, and the sides of `bots` (SIDE or
    SIDE=NAME: this client runs their bot); every other side is played elsewhere and followed."""
    sides = session.view(None)["sides"]
    side = side_named(side, sides, "seat")
    bots = _seat_choices(bots, sides, "--bot")
    for choice in [side, *(b.partition("=")[0] for b in bots)]:
        if session.seats.get(choice) == "game":
            raise CliError(f"{choice}: the rules play this side; a seat is for a player")
    session.seat = side
    for choice in bots:
        other, _, name = choice.partition("=")
        name = name or "random"
        check_bot(session.game, name, f"--bot {choice}")
        session.seats[other] = f"bot:{name}"
        session.runs.add(other)


def cmd_bot(args: argparse.Namespace) -> int:
    """A bot at one seat of a save: it plays that side whenever it is its turn, follows the others'
    actions as they land in the file, and stops when the game ends (`--once`: when its turn ends)."""
    import random
    import time

    from wargames_tui.bots import BOTS
    from wargames_tui.engine.channels import shown_to
    from wargames_tui.engine.saves import SaveBusy, save
    from wargames_tui.engine.seats import changed, follow
    from wargames_tui.present import presentation

    path = Path(args.save)
    side, _, name = args.side.partition("=")
    session = load(path)
    bind_seat(session, side)
    side = session.seat
    name = name or "greedy"
    check_bot(session.game, name, args.side)
    rng, played = random.Random(args.seed), 0
    answer = presentation(session.game).bots.get("answer")
    while session.outcome() is None:
        if session.waiting_for() is None:  # its turn: first its word on a proposal awaiting it, if any
            reply = answer(session, side) if answer else None
            events = session.act(reply or BOTS[name](session, rng))
            try:
                save(session, path)
            except SaveBusy:  # another program wrote first: its game stands, and this bot looks again
                follow(session, path)
                continue
            played += 1
            for event in shown_to(events, side):
                print(event.text, flush=True)
            continue
        if args.once:
            break
        while not changed(session, path):
            time.sleep(args.poll)
        session.notes += follow(session, path).notes
        _tell_notes(session)
    print(f"{side} bot: {played} action{'' if played == 1 else 's'} played; " + ("the game is over" if session.outcome() else "another seat is to act"))
    return 0


def cmd_serve(args: argparse.Namespace) -> int:
    """The client in a browser: textual-serve starts one `python -m wargames_tui` per tab."""
    import errno
    import socket

    from wargames_tui.serve import serve

    if not 0 < args.port < 65536:
        raise CliError(f"--port {args.port}: expected a port number from 1 to 65535")
    try:  # a clear message now, rather than a traceback once the server starts
        socket.create_server((args.host, args.port)).close()
    except OSError as exc:
        taken = exc.errno == errno.EADDRINUSE
        why = "the port is taken (another server? choose one with --port N)" if taken else exc.strerror or str(exc)
        raise CliError(f"cannot serve on {args.host}:{args.port}: {why}") from None
    serve(args.host, args.port, args.save_dir)
    return 0


# --- the parser ----------------------------------------------------------------
def build_parser() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(prog="wargames", description="Classic board wargames in the terminal.")
    p.add_argument("--version", action="version", version=f"wargames-tui {__version__}")
    p.add_argument("--save-dir", help="where autosaves go (default: $WARGAMES_SAVE_DIR or the user data dir)")
    p.set_defaults(func=cmd_play, target=None, seed=None, option=[], bot=[], seat=None, hotseat=False)
    sub = p.add_subparsers(dest="command")

    play = sub.add_parser(
        "play",
        help="open the client on a new game (SCENARIO_ID) or a save (SAVE.json)",
        description="A scenario opens on the new-game screen with it chosen (who plays each side, options; F5 starts); "
        "--hotseat or --bot starts it at once.",
    )
    play.add_argument("target", metavar="SCENARIO_ID|SAVE.json")
    play.add_argument("--hotseat", action="store_true", help="start at once, every side not given to a bot played at this keyboard")
    play.add_argument("--seed", type=int, help="seed the dice (for repeatable games)")
    play.add_argument("--option", action="append", default=[], metavar="K=V", help="an optional rule")
    play.add_argument(
        "--bot", action="append", default=[], metavar="SIDE[=NAME]", help=f"let a bot play SIDE, its id or name ({BOT_NAMES})"
    )
    play.add_argument("--seat", metavar="SIDE", help="play SIDE of a save only, from this screen; the other sides play from theirs")
    play.add_argument("--save-dir", default=argparse.SUPPRESS, help=argparse.SUPPRESS)
    play.set_defaults(func=cmd_play)

    sub.add_parser("list", help="print every playable scenario id and title").set_defaults(func=cmd_list)

    new = sub.add_parser("new", help="create a game without the client")
    new.add_argument("scenario", metavar="SCENARIO_ID")
    new.add_argument("-o", "--output", required=True, metavar="SAVE.json")
    new.add_argument("--seed", type=int, help="seed any dice rolled at set-up")
    new.add_argument("--option", action="append", default=[], metavar="K=V")
    new.set_defaults(func=cmd_new)

    show = sub.add_parser("show", help="print the position as text, or the view as JSON")
    show.add_argument("save", metavar="SAVE.json")
    show.add_argument("--json", action="store_true", help="the full view as JSON (docs/cli.md)")
    show.add_argument("--side", help="the view of one side (what it may see); default: the public view")
    show.set_defaults(func=cmd_show)

    actions = sub.add_parser("actions", help="print the current prompt and its legal actions")
    actions.add_argument("save", metavar="SAVE.json")
    actions.add_argument("--json", action="store_true", help="the prompt and actions as one JSON object")
    actions.set_defaults(func=cmd_actions)

    act = sub.add_parser("act", help="apply one action (JSON) and update the save")
    act.add_argument("save", metavar="SAVE.json")
    act.add_argument("action", metavar="ACTION_JSON")
    act.set_defaults(func=cmd_act)

    rep = sub.add_parser("replay", help="replay the log, check the snapshot and print the log")
    rep.add_argument("save", metavar="SAVE.json")
    rep.add_argument("--view", action="store_true", help="step through the game in the client, action by action")
    rep.set_defaults(func=cmd_replay)

    val = sub.add_parser("validate", help="check scenario data files")
    val.add_argument("scenario", nargs="?", metavar="SCENARIO_ID")
    val.set_defaults(func=cmd_validate)

    sp = sub.add_parser("selfplay", help="play complete games with bots and check every step")
    sp.add_argument("scenario", metavar="SCENARIO_ID")
    sp.add_argument("--games", type=int, default=10)
    sp.add_argument("--seed", type=int, default=1)
    sp.add_argument(
        "--bot", action="append", metavar="NAME|SIDE=NAME", help=f"the bot for every side, or for one side ({BOT_NAMES})"
    )
    sp.add_argument("--check-every", type=int, default=0, help="also replay the whole log every N actions")
    sp.set_defaults(func=cmd_selfplay)

    bot = sub.add_parser("bot", help="a bot at one seat of a save: it plays that side's turns as they come")
    bot.add_argument("save", metavar="SAVE.json")
    bot.add_argument("side", metavar="SIDE[=NAME]", help="the side it plays, and which bot (default: greedy)")
    bot.add_argument("--once", action="store_true", help="stop when it is another seat's turn (play by e-mail)")
    bot.add_argument("--poll", type=float, default=0.5, help="seconds between looks at the save while another seat acts")
    bot.add_argument("--seed", type=int, help="seed the bot's choices (not the dice)")
    bot.set_defaults(func=cmd_bot)

    srv = sub.add_parser("serve", help="serve the client to a browser on this machine (textual-serve)")
    srv.add_argument("--port", type=int, default=8000, help="the port to listen on (default: 8000)")
    srv.add_argument("--host", default="127.0.0.1", help="the address to listen on (default: 127.0.0.1)")
    srv.add_argument("--save-dir", default=argparse.SUPPRESS, help=argparse.SUPPRESS)
    srv.set_defaults(func=cmd_serve)
    return p


def main(argv: Sequence[str] | None = None) -> int:
    args = build_parser().parse_args(argv)
    try:
        return args.func(args)
    except IllegalAction as exc:
        print(f"illegal action: {exc.reason} ({exc.case})", file=sys.stderr)
        return EXIT_ILLEGAL
    except (SaveError, DataFileError, UnknownScenario, CliError) as exc:
        print(f"wargames: {exc}", file=sys.stderr)
        return EXIT_ERROR
    except BrokenPipeError:  # `wargames show ... | head`: the reader left; nothing to report
        sys.stderr.close()
        return 0
    except OSError as exc:  # a file or folder the command cannot use: one line, no traceback
        name = f"{exc.filename}: " if exc.filename else ""
        print(f"wargames: {name}{exc.strerror or exc}", file=sys.stderr)
        return EXIT_ERROR
