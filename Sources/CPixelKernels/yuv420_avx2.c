// BGRA to 4:2:0 with eight pixels of two rows in 256-bit registers. The integer formulas are those of
// YUV420Conversion.swift (16 fractional bits for luma, 18 for the four-pixel chroma sums, rounded to nearest),
// so the bytes are the portable code's.
#include "PixelKernels.h"

#if defined(__x86_64__)
#include <immintrin.h>
#include <string.h>

#define AVX2 __attribute__((target("avx2")))

typedef uint32_t u32x8 __attribute__((vector_size(32)));
typedef int32_t i32x8 __attribute__((vector_size(32)));
typedef int32_t i32x4 __attribute__((vector_size(16)));
typedef uint8_t u8x8 __attribute__((vector_size(8)));
typedef uint8_t u8x4 __attribute__((vector_size(4)));

enum {
    yR = SPRUCE_YUV_Y_R, yG = SPRUCE_YUV_Y_G, yB = SPRUCE_YUV_Y_B,
    uR = SPRUCE_YUV_U_R, uG = SPRUCE_YUV_U_G, uB = SPRUCE_YUV_U_B,
    vR = SPRUCE_YUV_V_R, vG = SPRUCE_YUV_V_G, vB = SPRUCE_YUV_V_B,
    lumaOffset = (16 << 16) + (1 << 15),
    chromaOffset = (128 << 18) + (1 << 17),
};

static inline uint8_t luma(uint32_t p) {
    int r = (p >> 16) & 0xFF, g = (p >> 8) & 0xFF, b = p & 0xFF;
    return (uint8_t)((yR * r + yG * g + yB * b + lumaOffset) >> 16);
}

/// One 2x2 block whose top-left pixel is column x: the scalar formulas, for the columns after the last
/// whole window of eight.
static inline void convert_block(const uint32_t *top, const uint32_t *bottom, uint8_t *yTop, uint8_t *yBottom,
                                 uint8_t *cb, uint8_t *cr, intptr_t x) {
    uint32_t p[4] = {top[x], top[x + 1], bottom[x], bottom[x + 1]};
    yTop[x] = luma(p[0]); yTop[x + 1] = luma(p[1]);
    yBottom[x] = luma(p[2]); yBottom[x + 1] = luma(p[3]);
    int r = 0, g = 0, b = 0;
    for (int i = 0; i < 4; i++) { r += (p[i] >> 16) & 0xFF; g += (p[i] >> 8) & 0xFF; b += p[i] & 0xFF; }
    cb[x / 2] = (uint8_t)((uR * r + uG * g + uB * b + chromaOffset) >> 18);
    cr[x / 2] = (uint8_t)((vR * r + vG * g + vB * b + chromaOffset) >> 18);
}

static inline AVX2 i32x8 channel(u32x8 p, int shift) { return (i32x8)((p >> shift) & 0xFF); }

static inline AVX2 u8x8 luma8(u32x8 p) {
    i32x8 y = (yR * channel(p, 16) + yG * channel(p, 8) + yB * channel(p, 0) + lumaOffset) >> 16;
    return __builtin_convertvector(y, u8x8);
}

/// Sums of the four 2x2 blocks of one channel: each column down, then neighbouring columns.
static inline AVX2 i32x4 block_sums(u32x8 a, u32x8 b, int shift) {
    i32x8 column = channel(a, shift) + channel(b, shift);
    return __builtin_shufflevector(column, column, 0, 2, 4, 6) + __builtin_shufflevector(column, column, 1, 3, 5, 7);
}

/// The last flat window's colour and its converted bytes, so that flat runs are stores only.
typedef struct {
    uint32_t pixel;
    u8x8 y;
    u8x4 cb, cr;
} flat_window;

/// Converts the eight pixels `a` (top row) and `b` (bottom row) from column x and returns their bytes as a flat
/// window's (meaningful when all sixteen pixels are one colour).
static inline AVX2 flat_window convert_pixels(u32x8 a, u32x8 b, uint8_t *yTop, uint8_t *yBottom, uint8_t *cb,
                                              uint8_t *cr, intptr_t x) {
    u8x8 ya = luma8(a), yb = luma8(b);
    memcpy(yTop + x, &ya, 8);
    memcpy(yBottom + x, &yb, 8);
    i32x4 r = block_sums(a, b, 16), g = block_sums(a, b, 8), bl = block_sums(a, b, 0);
    u8x4 u = __builtin_convertvector((uR * r + uG * g + uB * bl + chromaOffset) >> 18, u8x4);
    u8x4 v = __builtin_convertvector((vR * r + vG * g + vB * bl + chromaOffset) >> 18, u8x4);
    memcpy(cb + x / 2, &u, 4);
    memcpy(cr + x / 2, &v, 4);
    return (flat_window){.pixel = a[0], .y = ya, .cb = u, .cr = v};
}

/// The window of eight columns from x, loaded and converted.
static inline AVX2 void convert_window(const uint32_t *top, const uint32_t *bottom, uint8_t *yTop, uint8_t *yBottom,
                                       uint8_t *cb, uint8_t *cr, intptr_t x) {
    u32x8 a, b;
    memcpy(&a, top + x, sizeof a);
    memcpy(&b, bottom + x, sizeof b);
    (void)convert_pixels(a, b, yTop, yBottom, cb, cr, x);
}

/// The lines of the rows `ahead` that column x's window will need: a line of each BGRA row every 16 pixels, of
/// each luma row every 64, of each chroma row every 128 (`offset` counts from the rectangle's left side).
static inline void prefetch_ahead(const char *top, const char *bottom, uint8_t *y, uint8_t *cb, uint8_t *cr,
                                  intptr_t width, intptr_t offset, intptr_t x) {
    if (offset & 15) return;
    __builtin_prefetch(top + x * 4, 0, 3);
    __builtin_prefetch(bottom + x * 4, 0, 3);
    if (offset & 63) return;
    __builtin_prefetch(y + x, 1, 3);
    __builtin_prefetch(y + width + x, 1, 3);
    if (offset & 127) return;
    __builtin_prefetch(cb + x / 2, 1, 3);
    __builtin_prefetch(cr + x / 2, 1, 3);
}

AVX2 void spruce_yuv420_convert_avx2(const uint8_t *bgra, intptr_t width, intptr_t height, uint8_t *out,
                                     intptr_t x0, intptr_t y0, intptr_t x1, intptr_t y1) {
    if (x0 >= x1 || y0 >= y1) return;
    uint8_t *cbPlane = out + width * height, *crPlane = cbPlane + (width / 2) * (height / 2);
    flat_window flat = {0};
    int haveFlat = 0;
    for (intptr_t row = y0; row < y1; row += 2) {
        const uint32_t *top = (const uint32_t *)(bgra + row * width * 4), *bottom = top + width;
        uint8_t *yTop = out + row * width, *yBottom = yTop + width;
        uint8_t *cb = cbPlane + (row / 2) * (width / 2), *cr = crPlane + (row / 2) * (width / 2);
        // Four row pairs ahead (two near the bottom), asked for while this pair is converted, spread along it
        // (`prefetch_ahead`; why: prefetch.h).
        const intptr_t ahead = row + 8 < y1 ? 8 : (row + 4 < y1 ? 4 : 0);
        const char *nextTop = (const char *)(top + ahead * width), *nextBottom = (const char *)(bottom + ahead * width);
        uint8_t *nextY = yTop + ahead * width, *nextCb = cb + (ahead / 2) * (width / 2), *nextCr = cr + (ahead / 2) * (width / 2);
        intptr_t x = x0;
        for (; x + 8 <= x1; x += 8) {
            if (ahead) prefetch_ahead(nextTop, nextBottom, nextY, nextCb, nextCr, width, x - x0, x);
            u32x8 a, b;
            memcpy(&a, top + x, sizeof a);
            memcpy(&b, bottom + x, sizeof b);
            u32x8 first = (u32x8){0} + a[0];
            __m256i same = (__m256i)((a == first) & (b == first));
            int isFlat = _mm256_movemask_epi8(same) == -1;
            if (isFlat && haveFlat && a[0] == flat.pixel) {
                memcpy(yTop + x, &flat.y, 8);
                memcpy(yBottom + x, &flat.y, 8);
                memcpy(cb + x / 2, &flat.cb, 4);
                memcpy(cr + x / 2, &flat.cr, 4);
                continue;
            }
            flat_window converted = convert_pixels(a, b, yTop, yBottom, cb, cr, x);
            if (isFlat) {
                flat = converted;
                haveFlat = 1;
            }
        }
        // The last columns: one more window ending at x1, overlapping blocks already written (they get the
        // same bytes again), when the rectangle is at least a window wide; block by block otherwise.
        if (x < x1 && x1 - x0 >= 8) {
            convert_window(top, bottom, yTop, yBottom, cb, cr, x1 - 8);
            x = x1;
        }
        for (; x < x1; x += 2) convert_block(top, bottom, yTop, yBottom, cb, cr, x);
    }
}
#else
void spruce_yuv420_convert_avx2(const uint8_t *bgra, intptr_t width, intptr_t height, uint8_t *out,
                                intptr_t x0, intptr_t y0, intptr_t x1, intptr_t y1) {
    (void)bgra; (void)width; (void)height; (void)out; (void)x0; (void)y0; (void)x1; (void)y1;
}
#endif
