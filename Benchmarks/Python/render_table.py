#!/usr/bin/env python3
"""Render the benchmark's NDJSON records as one text table with Python's
`tabulate` or `rich`, for table-bench to time as a whole process.

Usage: render_table.py tabulate|rich FILE [--width N] [--rows N]

Each record becomes one row: KIND, NAME and up to three detail cells, the
same values `search` shows for that kind (a card's symbol and colour, a
domain's status, a product's price, rating and description, and key=value
for a kind it does not know). The table goes to stdout.
"""
import json
import sys

SUITS = {"spades": ("♠", "black"), "hearts": ("♥", "red"), "diamonds": ("♦", "red"), "clubs": ("♣", "black")}


def details(record):
    kind = record.get("kind")
    if kind == "card":
        symbol, color = SUITS.get(record.get("suit"), ("?", "?"))
        return [f"{record.get('rank')}{symbol}", color, ""]
    if kind == "domain":
        return [record.get("status") or "", "", ""]
    if kind == "product":
        price = record.get("price")
        rating = record.get("rating")
        return [
            "free" if price is None else f"${price:,.2f}",
            "–" if rating is None else f"{rating:.1f}",
            record.get("description") or "",
        ]
    rest = [f"{key}={value}" for key, value in record.items() if key not in ("kind", "name")]
    return [" ".join(rest), "", ""]


def main(argv):
    if len(argv) < 3 or argv[1] not in ("tabulate", "rich"):
        sys.stderr.write(__doc__)
        return 64
    library, path = argv[1], argv[2]
    width = int(argv[argv.index("--width") + 1]) if "--width" in argv else 160
    limit = int(argv[argv.index("--rows") + 1]) if "--rows" in argv else None
    rows = []
    with open(path, encoding="utf-8") as data:
        for line in data:
            if limit is not None and len(rows) >= limit:
                break
            record = json.loads(line)
            rows.append([record.get("kind", ""), record.get("name", "")] + details(record))
    headers = ["KIND", "NAME", "DETAIL 1", "DETAIL 2", "DETAIL 3"]
    if library == "tabulate":
        from tabulate import tabulate

        sys.stdout.write(tabulate(rows, headers=headers, tablefmt="plain"))
        sys.stdout.write("\n")
    else:
        from rich.console import Console
        from rich.table import Table

        table = Table(*headers, box=None)
        for row in rows:
            table.add_row(*row)
        Console(file=sys.stdout, width=width, color_system=None, force_terminal=False).print(table)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
