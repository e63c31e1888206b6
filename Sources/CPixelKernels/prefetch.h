// Asking for canvas rows before they are needed. A damage rectangle or a tile is a few hundred pixels of each row
// of a canvas far larger than the caches, too short a run for the hardware prefetcher to learn, so the fills and
// the conversion ask for the row a few below the one they work on (four rows: two ahead gains a few per cent less).
#ifndef SPRUCE_PREFETCH_H
#define SPRUCE_PREFETCH_H

#include <stdint.h>

/// Asks for the cache lines of `count` pixels from `address`, to be written. An address, not a pointer: the row may
/// lie outside the surface, where a prefetch does nothing.
static inline void spruce_prefetch_pixels(uintptr_t address, intptr_t count) {
    for (intptr_t i = 0; i < count; i += 16) __builtin_prefetch((const void *)(address + (uintptr_t)i * sizeof(uint32_t)), 1, 3);
}

#endif
