// The damage region's background: one pixel value over a rectangle, as pixman_fill stores it for Cairo's SOURCE
// paint of a solid colour through a pixel-aligned clip, with the rows ahead asked for as it goes.
#include "PixelKernels.h"
#include "prefetch.h"

void spruce_fill_rect(uint32_t *pixels, intptr_t stride, intptr_t x0, intptr_t y0, intptr_t x1, intptr_t y1,
                      uint32_t pixel) {
    for (intptr_t y = y0; y < y1; y++) {
        if (y + 4 < y1) spruce_prefetch_pixels((uintptr_t)(pixels + (y + 4) * stride + x0), x1 - x0);  // four rows down
        uint32_t *row = pixels + y * stride;
        for (intptr_t x = x0; x < x1; x++) row[x] = pixel;
    }
}
