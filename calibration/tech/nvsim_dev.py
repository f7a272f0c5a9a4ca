#!/usr/bin/env python3
"""nvsim_dev.py GPUDSE TABLE [DEV_TABLE] -- the development figures of the array model on NVSim runs
that are not held out (calibration/tech/README.md "Development and held-out").

1. Leave one out: for every NVSim series (cell, kind, node, ways) of TABLE (the shipped
   tech-default.csv), each run with a neighbour on either side at most 16x apart is dropped and
   predicted from the rest by `GPUDSE tech array --table` (so across a span 4x wider than the
   shipped table's).
2. DEV_TABLE (tech-dev.csv: NVSim runs at 40 nm at the held-out sizes, which neither the shipped
   nor the held-out table holds) against TABLE.
Prints one line per prediction (relative error of area, read and write energy, leakage) and the
worst and median of each.  It never reads tech-heldout.csv: the held-out figure is measured once,
by tests/unit/test_tech.c.
"""
import csv
import json
import os
import statistics
import subprocess
import sys
import tempfile

FIGS = (('area_mm2', 'area'), ('read_nj', 'read'), ('write_nj', 'write'), ('leak_mw', 'leak'))


def load(path):
    rows = list(csv.reader(open(path)))
    hdr = next(r for r in rows if r and r[0] == 'kind')
    return rows, {k: i for i, k in enumerate(hdr)}


def predict(gpudse, table, r, h):
    p = subprocess.run([gpudse, 'tech', 'array', '--table', table, '--cell', r[h['cell']],
                        '--kind', r[h['kind']], '--node', r[h['node_nm']], '--bytes',
                        str(int(float(r[h['bytes']]))), '--assoc', r[h['assoc']]],
                       capture_output=True, text=True)
    if p.returncode:
        return None, p.stderr.strip()
    got = json.loads(p.stdout)
    out = []
    for col, _ in FIGS:
        want = float(r[h[col]])
        out.append((got[col] - want) / want * 100 if want > 0 else None)
    return out, None


def report(title, results):
    print(title)
    for label, errs in results:
        print('  %-28s ' % label + '  '.join('%s %s' % (n, '%+6.1f%%' % e if e is not None else '   n/a')
                                          for (_, n), e in zip(FIGS, errs)))
    for i, (_, n) in enumerate(FIGS):
        v = [abs(e[i]) for _, e in results if e[i] is not None]
        if v:
            print('  %-5s worst %5.1f%%  median %4.1f%%  over %d' % (n, max(v), statistics.median(v), len(v)))


def label_of(r, h):
    return '%s %s %snm %sw %dK' % (r[h['cell']], r[h['kind']], r[h['node_nm']], r[h['assoc']],
                                   float(r[h['bytes']]) / 1024)


def main():
    if len(sys.argv) not in (3, 4):
        sys.exit(__doc__)
    gpudse, table = sys.argv[1], sys.argv[2]
    rows, h = load(table)
    series = {}
    for r in rows:
        if r and r[0] in ('data', 'tag') and r[h['tool']] == 'nvsim':
            series.setdefault((r[h['kind']], r[h['cell']], r[h['node_nm']], r[h['assoc']]), []).append(r)
    loo = []
    fd, tmp = tempfile.mkstemp(suffix='.csv')
    os.close(fd)
    for key in sorted(series):
        rs = sorted(series[key], key=lambda r: float(r[h['bytes']]))
        for i in range(1, len(rs) - 1):
            b0, b1 = float(rs[i - 1][h['bytes']]), float(rs[i + 1][h['bytes']])
            if b1 / b0 > 16.5:
                continue
            with open(tmp, 'w', newline='') as f:
                csv.writer(f).writerows(r for r in rows if r is not rs[i])
            errs, why = predict(gpudse, tmp, rs[i], h)
            if errs is None:
                print('refused: %s: %s' % (label_of(rs[i], h), why))
                continue
            loo.append((label_of(rs[i], h), errs))
    os.unlink(tmp)
    report('leave one out on %s (NVSim runs):' % table, loo)
    if len(sys.argv) == 4:
        drows, dh = load(sys.argv[3])
        dev = []
        for r in drows:
            if r and r[0] in ('data', 'tag'):
                errs, why = predict(gpudse, table, r, dh)
                if errs is None:
                    print('refused: %s: %s' % (label_of(r, dh), why))
                    continue
                dev.append((label_of(r, dh), errs))
        report('%s against %s:' % (sys.argv[3], table), dev)


if __name__ == '__main__':
    main()
