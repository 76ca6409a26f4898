// The system's Brotli (Debian: libbrotli-dev; macOS: Homebrew's brotli), for brotli-compressed web
// answers. The decoder is for the tests that read them back.
#include <brotli/encode.h>
#include <brotli/decode.h>
