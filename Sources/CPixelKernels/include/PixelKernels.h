// Pixel loops that need instructions Swift cannot ask for on one function: AVX2, chosen at run time.
// Each kernel gives the same bytes as the portable Swift code it stands in for (the tests compare them).
#ifndef SPRUCE_PIXEL_KERNELS_H
#define SPRUCE_PIXEL_KERNELS_H

#include <stdbool.h>
#include <stdint.h>

/// Whether this CPU and the operating system support AVX2 (CPUID leaf 7, with the YMM state enabled in XCR0).
bool spruce_cpu_has_avx2(void);

/// Premultiplied BGRA (rows packed, `width` pixels each) to planar BT.709 limited-range Y'CbCr 4:2:0 in `out`
/// (Y plane, then Cb, then Cr), for the 2x2 blocks of the rectangle [x0, x1) x [y0, y1) only: the formulas of
/// SpruceVideo's YUV420Conversion. Corners must be even and inside the frame. Call only when
/// `spruce_cpu_has_avx2()` is true.
void spruce_yuv420_convert_avx2(const uint8_t *bgra, intptr_t width, intptr_t height, uint8_t *out,
                                intptr_t x0, intptr_t y0, intptr_t x1, intptr_t y1);

#endif
