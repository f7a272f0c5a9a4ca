#!/usr/bin/env python3
"""merge_tables.py SHIPPED.csv NEW.csv [OUT.csv] -- replace, in a technology table, the rows a
partial rerun of regenerate.sh produced (ONLY=nvsim4, or crossbars of a few radices), and add
the rows it adds.

A row's key is (kind, cell, node_nm, bytes, assoc, width_bits, ports, n_in, n_out): a row of
NEW replaces the SHIPPED row with that key, a NEW row with a key SHIPPED lacks is appended, every
other SHIPPED row is kept verbatim (its tool, commit, config, date and source columns say which
run it came from).  Prints what it replaced and added.  OUT defaults to SHIPPED (in place).
"""
import sys

KEY = ("kind", "cell", "node_nm", "bytes", "assoc", "width_bits", "ports", "n_in", "n_out")


def read(path):
    with open(path) as f:
        lines = f.read().splitlines()
    head = [l for l in lines if l.startswith("#")]
    body = [l for l in lines if l and not l.startswith("#")]
    cols = body[0].split(",")
    idx = [cols.index(k) for k in KEY]
    rows = [(tuple(r.split(",")[i] for i in idx), r) for r in body[1:]]
    return head, body[0], rows


def main():
    if len(sys.argv) not in (3, 4):
        sys.exit(__doc__)
    head, cols, old = read(sys.argv[1])
    _, cols_new, new = read(sys.argv[2])
    if cols_new != cols:
        sys.exit(f"{sys.argv[2]}: columns differ from {sys.argv[1]}")
    fresh = dict(new)
    if len(fresh) != len(new):
        sys.exit(f"{sys.argv[2]}: two rows share a key")
    out, seen, replaced = [], set(), 0
    for k, r in old:
        if k in fresh:
            out.append(fresh[k]); seen.add(k); replaced += 1
        else:
            out.append(r)
    added = [r for k, r in new if k not in seen]
    with open(sys.argv[3] if len(sys.argv) == 4 else sys.argv[1], "w") as f:
        f.write("\n".join(head + [cols] + out + added) + "\n")
    print(f"{sys.argv[1]}: {replaced} rows replaced, {len(added)} added from {sys.argv[2]}")


main()
