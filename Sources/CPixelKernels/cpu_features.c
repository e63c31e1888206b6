#include "PixelKernels.h"

#if defined(__x86_64__)
#include <cpuid.h>
#include <stdatomic.h>

static bool ask_cpu(void) {
    unsigned int a, b, c, d;
    if (!__get_cpuid(1, &a, &b, &c, &d)) return false;
    if (!(c & bit_OSXSAVE) || !(c & bit_AVX)) return false;
    unsigned int low, high;
    __asm__ volatile("xgetbv" : "=a"(low), "=d"(high) : "c"(0));
    if ((low & 0x6) != 0x6) return false;  // the kernel saves XMM and YMM registers across switches
    if (!__get_cpuid_count(7, 0, &a, &b, &c, &d)) return false;
    return (b & bit_AVX2) != 0;
}

/// CPUID is slow, and traps in a virtual machine: the CPU is asked once, and later calls read the answer.
bool spruce_cpu_has_avx2(void) {
    static _Atomic int known = -1;
    int answer = atomic_load_explicit(&known, memory_order_relaxed);
    if (answer < 0) {
        answer = ask_cpu();
        atomic_store_explicit(&known, answer, memory_order_relaxed);
    }
    return answer;
}
#else
bool spruce_cpu_has_avx2(void) { return false; }
#endif
