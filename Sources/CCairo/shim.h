// The only C this project needs: Cairo's public header, found through pkg-config `cairo`.
#include <cairo/cairo.h>
