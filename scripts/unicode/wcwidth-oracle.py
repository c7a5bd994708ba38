#!/usr/bin/env python3
"""Print Python wcwidth's width of each line of code points, for comparison with DisplayWidth.

Usage: python3 scripts/unicode/wcwidth-oracle.py INPUT
Each line of INPUT holds one string as space-separated hexadecimal code points
(`1F468 200D 1F469`). Each output line holds `wcwidth.width()` of that string
(control characters count 0). Needs `pip install wcwidth` (0.3 or later for width()).
"""

import sys

import wcwidth


def main():
    with open(sys.argv[1], encoding="ascii") as handle:
        out = []
        for line in handle:
            text = "".join(chr(int(point, 16)) for point in line.split())
            out.append(str(wcwidth.width(text)))
    sys.stdout.write(f"# wcwidth {wcwidth.__version__} unicode {wcwidth.list_versions()[-1]}\n")
    sys.stdout.write("\n".join(out) + "\n")


if __name__ == "__main__":
    main()
