#!/usr/bin/env python3
"""sample_accuracy.py EXACT.json SAMPLED.json -- the DC-L1 study's inputs from an exact and a
sampled profile of the same trace, side by side (docs/profile-format.md "Sampled profiles").

Metrics (what models/dcl1.h and models/gpu.c read for the dcl1-80 preset):
  node G:M:...  hit ratio of a 4-way node (16 KB per L1 at 32 sets; the DC-L1 organisations'
                nodes at their set counts) and the replication share of its misses (repl[4] /
                misses) from the dcl1_nodes records;
  l1 FA we      fully-associative write-evict hit ratio at 128 blocks (16 KB) from sd_we;
  l2 FA         fully-associative hit ratio at 32768 blocks (4 MB) from the global sd;
  l2 8-way      4096-set IPOLY 8-way hit ratio from the global setassoc record (exact profiles
                only; a sampled profile has none and the model uses Smith's binomial model on
                the FA curve, so the FA line is the sampled profile's L2 input).
"""
import json
import sys


def fa_hit(h, cap):
    """Accesses at distance < cap (cap a power of two: a bin edge) over the total."""
    tot = h['cold'] + sum(b[2] for b in h['bins'])
    return sum(b[2] for b in h['bins'] if b[1] <= cap) / tot


def stream(p, name):
    return next(s for s in p['streams'] if s['name'] == name)


def metrics(p):
    m = {}
    for n in p.get('dcl1_nodes', []):
        key = '%d:%d:%d:%d' % (n['group'], n['homes'], n['gran'], 1 << n['log_sets'])
        acc = sum(n['hist'])
        hit = sum(n['hist'][:4]) / acc
        miss = acc * (1 - hit)
        m['node %-12s hit@4' % key] = hit
        m['node %-12s repl@4' % key] = n['repl'][4] / miss if miss > 0 else 0
    l1 = stream(p, 'l1')
    if 'sd_we' in l1:
        m['l1 FA write-evict hit @16KB'] = fa_hit(l1['sd_we'], 128)
    g = stream(p, 'global')
    m['l2 FA hit @4MB'] = fa_hit(g['sd'], 32768)
    sa = g.get('setassoc')
    if sa:
        row = sa['ipoly'][12]
        m['l2 4096-set 8-way hit (exact only)'] = sum(row[:8]) / sum(row)
    return m


def main():
    e, s = (json.load(open(f)) for f in sys.argv[1:3])
    me, ms = metrics(e), metrics(s)
    print('%-40s %8s %8s %8s' % ('metric', 'exact', 'sampled', 'diff'))
    worst = 0
    for k in me:
        if k in ms:
            d = ms[k] - me[k]
            worst = max(worst, abs(d))
            print('%-40s %8.4f %8.4f %+8.4f' % (k, me[k], ms[k], d))
        else:
            print('%-40s %8.4f %8s' % (k, me[k], '-'))
    print('worst |diff|: %.4f' % worst)


if __name__ == '__main__':
    main()
