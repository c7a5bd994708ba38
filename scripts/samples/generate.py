#!/usr/bin/env python3
"""Regenerate ResultKit's bundled sample data from real public sources.

Run through scripts/samples/generate.sh, which installs the sources. Every
choice below is deterministic: the same sources give byte-identical output.
See LICENSES/README.md for the sources, the field mapping and the rules.
"""

import csv
import glob
import importlib.util
import json
import re
import subprocess
import sys
from decimal import Decimal
from importlib import metadata, resources
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
DATA = ROOT / "Examples" / "data"

# Words a demo query should find in several kinds at once.
DEMO_WORDS = ["king", "queen", "jack", "ace", "star", "pizza", "coffee", "diamond", "heart", "spade", "club"]

# Hosts containing one of these are left out of a demo sample (adult and gambling spam).
UNWANTED = re.compile(r"porn|sex|xxx|nude|naked|escort|adult|fetish|erotic|hentai|nsfw|casino|gambl|viagra|cialis")

HSTS_STRIDE = 128  # every 128th preloaded host, in sorted order
HSTS_PER_WORD = 12  # plus the first 12 hosts whose registrable label holds a demo word
PSL_STRIDE = 32  # every 32nd public-suffix rule, in file order
PSL_PER_WORD = 4  # plus the first 4 rules holding a demo word
MIXED_PER_KIND = 12  # mixed.jsonl: demo-word hits, padded by a fixed stride to 12 records per kind

GAME_PARTS = re.compile(
    r"-(data|common|doc|dbg|dbgsym|music|sounds?|dev|server|client|core|l10n|levels|extras?|tools|editor|"
    r"maps|gfx|graphics|images|media|resources|theme|themes|lang|i18n|nox|sdl|qt|gtk|x11|utils)(-|$)"
)
DEBIAN_PACKAGES = "/var/lib/apt/lists/*debian_dists_bookworm_main_binary-amd64_Packages*"

SIZES = {"S": "Small", "M": "Medium", "L": "Large", "XL": "X-Large", "XXL": "XX-Large"}
SIZE_ORDER = list(SIZES)


def dump(record):
    """One compact JSON line; non-ASCII kept as UTF-8, controls escaped."""
    text = json.dumps(record, ensure_ascii=False, separators=(",", ":"))
    text = re.sub(r"[\u007f-\u009f\u2028\u2029]", lambda m: "\\u%04x" % ord(m.group()), text)
    if '"""#' in text or "\\#" in text or "\n" in text:
        sys.exit(f"record unsafe for a Swift raw string literal: {text}")
    return text


def has_word(word, text):
    """True when `text` holds `word` not preceded by a letter ("king" in "3kings", not in "networking")."""
    return re.search(r"(?<![a-z])" + re.escape(word), text.lower()) is not None


def number(text):
    value = Decimal(text)
    return int(value) if value == value.to_integral_value() else float(text)


# MARK: Domains


def hsts_hosts():
    """Every host of the Chromium HSTS preload list in the hstspreload package."""
    import hstspreload

    blob = resources.files("hstspreload").joinpath("hstspreload.bin").read_bytes()
    hosts = {}
    for layer, table in enumerate(hstspreload._JUMPTABLE):
        for jump in table:
            if jump is None:
                continue
            start, size = jump
            for is_leaf, include_subdomains, label in hstspreload._iter_entries(bytearray(blob[start : start + size])):
                if is_leaf and layer > 0:  # layer 0 holds whole TLDs, which are not registrable hosts
                    hosts[label.decode("ascii")] = bool(include_subdomains)
    return hosts


def to_unicode(host):
    labels = []
    for label in host.split("."):
        if label.startswith("xn--"):
            try:
                label = label.encode("ascii").decode("idna")
            except UnicodeError:
                return host
        labels.append(label)
    return ".".join(labels)


def registrable_label(host):
    parts = host.split(".")
    return parts[-2] if len(parts) >= 2 else parts[0]


def domain_records():
    hosts = hsts_hosts()
    names = sorted(h for h in hosts if not UNWANTED.search(h))
    chosen = set(names[::HSTS_STRIDE])
    for word in DEMO_WORDS:
        chosen.update([h for h in names if has_word(word, registrable_label(h))][:HSTS_PER_WORD])
    records = []
    for host in chosen:
        record = {"kind": "domain", "name": to_unicode(host), "status": "taken"}
        if record["name"] != host:
            record["ascii"] = host
        record["hsts_preloaded"] = True
        record["include_subdomains"] = hosts[host]
        records.append((host, record))

    section = None
    rules = []
    for line in Path("/usr/share/publicsuffix/public_suffix_list.dat").read_text(encoding="utf-8").splitlines():
        line = line.strip()
        if "===BEGIN ICANN DOMAINS===" in line:
            section = "ICANN"
        elif "===BEGIN PRIVATE DOMAINS===" in line:
            section = "private"
        elif line and not line.startswith("//") and section and not line.startswith(("*", "!")):
            rules.append((line, section))
    chosen_rules = set(rules[::PSL_STRIDE])
    for word in DEMO_WORDS:
        chosen_rules.update([r for r in rules if has_word(word, r[0].split(".")[0])][:PSL_PER_WORD])
    taken = {h for h, _ in records}
    for rule, section in chosen_rules:
        ascii_name = rule.encode("idna").decode("ascii")
        if ascii_name in taken:
            continue
        record = {"kind": "domain", "name": rule, "status": "other"}
        if ascii_name != rule:
            record["ascii"] = ascii_name
        record["public_suffix"] = section
        records.append((ascii_name, record))
    return [r for _, r in sorted(records, key=lambda pair: pair[0])]


# MARK: Products


def pizza_names():
    """Full names and ingredients of the pizzas, from great_tables' documentation of pizzaplace."""
    source = (great_tables_dir() / "data" / "__init__.py").read_text(encoding="utf-8")
    match = re.search(r'pizzaplace\.__doc__ = """(.*?)"""', source, re.S)
    if not match:
        sys.exit("great_tables no longer documents pizzaplace's pizza names")
    doc = " ".join(line.strip() for line in match.group(1).splitlines())
    found = re.findall(r'- `"([a-z_]+)"`: (The [^(]+?) \(([^)]*)\)', doc)
    return {code: (name.strip(), ingredients.strip()) for code, name, ingredients in found}


def great_tables_dir():
    """The installed great_tables package, found without importing it (that would need pandas)."""
    spec = importlib.util.find_spec("great_tables")
    if spec is None or not spec.submodule_search_locations:
        sys.exit("great-tables is not installed: run scripts/samples/generate.sh")
    return Path(list(spec.submodule_search_locations)[0])


def great_tables_csv(name):
    path = great_tables_dir() / "data" / name
    with path.open(newline="", encoding="utf-8") as handle:
        return list(csv.DictReader(handle))


def car_records():
    records = []
    for row in great_tables_csv("03-gtcars.csv"):
        records.append(
            {
                "kind": "product",
                "name": f"{row['mfr']} {row['model']}",
                "price": number(row["msrp"]),
                "rating": None,
                "currency": "USD",
                "category": "car",
                "year": int(row["year"]),
                "trim": row["trim"],
                "body_style": row["bdy_style"],
                "horsepower": int(Decimal(row["hp"])),
                "country_of_origin": row["ctry_origin"],
            }
        )
    return sorted(records, key=lambda r: r["name"])


def pizza_records():
    names = pizza_names()
    menu = {}
    for row in great_tables_csv("05-pizzaplace.csv"):
        key = (row["name"], row["size"])
        prices = menu.setdefault(key, {"type": row["type"], "prices": set()})["prices"]
        prices.add(row["price"])
    records = []
    for (code, size), item in menu.items():
        if len(item["prices"]) != 1:
            sys.exit(f"pizza {code} {size} has several prices: {item['prices']}")
        if code not in names:
            sys.exit(f"no full name for pizza {code}")
        name, ingredients = names[code]
        records.append(
            {
                "kind": "product",
                "name": f"{name} ({SIZES[size]})",
                "price": number(next(iter(item["prices"]))),
                "rating": None,
                "currency": "USD",
                "category": f"pizza ({item['type']})",
                "size": size,
                "ingredients": ingredients,
                "code": code,
            }
        )
    return sorted(records, key=lambda r: (r["name"].rsplit(" (", 1)[0], SIZE_ORDER.index(r["size"])))


def debian_stanzas():
    files = sorted(glob.glob(DEBIAN_PACKAGES))
    if not files:
        sys.exit("no Debian bookworm main Packages list: run apt-get update")
    text = subprocess.run(
        ["/usr/lib/apt/apt-helper", "cat-file", files[0]], check=True, capture_output=True, text=True
    ).stdout
    for stanza in text.split("\n\n"):
        fields = {}
        for line in stanza.splitlines():
            if line and not line[0].isspace() and ":" in line:
                key, value = line.split(":", 1)
                fields[key] = value.strip()
        if fields:
            yield fields


def game_records():
    games = {}
    for fields in debian_stanzas():
        name = fields.get("Package", "")
        if fields.get("Section") != "games" or GAME_PARTS.search(name) or UNWANTED.search(name):
            continue
        games[name] = {
            "kind": "product",
            "name": name,
            "price": 0,  # Debian main holds only free software: free of charge
            "rating": None,
            "category": "game (Debian)",
            "description": fields.get("Description", ""),
            "homepage": fields.get("Homepage", ""),
        }
        if not games[name]["homepage"]:
            del games[name]["homepage"]
    return [games[n] for n in sorted(games)]


# MARK: Cards


def card_records():
    suits = ["spades", "hearts", "diamonds", "clubs"]
    ranks = {"ACE": "A", "JACK": "J", "QUEEN": "Q", "KING": "K"}
    ranks.update({w: str(i) for i, w in enumerate(["TWO", "THREE", "FOUR", "FIVE", "SIX", "SEVEN", "EIGHT", "NINE", "TEN"], 2)})
    order = ["A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K"]
    cards = []
    for line in Path("/usr/share/unicode/UnicodeData.txt").read_text(encoding="ascii").splitlines():
        code, name = line.split(";")[:2]
        match = re.fullmatch(r"PLAYING CARD (\w+) OF (SPADES|HEARTS|DIAMONDS|CLUBS)", name)
        if not match or match.group(1) not in ranks:  # skips the KNIGHT cards
            continue
        rank, suit = ranks[match.group(1)], match.group(2).lower()
        cards.append(
            {
                "kind": "card",
                "rank": rank,
                "suit": suit,
                "name": f"{match.group(1).title()} of {suit.title()}",
                "glyph": chr(int(code, 16)),
                "unicode": f"U+{code}",
                "unicode_name": name,
            }
        )
    cards.sort(key=lambda c: (suits.index(c["suit"]), order.index(c["rank"])))
    if len(cards) != 52:
        sys.exit(f"expected 52 playing cards, found {len(cards)}")
    return cards


# MARK: Mixed


def mixed_records(domains, products, cards):
    """A few dozen records of every kind for a word-by-word demo, interleaved, plus unknown-kind countries."""
    picks = {"domain": [], "product": [], "card": []}
    for word in ["king", "queen", "jack", "star", "pizza", "coffee", "diamond"]:
        for kind, records, limit in (("domain", domains, 2), ("product", products, 2), ("card", cards, 2)):
            hits = [r for r in records if has_word(word, r["name"]) and r not in picks[kind]]
            picks[kind].extend(hits[:limit])
    for kind, records in (("domain", domains), ("product", products), ("card", cards)):
        for record in records[:: max(1, len(records) // MIXED_PER_KIND)]:
            if len(picks[kind]) < MIXED_PER_KIND and record not in picks[kind]:
                picks[kind].append(record)
    countries = json.loads(Path("/usr/share/iso-codes/json/iso_3166-1.json").read_text(encoding="utf-8"))["3166-1"]
    kingdoms = sorted((c for c in countries if "Kingdom" in c.get("official_name", "")), key=lambda c: c["alpha_2"])
    unknown = [{"kind": "country", **{k: c[k] for k in sorted(c)}} for c in kingdoms[:3]]
    mixed = []
    longest = max(len(v) for v in picks.values())
    for index in range(longest):
        for kind in ("domain", "product", "card"):
            if index < len(picks[kind]):
                mixed.append(picks[kind][index])
        if index % 5 == 4 and unknown:
            mixed.append(unknown.pop(0))
    return mixed + unknown


# MARK: Output


SWIFT = """// Generated by scripts/samples/generate.sh from {source}. Do not edit.
// Licence: {licence}; see LICENSES/{licence_file}.

/// The bundled sample: {count} real {plural} from {short}, one JSON record per line.
let sampleNDJSON: StaticString = #\"\"\"
{lines}
    \"\"\"#
"""


def write(name, records):
    lines = "\n".join(dump(r) for r in records) + "\n"
    (DATA / name).write_text(lines, encoding="utf-8")
    return lines.rstrip("\n")


def write_swift(module, prefix, lines, count, **fields):
    path = ROOT / "Sources" / module / "Sample" / f"{prefix}Sample.swift"
    path.parent.mkdir(parents=True, exist_ok=True)
    # Lines are indented like the closing delimiter, as swift-format wants; Swift strips that indentation.
    indented = "\n".join("    " + line for line in lines.split("\n"))
    path.write_text(SWIFT.format(lines=indented, count=count, **fields), encoding="utf-8")


def copy_licences():
    """Copies each source's licence notice, verbatim, into LICENSES/."""
    licences = ROOT / "LICENSES"
    dist = {name: metadata.distribution(name) for name in ("hstspreload", "great-tables")}
    copies = {
        "hstspreload-BSD-3-Clause.txt": dist["hstspreload"].read_text("LICENSE"),
        "great-tables-MIT.txt": dist["great-tables"].read_text("licenses/LICENSE"),
        "publicsuffix-MPL-2.0.txt": Path("/usr/share/doc/publicsuffix/copyright").read_text(encoding="utf-8"),
        "unicode-data-LICENSE.txt": Path("/usr/share/doc/unicode-data/copyright").read_text(encoding="utf-8"),
        "iso-codes-LGPL-2.1.txt": Path("/usr/share/doc/iso-codes/copyright").read_text(encoding="utf-8")
        + "\n\n"
        + Path("/usr/share/common-licenses/LGPL-2.1").read_text(encoding="utf-8"),
    }
    for name, text in copies.items():
        if not text:
            sys.exit(f"licence text for {name} not found")
        (licences / name).write_text(text, encoding="utf-8")


def main():
    DATA.mkdir(parents=True, exist_ok=True)
    copy_licences()
    domains = domain_records()
    products = car_records() + pizza_records() + game_records()
    cards = card_records()
    hsts = metadata.version("hstspreload")
    gt = metadata.version("great-tables")
    unicode_version = subprocess.run(
        ["dpkg-query", "-W", "-f=${Version}", "unicode-data"], check=True, capture_output=True, text=True
    ).stdout
    psl = subprocess.run(
        ["dpkg-query", "-W", "-f=${Version}", "publicsuffix"], check=True, capture_output=True, text=True
    ).stdout

    write_swift(
        "DomainKind",
        "Domain",
        write("domains.jsonl", domains),
        len(domains),
        source=f"the Chromium HSTS preload list (PyPI hstspreload {hsts}) and Debian publicsuffix {psl}",
        licence="BSD-3-Clause (Chromium HSTS preload list, hstspreload) and MPL-2.0 (Public Suffix List)",
        licence_file="chromium-BSD-3-Clause.txt, hstspreload-BSD-3-Clause.txt, publicsuffix-MPL-2.0.txt",
        plural="domains",
        short="the Chromium HSTS preload list and the Public Suffix List",
    )
    write_swift(
        "ProductKind",
        "Product",
        write("products.jsonl", products),
        len(products),
        source=f"PyPI great-tables {gt} (gtcars, pizzaplace) and Debian 12 main (section games)",
        licence="MIT (great-tables data); Debian package descriptions under each package's DFSG-free licence",
        licence_file="great-tables-MIT.txt and LICENSES/README.md",
        plural="products",
        short="great-tables' gtcars and pizzaplace data and Debian's games",
    )
    write_swift(
        "CardKind",
        "Card",
        write("cards.jsonl", cards),
        len(cards),
        source=f"Unicode UnicodeData.txt (Debian unicode-data {unicode_version})",
        licence="Unicode, Inc. License Agreement for Data Files (modified: reformatted as JSON records)",
        licence_file="unicode-data-LICENSE.txt",
        plural="playing cards",
        short="the PLAYING CARD characters of Unicode",
    )
    write("mixed.jsonl", mixed_records(domains, products, cards))
    for name in ("domains", "products", "cards", "mixed"):
        count = sum(1 for _ in (DATA / f"{name}.jsonl").open(encoding="utf-8"))
        print(f"{name}.jsonl: {count} records", file=sys.stderr)


if __name__ == "__main__":
    main()
