"""Bot against bot for The Seeds of Disaster as `wargames selfplay --bot SIDE=greedy` plays it (same seeds, same
rng use), without selfplay's save/replay checks; one line a game, then the totals.

    python benchmarks/seeds_match.py SIDE GAMES FIRST_SEED [OTHER_BOT]   (SIDE: german, allied or both)
"""
import random
import sys
import time
from collections import Counter
from wargames_tui.bots import BOTS
from wargames_tui.engine.session import Session
from wargames_tui.games import game_for

scenario = "seeds-of-disaster/1934"
side, games, first = sys.argv[1], int(sys.argv[2]), int(sys.argv[3])
other = sys.argv[4] if len(sys.argv) > 4 else "random"
game = game_for(scenario)
results = Counter()
t0 = time.process_time()
for seed in range(first, first + games):
    rng = random.Random(seed)
    session = Session.start(game, scenario, seed=seed)
    n = 0
    while session.outcome() is None and n < 20000:
        acting = game.active_side(session.state)
        session.act(BOTS["greedy" if acting == side or side == "both" else other](session, rng))
        n += 1
    o = session.outcome()
    key = f"{o.winner} {o.level}" if o and o.winner else (o.level if o else "none")
    results[key] += 1
    s = session.state
    print(f"seed {seed}: {key}; actions {n}; war from {s.strategic.year} m{s.strategic.month}; week {s.war.week}", flush=True)
print(dict(results), f"CPU {time.process_time() - t0:.0f} s", flush=True)
