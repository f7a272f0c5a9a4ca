#!/usr/bin/env python3
"""nvsim_tag_area.py FORCED_RAW_DIR TAGFREE_RAW_DIR -- what forcing the 4-way NVSim caches' tag
arrays (regenerate.sh nvsim_tag4, on nvsim-tagforce) costs in area against NVSim's own tag search
(calibration/tech/README.md "Organisation (NVSim 4-way caches)").

FORCED_RAW_DIR is regenerate.sh's OUT_DIR/raw (data and tag arrays forced); TAGFREE_RAW_DIR holds
runs of the same configurations (the data array forced by nvsim_org4) on NVSim itself, whose tag
array is its area-optimal pick in REDUCE_SEARCH_SIZE's space (name = the work directory's, .txt).
For every 4-way run present in both, prints the tag array's organisation in each, the forced tag
array's area over the area-optimal one and the whole cache's (data + tag; the data arrays are the
same in both).  What the data arrays' forcing costs is nvsim-forced-area.txt.
"""
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from nvsim_forced_area import pairs  # noqa: E402  (the same NVSim output parser and pairing)


def main():
    if len(sys.argv) != 3:
        sys.exit(__doc__)
    print('%-5s %4s %6s  %-32s %-32s %8s %8s' % ('cell', 'nm', 'KiB', 'forced tag array',
                                             'area-optimal tag array', 'tag', 'cache'))
    worst = {}
    for cell, nm, kib, a, b in pairs(sys.argv[1], sys.argv[2]):
        t = a[1][0] / b[1][0] - 1
        c = (a[0][0] + a[1][0]) / (b[0][0] + b[1][0]) - 1
        w = worst.setdefault(cell, [0, 0, 0, 0])
        w[0], w[1], w[2], w[3] = max(w[0], t), min(w[1], t), max(w[2], c), min(w[3], c)
        print('%-5s %4d %6d  %-32s %-32s %+7.2f%% %+7.2f%%' % (cell, nm, kib, a[1][1], b[1][1], 100 * t, 100 * c))
    for cell in sorted(worst):
        w = worst[cell]
        print('%s: forced tag array %+.2f%% to %+.2f%% against the area-optimal one; whole cache %+.3f%% to '
              '%+.3f%%' % (cell, 100 * w[1], 100 * w[0], 100 * w[3], 100 * w[2]))


if __name__ == '__main__':
    main()
