#!/usr/bin/env python3
"""Writes Benchmarks/Relevance/forms.json: judged queries for how people type connectors, numbers,
fractions, excluded kinds and a lost first letter (issue #42), over Examples/data/world/world.jsonl
and Examples/data/debian/packages.jsonl.

Each query's grades were decided from the data (grep, jq) before either tool ran on it, by the
rules F1-F6 of Benchmarks/Relevance/README.md; this script only spells the groups out and checks
that every judged key is a record of the files.
"""
import json
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
FILES = [ROOT / "Examples/data/world/world.jsonl", ROOT / "Examples/data/debian/packages.jsonl"]
R = [json.loads(line) for path in FILES for line in open(path, encoding="utf-8")]
KEYS = {f"{r['kind']}:{r['name']}" for r in R}


def tr(*ccs):
    return [f"translation:{r['name']}" for r in R if r["kind"] == "translation" and r["country"] in ccs]


def sel(f):
    return [f"{r['kind']}:{r['name']}" for r in R if f(r)]


Q = []


def q(query, type_, note, g3=(), g2=(), g1=(), must_not=()):
    rel = {}
    seen = set()
    for g, ks in (("3", g3), ("2", g2), ("1", g1)):
        ks = [k for k in dict.fromkeys(ks) if k not in seen]
        seen.update(ks)
        for k in ks:
            assert k in KEYS, (query, k)
        if ks:
            rel[g] = ks
    for k in must_not:
        assert k in KEYS, (query, k)
    e = {"query": query, "type": type_, "note": note, "relevant": rel}
    if must_not:
        e["must_not"] = list(must_not)
    Q.append(e)


C = "country:"
P = "product:"

# connectors: & + 'n' and, between words
q("drag and drop", "connector", "F1 the package described 'drag & drop'", [P + "tkdnd"])
q("drag 'n' drop", "connector", "F1 the package described 'drag & drop'", [P + "tkdnd"])
q("backup and restore", "connector", "F1 the package described 'Backup & Restore'", [P + "pgbackrest"])
q("look and feel", "connector", "F1 the package described 'look & feel'; its documentation 2",
  [P + "substance"], [P + "substance-doc"])
q("spectre and meltdown", "connector", "F1 the checker described 'Spectre & Meltdown'", [P + "spectre-meltdown-checker"])
q("lean and mean", "connector", "F1 the package described 'Lean & mean'", [P + "vim-airline"])
q("cd player and mixer", "connector", "F1 the package described 'CD Player + Mixer'", [P + "wmrack"])
q("hardware and software framework", "connector",
  "F1 every package described 'hardware & software framework ...' 2 (no one is meant over the others)",
  [], sel(lambda r: r["kind"] == "product" and r["description"].startswith("hardware & software framework")))
q("trinidad & tobago", "connector", "F1 the country 'Trinidad and Tobago'; its dollar 2; F2 translations 1",
  [C + "Trinidad and Tobago"], ["currency:Trinidad and Tobago Dollar"], tr("TT"))
q("bosnia & herzegovina", "connector", "F1 the country; F2 translations, Bosnian 1",
  [C + "Bosnia and Herzegovina"], [], tr("BA") + ["language:Bosnian"])
q("antigua + barbuda", "connector", "F1 the country; F2 translations 1", [C + "Antigua and Barbuda"], [], tr("AG"))
q("saint kitts & nevis", "connector", "F1 the country; F2 translations 1", [C + "Saint Kitts and Nevis"], [], tr("KN"))
q("são tomé & príncipe", "connector", "F1 the country (folded: Sao Tome); F2 its zone and translations 1",
  [C + "Sao Tome and Principe"], [], ["timezone:Africa/Sao_Tome"] + tr("ST"))
q("hiragana and katakana", "connector", "F1 the script 'Hiragana + Katakana'; the one with Han too 2; Hiragana, Katakana 1",
  ["script:Japanese syllabaries (alias for Hiragana + Katakana)"], ["script:Japanese (alias for Han + Hiragana + Katakana)"],
  ["script:Hiragana", "script:Katakana"])
q("han & bopomofo", "connector", "F1 the script 'Han + Bopomofo'; Bopomofo 1",
  ["script:Han with Bopomofo (alias for Han + Bopomofo)"], [], ["script:Bopomofo"])
q("and", "connector",
  "F1 'and' alone is a word, not a connector: records spelling it 2; ones with only '&' or '+' must not show",
  [], sel(lambda r: " and " in (" " + r["name"] + " ") or (r["kind"] == "product" and " and " in r["description"])),
  must_not=[P + "tkdnd", P + "pgbackrest", P + "passwordsafe", P + "wmrack", P + "vim-airline"])
# numerals: II-XX for 2-20 as whole words, both ways
q("warlords 2", "numeral", "F2 the game 'Warlords II' clone; its data 2", [P + "lordsawar"], [P + "lordsawar-data"])
q("sjaak 2", "numeral", "F2 'Sjaak II'", [P + "sjaakii"])
q("dbase 3", "numeral", "F2 'view dBase III files'", [P + "dbview"])
q("electronic structure 3", "numeral", "F2 'Advanced Concepts in Electronic Structure III', both packages 3",
  [P + "aces3", P + "aces3-data"])
q("maxdome 2", "numeral", "F2 'MaxDome II'", [P + "indi-maxdomeii"])
q("exos 2 telescope", "numeral", "F2 'Exos II GoTo Telescope Mount'", [P + "indi-bresserexos2"])
q("obd 2 scanner", "numeral", "F2 'OBD-II vehicle diagnostic scanner'", [P + "scantool"])
q("x-chat ii", "numeral", "F2 reverse: 'X-Chat 2'", [P + "hexchat"])
q("gramophone ii", "numeral", "F2 'GRAMophone II'", [P + "gramophone2"])
q("ii", "numeral", "F2 'ii' alone is not a number: records with the word II 2; ones with only a 2 must not show",
  [], [P + n for n in ["lordsawar", "lordsawar-data", "sjaakii", "gramophone2", "indi-bresserexos2", "indi-maxdomeii",
                       "nulib2", "scantool", "libcoq-mathcomp-solvable", "indi-dsi"]],
  must_not=[P + "hexchat", P + "imediff", P + "golang-github-hirochachacha-go-smb2-dev"])
# fractions: vulgar fractions and a/b, both ways
q("dls level ½", "fraction", "F3 'DLS Level 1/2 files' typed with ½", [P + "gigtools"])
# excluded kinds and fields
q("norway -kind:translation", "exclude", "F4 Norway and what is about it, no translation: the country 3; language, krone, dictionary 1",
  [C + "Norway"], [], ["language:Norwegian", "currency:Norwegian Krone", "product:hunspell-no"], must_not=tr("NO"))
q("greece -kind:translation", "exclude", "F4 the country; the Greek language, script, dictionary 1; no translation",
  [C + "Greece"], [], ["language:Greek, Modern (1453-)", "script:Greek", "product:hunspell-el"], must_not=tr("GR"))
q("dollar -name:australian", "exclude", "F4 every Dollar currency but the Australian 2",
  [], sel(lambda r: r["kind"] == "currency" and r["name"].endswith("Dollar") and "Australian" not in r["name"]),
  must_not=["currency:Australian Dollar"])
q("drag and drop -kind:product", "junk", "F4 excluding the one product that has the words leaves nothing", must_not=[P + "tkdnd"])
# a lost first letter: one edit, for words of five letters or more
q("ermany", "first-letter typo", "F5 Germany with its first letter lost; F2 translations 1", [C + "Germany"], [], tr("DE"))
q("orway", "first-letter typo", "F5 Norway with its first letter lost; F2 Norwegian, translations 1",
  [C + "Norway"], [], ["language:Norwegian", "currency:Norwegian Krone"] + tr("NO"))
q("rgentina", "first-letter typo", "F5 Argentina with its first letter lost; F2 its zones, peso, translations 1",
  [C + "Argentina"], [], sel(lambda r: r["kind"] == "timezone" and r["name"].startswith("America/Argentina/"))
  + ["currency:Argentine Peso"] + tr("AR"))
q("hilippines", "first-letter typo", "F5 Philippines with its first letter lost; F2 translations, peso 1",
  [C + "Philippines"], [], ["currency:Philippine Peso"] + tr("PH"))
q("nexico", "first-letter typo", "F5 Mexico with its first letter substituted; F2 its zones, peso, translations 1",
  [C + "Mexico"], [], sel(lambda r: r["kind"] == "timezone" and "Mexico" in r["name"]) + ["currency:Mexican Peso"] + tr("MX"))
q("vrazil", "first-letter typo", "F5 Brazil with its first letter substituted; F2 real, translations 1",
  [C + "Brazil"], [], ["currency:Brazilian Real"] + tr("BR"))
q("ssweden", "first-letter typo", "F5 Sweden with a letter inserted before it; F2 krona, translations 1",
  [C + "Sweden"], [], ["currency:Swedish Krona"] + tr("SE"))
q("aaustria", "first-letter typo", "F5 Austria with a letter inserted before it; F2 translations 1",
  [C + "Austria"], [], tr("AT"))

assert all(k in KEYS for e in Q for g in e["relevant"].values() for k in g)
doc = {
    "name": "forms",
    "data": ["Examples/data/world/world.jsonl", "Examples/data/debian/packages.jsonl"],
    "kinds": "Examples/kinds",
    "note": "judged from the two files by grep and jq before either tool ran; rules F1-F6 in Benchmarks/Relevance/README.md",
    "queries": Q,
}
out = ROOT / "Benchmarks/Relevance/forms.json"
out.write_text(json.dumps(doc, ensure_ascii=False, indent=2) + "\n", encoding="utf-8")
print(f"{out}: {len(Q)} queries")
