// Pixel loops that need instructions Swift cannot ask for on one function: AVX2, chosen at run time.
// Each kernel gives the same bytes as the portable Swift code it stands in for (the tests compare them).
#ifndef SPRUCE_PIXEL_KERNELS_H
#define SPRUCE_PIXEL_KERNELS_H

#include <stdbool.h>
#include <stdint.h>

/// The BT.709 limited-range matrix of the 4:2:0 conversion, as integers: 219/255 (luma) and 224/255 (chroma)
/// times the matrix rows (Kr = 0.2126, Kb = 0.0722), times 2^16. One definition for the AVX2 kernel and for
/// SpruceVideo's YUV420Conversion, so the two cannot drift apart.
enum {
    SPRUCE_YUV_Y_R = 11966, SPRUCE_YUV_Y_G = 40254, SPRUCE_YUV_Y_B = 4064,
    SPRUCE_YUV_U_R = -6596, SPRUCE_YUV_U_G = -22188, SPRUCE_YUV_U_B = 28784,
    SPRUCE_YUV_V_R = 28784, SPRUCE_YUV_V_G = -26145, SPRUCE_YUV_V_B = -2639,
};

/// Whether this CPU and the operating system support AVX2 (CPUID leaf 7, with the YMM state enabled in XCR0).
bool spruce_cpu_has_avx2(void);

/// Premultiplied BGRA (rows packed, `width` pixels each) to planar BT.709 limited-range Y'CbCr 4:2:0 in `out`
/// (Y plane, then Cb, then Cr), for the 2x2 blocks of the rectangle [x0, x1) x [y0, y1) only: the formulas of
/// SpruceVideo's YUV420Conversion. Corners must be even and inside the frame. Call only when
/// `spruce_cpu_has_avx2()` is true.
void spruce_yuv420_convert_avx2(const uint8_t *bgra, intptr_t width, intptr_t height, uint8_t *out,
                                intptr_t x0, intptr_t y0, intptr_t x1, intptr_t y1);

#endif
