// The system's zlib (Debian: zlib1g-dev; macOS: the SDK's), for gzip-compressed web answers.
#include <zlib.h>
