"""A planning player: online evolutionary planning over whole turns.

In these games a side moves many units a turn, and a choice made one action at a time cannot
find a screen, a withdrawal or a concentration. This bot plans the side's turn as a whole: a
plan is the sequence of the side's actions until another side acts or the game ends (after
Justesen et al., "Online Evolutionary Planning", 2016, where a genome is a whole turn).

Plans are played out in copies of the game: the plan's own actions first, and where one is not
legal there (an earlier change moved the unit it names) or the plan runs out, the greedy bot's
choice (in the plan's style, with a share of random choices), on to the end of the side's turn;
then the other sides reply as the greedy bot would, until the side's next turn, and the position
is scored by the game's evaluation (`evaluate(state, side)`, else material and
objectives from the view), with +-WIN on top where the game ended. A population of plans starts from the greedy bot in several styles;
each generation scores every plan on the same dice (fair luck), keeps the better half, and
replaces the rest by changed copies of the kept ones: one choice replaced by another (the rest
kept where still legal), or everything after a point remade, up to the plan's first die roll.
A plan's score is its mean over every generation it lived through. Where the plans come from
one policy (a game's own greedy bot: three plans a generation, the better half one), the
policy's own plan (no random share) is the default, scored first and kept in every generation,
so that another plan (a noisy one, a changed one, the rest of the turn's plan) is played only
where it beat the default on the same dice, twice or more: kept alone, a plan lucky once was
played after its second sample. So too at a small choice (a few actions: spend the Advantage or
not), where each plan is also scored on several dice samples a generation (also where the
turn's plan, scored on one sample a plan, holds an action for it: that plan is then one among
the rest); where plans that differ all score the same on a generation's dice, there is nothing
to choose and the search stops. When the time is up, the best plan is played up to its first
die roll; then the bot plans again from what the dice brought, with a share of the budget, the
rest of the plan it was playing one of the plans. Where the budget left cannot buy a plan that
may be chosen, a game's own greedy bot chooses each action on the real position: the rest of a
plan is that policy's choices on a playout's dice, never searched, and played blind after the
roll it was a worse copy of the policy (an attack that won there and lost here, an advance into
a hex not taken). With the generic styles the rest is played on past the roll where the rules
allow (it holds the chosen style's moves: a reinforcement drawn face down early in the turn
does not leave the turn to the first style, which may move nothing).

A side's choices made for another (a game's `stand_in`: a player moves the automaton whose turn
falls to him) are never planned: the easy level makes them, playing that side for itself, as it
answers in playouts; the plans are only for the side's own choices.

Hidden information: each playout starts from `disguise(state, side, rng)` where the game hides
things, a position consistent with what the side knows with the hidden part drawn anew; the
bot never reads the real state's secrets. The budget is CPU seconds (`time.process_time`).
"""

from __future__ import annotations

import random
import time
from dataclasses import dataclass, field, replace
from typing import Any, Callable

from wargames_tui.bots.greedy import Style, greedy_bot
from wargames_tui.bots.search import STANDING, STYLES, score
from wargames_tui.bots.uniform import random_bot
from wargames_tui.engine.actionlist import sketches
from wargames_tui.engine.dice import Dice
from wargames_tui.engine.flow import Action, IllegalAction
from wargames_tui.engine.legality import refusal
from wargames_tui.engine.session import LogEntry, Session, answering, standing_in
from wargames_tui.present import map_kind, presentation

WIN = 10_000.0  # a won game, beyond any evaluation
POPULATION = 12
SAMPLES = 1  # dice samples a plan is scored on in each generation
SMALL_SAMPLES = 3  # the same at a small choice, where one lucky sample would decide it
FIRST_SHARE = 0.75  # of a turn's budget, for the turn's first plan
REPLAN_SHARE = 0.1  # for each plan again after a die roll within the turn (while the budget lasts)
ANSWERS = 2  # other sides' actions within one turn of the side's (a loss chosen in an exchange)
SMALL_CHOICE = 4  # a prompt with this many actions or fewer gets the same share (a loss to pick)
MAX_ACTIONS = 400  # a playout's own actions at most (a runaway turn)
NOISE = (0.0, 0.05, 0.15)  # shares of random choices a plan's policy makes

Policy = Callable[[Session, random.Random], Action]


class _Playout(Session):
    """A copy of the game for one playout: actions come from its own prompt, so the check that
    they are listed is skipped, and no undo is kept."""

    def act(self, action: Action, undoable: bool = False) -> list:  # type: ignore[override]
        events = self.game.apply(self.state, action, self.dice)
        self._prompt = None
        return events


@dataclass
class Genome:
    """A plan: the side's actions in the order played, the policy that fills what it lacks, and
    its scores so far."""

    actions: list[Action]
    style: int
    noise: float
    change_at: int | None = None  # a new choice here, made by the policy (a mutation)
    stir_at: int | None = None  # a move from here on for a unit the plan leaves standing (a mutation)
    rolled_at: int | None = None  # the first of its actions that rolled dice, in its last playout
    scores: list[float] = field(default_factory=list)

    @property
    def value(self) -> float:
        return sum(self.scores) / len(self.scores) if self.scores else -WIN


@dataclass
class _Turn:
    """Where a side's player-turn stands for the planner."""

    due: int = -1  # the log's length when the next planned action is due
    planned: list[Action] = field(default_factory=list)  # the actions still to play
    rest: list[Action] = field(default_factory=list)  # the plan after them (for after a die roll)
    began: int = 0  # the log's length when the turn's first plan was made
    spent: float = 0.0  # CPU seconds spent planning this turn
    whole: bool = False  # the turn's plan (FIRST_SHARE) is made


class Planner:
    """The planning bot at one budget: CPU seconds for a player-turn, FIRST_SHARE of it for
    the turn's plan, REPLAN_SHARE for each plan after a die roll while the rest lasts; once
    spent, the turn's last plan is played up to its roll and then the policy's own choices on
    the real position, or with the generic styles on past its rolls where the rules allow, else
    the policy's choice (no playout: a turn of many rolls stays within its budget). A small
    choice (a loss to pick, a bombardment's targets) gets REPLAN_SHARE, even where the turn's plan
    holds an action for it, and only itself played where the turn's plan is not made yet: where
    the side's turn goes on after it, the turn's plan is made then. The turn lasts until
    the others act (answers apart, where the game tells them: `turn_over`)."""

    thinks = True  # takes seconds: the client asks it on a thread of its own

    def __init__(self, budget: float) -> None:
        self.budget = budget
        self._turns: dict[tuple[int, str | None], _Turn] = {}  # by (id(session), side)
        # the side's last plan's mean CPU seconds a playout, and the turn it was planned in (its `began`)
        self._costs: dict[tuple[int, str | None], tuple[float, int | None]] = {}

    def __call__(self, session: Session, rng: random.Random) -> Action:
        if standing_in(session.game, session.state):  # another side's choices: made for it, in good faith
            return _easy(session.game)(session, rng)
        prompt = session.prompt
        if len(prompt.actions) > 1 and answering(session.game, session.state):
            return self._answer(session, rng)
        key = (id(session), prompt.side)
        turn = self._turns.pop(key, None) or _Turn(began=len(session.log))
        planned = turn.planned
        small = 1 < len(prompt.actions) <= SMALL_CHOICE
        holds = turn.due == len(session.log) and planned and refusal(session.game, session.state, prompt, planned[0]) is None
        if holds and not small:
            actions = planned
        elif len(prompt.actions) == 1:  # forced: nothing to plan; the turn's start is kept
            actions = list(prompt.actions[:1])
        else:
            if holds:  # a small choice the turn's plan holds: planned again on its samples, that plan among the plans
                turn.rest = planned + turn.rest
            # still the turn the last plan was for: the others have only answered since
            if turn.due < 0 or turn_over(session.game, session.log[turn.began :], prompt.side):
                turn = _Turn(began=len(session.log))
            first = not (turn.whole or small)  # the turn's plan
            left = self.budget - turn.spent
            found = None
            if left >= REPLAN_SHARE * self.budget:
                start = time.process_time()
                share = FIRST_SHARE if first else REPLAN_SHARE
                found = self._plan(session, rng, min(share * self.budget, left), turn.rest, turn.began, first, left)
                turn.spent += time.process_time() - start
            if found is None:  # no budget for a plan that may choose, and no playout
                rest = turn.rest  # with the generic styles the turn's plan goes on past the roll where the rules allow
                kept = rest and not _one_policy(session.game) and refusal(session.game, session.state, prompt, rest[0]) is None
                found = (rest, []) if kept else ([_policy(session, rng)], [])  # else the policy chooses here
            actions, turn.rest = found
            if small and not turn.whole:  # the rest of this plan only a start for the turn's
                actions, turn.rest = actions[:1], actions[1:] + turn.rest
            turn.whole = turn.whole or not small
        if not _accepted(session, actions[0]):  # planned in a position the real one differs from
            actions, turn.rest = [_policy(session, rng)], []
        if len(self._turns) > 16:
            self._turns.clear()
            self._costs.clear()
        turn.due, turn.planned = len(session.log) + 1, actions[1:]
        self._turns[key] = turn
        return actions[0]

    def _answer(self, session: Session, rng: random.Random) -> Action:
        """An answer within another side's turn (a defence): planned alone on a small choice's
        share, apart from the side's own turns and their budget."""
        found = self._plan(session, rng, REPLAN_SHARE * self.budget)
        action = found[0][0] if found else _policy(session, rng)
        return action if _accepted(session, action) else _policy(session, rng)

    def _plan(self, session: Session, rng: random.Random, budget: float, start: list[Action] | None = None,
              began: int | None = None, first: bool = False, most: float = 0.0) -> tuple[list[Action], list[Action]] | None:
        """plan() in the turn that began at log length began (None: an answer) on budget, or up to
        most where budget cannot buy the playouts a choice needs at the cost the side's last plan
        measured; None where most cannot either: that plan would play its default (the policy's
        choice, or with the generic styles the start) after a playout of up to a CPU second or
        more. The turn's first plan is
        made unless one playout would overrun it at a cost measured in this turn (an earlier turn's
        may have been a dearer phase's): it measures the cost again."""
        key = (id(session), session.prompt.side)
        cost, measured_in = self._costs.get(key, (0.0, None))
        least = (1 if measured_in == began else 0) if first else playouts_to_choose(len(_styles(session.game)), start, _samples(session))
        budget = max(budget, least * cost) if least * cost <= most else budget
        if budget < least * cost:
            return None
        costs: list[float] = []
        found = plan(session, rng, budget, start, costs)
        if costs:
            self._costs[key] = (sum(costs) / len(costs), began)
        return found


def _policy(session: Session, rng: random.Random) -> Action:
    """The choice of the policy the plans start from (the greedy bot's, in its first style), made
    on session's real position."""
    return _styles(session.game)[0](session, rng)


def _easy(game: Any) -> Policy:
    """The easy level's bot: the others' reply in a playout, and the choices made for a side that
    another stands in for (an automaton), which play that side for itself, not for the one
    standing in."""
    return presentation(game).bots.get("greedy", greedy_bot)


def _one_policy(game: Any) -> bool:
    """Whether game's plans all come from one policy (its own greedy bot: three plans a
    generation, the better half one). There a plan is mostly that policy's own play: the policy's
    plan is the default, scored first and kept in every generation, and once no plan can be made
    after a roll the policy chooses on the real position (`plan`, `Planner`). With the generic
    styles (twelve plans a generation, six kept and scored again) the search chooses among styles,
    the start comes first and the rest of the plan is played past a roll, as before: treated alike,
    Khar'kov's planning German went 5-5 on seeds 5001-5010 where main went 7-2-1."""
    return len(_styles(game)) == 1


def outlasted(game: Any) -> int:
    """How many of the others' actions a side's turn outlasts: where the game tells answers apart
    (`answering`), none but those answers, which are not counted; else ANSWERS, taken for answers."""
    return 0 if hasattr(game, "answering") else ANSWERS


def turn_over(game: Any, entries: list[LogEntry], side: str | None) -> bool:
    """Whether the others' actions among entries (those since side's turn began) end that turn:
    more of them than it outlasts, answers apart where the game tells them."""
    return sum(e.side != side and not e.answer for e in entries) > outlasted(game)


def plan(session: Session, rng: random.Random, budget: float, start: list[Action] | None = None,
         costs: list[float] | None = None) -> tuple[list[Action], list[Action]]:
    """The best plan found in budget CPU seconds: the side's actions up to its first die roll
    (or its whole turn; at least one action), and the plan's actions after that roll. A start
    (the rest of an earlier plan for this turn) is one of the plans the search begins from; where
    the plans come from one policy (`_one_policy`), like any plan but the policy's own it is played
    only where it beat that plan on the same dice, scored twice or more. Each playout's CPU
    seconds are added to costs, where given.

    At least one playout is played; after it, none that would end past the budget at the mean
    cost of those played (a playout costs up to a CPU second or more in the area games), and
    none once the budget cannot reach a plan scored twice: the default plan would be played
    whatever the rest scored (`_trusted`)."""
    deadline = time.process_time() + budget
    side = session.prompt.side
    styles = _styles(session.game)
    population = _population(len(styles), start)
    samples = _samples(session)
    one = _one_policy(session.game)
    # the greedy bot's own play in its first style, on the position it meets; with the generic
    # styles, the start where there is one, but at a small choice that play
    default = population[1] if start and samples > 1 and not one else population[0]
    # kept in every generation where the better half may be one lucky plan (`_next_generation`)
    keep = default if samples > 1 or one else None
    needed = playouts_to_choose(len(styles), start, samples)
    played, took = 0, 0.0  # playouts so far and their CPU seconds
    while True:
        seeds = [rng.randrange(1 << 30) for _ in range(samples)]
        for genome in population:
            for seed in seeds:
                now = time.process_time()
                mean = took / played if played else 0.0
                if played and now + max(1, needed - played) * mean > deadline:  # on the mean, past the budget
                    return _best(_trusted(population, default), samples)
                genome.scores.append(_playout(session, side, genome, styles, seed))
                cost = time.process_time() - now
                played, took = played + 1, took + cost
                if costs is not None:
                    costs.append(cost)
        if _alike(population):  # nothing to choose: the budget would buy nothing
            return _best(_trusted(population, default), samples)
        population = _next_generation(population, len(styles), rng, keep)


def _population(styles: int, start: list[Action] | None) -> list[Genome]:
    """The first generation: the policy in each style with each share of random choices, and the
    start where there is one: second, after the policy's own plan (the default, scored first),
    where the plans come from one policy; else first."""
    population = [Genome([], s, noise) for noise in NOISE for s in range(styles)][:POPULATION]
    if not start:
        return population
    begun = Genome(list(start), 0, 0.0)
    return population[:1] + [begun] + population[1 : POPULATION - 1] if styles == 1 else [begun] + population[: POPULATION - 1]


def _samples(session: Session) -> int:
    """The dice samples each plan is scored on in a generation: SMALL_SAMPLES at a small choice
    (spend the Advantage or not), where the plans differ in one choice and the best of many plans
    each scored once is the luckiest (an Advantage spent 13 times of 20 where greedy play-outs
    won 87 of 100 declining and 36 spending it), else SAMPLES."""
    return SMALL_SAMPLES if len(session.prompt.actions) <= SMALL_CHOICE else SAMPLES


def playouts_to_choose(styles: int, start: list[Action] | None, samples: int = SAMPLES) -> int:
    """The playouts a plan needs before another plan than the default may be chosen: one scored
    twice (`_trusted`) where each is scored once a generation, else the default's samples and
    another's (`_best`)."""
    return 2 * samples if samples > 1 else len(_population(styles, start)) + 1


def _trusted(population: list[Genome], default: Genome) -> list[Genome]:
    """The plans to choose among: where playouts are so dear that no plan was scored on two
    dice samples, the default plan alone (`plan`'s: the greedy bot's own play, or with the generic
    styles the rest of the turn's plan where there is one), when scored. One sample each is
    mostly luck: where a playout costs 0.1-0.4 s, a 4 s plan scores each of its plans once, and
    picking the best of those played a side worse than the greedy bot the plans start from."""
    if default.scores and max(len(g.scores) for g in population) < 2:
        return [default]
    return population


def _alike(population: list[Genome]) -> bool:
    """Whether a generation's plans, not all the same, scored the same on every dice sample they
    were scored on, some on two generations' dice: nothing to choose among them (a prewar position
    that scores 0 whatever is bought), and more generations would only spend the budget to play
    the default plan. Plans that score alike on one generation's dice and otherwise on another's
    are told apart by luck where the evaluation is coarse (the same position reached on the same
    dice): stopping there played a plan two lucky samples had kept."""
    scores = {s for g in population for s in g.scores}
    return len(scores) == 1 and any(len(g.scores) > 1 for g in population) and any(g.actions != population[0].actions for g in population)


def _best(population: list[Genome], samples: int = 1) -> tuple[list[Action], list[Action]]:
    """The best plan's actions up to its first die roll and those after it, among the plans
    scored on at least two dice samples (on a generation's samples where those are more) where
    any was: a new plan's one lucky sample does not outweigh a tried one."""
    tried = min(max(2, samples), max(len(g.scores) for g in population))
    best = max((g for g in population if len(g.scores) >= tried), key=lambda g: g.value)
    cut = max(1, best.rolled_at + 1 if best.rolled_at is not None else len(best.actions))
    return best.actions[:cut], best.actions[cut:]


def _next_generation(population: list[Genome], styles: int, rng: random.Random, keep: Genome | None = None) -> list[Genome]:
    """The better half kept, and keep (the default plan, where given: scored on every generation's
    dice, it is what a lucky plan must beat; of a game's own greedy bot's three plans the better half
    is one, and a noisy plan scored once on lucky dice was played, kept alone, after the default's
    one sample lost the game); the rest changed copies of kept plans (never of an empty one)."""
    ranked = sorted(population, key=lambda g: g.value, reverse=True)
    kept = ranked[: max(1, len(ranked) // 2)]
    if keep is not None and all(g is not keep for g in kept):
        kept.append(keep)
    parents = [g for g in kept if g.actions] or kept
    children = []
    while len(kept) + len(children) < len(population):
        parent = rng.choice(parents)
        end = len(parent.actions) if parent.rolled_at is None else parent.rolled_at + 1
        at = rng.randrange(max(1, end))
        kind = rng.random()
        if kind < 0.3:  # one choice replaced (another end for the same unit's move), the rest kept where still legal
            children.append(Genome(list(parent.actions), parent.style, rng.choice(NOISE), change_at=at))
        elif kind < 0.45 and at < end - 1:  # one choice left out (a unit that stays where it is)
            children.append(Genome(parent.actions[:at] + parent.actions[at + 1 :], parent.style, rng.choice(NOISE)))
        elif kind < 0.6:  # a move for a unit the plan leaves standing, the plan's own kept where still legal
            children.append(Genome(list(parent.actions), parent.style, rng.choice(NOISE), stir_at=at))
        else:  # everything from a point on remade, in any style
            children.append(Genome(parent.actions[:at], rng.randrange(styles), rng.choice(NOISE)))
    return kept + children


def _styles(game: Any) -> list[Policy]:
    """The policies a plan's choices come from: the game's own policy for plans (`plans`) or
    greedy planner (the easy level the planner must beat, which knows the game's aims: a
    generic hex style in its place played one side of a scenario far worse than that bot);
    else, on a hex map with objectives, the generic greedy bot in each of the search bot's styles."""
    bots = presentation(game).bots
    own = bots.get("plans", bots.get("greedy"))
    if own is not None:
        return [own]
    if map_kind(game) == "hex" and hasattr(game, "objectives"):
        plain, *others = STYLES.values()
        return [_plain(game, plain)] + [_styled(s) for s in others]
    return [greedy_bot]


def _styled(style: Style) -> Policy:
    return lambda session, rng: greedy_bot(session, rng, style)


def _plain(game: Any, plain: Style) -> Policy:
    """The plans' plain style (the first: the default plan, played where no other plan could be
    scored twice, and the policy's choice where no plan is made): the easy level's own, but for a
    side the game names (`plans_fall_back`), which also falls back and blocks as every other style
    does: where playouts are too dear to score another plan twice, the default is played unscored
    (why Khar'kov's Germans need it: its NOTES.md, session 21)."""
    names = getattr(game, "plans_fall_back", None)
    if names is None:
        return _styled(plain)
    wary = replace(plain, falls_back=True, blocks=True)
    return lambda session, rng: greedy_bot(session, rng, wary if names(session.state, session.prompt.side) else plain)


def _playout(session: Session, side: str | None, genome: Genome, styles: list[Policy], seed: int) -> float:
    """Play the genome's plan in a copy of the game (a sampled one where things are hidden) to
    the end of side's turn, and the other sides' reply by the greedy bot until side acts again
    (the short answers they give within side's turn, a loss chosen in an exchange, do not end
    it); keep in the genome side's actions, and score the end.

    A game that tells answers apart (`answering(state)`: the side to act answers another's
    action within that other's turn, a defence or a retreat) has them counted exactly: the
    others' answers within side's turn never end it, and side's own answers within theirs are
    made by its policy, outside the plan, and the playout goes on to side's next turn."""
    game = session.game
    rng = random.Random(seed)
    state = game.disguise(session.state, side, rng) if getattr(game, "HIDDEN", False) else game.copy_state(session.state)
    sim = _Playout(game, session.scenario, dict(session.options), state, Dice(seed))
    policy = styles[genome.style]
    reply = _easy(game)  # the others as the easy level plays them, and a side it stands in for
    played: list[Action] = []
    stirred = 0  # actions played for units the plan left standing (genome.stir_at)
    rolled_at = None
    answers = outlasted(game)
    others = 0  # the other sides' actions since side's last (answers apart, where the game tells)
    for _ in range(MAX_ACTIONS):
        if sim.outcome() is not None:
            break
        mine = game.active_side(sim.state) == side and not standing_in(game, sim.state)
        if not mine or (others > answers and answering(game, sim.state)):  # theirs, or side's answer within their turn
            others += not mine and not answering(game, sim.state)
            if not _played(sim, (reply if not mine else styles[0])(sim, rng)):
                break
            continue
        if others > answers:
            break  # the others have had their turn
        others = 0
        if genome.stir_at is not None and not stirred and len(played) >= genome.stir_at:
            action = _stirred(sim, genome.actions, rng)
            if action is not None and _played(sim, action):
                stirred = 1
                played.append(action)
                if rolled_at is None and sim.dice.rolls:
                    rolled_at = len(played) - 1
                continue
        i = len(played) - stirred  # the plan's action due
        action = None
        if i < len(genome.actions) and i != genome.change_at:
            wanted = genome.actions[i]
            if refusal(game, sim.state, sim.prompt, wanted) is None:
                action = wanted
        if action is None or not _played(sim, action):  # a planned step the rules judge otherwise here
            if i == genome.change_at:
                action = _variant(sim, genome.actions[i], rng)
            else:
                action = random_bot(sim, rng) if rng.random() < genome.noise else policy(sim, rng)
            if not _played(sim, action):
                break  # a listed action the rules refuse: the playout ends where it stands
        played.append(action)
        if rolled_at is None and sim.dice.rolls:
            rolled_at = len(played) - 1
    genome.actions, genome.rolled_at, genome.change_at, genome.stir_at = played, rolled_at, None, None
    return _value(sim, side)


def _variant(sim: Session, action: Action, rng: random.Random) -> Action:
    """Another listed action of the same type for the unit action names (another end of its
    move, another retreat; half the time one into a place its side holds, where it has one: `_aimed`),
    else any listed action but action."""
    actions = sim.prompt.actions
    unit = action.get("unit")
    same = [(i, a.get("to")) for i, a in enumerate(sketches(actions)) if unit is not None and a.get("unit") == unit and a.get("type") == action.get("type")]
    rng.shuffle(same)
    for i in _aimed(sim, same, rng)[:3]:
        if actions[i] != action:
            return actions[i]
    other = random_bot(sim, rng)
    return other if other != action or len(actions) == 1 else random_bot(sim, rng)


def _stirred(sim: Session, plan: list[Action], rng: random.Random) -> Action | None:
    """A listed action for a unit none of plan's actions names (one the plan leaves standing),
    the unit drawn first and then one of its actions (an end of its move; half the time one into
    a place its side holds, where it has one: `_aimed`); None where there is none. The plans come
    from a policy, and a unit it leaves standing (a garrison, a guard) would move only by its
    random share: set-up units whose withdrawal into two held cities the evaluation scores 24.8
    against 11.6 for the plan played died where they stood, and of 188 strength a side lost in
    8 games 150 had not moved the turn before."""
    named = {a.get("unit") for a in plan}
    by_unit: dict[Any, list[tuple[int, Any]]] = {}
    for i, a in enumerate(sketches(sim.prompt.actions)):
        unit = a.get("unit")
        if unit is not None and unit not in named:
            by_unit.setdefault(unit, []).append((i, a.get("to")))
    if not by_unit:
        return None
    return sim.prompt.actions[_aimed(sim, rng.choice(list(by_unit.values())), rng)[0]]


def _aimed(sim: Session, ends: list[tuple[int, Any]], rng: random.Random) -> list[int]:
    """The indices of ends (a listed action's index and where it goes), half the time only those
    into a place the side holds (the view's control, where the game has it and one is among them):
    a unit's few ends that keep a place among its many."""
    held = {h for h, owner in (sim.view(sim.prompt.side).get("control") or {}).items() if owner == sim.prompt.side}
    kept = [i for i, to in ends if to in held]
    return kept if kept and rng.random() < 0.5 else [i for i, _ in ends]


def _played(sim: Session, action: Action) -> bool:
    """Apply action in the playout; False (the dice as they were) if the rules refuse it."""
    sim.dice.take_rolls()
    point = sim.dice.checkpoint()
    try:
        sim.act(action)
    except IllegalAction:
        sim.dice.take_rolls()
        sim.dice.rewind(point)
        return False
    return True


def _accepted(session: Session, action: Action) -> bool:
    """Whether the rules accept action in session's real position. A listed action may still be
    refused there (a path counts by its end hex in the listing, and the rules judge the rest), and
    a plan's later steps were played in a playout's position: after another die roll, or drawn
    from what the side knows, it may differ."""
    game = session.game
    trial = _Playout(game, session.scenario, dict(session.options), game.copy_state(session.state), Dice(0))
    return refusal(game, trial.state, session.prompt, action) is None and _played(trial, action)


def _value(sim: Session, side: str | None) -> float:
    """The position's worth to side; a won or lost game +-WIN on top of it, so that where every
    plan loses on the dice drawn (the last turn's attacks failed), the one that came nearest is
    still told from the rest, and a plan that wins one sample in three beats one that never does."""
    outcome = sim.outcome()
    result = 0.0 if outcome is None or outcome.winner is None else WIN if outcome.winner == side else -WIN
    return result + _position(sim, side)


def _position(sim: Session, side: str | None) -> float:
    game = sim.game
    evaluate: Any = getattr(game, "evaluate", None)
    value = evaluate(sim.state, side) if evaluate is not None else None
    if value is not None:  # a game may evaluate some scenarios and leave the others to the generic score
        return float(value)
    if map_kind(game) == "hex" and hasattr(game, "objectives"):
        return score(sim, side)
    return _forces(sim, side)


def _forces(sim: Session, side: str | None) -> float:
    """A game without an evaluation of its own: units kept against units lost, each side's
    (order_of_battle, as side may know them), and the game's points if it offers them."""
    value = 0.0
    for who, f in sim.game.order_of_battle(sim.state, side).items():
        sign = 1.0 if who == side else -1.0
        value += sign * (len(f.on_map) + len(f.to_come) - 2 * len(f.eliminated))
    points_now = getattr(sim.game, "points_now", None)
    if points_now is not None:
        value += STANDING * points_now(sim.state, side)
    return value
