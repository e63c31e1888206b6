#include "PixelKernels.h"

#if defined(__x86_64__)
#include <cpuid.h>

bool spruce_cpu_has_avx2(void) {
    unsigned int a, b, c, d;
    if (!__get_cpuid(1, &a, &b, &c, &d)) return false;
    if (!(c & bit_OSXSAVE) || !(c & bit_AVX)) return false;
    unsigned int low, high;
    __asm__ volatile("xgetbv" : "=a"(low), "=d"(high) : "c"(0));
    if ((low & 0x6) != 0x6) return false;  // the kernel saves XMM and YMM registers across switches
    if (!__get_cpuid_count(7, 0, &a, &b, &c, &d)) return false;
    return (b & bit_AVX2) != 0;
}
#else
bool spruce_cpu_has_avx2(void) { return false; }
#endif
