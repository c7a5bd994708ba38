#!/usr/bin/env python3
"""Writes Benchmarks/Relevance/world.json: the judged queries over Examples/data/world/world.jsonl.

Each query's grades were decided from the data (grep, jq) before either tool ran, by the rules
W1-W7 of Benchmarks/Relevance/README.md; this script only spells the groups out (every Dollar
currency, every translation of a country) and checks that every judged key is a record of the file.
"""
import json
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
W = ROOT / "Examples/data/world/world.jsonl"
R=[json.loads(l) for l in open(W)]
KEYS={f"{r['kind']}:{r['name']}" for r in R}
def tr(*ccs): return [f"translation:{r['name']}" for r in R if r['kind']=='translation' and r['country'] in ccs]
def sel(f): return [f"{r['kind']}:{r['name']}" for r in R if f(r)]
Q=[]
def q(query,type_,note,g3=(),g2=(),g1=(),must_not=()):
    rel={}
    seen=set()
    for g,ks in (("3",g3),("2",g2),("1",g1)):
        ks=[k for k in dict.fromkeys(ks) if k not in seen]
        seen.update(ks)
        for k in ks: assert k in KEYS,(query,k)
        if ks: rel[g]=ks
    for k in must_not: assert k in KEYS,(query,k)
    e={"query":query,"type":type_,"note":note,"relevant":rel}
    if must_not: e["must_not"]=list(must_not)
    Q.append(e)
C="country:"
# exact
q("New Zealand","exact","W1 the country; W2 its translations, its currency and its zone (comment 'New Zealand time') 1",
  [C+"New Zealand"],[],tr("NZ")+["currency:New Zealand Dollar","timezone:Pacific/Auckland"])
q("Euro","exact","W1 the currency named Euro; WIR Euro has the word, 1",["currency:Euro"],[],["currency:WIR Euro"])
q("Pacific/Auckland","exact","W1 the zone named",["timezone:Pacific/Auckland"])
q("Japanese","exact","W1 the language; W7 the script named Japanese (Han + kana) 2, the syllabaries 1",
  ["language:Japanese"],["script:Japanese (alias for Han + Hiragana + Katakana)"],["script:Japanese syllabaries (alias for Hiragana + Katakana)"])
q("Peru","exact","W1 the country; W2 its translations 1",[C+"Peru"],[],tr("PE"))
q("Jersey","exact","W1 the country; W2 its translations 1",[C+"Jersey"],[],tr("JE"))
# prefix
q("zimb","prefix","W1 the country Zimbabwe (the only name starting so); its currency named after it 2; W2 translations 1",
  [C+"Zimbabwe"],["currency:Zimbabwe Dollar"],tr("ZW"))
q("kazakh","prefix","W1 the language named Kazakh; the country Kazakhstan 2 and the Kazakh dictionary 2; W2 its zones (comment names it) and translations 1",
  ["language:Kazakh"],[C+"Kazakhstan","product:hunspell-kk"],["timezone:Asia/Almaty","timezone:Asia/Oral"]+tr("KZ"))
q("switz","prefix","W1 Switzerland; W2 its translations and the Swiss German dictionary (Switzerland in its description) 1",
  [C+"Switzerland"],[],tr("CH")+["product:hunspell-de-ch-frami"])
q("norw","prefix","W7 prefix of Norway and Norwegian alike: both 2, no grade 3; W2 krone, Nynorsk, dictionary, translations 1",
  [],[C+"Norway","language:Norwegian"],["currency:Norwegian Krone","language:Norwegian Nynorsk; Nynorsk, Norwegian","product:hunspell-no"]+tr("NO"))
# word prefix
q("dollar","word prefix","W3 every currency named ... Dollar, 2",[],sel(lambda r:r['kind']=='currency' and r['name'].endswith('Dollar')))
q("peso","word prefix","W3 every currency with the word Peso, 2",[],sel(lambda r:r['kind']=='currency' and 'Peso' in r['name']))
q("rupee","word prefix","W3 every Rupee currency, 2",[],sel(lambda r:r['kind']=='currency' and 'Rupee' in r['name']))
q("korea","word prefix","W7 both Koreas 2 (no grade 3); W2 Korean language, script, North Korean Won, Korean dictionary, translations 1",
  [],[C+"Korea, Republic of",C+"Korea, Democratic People's Republic of"],
  ["language:Korean","script:Korean (alias for Hangul + Han)","currency:North Korean Won","product:hunspell-ko"]+tr("KR","KP"))
q("georgia","word prefix","W1 the country Georgia; names containing the word (South Georgia, its zone) and W2 Georgian language/script, translations 1",
  [C+"Georgia"],[],[C+"South Georgia and the South Sandwich Islands","timezone:Atlantic/South_Georgia","language:Georgian","script:Georgian (Mkhedruli)"]+tr("GE"))
# multi-word
q("south africa","multi-word","W1 the country; W2 its dictionary (en-ZA, South Africa in the description) and translations 1",
  [C+"South Africa"],[],["product:hunspell-en-za"]+tr("ZA"))
q("united kingdom","multi-word","W1 the country; W2 translations 1",[C+"United Kingdom"],[],tr("GB"))
q("new york","multi-word","W1 the zone America/New_York (the words as written in its name, _ between)",["timezone:America/New_York"])
q("papua new guinea","multi-word","W1 the country; W2 its zone (comment 'Papua New Guinea (most areas)') and translations 1",
  [C+"Papua New Guinea"],[],["timezone:Pacific/Port_Moresby"]+tr("PG"))
q("german dictionary","multi-word","W3 every German hunspell dictionary 2; the one described exactly 'German dictionary for hunspell' 3",
  ["product:hunspell-de-de"],sel(lambda r:r['kind']=='product' and 'German' in r['description']))
q("greek dictionary","multi-word","W1 the Modern Greek hunspell dictionary",["product:hunspell-el"])
# typo
q("swtizerland","typo","W4 transposition of Switzerland; translations 1",[C+"Switzerland"],[],tr("CH"))
q("nroway","typo","W4 transposition of Norway; translations 1",[C+"Norway"],[],tr("NO"))
q("austrlia","typo","W4 Australia (one letter missing); W2 its zones, currency, dictionary, translations 1",
  [C+"Australia"],[],sel(lambda r:r['kind']=='timezone' and r['name'].startswith('Australia/'))+["currency:Australian Dollar","product:hunspell-en-au"]+tr("AU"),
  )
q("eruo","typo","W4 transposition of Euro (4-letter word); WIR Euro 1",["currency:Euro"],[],["currency:WIR Euro"])
q("tokio","typo","W4 one substitution of Tokyo (also its German spelling); W7 the zone and the prefecture both named Tokyo, 2 each",
  [],["timezone:Asia/Tokyo","subdivision:Tokyo"])
q("kazahkstan","typo","W4 transposition of Kazakhstan; W2 zones naming it, translations 1",
  [C+"Kazakhstan"],[],["timezone:Asia/Almaty","timezone:Asia/Oral"]+tr("KZ"))
q("argentna","typo","W4 Argentina (one letter missing); W2 its zones, peso, translations 1",
  [C+"Argentina"],[],sel(lambda r:r['kind']=='timezone' and r['name'].startswith('America/Argentina/'))+["currency:Argentine Peso"]+tr("AR"))
# diacritics, Greek, Cyrillic
q("baden-wurttemberg","diacritics","W1 after folding ü",["subdivision:Baden-Württemberg"])
q("lodzkie","diacritics","W1 after folding Ł and ó (ł has no decomposition)",["subdivision:Łódzkie"])
q("more og romsdal","diacritics","W1 after folding ø (no decomposition)",["subdivision:Møre og Romsdal"])
q("ha noi","diacritics","W1 after folding Vietnamese à and ộ",["subdivision:Hà Nội"])
q("istanbul","diacritics","W7 the province İstanbul (dotted capital I) and the zone Europe/Istanbul, 2 each",[],["subdivision:İstanbul","timezone:Europe/Istanbul"])
q("reunion","diacritics","W1 Réunion after folding é; W2 translations (pl 'Reunion') 1",[C+"Réunion"],[],tr("RE"))
q("curacao","diacritics","W1 Curaçao after folding ç; translations 1",[C+"Curaçao"],[],tr("CW"))
q("ελλαδα","diacritics","W1 the Greek name of Greece, typed without the tonos",["translation:Ελλάδα"])
q("ελληνικα","diacritics","W1 Modern Greek by its autonym Ελληνικά, typed without the tonos",["language:Greek, Modern (1453-)"])
q("греция","diacritics","W1 the Russian name of Greece, typed in lower case",["translation:Греция"])
q("русский","diacritics","W1 Russian by its autonym",["language:Russian"])
q("espanol","diacritics","W1 Spanish by its autonym español, ñ folded",["language:Spanish; Castilian"])
q("deutsch","diacritics","W1 German by its autonym Deutsch; the German name of Germany (Deutschland, a longer word) 1",
  ["language:German"],[],["translation:Deutschland"])
# CJK
q("日本","CJK","W1 the ja/zh name of Japan; Japanese by its autonym 日本語 2",["translation:日本"],["language:Japanese"])
q("中国","CJK","W1 the ja/zh name of China; China's IDN TLD .中国 2, the traditional .中國 1",["translation:中国"],["domain:中国"],["domain:中國"])
q("ドイツ","CJK","W1 the Japanese name of Germany",["translation:ドイツ"])
q("한국","CJK","W1 Korea's IDN TLD .한국; Korean by its autonym 한국어 2",["domain:한국"],["language:Korean"])
# filters
q("code:NZ","filter","W5 'Code' is the country column's header (alpha_2): New Zealand 3; NZ's subdivisions (code NZ-…) 1",
  [C+"New Zealand"],[],sel(lambda r:r['kind']=='subdivision' and r['code'].startswith('NZ-')))
q("currency:EUR","filter","W5 undeclared field: every country whose currency is EUR (CLDR 41), 2",[],sel(lambda r:r.get('currency')=='EUR'),
  must_not=[C+"Switzerland",C+"Croatia"])
q("language:el","filter","W5 undeclared field of translations: every Greek translation 2; other languages' names of Greece are excluded",
  [],sel(lambda r:r.get('language')=='el'),must_not=["translation:Griechenland","translation:Grecja","translation:Греция","translation:ギリシャ"])
q("type:Voivodship","filter","W5 undeclared field: the 16 Polish voivodships 2",[],sel(lambda r:r.get('type')=='Voivodship'))
q("type:land","filter","W5 undeclared field, case folded: the 16 German Länder 2; Dronning Maud Land has no type field",
  [],sel(lambda r:r.get('type')=='Land'),must_not=["former_country:Dronning Maud Land"])
q("withdrawal_date:1990","filter","W5 undeclared field: the two entries withdrawn in 1990, 2 each",[],
  ["former_country:German Democratic Republic","former_country:Yemen, Democratic, People's Democratic Republic of"])
q("utc_offset:+05:30","filter","W5 declared field: the two +05:30 zones; +05:00 zones are near misses",[],["timezone:Asia/Kolkata","timezone:Asia/Colombo"],
  must_not=["timezone:Asia/Karachi","timezone:Asia/Tashkent"])
q("numeric:554","filter","W5 numeric 554 is both New Zealand (ISO 3166) and its dollar (ISO 4217): 3 each",[C+"New Zealand","currency:New Zealand Dollar"])
q("kind:product greek","filter","W5 kind filter: the Greek dictionary; the script and language are excluded by kind",["product:hunspell-el"],
  must_not=["script:Greek","language:Greek, Modern (1453-)"])
q("countries:NZ","filter","W5 declared list field: NZ's two zones, 2 each",[],["timezone:Pacific/Auckland","timezone:Pacific/Chatham"])
q("alpha_4:Cyrl","filter","W5 undeclared field: the script Cyrillic; the Old Church Slavonic variant (Cyrs) is a near miss",["script:Cyrillic"],
  must_not=["script:Cyrillic (Old Church Slavonic variant)"])
# hosts
q("https://www.gov.uk/","host","W6 scheme, www. and path stripped: gov.uk",["domain:gov.uk"])
q("co.nz","host","W6 the suffix co.nz",["domain:co.nz"])
q("xn--p1ai","host","W6 punycode of .рф",["domain:рф"])
q("рф","host","W6 the Russian IDN TLD",["domain:рф"])
q("http://xn--fiqs8s/","host","W6 punycode of .中国 in a URL",["domain:中国"])
q("govt.nz.","host","W6 trailing dot stripped: govt.nz",["domain:govt.nz"])
q("https://www.govt.nz/browse/","host","W6 govt.nz from a pasted URL with a path",["domain:govt.nz"])
# junk
q("qwxzv","junk","no record has these letters together: nothing")
q("zzqq kingdom","junk","zzqq is in no record; the words are ANDed: nothing")
q("blorfington","junk","no record has it: nothing")
# substrings that must not match inside other words
q("oman","must-not","W1 Oman; its rial and translations 1; Romania/Romanian hold 'oman' inside a word: must not",
  [C+"Oman"],[],["currency:Rial Omani"]+tr("OM"),must_not=[C+"Romania","currency:Romanian Leu","language:Romanian; Moldavian; Moldovan"])
q("mali","must-not","W1 Mali; translations 1; Somalia/Somali hold 'mali' inside a word: must not",
  [C+"Mali"],[],tr("ML"),must_not=[C+"Somalia","language:Somali","currency:Somali Shilling"])
q("india","must-not","W1 India; its rupee, British Indian Ocean Territory and translations 1; the America/Indiana/* zones are Indiana: must not",
  [C+"India"],[],["currency:Indian Rupee",C+"British Indian Ocean Territory"]+tr("IN"),
  must_not=sel(lambda r:r['kind']=='timezone' and r['name'].startswith('America/Indiana/')))
q("niger","must-not","W1 Niger; Nigeria (a longer word) and Niger's translations 1",[C+"Niger"],[],[C+"Nigeria"]+tr("NE"))
q("kingdom","category","W3 every country named or officially named a Kingdom, 2",[],
  sel(lambda r:r['kind']=='country' and ('Kingdom' in r['name'] or 'Kingdom' in r.get('official_name',''))))
q("dictionary","category","W3 every hunspell dictionary, 2",[],sel(lambda r:r['kind']=='product'))
q("greek","hard","W7 the script Greek and Modern Greek, 2 each (no grade 3); Ancient Greek and the Greek dictionary 1; the country Greece is another word",
  [],["script:Greek","language:Greek, Modern (1453-)"],["language:Greek, Ancient (to 1453)","product:hunspell-el"])
out={"name":"world","data":["Examples/data/world/world.jsonl"],"kinds":"Examples/kinds",
     "note":"judged from Examples/data/world/world.jsonl by grep and jq before either tool ran; rules W1-W7 in Benchmarks/Relevance/README.md",
     "queries":Q}

def fmt(o,ind=0):
    p="  "*ind
    if isinstance(o,dict):
        items=[f'{p}  {json.dumps(k,ensure_ascii=False)}: {fmt(v,ind+1).lstrip()}' for k,v in o.items()]
        return p+"{\n"+",\n".join(items)+"\n"+p+"}"
    if isinstance(o,list) and all(isinstance(x,str) for x in o):
        return p+json.dumps(o,ensure_ascii=False)
    if isinstance(o,list):
        return p+"[\n"+",\n".join(fmt(x,ind+1) for x in o)+"\n"+p+"]"
    return p+json.dumps(o,ensure_ascii=False)
open(ROOT / 'Benchmarks/Relevance/world.json','w').write(fmt(out)+"\n")
print(len(Q))
