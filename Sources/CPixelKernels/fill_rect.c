// The damage region's background: one pixel value over a rectangle, as pixman_fill stores it for Cairo's SOURCE
// paint of a solid colour through a pixel-aligned clip, with the rows ahead asked for as it goes. Each row is one
// `wmemset` (wchar_t is 32 bits here), which glibc stores with the widest vectors the CPU has.
#include "PixelKernels.h"
#include "prefetch.h"

#include <wchar.h>

_Static_assert(sizeof(wchar_t) == sizeof(uint32_t), "a row is filled as wide characters");

void spruce_fill_rect(uint32_t *pixels, intptr_t stride, intptr_t x0, intptr_t y0, intptr_t x1, intptr_t y1,
                      uint32_t pixel) {
    if (x0 >= x1) return;
    for (intptr_t y = y0; y < y1; y++) {
        if (y + 4 < y1) spruce_prefetch_pixels((uintptr_t)(pixels + (y + 4) * stride + x0), x1 - x0);  // four rows down
        wmemset((wchar_t *)(pixels + y * stride + x0), (wchar_t)pixel, (size_t)(x1 - x0));
    }
}
