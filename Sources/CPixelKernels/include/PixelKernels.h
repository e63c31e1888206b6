// Pixel loops in C: AVX2 chosen at run time (Swift cannot ask for it on one function), and the rounded-tile fill,
// whose integer scan conversion and SSE2 or AVX2 compositing Swift would slow with bounds and overflow checks. Each
// gives the same bytes as what it stands in for (the portable Swift conversion, Cairo's fill); the tests compare them.
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

/// Whether this CPU and the operating system support AVX2 (CPUID leaf 7, with the YMM state enabled in XCR0),
/// asked of the CPU on the first call only.
bool spruce_cpu_has_avx2(void);

/// Premultiplied BGRA (rows packed, `width` pixels each) to planar BT.709 limited-range Y'CbCr 4:2:0 in `out`
/// (Y plane, then Cb, then Cr), for the 2x2 blocks of the rectangle [x0, x1) x [y0, y1) only: the formulas of
/// SpruceVideo's YUV420Conversion. Corners must be even and inside the frame. Call only when
/// `spruce_cpu_has_avx2()` is true.
void spruce_yuv420_convert_avx2(const uint8_t *bgra, intptr_t width, intptr_t height, uint8_t *out,
                                intptr_t x0, intptr_t y0, intptr_t x1, intptr_t y1);

/// Sets every pixel of the rectangle [x0, x1) x [y0, y1) (inside the surface; `stride` in pixels) to `pixel`: the
/// bytes of Cairo's SOURCE paint of a solid colour through a pixel-aligned clip, which stores the colour's
/// premultiplied pixel with pixman_fill.
void spruce_fill_rect(uint32_t *pixels, intptr_t stride, intptr_t x0, intptr_t y0, intptr_t x1, intptr_t y1,
                      uint32_t pixel);

/// Fills the rounded tile path of SpruceRender's `roundedRect` (one Bézier a corner) with one premultiplied colour,
/// giving the bytes `cairo_fill` of Cairo 1.16 gives (antialiased, tolerance 0.1, operator OVER, no clip, onto a
/// surface Cairo does not know to be clear). `corners` holds, in device pixels, x and y of the four corners' start,
/// first control point, second control point and end, top right, bottom right, bottom left, top left. `stride` is
/// in pixels. False, having drawn nothing, when a point lies outside the surface or the path is not one it fills
/// exactly (a corner collapsed to one point, more edges than it holds); the caller then fills with Cairo.
bool spruce_fill_rounded_tile(uint32_t *pixels, intptr_t stride, intptr_t width, intptr_t height,
                              const double corners[32], uint32_t pixel);

#endif
