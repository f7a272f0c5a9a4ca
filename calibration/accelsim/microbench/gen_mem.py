import os
from gen_alu import hdr
def write(name, addrs):
    os.makedirs(name, exist_ok=True)
    with open(f"{name}/kernel-1.traceg","w") as f:
        f.write(hdr(name, 1, 32))
        f.write("#BEGIN_TB\n\nthread block = 0,0,0\n\n")
        b=[]
        for i,a in enumerate(addrs):
            pc=0x1000+16*(i%64)
            # dependent chain: load R1 <- [R1]; all 32 lanes same address (1 request)
            b.append(f"{pc:x} ffffffff 1 R1 LDG.E 1 R1 4 1 0x{a:x} 0")
        b.append("1fff0 ffffffff 0 EXIT 0 0")
        f.write(f"warp = 0\ninsts = {len(b)}\n"+"\n".join(b)+"\n\n#END_TB\n\n")
    open(f"{name}/kernelslist.g","w").write("kernel-1.traceg\n")
N=500
write("ld_l1hit", [0x10000000]*N)
# L2 hits: touch N distinct lines twice: first pass misses (DRAM), second pass... L1 is write/read allocate 'L:T:m:L:L' -> loads allocate in L1; use stride > L1 capacity? simpler: distinct lines each time => DRAM misses
write("ld_dram", [0x10000000 + 128*i*97 for i in range(N)])
# L2 hit without L1 hit: loop over 2048 lines (256 KiB > 128 KiB L1 but < 6 MiB L2) twice; measure second pass separately by difference
M=2048
write("ld_l2_1pass", [0x20000000 + 128*i for i in range(M)])
write("ld_l2_2pass", [0x20000000 + 128*i for i in range(M)]*2)
