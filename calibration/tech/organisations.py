#!/usr/bin/env python3
"""organisations.py RAW_DIR -- the array organisation each shipped CACTI / NVSim run chose, and
the table segments (two neighbouring shipped sizes of one series) whose two ends differ.

An interpolation between two runs of different organisations (bank, mat and subarray counts,
mux levels) follows no power law: the figures step where the tool's search switches.  This
lists where.  RAW_DIR is regenerate.sh's OUT_DIR/raw (one tool output per run, with the
'# key value' provenance lines); held-out runs and runs that found no design are skipped.
Output: one line per differing segment, then 'N of M segments differ'.
"""
import collections
import glob
import os
import re
import sys

NV_FIELDS = [r'Bank Organization: (\d+ x \d+)', r'Bank Organization.*?Row Activation\s*: (\d+ / \d+)',
             r'Bank Organization.*?Column Activation: (\d+ / \d+)', r'Mat Organization: (\d+ x \d+)',
             r'Mat Organization.*?Row Activation\s*: (\d+ / \d+)',
             r'Mat Organization.*?Column Activation: (\d+ / \d+)', r'Senseamp Mux\s*: (\d+)',
             r'Output Level-1 Mux: (\d+)', r'Output Level-2 Mux: (\d+)', r'partitioned into (\d+) rows']
CA_KEYS = {'DATA': ['Ndwl', 'Ndbl', 'Nspd', 'Ndcm', 'Ndsam L1', 'Ndsam L2'],
           'TAG': ['Ntwl', 'Ntbl', 'Ntspd', 'Ntcm', 'Ntsam L1', 'Ntsam L2']}


def nvsim_org(text, which):
    m = re.search(r'CACHE %s ARRAY\n=+\nCONFIGURATION\n=+\n(.*?)Local Wire' % which, text, re.S)
    if not m:
        return None
    out = []
    for pat in NV_FIELDS:
        f = re.search(pat, m.group(1), re.S)
        out.append(f.group(1).replace(' ', '') if f else '?')
    return tuple(out)


def cacti_org(text, which):
    out = []
    for k in CA_KEYS[which]:
        f = re.search(r'Best %s\s*:\s*([\d.]+)' % k, text)
        out.append(f.group(1) if f else '?')
    return tuple(out)


def main():
    if len(sys.argv) != 2:
        sys.exit(__doc__)
    series = collections.defaultdict(dict)
    for path in glob.glob(os.path.join(sys.argv[1], '*.txt')):
        text = open(path, errors='replace').read()
        name = os.path.basename(path)[:-4].split('-')
        if name[0] not in ('nvsim', 'cacti') or '# held_out 0' not in text:
            continue
        if 'No valid solutions' in text or 'ERROR: no ' in text:
            continue
        tool, cell, kind, node, kib, assoc = name[0], name[1], name[2], name[3], int(name[4]), name[5]
        for which in (['DATA', 'TAG'] if kind == 'cache' else ['DATA']):
            org = nvsim_org(text, which) if tool == 'nvsim' else cacti_org(text, which)
            series[(tool, cell, kind, which.lower(), node, assoc + '-way')][kib] = org
    differ = total = 0
    for key in sorted(series):
        sizes = sorted(series[key])
        for a, b in zip(sizes, sizes[1:]):
            total += 1
            if series[key][a] != series[key][b]:
                differ += 1
                print(' '.join(key), '%d -> %d KiB:' % (a, b), ','.join(series[key][a]), '->',
                      ','.join(series[key][b]))
    print('%d of %d segments differ' % (differ, total))


if __name__ == '__main__':
    main()
