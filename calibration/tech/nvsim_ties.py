#!/usr/bin/env python3
"""nvsim_ties.py CSV [BAND_PERCENT [N]] -- the data-array designs of one NVSim full exploration
that come within BAND_PERCENT (default 5) of the least area, least area first (at most N, default
12), with their read/write energy and leakage: how far apart in energy the designs are that NVSim's
area-optimal search chooses between (calibration/tech/README.md "Why NVSim's energy misses").

CSV: the file NVSim writes with `-OptimizationTarget: Full` and `-EnablePruning: No` (one line per
cache design: 9 cache fields, then 36 data-array fields, then 36 tag-array fields; Result.cpp
printAsCacheToCsvFile / printToCsvFile).  Each data design appears once per tag design; designs are
deduplicated by their organisation and wire fields.
Prints, last, the least-area design's energies and the range of each figure within the band, and
the least read and write energy within 0.5, 1, 2, 5 and 10% of the least area.
"""
import sys


def main():
    if len(sys.argv) < 2:
        sys.exit(__doc__)
    band = float(sys.argv[2]) if len(sys.argv) > 2 else 5.0
    n = int(sys.argv[3]) if len(sys.argv) > 3 else 12
    seen = {}
    for line in open(sys.argv[1]):
        f = line.rstrip(',\n').split(',')
        if len(f) < 45:
            continue
        d = f[9:45]              # the data array: 14 organisation, 7 wire fields, then results
        key = tuple(d[:21])
        if key not in seen:
            seen[key] = (float(d[23]), float(d[33]), float(d[34]), float(d[35]),
                         'mats %sx%s (active %sx%s), subarrays per mat %sx%s (active %sx%s), subarray %sx%s, '
                         'mux %s/%s/%s' % tuple(d[:13]))
    designs = sorted(seen.values())
    a0 = designs[0][0]
    near = [x for x in designs if x[0] <= a0 * (1 + band / 100)]
    print('%d distinct data-array designs; %d within %g%% of the least area (%.5f mm^2)'
          % (len(designs), len(near), band, a0))
    for a, r, w, l, org in near[:n]:
        print('  area %+6.2f%%  read %8.2f pJ  write %8.2f pJ  leakage %8.3f mW  %s'
              % ((a / a0 - 1) * 100, r, w, l, org))
    for i, name in ((1, 'read'), (2, 'write'), (3, 'leakage')):
        v = [x[i] for x in near]
        print('%-7s least-area design %.2f; within the band %.2f .. %.2f (%.0f%% of the least-area value .. %.0f%%)'
              % (name, near[0][i], min(v), max(v), 100 * min(v) / near[0][i], 100 * max(v) / near[0][i]))
    # NVSim's -ApplyAreaConstraint with an energy target keeps the designs within a band of the
    # least area and takes the least energy among them: what that would have chosen
    for b in (0.5, 1, 2, 5, 10):
        inb = [x for x in designs if x[0] <= a0 * (1 + b / 100)]
        r = min(inb, key=lambda x: x[1])
        w = min(inb, key=lambda x: x[2])
        print('within %4.1f%% of the least area: least read %.2f pJ (area %+.2f%%), least write %.2f pJ (area %+.2f%%)'
              % (b, r[1], (r[0] / a0 - 1) * 100, w[2], (w[0] / a0 - 1) * 100))

if __name__ == '__main__':
    main()
