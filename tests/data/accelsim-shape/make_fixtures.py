#!/usr/bin/env python3
"""Writes the Accel-Sim trace fixtures of this directory (README.md gives the expected counts,
worked out from the construction below).  Run from this directory; the output is committed, so
the tests do not need Python.  Format: tracer version 4, no lineinfo, no immediate (as
tests/data/accelsim/kernel-2 without line numbers): PC mask ndst [Rd] OPCODE nsrc [Rs] mem_width
[mode addresses]; mode 1 = hex base + decimal stride over contiguous active lanes, mode 2 = hex
base + popcount-1 decimal deltas."""
import os

def header(name, grid, block, nregs, shmem):
    return "".join([
        f"-kernel name = {name}\n", "-kernel id = 1\n",
        f"-grid dim = ({grid[0]},{grid[1]},{grid[2]})\n", f"-block dim = ({block[0]},{block[1]},{block[2]})\n",
        f"-shmem = {shmem}\n", f"-nregs = {nregs}\n", "-binary version = 86\n", "-cuda stream id = 0\n",
        "-shmem base_addr = 0x00007f2000000000\n", "-local mem base_addr = 0x00007f1ffe000000\n",
        "-nvbit version = 1.5.5\n", "-accelsim tracer version = 4\n", "-enable lineinfo = 0\n", "\n",
        "#traces format = PC mask dest_num [reg_dests] opcode src_num [reg_srcs] mem_width [adrrescompress?] [mem_addresses]\n\n"])

def ins(pc, mask, dst, op, src, width=0, addr=""):
    d = f"{len(dst)} " + "".join(f"R{r} " for r in dst)
    s = f"{len(src)} " + "".join(f"R{r} " for r in src)
    m = f"{width} {addr}" if width else "0"
    return f"{pc:04x} {mask:08x} {d}{op} {s}{m}".rstrip() + " \n"

def write(dirname, name, grid, block, nregs, shmem, ctas):
    """ctas: list of (tb (x,y,z), [warp programs: list of instruction lines])"""
    os.makedirs(dirname, exist_ok=True)
    with open(os.path.join(dirname, "kernelslist.g"), "w") as f:
        f.write("kernel-1.traceg\n")
    with open(os.path.join(dirname, "kernel-1.traceg"), "w") as f:
        f.write(header(name, grid, block, nregs, shmem))
        for tb, warps in ctas:
            f.write(f"#BEGIN_TB\n\nthread block = {tb[0]},{tb[1]},{tb[2]}\n\n")
            for w, prog in enumerate(warps):
                f.write(f"warp = {w}\ninsts = {len(prog)}\n")
                f.writelines(ins(i * 16, *line) for i, line in enumerate(prog))
                f.write("\n")
            f.write("#END_TB\n\n")

FULL = 0xffffffff

# ---- matmul: grid (2,2,1), block (16,16,1) = 8 warps per CTA, 2 tile iterations per warp
def matmul():
    A, B, C = 0x7f1200000000, 0x7f1200100000, 0x7f1200200000
    ctas = []
    for by in range(2):
        for bx in range(2):
            cta = by * 2 + bx
            warps = []
            for w in range(8):
                g = (cta * 8 + w) * 128          # this warp's 128 B of each matrix
                p = [(FULL, [0], "S2R", []), (FULL, [1], "S2R", []), (FULL, [2], "IMAD", [0, 1])]
                for it in range(2):
                    t = it * 0x10000
                    p += [(FULL, [4], "LDG.E", [2], 4, f"1 0x{A + t + g:x} 4"),
                          (FULL, [5], "LDG.E", [3], 4, f"1 0x{B + t + g:x} 4"),
                          (FULL, [], "STS", [6, 4], 4, f"1 0x{w * 128:x} 4"),        # stride 4 B: degree 1
                          (FULL, [], "STS", [7, 5], 4, f"1 0x{1024 + w * 128:x} 4"),
                          (FULL, [], "BAR.SYNC", []),
                          (FULL, [8], "LDS", [6], 4, "1 0x0 0"),                     # broadcast: degree 1
                          (FULL, [9], "LDS", [7], 4, "1 0x400 8"),                   # stride 8 B: degree 2
                          (FULL, [10], "FFMA", [8, 9, 10]),
                          (FULL, [8], "LDS", [6], 4, "1 0x4 0"),
                          (FULL, [9], "LDS", [7], 4, "1 0x480 8"),
                          (FULL, [10], "FFMA", [8, 9, 10]),
                          (FULL, [], "BAR.SYNC", []),
                          (FULL, [2], "IADD3", [2]),
                          (FULL, [], "ISETP.GE.AND", [2]),
                          (FULL, [], "BRA", [])]
                p += [(FULL, [], "STG.E", [11, 10], 4, f"1 0x{C + g:x} 4"), (FULL, [], "EXIT", [])]
                warps.append(p)
            ctas.append(((bx, by, 0), warps))
    write("matmul", "_Z6matmulPfS_S_i", (2, 2, 1), (16, 16, 1), 32, 2048, ctas)

# ---- vectoradd: one CTA of 1024 threads = 32 warps, n = 1000 (warp 31: lanes 0-7 in range)
def vectoradd():
    A, B, C = 0x7f1300000000, 0x7f1300100000, 0x7f1300200000
    warps = []
    for w in range(32):
        m = FULL if w < 31 else 0xff
        o = w * 128
        warps.append([(FULL, [0], "S2R", []), (FULL, [1], "IMAD", [0]), (FULL, [], "ISETP.GE.AND", [1]),
                      (m, [4], "LDG.E", [2], 4, f"1 0x{A + o:x} 4"), (m, [5], "LDG.E", [3], 4, f"1 0x{B + o:x} 4"),
                      (m, [6], "FADD", [4, 5]), (m, [], "STG.E", [7, 6], 4, f"1 0x{C + o:x} 4"),
                      (FULL, [], "EXIT", [])])
    write("vectoradd", "_Z6vecAddPKfS0_Pfi", (1, 1, 1), (1024, 1, 1), 10, 0, [((0, 0, 0), warps)])

# ---- MLP: one kernel per case, one warp each
def mlp():
    X = 0x7f1400000000
    chain = [(FULL, [2], "LDG.E", [1], 4, f"1 0x{X:x} 4"), (FULL, [3], "LDG.E", [2], 4, f"1 0x{X + 128:x} 4"),
             (FULL, [4], "LDG.E", [3], 4, f"1 0x{X + 256:x} 4"), (FULL, [5], "LDG.E", [4], 4, f"1 0x{X + 384:x} 4"),
             (FULL, [6], "FADD", [5, 5]), (FULL, [], "EXIT", [])]
    indep = [(FULL, [2 + k], "LDG.E", [1], 4, f"1 0x{X + 128 * k:x} 4") for k in range(4)]
    indep += [(FULL, [6], "FADD", [2, 3]), (FULL, [7], "FADD", [4, 5]), (FULL, [], "EXIT", [])]
    # a 64-bit load writes R8 and R9: reading R9 is its first use; IADD3 between does not touch them
    wide = [(FULL, [8], "LDG.E.64", [1], 8, f"1 0x{X:x} 8"), (FULL, [10], "LDG.E", [1], 4, f"1 0x{X + 512:x} 4"),
            (FULL, [11], "IADD3", [1]), (FULL, [12], "FADD", [9, 11]), (FULL, [], "EXIT", [])]
    for name, prog in (("mlp-chain", chain), ("mlp-indep", indep), ("mlp-wide", wide)):
        write(name, "_Z3mlpPf", (1, 1, 1), (32, 1, 1), 16, 0, [((0, 0, 0), [prog])])

# ---- misc: mix, SIMD, barriers, atomics: one CTA of 2 warps
def misc():
    X, Y = 0x7f1500000000, 0x7f1500001000
    d4 = " ".join(["4", "4", "4", "-12"] * 8)[:-4].rstrip()   # lane l -> X + 4 (l mod 4)
    deltas = (["4", "4", "4", "-12"] * 8)[:31]
    w0 = [(FULL, [1], "FFMA", [1, 2, 3]), (0x0000ffff, [2], "FMUL", [1, 1]),   # 32 + 16 lanes
          (0x000000ff, [3], "DFMA", [2, 2, 2]), (0x0000000f, [4], "MUFU.RSQ", [3]),   # 8, 4
          (FULL, [5], "HMMA.16816.F32", [4, 4, 5]), (FULL, [6], "IADD3", [5]),
          (FULL, [], "BAR.SYNC", []),
          (FULL, [7], "ATOMG.E.ADD.STRONG.GPU", [6, 1], 4, f"1 0x{X:x} 0"),          # 32 lanes, 1 address
          (FULL, [8], "ATOMG.E.ADD.STRONG.GPU", [6, 1], 4, f"2 0x{X:x} " + " ".join(deltas)),  # 4 addresses
          (FULL, [], "RED.E.ADD.STRONG.GPU", [6, 1], 4, f"1 0x{Y:x} 4"),            # 32 addresses
          (FULL, [], "ATOMS.ADD", [9, 1], 4, "1 0x0 0"),
          (FULL, [], "BAR.SYNC", []), (FULL, [], "BRA", []), (FULL, [], "EXIT", [])]
    w1 = [(0x00000001, [1], "FADD", [1, 2]), (FULL, [], "BAR.SYNC", []), (FULL, [], "BAR.SYNC", []),
          (FULL, [], "EXIT", [])]
    write("misc", "_Z4miscPf", (1, 1, 1), (64, 1, 1), 24, 4096, [((0, 0, 0), [w0, w1])])

matmul(); vectoradd(); mlp(); misc()
