// BGRA to 4:2:0 with eight pixels of two rows in 256-bit registers. The integer formulas are those of
// YUV420Conversion.swift (16 fractional bits for luma, 18 for the four-pixel chroma sums, rounded to nearest),
// so the bytes are the portable code's.
#include "PixelKernels.h"

#if defined(__x86_64__)
#include <immintrin.h>
#include <stdbool.h>
#include <string.h>

#define AVX2 __attribute__((target("avx2")))

typedef uint32_t u32x8 __attribute__((vector_size(32)));
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

/// Sixteen-bit lanes do the multiplying (`vpmaddwd`, exact: every product and pair sum fits 32 bits). Luma's
/// coefficients are all even, so halved they fit 16 bits and the sum is shifted by 15 instead of 16, which gives
/// the same quotient. The order of the words is a pixel's bytes: blue, green, red, alpha (weight 0).
static inline AVX2 __m256i weights(int b, int g, int r) {
    return _mm256_set1_epi64x((int64_t)(uint16_t)b | (int64_t)(uint16_t)g << 16 | (int64_t)(uint16_t)r << 32);
}

/// The last flat window's colour and its converted bytes, so that flat runs are stores only.
typedef struct {
    uint32_t pixel;
    u8x8 y;
    u8x4 cb, cr;
} flat_window;

/// Converts the eight pixels `a` (top row) and `b` (bottom row) from column x and returns their bytes as a flat
/// window's (meaningful when all sixteen pixels are one colour).
static inline AVX2 flat_window convert_pixels(u32x8 pa, u32x8 pb, uint8_t *yTop, uint8_t *yBottom, uint8_t *cb,
                                              uint8_t *cr, intptr_t x) {
    const __m256i zero = _mm256_setzero_si256();
    __m256i a = (__m256i)pa, b = (__m256i)pb;
    // Words of pixels 0, 1 | 4, 5 (`lo`) and 2, 3 | 6, 7 (`hi`) of each row.
    __m256i aLo = _mm256_unpacklo_epi8(a, zero), aHi = _mm256_unpackhi_epi8(a, zero);
    __m256i bLo = _mm256_unpacklo_epi8(b, zero), bHi = _mm256_unpackhi_epi8(b, zero);
    const __m256i wy = weights(yB / 2, yG / 2, yR / 2), yOffset = _mm256_set1_epi32(lumaOffset / 2);
    // Pair sums added across: pixels 0 1 2 3 | 4 5 6 7 in order.
    __m256i ya = _mm256_hadd_epi32(_mm256_madd_epi16(aLo, wy), _mm256_madd_epi16(aHi, wy));
    __m256i yb = _mm256_hadd_epi32(_mm256_madd_epi16(bLo, wy), _mm256_madd_epi16(bHi, wy));
    ya = _mm256_srai_epi32(_mm256_add_epi32(ya, yOffset), 15);
    yb = _mm256_srai_epi32(_mm256_add_epi32(yb, yOffset), 15);
    // Bytes: top 0-3, bottom 0-3 in the first dword pair of each lane; gathered into top 0-7, bottom 0-7.
    __m256i y8 = _mm256_packus_epi16(_mm256_packs_epi32(ya, yb), zero);
    __m128i ys = _mm256_castsi256_si128(_mm256_permutevar8x32_epi32(y8, _mm256_setr_epi32(0, 4, 1, 5, 0, 0, 0, 0)));
    // Columns summed down, weighted, then added across in pixel pairs: Cb 0 1, Cr 0 1 | Cb 2 3, Cr 2 3.
    __m256i sLo = _mm256_add_epi16(aLo, bLo), sHi = _mm256_add_epi16(aHi, bHi);
    const __m256i wu = weights(uB, uG, uR), wv = weights(vB, vG, vR), cOffset = _mm256_set1_epi32(chromaOffset);
    __m256i u = _mm256_hadd_epi32(_mm256_madd_epi16(sLo, wu), _mm256_madd_epi16(sHi, wu));
    __m256i v = _mm256_hadd_epi32(_mm256_madd_epi16(sLo, wv), _mm256_madd_epi16(sHi, wv));
    __m256i uv = _mm256_srai_epi32(_mm256_add_epi32(_mm256_hadd_epi32(u, v), cOffset), 18);
    __m256i uv8 = _mm256_packus_epi16(_mm256_packs_epi32(uv, zero), zero);
    __m128i c = _mm256_castsi256_si128(_mm256_permutevar8x32_epi32(uv8, _mm256_setr_epi32(0, 4, 0, 0, 0, 0, 0, 0)));
    c = _mm_shuffle_epi8(c, _mm_setr_epi8(0, 1, 4, 5, 2, 3, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15));
    flat_window out = {.pixel = pa[0]};
    _mm_storel_epi64((__m128i *)&out.y, ys);
    memcpy(yTop + x, &out.y, 8);
    _mm_storeh_pi((__m64 *)(yBottom + x), _mm_castsi128_ps(ys));
    uint64_t chroma = (uint64_t)_mm_cvtsi128_si64(c);
    memcpy(&out.cb, &chroma, 4);
    memcpy(&out.cr, (char *)&chroma + 4, 4);
    memcpy(cb + x / 2, &out.cb, 4);
    memcpy(cr + x / 2, &out.cr, 4);
    return out;
}

/// The window of eight columns from x, loaded and converted.
static inline AVX2 void convert_window(const uint32_t *top, const uint32_t *bottom, uint8_t *yTop, uint8_t *yBottom,
                                       uint8_t *cb, uint8_t *cr, intptr_t x) {
    u32x8 a, b;
    memcpy(&a, top + x, sizeof a);
    memcpy(&b, bottom + x, sizeof b);
    (void)convert_pixels(a, b, yTop, yBottom, cb, cr, x);
}

/// The rows of the pair `ahead` row pairs down, whose lines are asked for while this pair is converted; `top`
/// is null when there are none.
typedef struct {
    const char *top, *bottom;
    uint8_t *y, *cb, *cr;
    intptr_t width, x0;
} rows_ahead;

/// The lines of the rows ahead that the `columns` (8 or 16) columns from x will need: a line of each BGRA row
/// every 16 pixels, of each luma row every 64, of each chroma row every 128, counted from the rectangle's left
/// side (x lies a multiple of 8 from it).
static inline void prefetch_ahead(const rows_ahead *next, intptr_t x, intptr_t columns) {
    intptr_t offset = x - next->x0;
    if (!next->top || (offset & 15) >= columns) return;
    __builtin_prefetch(next->top + x * 4, 0, 3);
    __builtin_prefetch(next->bottom + x * 4, 0, 3);
    if ((offset & 63) >= columns) return;
    __builtin_prefetch(next->y + x, 1, 3);
    __builtin_prefetch(next->y + next->width + x, 1, 3);
    if ((offset & 127) >= columns) return;
    __builtin_prefetch(next->cb + x / 2, 1, 3);
    __builtin_prefetch(next->cr + x / 2, 1, 3);
}

/// Whether a window's eight pixels of the top row (`a`) and of the bottom row (`b`) are all `colour`.
static inline AVX2 bool window_is(__m256i a, __m256i b, __m256i colour) {
    __m256i same = _mm256_and_si256(_mm256_cmpeq_epi32(a, colour), _mm256_cmpeq_epi32(b, colour));
    return _mm256_movemask_epi8(same) == -1;
}

/// Whether the window from column x is all `colour`.
static inline AVX2 bool all_colour(const uint32_t *top, const uint32_t *bottom, intptr_t x, __m256i colour) {
    return window_is(_mm256_loadu_si256((const __m256i *)(top + x)), _mm256_loadu_si256((const __m256i *)(bottom + x)),
                     colour);
}

/// Stores the flat window's bytes from column x on for as long as the windows are all its colour, two windows
/// at a time, and returns the first column whose window is not, or the first past the last whole window.
static inline AVX2 intptr_t flat_run(const flat_window *flat, const uint32_t *top, const uint32_t *bottom,
                                     uint8_t *yTop, uint8_t *yBottom, uint8_t *cb, uint8_t *cr, intptr_t x,
                                     intptr_t x1, const rows_ahead *next) {
    const __m256i colour = _mm256_set1_epi32((int)flat->pixel);
    uint64_t y;
    memcpy(&y, &flat->y, 8);
    const __m128i luma = _mm_set1_epi64x((long long)y);
    uint32_t u, v;
    memcpy(&u, &flat->cb, 4);
    memcpy(&v, &flat->cr, 4);
    const uint64_t u2 = (uint64_t)u * 0x100000001u, v2 = (uint64_t)v * 0x100000001u;  // two windows' chroma
    for (; x + 16 <= x1; x += 16) {
        prefetch_ahead(next, x, 16);
        if (!all_colour(top, bottom, x, colour) || !all_colour(top, bottom, x + 8, colour)) break;
        _mm_storeu_si128((__m128i *)(yTop + x), luma);
        _mm_storeu_si128((__m128i *)(yBottom + x), luma);
        memcpy(cb + x / 2, &u2, 8);
        memcpy(cr + x / 2, &v2, 8);
    }
    if (x + 8 <= x1 && all_colour(top, bottom, x, colour)) {
        memcpy(yTop + x, &y, 8);
        memcpy(yBottom + x, &y, 8);
        memcpy(cb + x / 2, &u, 4);
        memcpy(cr + x / 2, &v, 4);
        x += 8;
    }
    return x;
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
        // (why: prefetch.h).
        const intptr_t ahead = row + 8 < y1 ? 8 : (row + 4 < y1 ? 4 : 0);
        const rows_ahead next = {
            .top = ahead ? (const char *)(top + ahead * width) : NULL, .bottom = (const char *)(bottom + ahead * width),
            .y = yTop + ahead * width, .cb = cb + (ahead / 2) * (width / 2), .cr = cr + (ahead / 2) * (width / 2),
            .width = width, .x0 = x0,
        };
        intptr_t x = x0;
        while (x + 8 <= x1) {
            if (haveFlat) {
                x = flat_run(&flat, top, bottom, yTop, yBottom, cb, cr, x, x1, &next);
                if (x + 8 > x1) break;
            } else {
                prefetch_ahead(&next, x, 8);
            }
            u32x8 a, b;
            memcpy(&a, top + x, sizeof a);
            memcpy(&b, bottom + x, sizeof b);
            bool isFlat = window_is((__m256i)a, (__m256i)b, (__m256i)((u32x8){0} + a[0]));
            flat_window converted = convert_pixels(a, b, yTop, yBottom, cb, cr, x);
            if (isFlat) {
                flat = converted;
                haveFlat = 1;
            }
            x += 8;
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
