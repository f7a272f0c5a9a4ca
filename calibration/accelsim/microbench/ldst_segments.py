# Greedy L1 access segmentation of a trace's loads, as GPGPU-Sim's
# ldst_unit::process_memory_access_queue_l1cache does it (shader.cc): the coalescer's 32 B
# sector accesses of one warp instruction (std::map, address order; popped from the back:
# descending), up to l1_banks per cycle, stopping at the first whose bank
# (gpu-cache.cc l1d_cache_config::set_bank: (addr >> 5) mod banks, linear) is already taken
# this cycle.  Prints the memory instructions, their sectors and the cycles the access stage
# needs for them (at least one per instruction).  Usage: python3 ldst_segments.py TRACE [BANKS]
import sys

def segments(sectors, banks):
    cyc, used = 0, set()
    for s in sorted(sectors, reverse=True):
        b = s % banks
        if not used or b in used or len(used) == banks:
            cyc, used = cyc + 1, set()
        used.add(b)
    return max(cyc, 1)

def addrs_of(tok):
    # tok: fields after 'mem_width': mode then addresses (mode 0: 32 listed; 1: base stride)
    mode = int(tok[0])
    if mode == 0:
        return [int(x, 16) for x in tok[1:33]]
    if mode == 1:
        base, stride = int(tok[1], 16), int(tok[2])
        return [base + stride * i for i in range(32)]
    raise SystemExit(f"address mode {mode} not handled")

def main():
    banks = int(sys.argv[2]) if len(sys.argv) > 2 else 4
    n = sec = cyc = 0
    for line in open(sys.argv[1]):
        f = line.split()
        if len(f) < 4 or "LDG" not in line and "STG" not in line:
            continue
        nd = int(f[2]); op = f[3 + nd]; ns = int(f[4 + nd]); rest = f[5 + nd + ns:]
        if not (op.startswith("LDG") or op.startswith("STG")):
            continue
        mask = int(f[1], 16)
        a = [x for i, x in enumerate(addrs_of(rest[1:])) if mask >> i & 1]
        s = {x >> 5 for x in a}
        n += 1; sec += len(s); cyc += segments(s, banks)
    print(f"mem_insts {n} sectors {sec} access_cycles {cyc} per_inst {cyc / max(n, 1):.3f} sectors_per_cycle {sec / max(cyc, 1):.3f}")

main()
