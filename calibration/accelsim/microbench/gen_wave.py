# One wave whose warps all start together (issue 20, lead "lock-step phases"): C CTAs of W warps
# (one CTA per SM on SM7_QV100 when C <= 80), every warp the same program:
#   L independent LDG.E (lane i reads line + 4 i: one 128 B line, 4 sectors, per instruction;
#   lines never read before: DRAM; the j-th access of warp g is line j x C W + g, so each
#   instruction's lines are contiguous over the wave, spread over every memory partition), one IADD3 reading the L
#   destinations (the warp waits for its loads), N register-less NOPs (the INT unit, ii 2),
#   S STG.E of new lines, EXIT.
# If the warps' phases overlapped as a steady state does, the N NOPs would hide under the
# memory phases until they outlast them; if the wave moves through its phases in lock step,
# every NOP adds its issue time to the kernel.  gen_wave.py writes wave_n{N}; run with
#   ./run_group.sh SM7_QV100 wave_n0 wave_n32 ...   (the same runner as gen_group.py's)
import os
from gen_alu import hdr
def body(c, w, W, C, L, N, S):
    g, n = c * W + w, C * W
    line = lambda j: 0x40000000 + 128 * (j * n + g)
    out = []
    pc = 0x1000
    def emit(s):
        nonlocal pc
        out.append(f"{pc:x} {s}")
        pc += 16
    for j in range(L):
        emit(f"ffffffff 1 R{2 + j} LDG.E 1 R1 4 1 0x{line(j):x} 4")
    emit(f"ffffffff 1 R{2 + L} IADD3 {L} " + " ".join(f"R{2 + j}" for j in range(L)) + " 0")
    for i in range(N):
        out.append(f"{0x2000 + 16 * (i % 256):x} ffffffff 0 NOP 0 0")
    for j in range(S):
        emit(f"ffffffff 0 STG.E 2 R1 R{2 + L} 4 1 0x{line(L + j):x} 4")
    out.append("1fff0 ffffffff 0 EXIT 0 0")
    return out
def write(name, C, W, L, N, S):
    os.makedirs(name, exist_ok=True)
    with open(f"{name}/kernel-1.traceg", "w") as f:
        f.write(hdr(name, C, 32 * W))
        for c in range(C):
            f.write(f"#BEGIN_TB\n\nthread block = {c},0,0\n\n")
            for w in range(W):
                b = body(c, w, W, C, L, N, S)
                f.write(f"warp = {w}\ninsts = {len(b)}\n" + "\n".join(b) + "\n\n")
            f.write("#END_TB\n\n")
    open(f"{name}/kernelslist.g", "w").write("kernel-1.traceg\n")
if __name__ == "__main__":
    for N in (0, 32, 128, 512):
        write(f"wave_n{N}", 80, 8, 3, N, 2)
    # 32 warps per CTA, 2 CTAs per SM (64 warps): one wave of 160 CTAs, and five of 800
    write("wave_w32_c160_n32", 160, 32, 3, 32, 2)
    write("wave_w32_c800_n32", 800, 32, 3, 32, 2)
