#!/usr/bin/env python3
"""A hostile NDJSON file for comparing two builds (scripts/bench/results-cmp.sh):
lines of the generated mix, each in turn left alone or damaged in one of many
ways (cut short, a byte changed, a member dropped, added or moved, a value of
the wrong type, escapes, non-ASCII, CRLF, blank lines, unknown kinds, punycode
and upper-case domains). Deterministic for a given seed.

    scripts/bench/make-hostile.py SOURCE.jsonl OUT.jsonl [LINES] [SEED]
"""
import json
import random
import sys

source, out = sys.argv[1], sys.argv[2]
count = int(sys.argv[3]) if len(sys.argv) > 3 else 25000
rng = random.Random(int(sys.argv[4]) if len(sys.argv) > 4 else 7)


def damage(line: str) -> str:
    record = json.loads(line)
    keys = list(record)
    choice = rng.randrange(24)
    if choice == 0:
        return line[: rng.randrange(1, len(line))]  # cut short
    if choice == 1:
        at = rng.randrange(len(line))
        return line[:at] + rng.choice('{}[]",:\\ x0\t') + line[at + 1:]  # a byte changed
    if choice == 2 and len(keys) > 1:
        del record[rng.choice(keys[1:])]
    elif choice == 3:
        record["extra"] = rng.choice([1, "coffee", None, True, [1, 2], {"a": "b"}])
    elif choice == 4:
        key = rng.choice(keys)
        value = record.pop(key)
        record[key] = value  # moved to the end
    elif choice == 5:
        key = rng.choice(keys[1:] or keys)
        record[key] = rng.choice(["12", 12, None, True, "", "Coffee", [], {}])
    elif choice == 6:
        record["name"] = str(record.get("name", "")) + rng.choice(["\\u0063offee", "\u00e9", "\u65e5\u672c", "\U0001F600", "\t", "\"q\""])
        return json.dumps(record, ensure_ascii=rng.random() < 0.5)
    elif choice == 7:
        return line + "\r"
    elif choice == 8:
        return ""
    elif choice == 9:
        record["kind"] = rng.choice(["gadget", "Product", "", "widget-" + str(rng.randrange(50))])
    elif choice == 10 and record.get("kind") == "domain":
        record["name"] = rng.choice(["xn--caf-dma.com", "COFFEE.COM", "xn--wgv71a.jp", "Coffee-Beans.io"])
    elif choice == 11:
        return json.dumps(record, indent=None, separators=(", ", ": "))
    elif choice == 12:
        return "  " + line + "  "
    elif choice == 13:
        return json.dumps(list(record.values()))
    else:
        return line
    return json.dumps(record, separators=(",", ":"))


with open(source, encoding="utf-8") as src, open(out, "w", encoding="utf-8", newline="") as dst:
    for index, line in enumerate(src):
        if index >= count:
            break
        line = line.rstrip("\n")
        dst.write((damage(line) if rng.random() < 0.3 else line) + "\n")
