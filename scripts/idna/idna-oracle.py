#!/usr/bin/env python3
"""Print Python idna's other spelling of each host, for comparison with TextMatching's IDNA.

Usage: python3 scripts/idna/idna-oracle.py INPUT
Each line of INPUT is one host. Each output line is `HOST<TAB>OTHER`: the Unicode spelling
(idna.decode) of a host with an xn-- label, else the ASCII spelling (idna.encode with the UTS #46
mapping); OTHER is `!` when idna refuses the host. Needs `pip install idna`.
"""

import sys

import idna


def main():
    out = []
    with open(sys.argv[1], encoding="utf-8") as handle:
        for line in handle:
            host = line.rstrip("\n")
            if not host:
                continue
            try:
                if any(label.lower().startswith("xn--") for label in host.split(".")):
                    other = idna.decode(host)
                else:
                    other = idna.encode(host, uts46=True).decode("ascii")
            except idna.IDNAError:
                other = "!"
            out.append(f"{host}\t{other}")
    sys.stdout.write(f"# idna {idna.__version__}\n")
    sys.stdout.write("\n".join(out) + "\n")


if __name__ == "__main__":
    main()
