# Loads in flight as one group (issue 20, models/mlp_group.h): one CTA of W warps, N iterations
# each; an iteration issues G independent loads (LDG.E, all 32 lanes one address: one 32 B
# sector request each, destinations R2..R(G+1), address register R1 never written) and then
# one IADD3 that reads all G destinations, so the warp waits for the group's slowest load.
#   hit    : every load reads one L1-resident sector (the warp's own line, read once before)
#   miss   : every load reads a line never read before (DRAM)
#   mix    : load 0 misses (a new line), loads 1..G-1 hit: one miss in every group
#   clust  : every G-th iteration all G loads miss, the others all hit: the same miss share as
#            mix, the misses clustered in one group out of G
# New lines are 128 B x 97 apart (distinct L2 slices and DRAM banks, no line reused); warp w
# reads its own region (w x 64 MiB).
import os, sys
from gen_alu import hdr
def body(kind, G, N, w):
    base = 0x40000000 + (w << 26)
    hot = base - 128                   # the warp's L1-resident line
    out, fresh = [], 0
    def new():
        nonlocal fresh
        fresh += 1
        return base + 128 * 97 * fresh
    pc = 0x1000
    def emit(s):
        nonlocal pc
        out.append(f"{pc:x} {s}")
        pc = 0x1000 + (pc - 0x1000 + 16) % (16 * 256)
    emit(f"ffffffff 1 R2 LDG.E 1 R1 4 1 0x{hot:x} 0")          # warm the hot line
    emit("ffffffff 1 R3 IADD3 1 R2 0")
    for i in range(N):
        for j in range(G):
            if kind == "hit": a = hot
            elif kind == "miss": a = new()
            elif kind == "mix": a = new() if j == 0 else hot
            elif kind == "clust": a = new() if i % G == 0 else hot
            emit(f"ffffffff 1 R{2 + j} LDG.E 1 R1 4 1 0x{a:x} 0")
        srcs = " ".join(f"R{2 + j}" for j in range(G))
        emit(f"ffffffff 1 R{2 + G} IADD3 {G} {srcs} 0")
    out.append("1fff0 ffffffff 0 EXIT 0 0")
    return out
def write(name, kind, G, W, N):
    os.makedirs(name, exist_ok=True)
    with open(f"{name}/kernel-1.traceg", "w") as f:
        f.write(hdr(name, 1, 32 * W))
        f.write("#BEGIN_TB\n\nthread block = 0,0,0\n\n")
        for w in range(W):
            b = body(kind, G, N, w)
            f.write(f"warp = {w}\ninsts = {len(b)}\n" + "\n".join(b) + "\n\n")
        f.write("#END_TB\n\n")
    open(f"{name}/kernelslist.g", "w").write("kernel-1.traceg\n")
if __name__ == "__main__":
    for kind in ("hit", "miss", "mix", "clust"):
        for W in (1, 8):
            write(f"grp_{kind}_g4_w{W}", kind, 4, W, 200)
