# LLC MSHR merge limit (issue 20, gpu20i): C CTAs of one warp, one per SM, each a chain of N
# dependent loads (all 32 lanes one address: one 32 B sector request per load).
#   share_cC : every CTA reads the same cold sectors in the same order: C requests to a sector
#              in flight at its L2 slice at about the same time (1 miss + merges; beyond the
#              merge limit RESERVATION_FAIL, MSHR_MERGE_ENRTY_FAIL)
#   priv_cC  : control, CTA c reads its own sectors (c MiB apart): no sharing
import os
from gen_alu import hdr
N = 200
def chain(base):
    b = []
    for i in range(N):
        pc = 0x1000 + 16 * (i % 64)
        b.append(f"{pc:x} ffffffff 1 R1 LDG.E 1 R1 4 1 0x{base + 128 * 97 * i:x} 0")
    b.append("1fff0 ffffffff 0 EXIT 0 0")
    return b
def write(name, bases):
    os.makedirs(name, exist_ok=True)
    with open(f"{name}/kernel-1.traceg", "w") as f:
        f.write(hdr(name, len(bases), 32))
        for c, base in enumerate(bases):
            b = chain(base)
            f.write(f"#BEGIN_TB\n\nthread block = {c},0,0\n\n")
            f.write(f"warp = 0\ninsts = {len(b)}\n" + "\n".join(b) + "\n\n#END_TB\n\n")
    open(f"{name}/kernelslist.g", "w").write("kernel-1.traceg\n")
for c in (1, 2, 4, 5, 8, 16):
    write(f"share_c{c}", [0x30000000] * c)
    write(f"priv_c{c}", [0x30000000 + (1 << 20) * k for k in range(c)])
# Bystanders: G groups of C sharers, group g reading its own chain (g x 16 MiB + 32 B x g: the
# groups' sectors fall in different L2 slices); a group's request that reaches a slice whose
# input queue is held by another group's failed merge waits behind it (l2cache.cc
# memory_sub_partition::cache_cycle: a RESERVATION_FAIL stays at the head of m_icnt_L2_queue).
# grp_g8_c4 (no fails) against grp_g8_c5 (one failed merge per fill) measures that wait.
for g, c in ((8, 4), (8, 5), (8, 8)):
    write(f"grp_g{g}_c{c}", [0x30000000 + (16 << 20) * k + 32 * k for k in range(g) for _ in range(c)])
