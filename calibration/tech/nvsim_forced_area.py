#!/usr/bin/env python3
"""nvsim_forced_area.py FORCED_RAW_DIR FREE_RAW_DIR -- what the forced organisation of the 4-way
NVSim caches costs in area (calibration/tech/README.md "Organisation (NVSim 4-way caches)").

FORCED_RAW_DIR is regenerate.sh's OUT_DIR/raw (4-way data arrays run with nvsim_org4's -Force
lines); FREE_RAW_DIR holds NVSim runs of the same caches with free organisation (the area-optimal
design: the same configuration without the -Force lines).  For every 4-way run present in both,
prints the data array's organisation in each and the forced data array's area over the
area-optimal one, and the same for the whole cache (data + tag: the tag array is NVSim's own
search in both).  Runs that found no design are named.
"""
import glob
import os
import re
import sys

UNIT = {'um': 1e-6, 'mm': 1.0}


def array(text, which):
    m = re.search(r'CACHE %s ARRAY\n(.*?)(?=CACHE TAG ARRAY|\Z)' % which, text, re.S)
    if not m:
        return None
    s = m.group(1)
    a = re.search(r'RESULT.*?Total Area = [^\n]*= ([\d.]+)(um|mm)\^2', s, re.S)
    org = '%s/%s %s/%s %s mux %s' % tuple(
        (re.search(p, s, re.S).group(1).replace(' ', '') if re.search(p, s, re.S) else '?') for p in (
            r'Bank Organization: (\d+ x \d+)', r'Bank Organization.*?Row Activation\s*: (\d+ / \d+)',
            r'Mat Organization: (\d+ x \d+)', r'Mat Organization.*?Row Activation\s*: (\d+ / \d+)',
            r'Subarray Size\s*: (\d+ Rows x \d+) Columns', r'Senseamp Mux\s*: (\d+)'))
    return float(a.group(1)) * UNIT[a.group(2)], org.replace('Rowsx', 'x')


def load(path):
    text = open(path, errors='replace').read()
    if 'No valid solutions' in text:
        return None
    return array(text, 'DATA'), array(text, 'TAG')


def key(path):
    n = os.path.basename(path)[:-4].split('-')   # nvsim-CELL-cache-NODEnm-KIB-ASSOC
    return n[1], int(n[3][:-2]), int(n[4])


def pairs(forced_dir, free_dir):
    """Every 4-way run present in both directories, in key order, as (cell, nm, kib, forced,
    free) with each side load()'s (data, tag); a pair where either run found no design is
    printed as such and skipped.  nvsim_tag_area.py walks the same pairs."""
    for f in sorted(glob.glob(os.path.join(forced_dir, 'nvsim-*-cache-*-4.txt')), key=key):
        free = os.path.join(free_dir, os.path.basename(f))
        cell, nm, kib = key(f)
        if not os.path.exists(free):
            continue
        a, b = load(f), load(free)
        if a is None or b is None:
            print('%-5s %4d %6d  %s' % (cell, nm, kib, 'no design: ' + ('forced' if a is None else 'free')))
            continue
        yield cell, nm, kib, a, b


def main():
    if len(sys.argv) != 3:
        sys.exit(__doc__)
    print('%-5s %4s %6s  %-40s %-40s %8s %8s' % ('cell', 'nm', 'KiB', 'forced data array', 'area-optimal data array',
                                             'data', 'cache'))
    worst = {}
    for cell, nm, kib, a, b in pairs(sys.argv[1], sys.argv[2]):
        d = a[0][0] / b[0][0] - 1
        c = (a[0][0] + a[1][0]) / (b[0][0] + b[1][0]) - 1
        worst[cell] = max(worst.get(cell, 0), d)
        print('%-5s %4d %6d  %-40s %-40s %+7.2f%% %+7.2f%%' % (cell, nm, kib, a[0][1], b[0][1], 100 * d, 100 * c))
    for cell in sorted(worst):
        print('%s: the forced data array is at most %.2f%% larger than the area-optimal one' % (cell, 100 * worst[cell]))


if __name__ == '__main__':
    main()
