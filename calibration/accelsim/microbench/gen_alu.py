import sys, os
# microbenchmarks: name, warps per CTA, CTAs, per-warp instruction list generator
def hdr(name, ctas, threads):
    return f"""-kernel name = {name}
-kernel id = 1
-grid dim = ({ctas},1,1)
-block dim = ({threads},1,1)
-shmem = 0
-nregs = 0
-binary version = 70
-cuda stream id = 0
-shmem base_addr = 0x00007f0000000000
-local mem base_addr = 0x00007e0000000000
-nvbit version = none (written by gpu20c microbenchmark)
-accelsim tracer version = 4
-enable lineinfo = 0

#traces format = PC mask dest_num [reg_dests] opcode src_num [reg_srcs] mem_width [adrrescompress?] [mem_addresses]

"""
def body(kind, n):
    out=[]
    for i in range(n):
        pc = 0x1000 + 16*(i % 64)
        if kind=='indep': out.append(f"{pc:x} ffffffff 0 NOP 0 0")
        elif kind=='depnop': out.append(f"{pc:x} ffffffff 1 R1 NOP 1 R1 0")
        elif kind=='depffma': out.append(f"{pc:x} ffffffff 1 R1 FFMA 1 R1 0")
        elif kind=='indffma': out.append(f"{pc:x} ffffffff 1 R{2+i%8} FFMA 1 R1 0")
        elif kind=='depmufu': out.append(f"{pc:x} ffffffff 1 R1 MUFU.EX2 1 R1 0")
        elif kind=='depimad': out.append(f"{pc:x} ffffffff 1 R1 IMAD 1 R1 0")
    return out
def write(name, kind, ctas, warps, n):
    d=f"{name}"; os.makedirs(d, exist_ok=True)
    with open(f"{d}/kernel-1.traceg","w") as f:
        f.write(hdr(name, ctas, 32*warps))
        for c in range(ctas):
            f.write(f"#BEGIN_TB\n\nthread block = {c},0,0\n\n")
            for w in range(warps):
                b=body(kind,n)+["1fff0 ffffffff 0 EXIT 0 0"]
                f.write(f"warp = {w}\ninsts = {len(b)}\n"+"\n".join(b)+"\n\n")
            f.write("#END_TB\n\n")
    open(f"{d}/kernelslist.g","w").write("kernel-1.traceg\n")
if __name__ == "__main__":   # the traces; gen_mem, gen_share and gen_group import hdr only
    N=1000
    for kind in ['indep','depnop','depffma','indffma','depmufu','depimad']:
        write(f"{kind}_w1", kind, 1, 1, N)
    write("indep_w4","indep",1,4,N)
    write("indep_w16","indep",1,16,N)
    write("depnop_w4","depnop",1,4,N)
    write("depnop_w16","depnop",1,16,N)
    write("depffma_w16","depffma",1,16,N)
    write("indffma_w16","indffma",1,16,N)
