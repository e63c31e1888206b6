// libpng's simplified reading API, found through pkg-config `libpng`: PNG frames read as their files hold them,
// straight alpha, where Cairo's reader premultiplies.
#include <png.h>

static const png_uint_32 spruce_png_image_version = PNG_IMAGE_VERSION;
static const png_uint_32 spruce_png_format_bgra = PNG_FORMAT_BGRA;
