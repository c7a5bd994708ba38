#!/usr/bin/env python3
"""Regenerate Examples/data/world/world.jsonl, a real mixed file for the relevance benchmark.

Nine kinds in one NDJSON file, from the Debian packages of this machine (no network):
countries and time zones (the example kind specs of Examples/kinds), domains and products
(built-in kinds) and five kinds no module knows (currency, language, script, subdivision,
former_country, translation), which `search` shows with its fallback kind.

Sources, selection rules and licences: Examples/data/world/README.md. Every choice is
deterministic: the same Debian packages give a byte-identical file.

Needs (the versions used for the committed file): Debian 12 "bookworm" packages iso-codes 4.15.0-1,
unicode-cldr-core 41-0.1, publicsuffix 20230209.2326-1, tzdata 2025b-0+deb12u2 (through
Examples/kinds/timezones.jsonl), and the bookworm main Packages list (apt-get update).
Usage: python3 Examples/data/world/generate.py
"""

import gettext
import json
import sys
import xml.etree.ElementTree as ElementTree
from itertools import zip_longest
from pathlib import Path

HERE = Path(__file__).resolve().parent
ROOT = HERE.parents[2]
# Debian's package list is read as the bundled samples' generator reads it.
sys.path.insert(0, str(ROOT / "scripts" / "samples"))
from generate import debian_stanzas  # noqa: E402

ISO = Path("/usr/share/iso-codes/json")
CLDR = Path("/usr/share/unicode/cldr/common")
PSL = Path("/usr/share/publicsuffix/public_suffix_list.dat")

# Country names in these languages (iso-codes' own translations): Latin with diacritics,
# Greek, Cyrillic and CJK.
TRANSLATION_LANGUAGES = ["de", "el", "ja", "pl", "ru", "zh_CN"]
# ISO 3166-2 subdivisions of these countries: names with diacritics and letters that do not
# decompose (ł, ø, ı, đ), romanised Greek and Japanese.
SUBDIVISION_COUNTRIES = ["DE", "GR", "JP", "NO", "NZ", "PL", "TR", "VN"]
# Second-level public suffixes kept under a country code (co.uk, gov.uk, govt.nz, ac.jp).
SECOND_LEVELS = {"ac", "co", "gov", "govt"}


def dump(record):
    return json.dumps(record, ensure_ascii=False, separators=(",", ":"))


def iso(name, key):
    return json.loads((ISO / f"{name}.json").read_text(encoding="utf-8"))[key]


def with_kind(kind, entry):
    return {"kind": kind, **entry}


def current_currencies():
    """Region code -> ISO 4217 code of its current legal tender, from CLDR supplementalData.xml.
    CLDR lists a region's currencies newest first; a current one has no `to` date."""
    tree = ElementTree.parse(CLDR / "supplemental" / "supplementalData.xml")
    result = {}
    for region in tree.getroot().iter("region"):
        for currency in region.findall("currency"):
            if "to" not in currency.attrib and currency.get("tender", "true") != "false":
                result[region.get("iso3166")] = currency.get("iso4217")
                break
    return result


def country_records():
    currencies = current_currencies()
    records = []
    for entry in iso("iso_3166-1", "3166-1"):
        record = with_kind("country", entry)
        if entry["alpha_2"] in currencies:
            record["currency"] = currencies[entry["alpha_2"]]
        records.append(record)
    return records


def timezone_records():
    path = ROOT / "Examples" / "kinds" / "timezones.jsonl"
    return [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines()]


def autonyms():
    """ISO 639-1 code -> the language's name in itself, from CLDR's main/<code>.xml."""
    result = {}
    for path in sorted((CLDR / "main").glob("*.xml")):
        code = path.stem
        if "_" in code or len(code) != 2:
            continue
        root = ElementTree.parse(path).getroot()
        for language in root.iter("language"):
            if language.get("type") == code and "alt" not in language.attrib and language.text:
                result[code] = language.text
                break
    return result


def language_records():
    names = autonyms()
    records = []
    for entry in iso("iso_639-2", "639-2"):
        record = with_kind("language", entry)
        if entry.get("alpha_2") in names:
            record["autonym"] = names[entry["alpha_2"]]
        records.append(record)
    return records


def subdivision_records():
    return [
        with_kind("subdivision", entry)
        for entry in iso("iso_3166-2", "3166-2")
        if entry["code"].split("-")[0] in SUBDIVISION_COUNTRIES
    ]


def translation_records():
    """A country's name in another language, when it differs from the English name."""
    records = []
    countries = iso("iso_3166-1", "3166-1")
    for language in TRANSLATION_LANGUAGES:
        with open(f"/usr/share/locale/{language}/LC_MESSAGES/iso_3166-1.mo", "rb") as file:
            catalog = gettext.GNUTranslations(file)
        for country in countries:
            name = catalog.gettext(country["name"])
            if name != country["name"]:
                records.append(
                    {
                        "kind": "translation",
                        "name": name,
                        "language": language.replace("_", "-"),
                        "country": country["alpha_2"],
                        "english": country["name"],
                    }
                )
    return records


def domain_records():
    """Public suffixes of the ICANN section before its generic TLDs: every country-code
    top-level domain (ASCII and internationalised) and the common second levels under one."""
    section = None
    records = []
    for line in PSL.read_text(encoding="utf-8").splitlines():
        line = line.strip()
        if "===BEGIN ICANN DOMAINS===" in line:
            section = "ICANN"
        elif "newGTLDs" in line:
            break  # the generic top-level domains follow; the country codes come before them
        if section is None or not line or line.startswith(("//", "*", "!")):
            continue
        labels = line.split(".")
        country_code = len(labels[-1]) == 2 and labels[-1].isascii() and labels[-1].isalpha()
        if len(labels) == 1 and (country_code or not line.isascii()):
            pass
        elif len(labels) == 2 and country_code and labels[0] in SECOND_LEVELS:
            pass
        else:
            continue
        ascii_name = line.encode("idna").decode("ascii")
        record = {"kind": "domain", "name": line, "status": "other"}
        if ascii_name != line:
            record["ascii"] = ascii_name
        record["public_suffix"] = "ICANN"
        records.append(record)
    return records


def product_records():
    """Debian's hunspell spelling dictionaries: free software, so free of charge."""
    products = {}
    for fields in debian_stanzas():
        name = fields.get("Package", "")
        description = fields.get("Description", "")
        if not name.startswith("hunspell-") or "dictionar" not in description.lower():
            continue
        products[name] = {
            "kind": "product",
            "name": name,
            "price": 0,
            "rating": None,
            "category": "dictionary (Debian)",
            "description": description,
        }
        if fields.get("Homepage"):
            products[name]["homepage"] = fields["Homepage"]
    return [products[n] for n in sorted(products)]


def main():
    groups = [
        country_records(),
        timezone_records(),
        domain_records(),
        product_records(),
        [with_kind("currency", e) for e in iso("iso_4217", "4217")],
        language_records(),
        [with_kind("script", e) for e in iso("iso_15924", "15924")],
        subdivision_records(),
        [with_kind("former_country", e) for e in iso("iso_3166-3", "3166-3")],
        translation_records(),
    ]
    # Interleaved, one record of each kind in turn, so that no kind comes first by file order alone.
    lines = [dump(r) for row in zip_longest(*groups) for r in row if r is not None]
    (HERE / "world.jsonl").write_text("\n".join(lines) + "\n", encoding="utf-8")
    counts = {}
    for group in groups:
        counts[group[0]["kind"]] = counts.get(group[0]["kind"], 0) + len(group)
    print(f"world.jsonl: {len(lines)} records " + ", ".join(f"{k} {n}" for k, n in counts.items()))


if __name__ == "__main__":
    main()
