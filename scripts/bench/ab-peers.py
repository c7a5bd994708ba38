#!/usr/bin/env python3
"""Two builds of `search` side by side with the two peers of issue 20's targets.

    scripts/bench/ab-peers.py BEFORE AFTER FILE [ROUNDS]

Each round (after one warm-up) times the floor `rg -c '"kind"' FILE` and
`rg -i coffee FILE`, then `search --data FILE --limit 20` with `'' --sort -price`
and with `coffee`, each with both builds (the order alternates by round), and
prints the medians, their ratios to the floor and to `rg -i`, and after/before.
Outputs go to /dev/null; timings are whole processes.
"""
import subprocess, time, statistics, sys, os
B, A, F = sys.argv[1], sys.argv[2], sys.argv[3]
rounds = int(sys.argv[4]) if len(sys.argv) > 4 else 7
shapes = [("'' --sort -price", ['', '--sort', '-price']), ("coffee", ['coffee'])]
def run(cmd):
    t = time.perf_counter(); subprocess.run(cmd, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL); return time.perf_counter() - t
res = {}; loads = []
for r in range(rounds + 1):
    order = [('before', B), ('after', A)] if r % 2 == 0 else [('after', A), ('before', B)]
    f = run(['rg', '-c', '"kind"', F]); g = run(['rg', '-i', 'coffee', F])
    if r: res.setdefault('floor', []).append(f); res.setdefault('rg', []).append(g)
    for name, args in shapes:
        for label, binary in order:
            t = run([binary, '--data', F, '--limit', '20'] + args)
            if r: res.setdefault((name, label), []).append(t)
    loads.append(os.getloadavg()[0])
fl = statistics.median(res['floor']); rg = statistics.median(res['rg'])
print(f"rounds {rounds} (+1 warm-up), interleaved; load average {min(loads):.1f}-{max(loads):.1f}; floor rg -c median {fl:.3f} s; rg -i coffee {rg:.3f} s")
for name, _ in shapes:
    b = statistics.median(res[(name, 'before')]); a = statistics.median(res[(name, 'after')])
    print(f"{name:18s} before {b:.3f} s ({b/fl:.2f}x floor, {b/rg:.2f}x rg -i)  after {a:.3f} s ({a/fl:.2f}x floor, {a/rg:.2f}x rg -i)  after/before {a/b:.3f}")
