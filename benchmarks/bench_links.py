"""The size of every built-in file as a link, and the time to make and read one (target: each
lesson's address ≤ 2,000 characters).

Run: ``python benchmarks/bench_links.py [--base URL] [--repeat N]``. For each kind
(lessons, positions, puzzles) it prints the file, its size as JSON, its ``v1.`` value's
length and the whole address's (the default base is ``domeng app``'s), the largest of
each kind last; then the median time of :func:`domeng.files.links.encode` and of
:func:`domeng.files.links.load_link` (unpacking, the reader's checks and the replay) of the
largest lesson, and the size of a 40-round game.
"""

from __future__ import annotations

import argparse
import statistics
import time
from pathlib import Path

from domeng.files import links
from domeng.files.saving import game_to_json
from domeng.game import Game
from domeng.players import make_players

PACKAGE = Path(links.__file__).parent
KINDS = {"lessons": "scenarios", "positions": "positions", "puzzles": "puzzles"}


def _median(fn, repeat: int) -> float:
    times = []
    for _ in range(repeat):
        t = time.perf_counter()
        fn()
        times.append(time.perf_counter() - t)
    return statistics.median(times)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--base", default=links.DEFAULT_BASE)
    ap.add_argument("--repeat", type=int, default=50)
    ap.add_argument("--quiet", action="store_true", help="only the largest of each kind")
    args = ap.parse_args()

    largest_lesson = None
    for kind, folder in KINDS.items():
        rows = []
        for path in sorted((PACKAGE / folder).glob("*.json")):
            value = links.encode(path)
            rows.append((len(links.link(path, base=args.base)), len(value),
                         path.stat().st_size, path.stem))
        if not args.quiet:
            for address, value, size, name in rows:
                print(f"  {kind:9} {name:34} file {size:5,} B  value {value:5,}  "
                      f"address {address:5,}")
        top = max(rows)
        mean = statistics.mean(r[0] for r in rows)
        print(f"{kind}: {len(rows)}, largest address {top[0]:,} characters ({top[3]}, "
              f"value {top[1]:,}, file {top[2]:,} B); mean {mean:,.0f}")
        if kind == "lessons":
            largest_lesson = PACKAGE / folder / f"{top[3]}.json"

    assert largest_lesson is not None
    value = links.encode(largest_lesson)
    enc = _median(lambda: links.encode(largest_lesson), args.repeat)
    dec = _median(lambda: links.load_link(value), args.repeat)
    print(f"{largest_lesson.stem}: encode {enc * 1e3:.2f} ms, load_link {dec * 1e3:.2f} ms "
          f"(median of {args.repeat})")

    game = Game(seed=1)
    players = make_players("random", seed=1)
    for _ in range(40):
        game.play_round(players)
    print(f"a 40-round game: value {len(links.encode(game_to_json(game))):,} characters")


if __name__ == "__main__":
    main()
