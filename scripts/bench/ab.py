#!/usr/bin/env python3
"""Two builds of `search` side by side, interleaved, on one file.

    scripts/bench/ab.py BEFORE AFTER FILE [--rounds N] [--every-shape] [--table [--tabulate]]

Without --table: for each round (after one warm-up round), the floor
`rg -c '"kind"' FILE`, then `search --data FILE --limit 20 QUERY...` for a few
shapes of query (with --every-shape, those of search-bench too: a typo, a word
that matches nothing, a phrase, a kind filter), each with both builds in turn
(the order alternates by round), and the medians with their ratio to the
floor's.

With --table: `search '' --limit 100000 --data FILE --width 160` with both
builds in turn; with --tabulate also Benchmarks/Python/render_table.py
tabulate between them once a round, and each build's ratio to it, paired by
round (tabulate's run against the median of that build's runs around it).
Outputs go to /dev/null. Timings are whole processes (spawn to exit).
"""
import argparse
import os
import statistics
import subprocess
import time

SHAPES = [
    ("'' --sort -price", ["", "--sort", "-price"]),
    ("price<5", ["price<5"]),
    ("coffee", ["coffee"]),
]
MORE_SHAPES = [
    ("zzqxj", ["zzqxj"]),
    ("cofee", ["cofee"]),
    ('"queen of hearts"', ['"queen of hearts"']),
    ("kind:card queen", ["kind:card queen"]),
]


def run(command):
    start = time.perf_counter()
    subprocess.run(command, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    return time.perf_counter() - start


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("before")
    parser.add_argument("after")
    parser.add_argument("file")
    parser.add_argument("--rounds", type=int, default=9)
    parser.add_argument("--table", action="store_true")
    parser.add_argument("--tabulate", action="store_true")
    parser.add_argument("--every-shape", action="store_true")
    args = parser.parse_args()
    shapes = SHAPES + (MORE_SHAPES if args.every_shape else [])
    builds = {"before": args.before, "after": args.after}
    times = {}
    ratios = {"before": [], "after": []}
    loads = []
    root = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
    render = os.path.join(root, "Benchmarks", "Python", "render_table.py")
    for round_ in range(args.rounds + 1):
        order = ["before", "after"] if round_ % 2 == 0 else ["after", "before"]
        counted = round_ > 0
        if args.table:
            table = ["", "--limit", "100000", "--data", args.file, "--width", "160", "--color", "never"]
            mine = {name: [run([builds[name]] + table)] for name in order}
            python = run(["python3", render, "tabulate", args.file, "--width", "160"]) if args.tabulate else None
            for name in reversed(order):
                mine[name].append(run([builds[name]] + table))
            if counted:
                for name in order:
                    times.setdefault(("table", name), []).extend(mine[name])
                    if python is not None:
                        ratios[name].append(python / statistics.median(mine[name]))
                if python is not None:
                    times.setdefault("tabulate", []).append(python)
        else:
            floor = run(["rg", "-c", '"kind"', args.file])
            if counted:
                times.setdefault("floor", []).append(floor)
            for label, query in shapes:
                for name in order:
                    took = run([builds[name], "--data", args.file, "--limit", "20"] + query)
                    if counted:
                        times.setdefault((label, name), []).append(took)
        loads.append(os.getloadavg()[0])
    print(f"{args.rounds} rounds after a warm-up, interleaved; load average {min(loads):.1f} to {max(loads):.1f}")
    if args.table:
        before = statistics.median(times[("table", "before")])
        after = statistics.median(times[("table", "after")])
        print(f"table  before {before:.3f} s  after {after:.3f} s  after/before {after / before:.3f}")
        if args.tabulate:
            python = statistics.median(times["tabulate"])
            for name in ("before", "after"):
                paired = ", ".join(f"{ratio:.1f}x" for ratio in ratios[name])
                print(
                    f"tabulate {python:.2f} s: {name} {statistics.median(ratios[name]):.1f}x faster "
                    f"(paired by round: {paired})")
        return
    floor = statistics.median(times["floor"])
    print(f"floor  rg -c '\"kind\"' FILE  {floor:.3f} s")
    for label, _ in shapes:
        before = statistics.median(times[(label, "before")])
        after = statistics.median(times[(label, "after")])
        print(
            f"{label:18s} before {before:.3f} s ({before / floor:.2f}x floor)  "
            f"after {after:.3f} s ({after / floor:.2f}x floor)  after/before {after / before:.3f}")


main()
