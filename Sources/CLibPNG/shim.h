// libpng, found through pkg-config `libpng`: PNG frames read with straight alpha, where Cairo's reader premultiplies.
// The reader asks libpng for what Cairo's asks (the same expansions, 16 bits cut to their high 8, no gamma, sRGB or
// ICC correction, warnings ignored) but keeps alpha apart from the colour. It is C because libpng reports an error
// by a long jump, which Swift cannot take.
#include <png.h>
#include <setjmp.h>
#include <string.h>

/// What `spruce_png_read_straight_bgra` found.
typedef enum {
    spruce_png_read = 0,
    spruce_png_other_size = 1,
    spruce_png_corrupt = 2,
    spruce_png_no_memory = 3,
} spruce_png_outcome;

typedef struct {
    const unsigned char *bytes;
    size_t count;
    size_t offset;
} spruce_png_input;

static void spruce_png_take(png_structp png, png_bytep out, size_t count) {
    spruce_png_input *input = (spruce_png_input *)png_get_io_ptr(png);
    if (count > input->count - input->offset) png_error(png, "truncated");
    memcpy(out, input->bytes + input->offset, count);
    input->offset += count;
}

static void spruce_png_fail(png_structp png, png_const_charp message) {
    (void)message;
    png_longjmp(png, 1);
}

static void spruce_png_ignore(png_structp png, png_const_charp message) {
    (void)png;
    (void)message;
}

/// Decodes the PNG in `bytes` into `pixels` (`width × height` pixels of B, G, R, A bytes, rows packed) when it has
/// that size; `found` gets the size it has. A PNG of another size is not decoded and nothing is written.
static inline spruce_png_outcome spruce_png_read_straight_bgra(const void *bytes, size_t count, unsigned char *pixels,
                                                               png_uint_32 width, png_uint_32 height,
                                                               png_uint_32 found[2]) {
    spruce_png_input input = { (const unsigned char *)bytes, count, 0 };
    png_structp png = png_create_read_struct(PNG_LIBPNG_VER_STRING, NULL, spruce_png_fail, spruce_png_ignore);
    if (png == NULL) return spruce_png_no_memory;
    png_infop info = png_create_info_struct(png);
    if (info == NULL) {
        png_destroy_read_struct(&png, NULL, NULL);
        return spruce_png_no_memory;
    }
    if (setjmp(png_jmpbuf(png))) {
        png_destroy_read_struct(&png, &info, NULL);
        return spruce_png_corrupt;
    }
    png_set_read_fn(png, &input, spruce_png_take);
    png_read_info(png, info);
    found[0] = png_get_image_width(png, info);
    found[1] = png_get_image_height(png, info);
    if (found[0] != width || found[1] != height) {
        png_destroy_read_struct(&png, &info, NULL);
        return spruce_png_other_size;
    }
    int depth = png_get_bit_depth(png, info), colour = png_get_color_type(png, info);
    if (colour == PNG_COLOR_TYPE_PALETTE) png_set_palette_to_rgb(png);
    if (colour == PNG_COLOR_TYPE_GRAY && depth < 8) png_set_expand_gray_1_2_4_to_8(png);
    if (png_get_valid(png, info, PNG_INFO_tRNS)) png_set_tRNS_to_alpha(png);
    if (depth == 16) png_set_strip_16(png);
    if (depth < 8) png_set_packing(png);
    if (colour == PNG_COLOR_TYPE_GRAY || colour == PNG_COLOR_TYPE_GRAY_ALPHA) png_set_gray_to_rgb(png);
    png_set_bgr(png);
    png_set_filler(png, 0xff, PNG_FILLER_AFTER);
    int passes = png_set_interlace_handling(png);
    png_read_update_info(png, info);
    size_t stride = (size_t)width * 4;
    if (png_get_rowbytes(png, info) != stride) png_error(png, "not 4 bytes a pixel");
    for (int pass = 0; pass < passes; pass++) {
        for (png_uint_32 y = 0; y < height; y++) png_read_row(png, pixels + y * stride, NULL);
    }
    png_read_end(png, info);
    png_destroy_read_struct(&png, &info, NULL);
    return spruce_png_read;
}
