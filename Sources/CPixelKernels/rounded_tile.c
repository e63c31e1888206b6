// A rounded tile filled with one colour, byte for byte as Cairo 1.16 fills the same path (`cairo_fill` of
// SpruceRender's `roundedRect` with one-curve corners, antialiased, OVER onto a surface that is not clear), for a
// fraction of Cairo's cost: no path object, no polygon, no linked cell lists and no span renderer per tile.
//
// What Cairo does, and what is done here in the same integers:
// 1. The path is in 24.8 fixed point. Each corner's Bézier is flattened by halving it (de Casteljau on the fixed
//    points, halves rounded down) until both control points lie within the tolerance (0.1 pixel) of the chord.
//    Every segment becomes an edge; horizontal ones are dropped.
// 2. Edges are scan converted on a grid of 256 columns by 15 sub-rows a pixel (Cairo's tor converter). A pixel row
//    is converted in one step ("full row": each edge's exact trapezoid in every column it crosses) when no edge
//    starts or ends in it and none cross; otherwise sub-row by sub-row, each edge's x taken at the sub-row's
//    middle, and spans between the edges added per cell.
// 3. Cells become coverage 0-255 as (17·area + 256) >> 9 of an area out of 2·256·15, then a run of pixels under
//    one coverage is composited: an opaque colour by Cairo's own lerp (rounding with 127), a translucent one by
//    pixman's OVER with an a8 mask (rounding with 128). Four pixels at a time in SSE2 registers, eight in AVX2 ones
//    where the CPU has them (the same integers either way).
// SpruceRender's `TileFillTests` compare thousands of random tiles (any affine matrix, opaque and translucent colours,
// plain and noisy backgrounds) with Cairo's own fill, pixel for pixel.
#include "PixelKernels.h"
#include "prefetch.h"

#include <limits.h>
#include <pthread.h>
#include <stdlib.h>
#include <string.h>

#if defined(__x86_64__)
#include <immintrin.h>
#elif defined(__SSE2__)
#include <emmintrin.h>
#endif

// MAX_EDGES: four corners of up to 366 pixels (the largest `cairo_arc` draws as one curve) flatten to at most 260
// lines (3,000 random rotated tiles); 128 stopped at 64-pixel corners. About 41 KB of stack with the edge arrays
// below.
enum { SUB_ROWS = 15, MAX_EDGES = 384, MAX_DEPTH = 12, STACK_COLUMNS = 512, MARGIN = 2 };

typedef struct { int32_t x, y; } point;

/// An edge on the grid: x as quotient (1/256 pixel) and remainder (of `dy`), stepped per sub-row and per row.
typedef struct {
    int32_t top, left;          // first sub-row; sub-rows left to convert
    int32_t dir;
    int64_t dy, halfDy;         // dy 0 for a vertical edge
    int32_t xq, stepq, rowq, cell;
    int64_t xr, stepr, rowr;
} edge;

/// A path segment that is not horizontal, top end first; `dir` -1 when the path runs up along it.
typedef struct {
    point top, bottom;
    int32_t dir;
} line;

typedef struct {
    line lines[MAX_EDGES];
    int count;
    bool overflow;
    point current;
    int32_t minX, maxX, minY, maxY;   // over the lines kept, 24.8
    struct curve_set *shapes;         // the thread's flattened shapes (`thread_shapes`), or NULL
} polygon;

// MARK: 1. The path as edges

/// Cairo's `_cairo_fixed_from_double`: round to nearest in 1/256, ties to even, by the magic-number addition.
static inline int32_t fixed_from_double(double d) {
    union { double d; int64_t i; } u;
    u.d = d + 26388279066624.0; // 1.5 · 2^44
    return (int32_t)u.i;
}

static void add_line(polygon *p, point to) {
    point from = p->current;
    p->current = to;
    if (from.y == to.y) return;
    if (p->count == MAX_EDGES) { p->overflow = true; return; }
    int dir = 1;
    if (from.y > to.y) { point t = from; from = to; to = t; dir = -1; }
    p->lines[p->count++] = (line){ from, to, dir };
    if (from.y < p->minY) p->minY = from.y;
    if (to.y > p->maxY) p->maxY = to.y;
    int32_t lo = from.x < to.x ? from.x : to.x, hi = from.x < to.x ? to.x : from.x;
    if (lo < p->minX) p->minX = lo;
    if (hi > p->maxX) p->maxX = hi;
}

typedef struct { point a, b, c, d; } knots;

static inline point half_way(point p, point q) {
    point r = { p.x + ((q.x - p.x) >> 1), p.y + ((q.y - p.y) >> 1) };
    return r;
}

/// The square of the larger distance of the two control points from the chord (from its ends where the foot of
/// the perpendicular falls outside it), in pixels.
static double flatness_error(const knots *k) {
    double bx = (k->b.x - k->a.x) / 256.0, by = (k->b.y - k->a.y) / 256.0;
    double cx = (k->c.x - k->a.x) / 256.0, cy = (k->c.y - k->a.y) / 256.0;
    if (k->a.x != k->d.x || k->a.y != k->d.y) {
        double dx = (k->d.x - k->a.x) / 256.0, dy = (k->d.y - k->a.y) / 256.0;
        double v = dx * dx + dy * dy;
        double u = bx * dx + by * dy;
        if (u >= v) { bx -= dx; by -= dy; }
        else if (u > 0) { double t = u / v; bx -= t * dx; by -= t * dy; }
        u = cx * dx + cy * dy;
        if (u >= v) { cx -= dx; cy -= dy; }
        else if (u > 0) { double t = u / v; cx -= t * dx; cy -= t * dy; }
    }
    double be = bx * bx + by * by, ce = cx * cx + cy * cy;
    return be > ce ? be : ce;
}

// A curve's flattening depends only on where its points lie from its start: the error is measured on differences,
// and halving a difference rounds the same wherever the curve lies. Tiles of one size share their corners' shapes
// at most positions (the example grid's tiles come in a few hundred shapes a frame, most of them on several
// tiles), so each thread keeps the pieces of the curves it flattened last, as offsets from the start, and lays them
// again at the next curve of the same shape. Four ways a set, the oldest replaced: 512 curves, about 48 KB a thread
// that fills tiles, allocated at its first tile and freed when it ends (thread-local storage of that size would be
// taken from every thread's stack, drawing or not).
enum { CURVE_SETS = 128, CURVE_WAYS = 4, CURVE_PIECES = 8 };

typedef struct {
    point key[3];                   // b, c and d less a
    int count;                      // 0: an empty way
    bool overflow;
    point starts[CURVE_PIECES];     // each piece's start less a, in order
} flattened_curve;

typedef struct curve_set {
    flattened_curve ways[CURVE_WAYS];
    unsigned next;                  // the way to replace
} curve_set;

static pthread_key_t shapes_key;
static pthread_once_t shapes_once = PTHREAD_ONCE_INIT;
static bool shapes_keyed;

static void make_shapes_key(void) { shapes_keyed = pthread_key_create(&shapes_key, free) == 0; }

/// This thread's flattened shapes, allocated at its first call; NULL without memory for them (every curve is then
/// flattened anew).
static curve_set *thread_shapes(void) {
    pthread_once(&shapes_once, make_shapes_key);
    if (!shapes_keyed) return NULL;
    curve_set *shapes = pthread_getspecific(shapes_key);
    if (!shapes && (shapes = calloc(CURVE_SETS, sizeof *shapes)) && pthread_setspecific(shapes_key, shapes) != 0) {
        free(shapes);
        shapes = NULL;
    }
    return shapes;
}

/// Flattens `k` by halving it until each piece is flat enough (or `MAX_DEPTH` deep: `overflow`), collecting each
/// piece's start less `origin`, in order; false when there are more than `capacity`.
static bool collect(knots k, int depth, point origin, point *starts, int *count, int capacity, bool *overflow) {
    if (flatness_error(&k) < 0.1 * 0.1 || depth == MAX_DEPTH) {
        if (depth == MAX_DEPTH) *overflow = true;
        if (*count == capacity) return false;
        starts[(*count)++] = (point){ k.a.x - origin.x, k.a.y - origin.y };
        return true;
    }
    point ab = half_way(k.a, k.b), bc = half_way(k.b, k.c), cd = half_way(k.c, k.d);
    point abbc = half_way(ab, bc), bccd = half_way(bc, cd), mid = half_way(abbc, bccd);
    knots first = { k.a, ab, abbc, mid }, second = { mid, bccd, cd, k.d };
    return collect(first, depth + 1, origin, starts, count, capacity, overflow)
        && collect(second, depth + 1, origin, starts, count, capacity, overflow);
}

/// The set of `shapes` where a curve whose points lie `key` from its start is kept.
static curve_set *set_for(curve_set *shapes, const point key[3]) {
    uint32_t hash = 2166136261u;
    for (int i = 0; i < 3; i++) hash = ((hash ^ (uint32_t)key[i].x) * 16777619u ^ (uint32_t)key[i].y) * 16777619u;
    return &shapes[(hash ^ hash >> 15) % CURVE_SETS];
}

/// Adds the pieces of the curve `k`, each piece's start a point of the flattened curve (a repeat of the last point
/// adds nothing): laid from this thread's shapes when it flattened one like `k` before, else flattened now, and kept
/// when it has at most `CURVE_PIECES` pieces. A curve of more pieces than a path holds lines overflows the path.
static void flatten(polygon *p, knots k) {
    const point key[3] = {
        { k.b.x - k.a.x, k.b.y - k.a.y }, { k.c.x - k.a.x, k.c.y - k.a.y }, { k.d.x - k.a.x, k.d.y - k.a.y },
    };
    curve_set *set = p->shapes ? set_for(p->shapes, key) : NULL;
    const flattened_curve *shape = NULL;
    for (int w = 0; set && !shape && w < CURVE_WAYS; w++) {
        const flattened_curve *way = &set->ways[w];
        if (way->count != 0 && memcmp(way->key, key, sizeof key) == 0) shape = way;
    }
    point pieces[MAX_EDGES];
    const point *starts = pieces;
    int count = 0;
    bool overflow = false;
    if (shape) {
        starts = shape->starts;
        count = shape->count;
        overflow = shape->overflow;
    } else if (!collect(k, 0, k.a, pieces, &count, MAX_EDGES, &overflow)) {
        p->overflow = true;
        return;
    } else if (set && count <= CURVE_PIECES) {
        flattened_curve *way = &set->ways[set->next];
        set->next = (set->next + 1) % CURVE_WAYS;
        memcpy(way->key, key, sizeof key);
        memcpy(way->starts, pieces, (size_t)count * sizeof *pieces);
        way->count = count;
        way->overflow = overflow;
    }
    if (overflow) p->overflow = true;
    for (int i = 0; i < count; i++) {
        point start = { k.a.x + starts[i].x, k.a.y + starts[i].y };
        if (start.x != p->current.x || start.y != p->current.y) add_line(p, start);
    }
}

static void add_curve(polygon *p, point b, point c, point d) {
    knots k = { p->current, b, c, d };
    if (k.a.x == b.x && k.a.y == b.y && c.x == d.x && c.y == d.y) { add_line(p, d); return; }
    flatten(p, k);
    add_line(p, d);
}

// MARK: 2. Scan conversion

/// One pixel row's cells, dense over the tile's columns and `MARGIN` more on each side, with the columns touched in
/// this row. An edge's x at a row's top or bottom is extrapolated half a sub-row from its samples, so a cell just
/// left of the path's box, or right of it, can receive coverage (Cairo keeps cells in a list, unbounded).
typedef struct {
    int32_t *area, *height;     // uncovered area, covered height (Cairo's two accumulators)
    uint8_t *marked;
    int32_t *touched;
    int count, x0, columns;     // x0: the first cell's column (the box's left minus the margin)
} cells;

/// False for a column outside the cells: nothing is written (never seen; the margin is far wider than half a
/// sub-row's step of an edge that spans a whole row, the only extrapolated one).
static inline bool touch(cells *c, int x) {
    int i = x - c->x0;
    if ((unsigned)i >= (unsigned)c->columns) return false;
    if (!c->marked[i]) { c->marked[i] = 1; c->touched[c->count++] = x; }
    return true;
}

static inline void add_cell(cells *c, int x, int32_t area, int32_t height) {
    if (!touch(c, x)) return;
    c->area[x - c->x0] += area;
    c->height[x - c->x0] += height;
}

/// A sub-row's span [x1, x2) in 1/256 pixel.
static inline void add_subspan(cells *c, int32_t x1, int32_t x2) {
    if (x1 == x2) return;
    int32_t i1 = x1 >> 8, f1 = x1 & 255, i2 = x2 >> 8, f2 = x2 & 255;
    if (i1 != i2) {
        add_cell(c, i1, 2 * f1, 1);
        add_cell(c, i2, -2 * f2, -1);
    } else {
        add_cell(c, i1, 2 * (f1 - f2), 0);
    }
}

static inline void settle(int32_t *q, int64_t *r, int64_t dy) {
    if (*r < 0) { --*q; *r += dy; } else if (*r >= dy) { ++*q; *r -= dy; }
}

static inline int32_t cell_of(int32_t q, int64_t r, int64_t half) { return q + (r >= half); }

static inline void sub_step(edge *e) {
    if (e->dy == 0) return;
    e->xq += e->stepq; e->xr += e->stepr;
    settle(&e->xq, &e->xr, e->dy);
    e->cell = cell_of(e->xq, e->xr, e->halfDy);
}

static inline void row_step(edge *e) {
    if (e->dy == 0) return;
    e->xq += e->rowq; e->xr += e->rowr;
    settle(&e->xq, &e->xr, e->dy);
    e->cell = cell_of(e->xq, e->xr, e->halfDy);
}

/// Moves x back by half a sub-row step: from a sub-row's middle to the top of its pixel row.
static inline void half_step_back(const edge *e, int32_t *q, int64_t *r) {
    *q -= e->stepq / 2;
    *r -= e->stepr / 2;
    settle(q, r, e->dy);
}

/// The exact coverage of an edge across a whole pixel row (its x at the row's top and bottom, to the remainder),
/// with `sign` +1 for a left edge and -1 for a right one; steps the edge to the next row.
static void render_row_edge(cells *c, edge *e, int sign) {
    int32_t q1 = e->xq, q2;
    int64_t r1 = e->xr, r2;
    row_step(e);
    q2 = e->xq; r2 = e->xr;
    if (e->dy != 0) {
        half_step_back(e, &q1, &r1);
        half_step_back(e, &q2, &r2);
    }
    int32_t i1 = q1 >> 8, f1 = q1 & 255, i2 = q2 >> 8, f2 = q2 & 255;
    if (i1 == i2) {
        add_cell(c, i1, sign * (f1 + f2) * SUB_ROWS, sign * SUB_ROWS);
        return;
    }
    if (i2 < i1) {
        // Left to right: the area right of a straight piece within one row does not depend on its direction.
        int32_t t = i1; i1 = i2; i2 = t;
        t = f1; f1 = f2; f2 = t;
        t = q1; q1 = q2; q2 = t;
        int64_t u = r1; r1 = r2; r2 = u;
    }
    int64_t dx = (int64_t)(q2 - q1) * e->dy + (r2 - r1);
    int64_t t = (int64_t)((i1 + 1) * 256) * e->dy;
    t -= (int64_t)q1 * e->dy + r1;
    t *= SUB_ROWS;
    int32_t yq = (int32_t)(t / dx);
    int64_t yr = t % dx;
    add_cell(c, i1, sign * yq * (256 + f1), sign * yq);
    int32_t last = yq;
    int32_t x = i1 + 1;
    if (x < i2) {
        int32_t fq = (int32_t)(SUB_ROWS * 256 * e->dy / dx);
        int64_t fr = SUB_ROWS * 256 * e->dy % dx;
        do {
            yq += fq; yr += fr;
            if (yr >= dx) { yq++; yr -= dx; }
            add_cell(c, x, sign * (yq - last) * 256, sign * (yq - last));
            last = yq;
            ++x;
        } while (x != i2);
    }
    add_cell(c, i2, sign * (SUB_ROWS - last) * f2, sign * (SUB_ROWS - last));
}

/// A line on the grid: Cairo's `polygon_add_edge` for an unclipped edge.
static void start_edge(edge *e, line l) {
    int32_t topY = l.top.y, bottomY = l.bottom.y, x1 = l.top.x, x2 = l.bottom.x;
    e->dir = l.dir;
    // y to sub-rows, rounded to nearest.
    int32_t top = (int32_t)(((int64_t)SUB_ROWS * topY + 128) >> 8);
    int32_t bottom = (int32_t)(((int64_t)SUB_ROWS * bottomY + 128) >> 8);
    e->top = top;
    e->left = bottom - top;
    if (x1 == x2) {
        e->cell = x1; e->xq = x1; e->xr = 0; e->stepq = 0; e->stepr = 0; e->rowq = 0; e->rowr = 0; e->dy = 0; e->halfDy = 0;
        return;
    }
    int64_t ex = (int64_t)(x2 - x1) * 256;
    int64_t ey = (int64_t)(bottomY - topY) * SUB_ROWS * 512;
    e->stepq = (int32_t)(ex * 512 / ey);
    e->stepr = ex * 512 % ey;
    int64_t t = ((int64_t)(2 * top + 1) << 8) - (int64_t)topY * SUB_ROWS * 2;
    t *= ex;
    e->xq = (int32_t)(t / ey) + x1;
    e->xr = t % ey;
    settle(&e->xq, &e->xr, ey);
    if (e->left >= SUB_ROWS) {
        t = ex * (2 * SUB_ROWS << 8);
        e->rowq = (int32_t)(t / ey);
        e->rowr = t % ey;
    } else {
        e->rowq = 0; e->rowr = 0;
    }
    e->dy = ey;
    e->halfDy = ey / 2;
    e->cell = cell_of(e->xq, e->xr, e->halfDy);
}

// MARK: 3. Compositing

static inline uint32_t scaled(uint32_t x, uint32_t a, uint32_t half) {
    uint32_t t = x * a + half;
    return (t + (t >> 8)) >> 8;
}

/// One colour at one coverage, prepared for a run: each channel becomes sat(part + d · k / 255), rounded with
/// `half` (127: Cairo's lerp for an opaque colour; 128: pixman's OVER with an a8 mask for a translucent one).
typedef struct {
    uint32_t pixel, part, k, half;
    bool store;     // opaque at full coverage: the colour itself
} run_colour;

static inline run_colour prepare_run(uint32_t pixel, uint32_t coverage) {
    run_colour c;
    bool opaque = (pixel >> 24) == 255;
    c.pixel = pixel;
    c.store = opaque && coverage == 255;
    c.half = opaque ? 127 : 128;
    c.k = opaque ? 255 - coverage : 255 - scaled(pixel >> 24, coverage, 128);
    c.part = 0;
    for (int shift = 0; shift < 32; shift += 8) c.part |= scaled((pixel >> shift) & 255, coverage, c.half) << shift;
    return c;
}

#if defined(__SSE2__)
static inline __m128i over4(__m128i d, __m128i factor, __m128i rounding, __m128i source) {
    const __m128i zero = _mm_setzero_si128();
    __m128i lo = _mm_add_epi16(_mm_mullo_epi16(_mm_unpacklo_epi8(d, zero), factor), rounding);
    __m128i hi = _mm_add_epi16(_mm_mullo_epi16(_mm_unpackhi_epi8(d, zero), factor), rounding);
    lo = _mm_srli_epi16(_mm_add_epi16(lo, _mm_srli_epi16(lo, 8)), 8);
    hi = _mm_srli_epi16(_mm_add_epi16(hi, _mm_srli_epi16(hi, 8)), 8);
    return _mm_adds_epu8(_mm_packus_epi16(lo, hi), source);
}
#endif

/// One pixel blended as `run` blends it.
static inline uint32_t blend_pixel(uint32_t d, run_colour c) {
#if defined(__SSE2__)
    const __m128i factor = _mm_set1_epi16((short)c.k), rounding = _mm_set1_epi16((short)c.half);
    const __m128i source = _mm_cvtsi32_si128((int)c.part);
    return (uint32_t)_mm_cvtsi128_si32(over4(_mm_cvtsi32_si128((int)d), factor, rounding, source));
#else
    uint32_t out = 0;
    for (int shift = 0; shift < 32; shift += 8) {
        uint32_t v = ((c.part >> shift) & 255) + scaled((d >> shift) & 255, c.k, c.half);
        out |= (v > 255 ? 255 : v) << shift;
    }
    return out;
#endif
}

#if defined(__SSE2__)
/// `run`'s blending loop four pixels at a time from `i`, four pixels of the colour `under` taking `blended` as a
/// store; returns where it stopped (whole groups of four: a blended pixel must not be blended again).
static inline intptr_t blend_sse2(uint32_t *dst, intptr_t i, intptr_t count, __m128i under, __m128i blended,
                                  __m128i factor, __m128i rounding, __m128i source) {
    for (; i + 4 <= count; i += 4) {
        __m128i d = _mm_loadu_si128((const __m128i *)(dst + i));
        if (_mm_movemask_epi8(_mm_cmpeq_epi32(d, under)) == 0xFFFF) {
            _mm_storeu_si128((__m128i *)(dst + i), blended);
            continue;
        }
        _mm_storeu_si128((__m128i *)(dst + i), over4(d, factor, rounding, source));
    }
    return i;
}
#endif

/// The last pixels of a run from `i`, one by one.
static inline void blend_tail(uint32_t *dst, intptr_t i, intptr_t count, run_colour c) {
    for (; i < count; i++) dst[i] = blend_pixel(dst[i], c);
}

#if defined(__x86_64__)
/// An opaque colour's run at full coverage, eight pixels a store, four stores a turn; the last store ends at the
/// run's end, overlapping pixels already set to the same colour. `count` is at least 8.
__attribute__((target("avx2"))) static void store_avx2(uint32_t *dst, intptr_t count, uint32_t pixel) {
    const __m256i colour = _mm256_set1_epi32((int)pixel);
    intptr_t i = 0;
    for (; i + 32 <= count; i += 32) {
        _mm256_storeu_si256((__m256i *)(dst + i), colour);
        _mm256_storeu_si256((__m256i *)(dst + i + 8), colour);
        _mm256_storeu_si256((__m256i *)(dst + i + 16), colour);
        _mm256_storeu_si256((__m256i *)(dst + i + 24), colour);
    }
    for (; i + 8 <= count; i += 8) _mm256_storeu_si256((__m256i *)(dst + i), colour);
    if (i < count) _mm256_storeu_si256((__m256i *)(dst + count - 8), colour);
}

/// `run`'s blending loop eight pixels at a time, with the same shortcut for pixels of the run's first colour;
/// returns how many pixels it did (whole groups of eight: a blended pixel must not be blended again).
__attribute__((target("avx2"))) static intptr_t blend_avx2(uint32_t *dst, intptr_t count, __m128i under,
                                                          __m128i blended, __m128i factor, __m128i rounding,
                                                          __m128i source) {
    const __m256i under8 = _mm256_broadcastsi128_si256(under), blended8 = _mm256_broadcastsi128_si256(blended);
    intptr_t i = 0;
    for (; i + 8 <= count; i += 8) {
        __m256i d = _mm256_loadu_si256((const __m256i *)(dst + i));
        if (_mm256_movemask_epi8(_mm256_cmpeq_epi32(d, under8)) == -1) {
            _mm256_storeu_si256((__m256i *)(dst + i), blended8);
            continue;
        }
        _mm_storeu_si128((__m128i *)(dst + i), over4(_mm256_castsi256_si128(d), factor, rounding, source));
        _mm_storeu_si128((__m128i *)(dst + i + 4), over4(_mm256_extracti128_si256(d, 1), factor, rounding, source));
    }
    return i;
}

/// `store_avx2` on `rows` rows from `dst`, each asking for the row four below (as `span` does).
__attribute__((target("avx2"))) static void store_rows_avx2(uint32_t *dst, intptr_t stride, int rows, intptr_t count,
                                                           uint32_t pixel) {
    for (int r = 0; r < rows; r++, dst += stride) {
        spruce_prefetch_pixels((uintptr_t)(dst + 4 * stride), count);
        store_avx2(dst, count, pixel);
    }
}

/// `run`'s blend on `rows` rows from `dst`, each asking for the row four below: the colour's factors worked out
/// once, and the blend of a row's first pixel again only when it differs from the row above's. `count` is at
/// least 8.
__attribute__((target("avx2"))) static void blend_rows_avx2(uint32_t *dst, intptr_t stride, int rows, intptr_t count,
                                                           run_colour c) {
    const __m128i factor = _mm_set1_epi16((short)c.k), rounding = _mm_set1_epi16((short)c.half);
    const __m128i source = _mm_set1_epi32((int)c.part);
    uint32_t first = dst[0];
    __m128i under = _mm_set1_epi32((int)first);
    __m128i blended = _mm_shuffle_epi32(over4(under, factor, rounding, source), 0);
    for (int r = 0; r < rows; r++, dst += stride) {
        spruce_prefetch_pixels((uintptr_t)(dst + 4 * stride), count);
        if (dst[0] != first) {
            first = dst[0];
            under = _mm_set1_epi32((int)first);
            blended = _mm_shuffle_epi32(over4(under, factor, rounding, source), 0);
        }
        intptr_t i = blend_avx2(dst, count, under, blended, factor, rounding, source);
        i = blend_sse2(dst, i, count, under, blended, factor, rounding, source);
        blend_tail(dst, i, count, c);
    }
}
#endif

/// `avx2`: the CPU has AVX2 (`spruce_cpu_has_avx2`, asked once a tile).
static inline void run(uint32_t *dst, intptr_t count, run_colour c, bool avx2) {
    intptr_t i = 0;
    if (c.store) {
#if defined(__x86_64__)
        if (count >= 8 && avx2) {
            store_avx2(dst, count, c.pixel);
            return;
        }
#endif
        for (; i < count; i++) dst[i] = c.pixel;
        return;
    }
#if defined(__SSE2__)
    const __m128i factor = _mm_set1_epi16((short)c.k), rounding = _mm_set1_epi16((short)c.half);
    const __m128i source = _mm_set1_epi32((int)c.part);
    // A run mostly lies over one colour (a tile's inside over the background): four pixels of the run's first
    // colour take its blend, worked out once, as a store.
    const __m128i under = _mm_set1_epi32((int)dst[0]);
    const __m128i blended = _mm_shuffle_epi32(over4(under, factor, rounding, source), 0);
#if defined(__x86_64__)
    if (count >= 8 && avx2) i = blend_avx2(dst, count, under, blended, factor, rounding, source);
#endif
    i = blend_sse2(dst, i, count, under, blended, factor, rounding, source);
#endif
    blend_tail(dst, i, count, c);
}

/// Composites `count` pixels from column `x` of `rows` rows under one coverage.
static inline void span(uint32_t *row, intptr_t stride, int rows, int x, int count, uint32_t pixel, int32_t area,
                        bool avx2) {
    uint32_t a = (uint32_t)((area * 17 + 256) >> 9);
    if (a == 0 || count <= 0) return;
    run_colour c = prepare_run(pixel, a);
    if (count < 4 && !c.store) {
        // A pixel or two of an edge, down `rows` rows that mostly lie over one colour: each blended as `run` blends
        // it, the blend of the pixel before reused while the pixels under are the same (no vector setup a row).
        uint32_t under = row[x], blended = blend_pixel(under, c);
        for (int r = 0; r < rows; r++) {
            uint32_t *p = row + r * stride + x;
            for (int i = 0; i < count; i++) {
                if (p[i] != under) { under = p[i]; blended = blend_pixel(under, c); }
                p[i] = blended;
            }
        }
        return;
    }
#if defined(__x86_64__)
    if (count >= 8 && avx2) {
        // Rows four down may lie below the surface: a prefetch of them does nothing.
        if (c.store) store_rows_avx2(row + x, stride, rows, count, c.pixel);
        else blend_rows_avx2(row + x, stride, rows, count, c);
        return;
    }
#endif
    for (int r = 0; r < rows; r++) {
        // Four rows down, which may lie below the surface.
        spruce_prefetch_pixels((uintptr_t)(row + r * stride + x) + (uintptr_t)(4 * stride) * sizeof(uint32_t), count);
        run(row + r * stride + x, count, c, avx2);
    }
}

/// The row's cells as runs of one coverage over [x0, x1), composited onto `rows` rows from `row`. Cells left of x0
/// paint nothing but carry their covered height into x0's coverage, as Cairo's `blit_a8` skips cells left of its
/// box; cells from x1 on paint nothing.
static void composite_row(cells *c, int x0, int x1, uint32_t *row, intptr_t stride, int rows, uint32_t pixel,
                          bool avx2) {
    // The touched columns in order (a handful a row: insertion sort).
    for (int i = 1; i < c->count; i++) {
        int32_t v = c->touched[i];
        int j = i - 1;
        while (j >= 0 && c->touched[j] > v) { c->touched[j + 1] = c->touched[j]; j--; }
        c->touched[j + 1] = v;
    }
    int32_t cover = 0, from = x0;   // coverage carried to the right of the last cell, from column `from`
    for (int i = 0; i < c->count && c->touched[i] < x1; i++) {
        int x = c->touched[i];
        if (x < x0) { cover += c->height[x - c->x0] * 512; continue; }
        if (x > from && cover != 0) span(row, stride, rows, from, x - from, pixel, cover, avx2);
        cover += c->height[x - c->x0] * 512;
        span(row, stride, rows, x, 1, pixel, cover - c->area[x - c->x0], avx2);
        from = x + 1;
    }
    if (from < x1 && cover != 0) span(row, stride, rows, from, x1 - from, pixel, cover, avx2);
    for (int i = 0; i < c->count; i++) {
        int k = c->touched[i] - c->x0;
        c->area[k] = 0; c->height[k] = 0; c->marked[k] = 0;
    }
    c->count = 0;
}

// MARK: The fill

/// A stable insertion sort of a few dozen edges, by their first sub-row (`by_top`) or by their current cell.
static void sort_edges(edge **edges, int n, bool by_top) {
    for (int i = 1; i < n; i++) {
        edge *e = edges[i];
        int32_t key = by_top ? e->top : e->cell;
        int j = i - 1;
        while (j >= 0 && (by_top ? edges[j]->top : edges[j]->cell) > key) { edges[j + 1] = edges[j]; j--; }
        edges[j + 1] = e;
    }
}

static void sort_active(edge **active, int n) { sort_edges(active, n, false); }

/// Removes the edges with no sub-row left, keeping the order; the new count.
static int drop_ended(edge **active, int n) {
    int m = 0;
    for (int i = 0; i < n; i++) if (active[i]->left > 0) active[m++] = active[i];
    return m;
}

bool spruce_fill_rounded_tile(uint32_t *pixels, intptr_t stride, intptr_t width, intptr_t height,
                              const double corners[32], uint32_t pixel) {
    if (width <= 0 || height <= 0 || width > 32767 || height > 32767) return false;
    // Every control point inside the surface: then so is the flattened polygon, and Cairo clips nothing.
    point p[16];
    for (int i = 0; i < 16; i++) {
        double x = corners[2 * i], y = corners[2 * i + 1];
        if (!(x >= 0 && y >= 0 && x <= (double)width && y <= (double)height)) return false;
        p[i].x = fixed_from_double(x);
        p[i].y = fixed_from_double(y);
    }
    // A corner whose four points are one fixed point is no curve to Cairo: with all four so, the path is a rectangle,
    // which Cairo fills another way.
    for (int i = 0; i < 16; i += 4) {
        bool same = true;
        for (int j = 1; j < 4; j++) same = same && p[i + j].x == p[i].x && p[i + j].y == p[i].y;
        if (same) return false;
    }
    polygon path;   // not zeroed: its lines are written before they are read
    path.count = 0; path.overflow = false; path.shapes = thread_shapes();
    path.minX = path.minY = INT32_MAX; path.maxX = path.maxY = INT32_MIN;
    // The path of `roundedRect`: each corner a line to its start (from the last corner's end), then its curve;
    // closed back to the first corner's start.
    path.current = p[0];
    for (int i = 0; i < 4; i++) {
        add_line(&path, p[4 * i]);
        add_curve(&path, p[4 * i + 1], p[4 * i + 2], p[4 * i + 3]);
    }
    add_line(&path, p[0]);
    if (path.overflow) return false;
    if (path.count == 0) return true;   // no edge: nothing to draw, as for Cairo

    // The converter's box: the edges' extents in whole pixels.
    int x0 = path.minX >> 8, x1 = (path.maxX + 255) >> 8, y0 = path.minY >> 8, y1 = (path.maxY + 255) >> 8;
    edge edges[MAX_EDGES], *order[MAX_EDGES + 1];
    int n = 0;
    for (int i = 0; i < path.count; i++) {
        start_edge(&edges[n], path.lines[i]);
        if (edges[n].left > 0) { order[n] = &edges[n]; n++; }
    }
    sort_edges(order, n, true);
    // After the last edge, one that never starts: the scan asks for the next edge's top without counting.
    edge never = { .top = INT32_MAX };
    order[n] = &never;

    int columns = x1 - x0 + 2 * MARGIN;
    cells c;
    // Tiles up to STACK_COLUMNS pixels wide keep their cells on the stack; wider ones allocate.
    // A column's cells: area, height and touched (int32 each) and one marked byte.
    enum { CELL_BYTES = 3 * sizeof(int32_t) + 1 };
    size_t bytes = (size_t)columns * CELL_BYTES;
    char local[STACK_COLUMNS * CELL_BYTES] __attribute__((aligned(16)));
    char *scratch = local;
    if (columns <= STACK_COLUMNS) memset(local, 0, bytes);
    else if (!(scratch = calloc(1, bytes))) return false;
    c.area = (int32_t *)scratch; c.height = c.area + columns; c.touched = c.height + columns;
    c.marked = (uint8_t *)(c.touched + columns); c.count = 0; c.x0 = x0 - MARGIN; c.columns = columns;

    edge *active[MAX_EDGES];
    int live = 0, next = 0;
    const bool avx2 = spruce_cpu_has_avx2();
    for (int y = y0; y < y1;) {
        int rowTop = y * SUB_ROWS, rows = 1;
        // Edges starting at the row's top join at once; one starting further down makes the row sub-sampled.
        int joined = 0;
        while (order[next]->top == rowTop) {
            active[live++] = order[next++];
            joined++;
        }
        if (joined) sort_active(active, live);
        bool starts = order[next]->top < rowTop + SUB_ROWS;
        if (!starts && live == 0) {
            if (next == n) break;
            y = order[next]->top / SUB_ROWS;
            continue;
        }
        bool full = false, vertical = true;
        if (!starts) {
            // A whole row at once when no edge ends in it and no two cross by its bottom.
            int32_t least = INT32_MAX, prev = INT32_MIN;
            full = true;
            for (int i = 0; i < live; i++) {
                edge *e = active[i];
                if (e->left < least) least = e->left;
                if (e->dy != 0) vertical = false;
            }
            if (least < SUB_ROWS) full = false;
            for (int i = 0; full && i < live; i++) {
                edge *e = active[i];
                int32_t cell = e->cell;
                if (e->dy != 0) {
                    int32_t q = e->xq + e->rowq;
                    int64_t r = e->xr + e->rowr;
                    settle(&q, &r, e->dy);
                    cell = cell_of(q, r, e->halfDy);
                }
                if (cell < prev) full = false;
                prev = cell;
            }
            if (full && vertical) {
                // Vertical edges give every row the same coverage: take the rows until an edge starts or ends,
                // each row below this one while it lies above the surface's end, above the next edge's first
                // sub-row and wholly above every edge's last.
                int more = y1 - y - 1;
                if (least / SUB_ROWS - 1 < more) more = least / SUB_ROWS - 1;
                if (order[next]->top / SUB_ROWS - y - 1 < more) more = order[next]->top / SUB_ROWS - y - 1;
                if (more > 0) rows += more;
            }
        }
        if (full) {
            int i = 0;
            while (i < live) {
                edge *left = active[i];
                left->left -= SUB_ROWS;
                int winding = left->dir, j = i + 1;
                for (;;) {
                    edge *right = active[j];
                    right->left -= SUB_ROWS;
                    if (j == live - 1) break;   // the winding is back to 0 here on a closed path
                    winding += right->dir;
                    int32_t after = j + 1 < live ? active[j + 1]->cell : INT32_MAX;
                    if (winding == 0 && after != right->cell) break;
                    row_step(right);
                    j++;
                }
                render_row_edge(&c, left, +1);
                render_row_edge(&c, active[j], -1);
                i = j + 1;
            }
            if (rows > 1) for (int k = 0; k < live; k++) active[k]->left -= SUB_ROWS * (rows - 1);
            live = drop_ended(active, live);
        } else {
            for (int sub = 0; sub < SUB_ROWS; sub++) {
                int added = 0;
                while (order[next]->top == rowTop + sub) {
                    active[live++] = order[next++];
                    added++;
                }
                if (added) sort_active(active, live);
                if (live == 2 && active[0]->dir + active[1]->dir == 0) {
                    // The usual sub-row of a tile: one edge going down, one going up, in order. The loop below
                    // gives this span from the two cells, each edge stepped unless it ends, and the pair re-sorted.
                    edge *a = active[0], *b = active[1];
                    add_subspan(&c, a->cell, b->cell);
                    bool aEnds = --a->left == 0, bEnds = --b->left == 0;
                    if (!aEnds) sub_step(a);
                    if (!bEnds) sub_step(b);
                    if (aEnds || bEnds) live = drop_ended(active, live);
                    else if (b->cell < a->cell) { active[0] = b; active[1] = a; }
                    continue;
                }
                int winding = 0;
                int32_t start = INT32_MIN, previous = INT32_MIN;
                bool ended = false, unsorted = false;
                for (int i = 0; i < live; i++) {
                    edge *e = active[i];
                    int32_t end = e->cell;
                    int32_t after = i + 1 < live ? active[i + 1]->cell : INT32_MAX;
                    if (--e->left) {
                        sub_step(e);
                        if (e->cell < previous) unsorted = true; else previous = e->cell;
                    } else {
                        ended = true;
                    }
                    winding += e->dir;
                    if (winding == 0) {
                        if (after != end) { add_subspan(&c, start, end); start = INT32_MIN; }
                    } else if (start == INT32_MIN) {
                        start = end;
                    }
                }
                if (ended) live = drop_ended(active, live);
                if (unsorted) sort_active(active, live);
            }
        }
        composite_row(&c, x0, x1, pixels + (intptr_t)y * stride, stride, rows, pixel, avx2);
        y += rows;
    }
    if (scratch != local) free(scratch);
    return true;
}
