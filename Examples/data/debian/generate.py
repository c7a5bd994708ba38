#!/usr/bin/env python3
"""Regenerate Examples/data/debian/packages.jsonl: real package descriptions that spell
connectors, Roman numerals and number pairs the ways people type titles.

Every Debian 12 "bookworm" main package whose one-line description holds
- a connector between words (`&`, `+` or `'n'`: "Pen & paper", "Flask + marshmallow"),
- an upper-case Roman numeral from II to XX as a word ("Warlords II", "dBase III", "SPIR-V"),
- a pair of numbers with a slash ("Level 1/2", "SOCKS4/5"), or
- is in section games and holds "and" between words ("Dots and Boxes game"),
as a built-in `product` (price 0: Debian main is free software), in package-name order.
The relevance benchmark's judged set `Benchmarks/Relevance/forms.json` searches it with
Examples/data/world/world.jsonl.

Needs the bookworm main Packages list (apt-get update), read as the bundled samples'
generator reads it; the same list gives a byte-identical file.
Usage: python3 Examples/data/debian/generate.py
"""

import json
import re
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
ROOT = HERE.parents[2]
sys.path.insert(0, str(ROOT / "scripts" / "samples"))
from generate import debian_stanzas  # noqa: E402

CONNECTOR = re.compile(r"\w (&|\+|'n') \w")
ROMAN = re.compile(r"\b(II|III|IV|V|VI|VII|VIII|IX|X|XI|XII|XIII|XIV|XV|XVI|XVII|XVIII|XIX|XX)\b")
NUMBER_PAIR = re.compile(r"(?<![\d./])\d+/\d+(?![\d./])")
AND = re.compile(r"\w and \w")


def wanted(fields):
    description = fields.get("Description", "")
    if CONNECTOR.search(description) or ROMAN.search(description) or NUMBER_PAIR.search(description):
        return True
    return fields.get("Section") == "games" and AND.search(description) is not None


def main():
    records = {}
    for fields in debian_stanzas():
        name = fields.get("Package", "")
        if not name or name in records or not wanted(fields):
            continue
        records[name] = {
            "kind": "product",
            "name": name,
            "price": 0,
            "rating": None,
            "category": f"{fields.get('Section', 'misc')} (Debian)",
            "description": fields.get("Description", ""),
            "homepage": fields.get("Homepage", ""),
        }
    out = HERE / "packages.jsonl"
    with open(out, "w", encoding="utf-8") as file:
        for name in sorted(records):
            file.write(json.dumps(records[name], ensure_ascii=False, separators=(",", ":")) + "\n")
    print(f"{out}: {len(records)} records")


if __name__ == "__main__":
    main()
