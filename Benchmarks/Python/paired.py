#!/usr/bin/env python3
"""Two commands timed alternately, a pair at a time: A then B, then B then A, ...

    python3 Python/paired.py N "COMMAND A" "COMMAND B"

Three warm-up pairs, then N counted pairs. Prints each command's median wall
time and the median of the paired ratios B/A with its interquartile range.
Pairs taken moments apart see the same host, so their ratio holds on a host
whose speed drifts over minutes, as this one's does. Output goes to
/dev/null; the commands run through the shell.
"""
import statistics
import subprocess
import sys
import time


def timed(command):
    start = time.perf_counter()
    subprocess.run(command, shell=True, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    return time.perf_counter() - start


def main():
    if len(sys.argv) != 4:
        sys.exit(__doc__)
    pairs, a, b = int(sys.argv[1]), sys.argv[2], sys.argv[3]
    for _ in range(3):
        timed(a)
        timed(b)
    times_a, times_b = [], []
    for index in range(pairs):
        if index % 2:
            times_b.append(timed(b))
            times_a.append(timed(a))
        else:
            times_a.append(timed(a))
            times_b.append(timed(b))
    ratios = [y / x for x, y in zip(times_a, times_b)]
    quartiles = statistics.quantiles(ratios, n=4) if len(ratios) > 1 else [ratios[0]] * 3
    print(
        "A median %.1f ms  B median %.1f ms  B/A median paired ratio %.3f (IQR %.3f-%.3f)"
        % (statistics.median(times_a) * 1e3, statistics.median(times_b) * 1e3, statistics.median(ratios),
           quartiles[0], quartiles[2]))


if __name__ == "__main__":
    main()
