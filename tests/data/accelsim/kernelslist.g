MemcpyHtoD,0x00007f1200000000,4096
MemcpyHtoD,0x00007f1200001000,4096
kernel-1-ctx_0x5581e0c2a3b0.traceg
kernel-2-ctx_0x5581e0c2a3b0.traceg
kernel-3-ctx_0x5581e0c2a3b0.traceg
