#!/usr/bin/env python3
"""Generate Sources/TerminalTable/DisplayWidth+Tables.swift from the Unicode Character Database.

Usage:
    python3 scripts/unicode/generate-width-tables.py [--ucd DIR] [--output FILE]

DIR defaults to /usr/share/unicode (Debian/Ubuntu: `apt-get install unicode-data`).
It must hold EastAsianWidth.txt, DerivedCoreProperties.txt, HangulSyllableType.txt,
extracted/DerivedGeneralCategory.txt, emoji/emoji-data.txt and
emoji/emoji-variation-sequences.txt. The output is deterministic, so the test
`DisplayWidthTablesTests` can regenerate it into a temporary file and compare.
"""

import argparse
import os
import re
import sys

RANGES_PER_LINE = 9

# Printed by the generated file and by the stale-table test: keep them equal.
REGENERATE = "python3 scripts/unicode/generate-width-tables.py --ucd /usr/share/unicode"


def parse_ranges(path, accept):
    """Yield every code point whose property field satisfies `accept`."""
    points = set()
    with open(path, encoding="utf-8") as handle:
        for raw in handle:
            line = raw.split("#", 1)[0].strip()
            if not line:
                continue
            fields = [field.strip() for field in line.split(";")]
            if not accept(fields[1:]):
                continue
            span = fields[0]
            if ".." in span:
                low, high = span.split("..")
            else:
                low = high = span
            points.update(range(int(low, 16), int(high, 16) + 1))
    return points


def version_of(path):
    """The version stated in the first line, e.g. `# EastAsianWidth-15.0.0.txt`."""
    with open(path, encoding="utf-8") as handle:
        first = handle.readline()
    match = re.search(r"-(\d+\.\d+\.\d+)\.txt", first)
    if match is None:
        sys.exit(f"error: no version in the first line of {path}")
    return match.group(1)


def ranges(points):
    """Sorted, merged ranges (low, high) of a set of code points."""
    result = []
    for point in sorted(points):
        if result and result[-1][1] + 1 == point:
            result[-1][1] = point
        else:
            result.append([point, point])
    return result


def static_string(name, doc, points):
    spans = ranges(points)
    texts = [f"{low:04X}" if low == high else f"{low:04X}-{high:04X}" for low, high in spans]
    lines = [" ".join(texts[i:i + RANGES_PER_LINE]) for i in range(0, len(texts), RANGES_PER_LINE)]
    body = "\n".join("        " + line for line in lines)
    return (
        f"    /// {doc}.\n"
        f"    ///\n"
        f"    /// {len(spans)} ranges, {len(points)} code points.\n"
        f"    static let {name}: StaticString = \"\"\"\n{body}\n        \"\"\"\n"
    )


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--ucd", default="/usr/share/unicode")
    parser.add_argument(
        "--output",
        default=os.path.join(os.path.dirname(__file__), "..", "..", "Sources", "TerminalTable",
                             "DisplayWidth+Tables.swift"),
    )
    args = parser.parse_args()
    ucd = args.ucd

    east_asian = os.path.join(ucd, "EastAsianWidth.txt")
    version = version_of(east_asian)

    wide = parse_ranges(east_asian, lambda f: f[0] in ("W", "F"))
    # Unlisted unassigned code points in these blocks and planes default to W (see EastAsianWidth.txt).
    for low, high in ((0x3400, 0x4DBF), (0x4E00, 0x9FFF), (0xF900, 0xFAFF), (0x20000, 0x2FFFD), (0x30000, 0x3FFFD)):
        wide.update(range(low, high + 1))
    emoji_data = os.path.join(ucd, "emoji", "emoji-data.txt")
    wide |= parse_ranges(emoji_data, lambda f: f[0] == "Emoji_Presentation")

    marks = parse_ranges(
        os.path.join(ucd, "extracted", "DerivedGeneralCategory.txt"), lambda f: f[0] in ("Mn", "Me", "Cf")
    )
    # Format characters are invisible, except the prepended concatenation marks (such as the Arabic number
    # sign U+0600), which are drawn above the digits that follow them and take a cell.
    marks -= parse_ranges(os.path.join(ucd, "PropList.txt"), lambda f: f[0] == "Prepended_Concatenation_Mark")
    ignorable = parse_ranges(
        os.path.join(ucd, "DerivedCoreProperties.txt"), lambda f: f[0] == "Default_Ignorable_Code_Point"
    )
    # SOFT HYPHEN is default-ignorable, but terminals (and glibc's and Python's wcwidth) draw it in one cell.
    # HANGUL CHOSEONG FILLER is default-ignorable, but it is a leading jamo: with a vowel it forms a wide block.
    # HANGUL FILLER (U+3164) is default-ignorable, but terminals draw it as the wide character it is.
    ignorable -= {0x00AD, 0x115F, 0x3164}
    marks.discard(0x00AD)
    jamo = parse_ranges(os.path.join(ucd, "HangulSyllableType.txt"), lambda f: f[0] in ("V", "T"))
    zero = marks | ignorable | jamo
    wide -= zero

    pictographic = parse_ranges(emoji_data, lambda f: f[0] == "Extended_Pictographic")
    modifier_base = parse_ranges(emoji_data, lambda f: f[0] == "Emoji_Modifier_Base")
    variation_base = set()
    with open(os.path.join(ucd, "emoji", "emoji-variation-sequences.txt"), encoding="utf-8") as handle:
        for raw in handle:
            line = raw.split("#", 1)[0].strip()
            if line:
                sequence = line.split(";")[0].split()
                if sequence[1] == "FE0F":
                    variation_base.add(int(sequence[0], 16))

    output = (
        "// Generated by scripts/unicode/generate-width-tables.py. Do not edit.\n"
        f"// Unicode Character Database {version}.\n"
        f"// Regenerate: {REGENERATE}\n"
        "\n"
        "extension DisplayWidth {\n"
        f"    /// The version of the Unicode Character Database the tables come from.\n"
        f"    static let unicodeVersion = \"{version}\"\n"
        "\n"
        + static_string(
            "zeroWidthRanges",
            "Nonspacing and enclosing marks, format characters, default-ignorables, Hangul medial and final jamo",
            zero,
        )
        + "\n"
        + static_string("doubleWidthRanges", "East Asian Wide and Fullwidth, and Emoji_Presentation", wide)
        + "\n"
        + static_string("pictographicRanges", "Extended_Pictographic, which ZWJ sequences join", pictographic)
        + "\n"
        + static_string("modifierBaseRanges", "Emoji_Modifier_Base, which skin tones follow", modifier_base)
        + "\n"
        + static_string(
            "emojiVariationBaseRanges", "Code points with an emoji-style variation sequence (VS16)", variation_base
        )
        + "}\n"
    )
    with open(args.output, "w", encoding="utf-8") as handle:
        handle.write(output)


if __name__ == "__main__":
    main()
