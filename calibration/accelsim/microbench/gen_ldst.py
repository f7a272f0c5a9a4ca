# Load-store unit throughput microbenchmarks (issue 20, gpu20h): one CTA of W warps, each
# issuing N independent loads (LDG.E, 4 B per lane, destination registers rotating over 16, so
# a warp has up to 16 loads in flight) of k distinct 32 B sectors each (k = 1..32; lane i reads
# sector i*k/32 of the instruction's block), on L1-resident data ("hit": every warp re-reads
# the same 4 KiB, cold only at the start) or on new lines each time ("miss": every instruction
# reads lines no one read before); "rand": k sectors each in its own 128 B line, at a random
# position in the line (seed 1), L1-resident (the lines of 8 instructions, re-read).
# Usage: python3 gen_ldst.py NAME hit|miss|rand K W N
import sys, os, random
from gen_alu import hdr

def lane_addrs(base, k):
    return [base + 32 * ((i * k) // 32) for i in range(32)]

def write(name, mode, k, w, n):
    os.makedirs(name, exist_ok=True)
    span = ((32 * k + 127) // 128) * 128          # bytes one instruction touches, whole lines
    with open(f"{name}/kernel-1.traceg", "w") as f:
        f.write(hdr(name, 1, 32 * w))
        f.write("#BEGIN_TB\n\nthread block = 0,0,0\n\n")
        for wi in range(w):
            b = []
            for i in range(n):
                pc = 0x1000 + 16 * (i % 64)
                if mode == "stride":
                    b.append(f"{pc:x} ffffffff 1 R{2 + i % 16} LDG.E 1 R1 4 1 0x{0x40000000 + 4 * (i % 8):x} 10896")
                    continue
                if mode == "rand":
                    rnd = random.Random(1000 * (i % 8) + 1)
                    base = 0x30000000 + 128 * 32 * (i % 8)
                    lines = [base + 128 * j + 32 * rnd.randrange(4) for j in range(k)]
                    addrs = [lines[(j * k) // 32] for j in range(32)]
                    b.append(f"{pc:x} ffffffff 1 R{2 + i % 16} LDG.E 1 R1 4 0 " + " ".join(f"0x{x:x}" for x in addrs))
                    continue
                if mode == "hit":
                    base = 0x10000000 + span * (i % max(1, 4096 // span))
                else:
                    base = 0x20000000 + span * (wi * n + i)
                a = " ".join(f"0x{x:x}" for x in lane_addrs(base, k))
                b.append(f"{pc:x} ffffffff 1 R{2 + i % 16} LDG.E 1 R1 4 0 {a}")
            b.append("1fff0 ffffffff 0 EXIT 0 0")
            f.write(f"warp = {wi}\ninsts = {len(b)}\n" + "\n".join(b) + "\n\n")
        f.write("#END_TB\n\n")
    open(f"{name}/kernelslist.g", "w").write("kernel-1.traceg\n")

if __name__ == "__main__":
    name, mode, k, w, n = sys.argv[1], sys.argv[2], int(sys.argv[3]), int(sys.argv[4]), int(sys.argv[5])
    write(name, mode, k, w, n)
