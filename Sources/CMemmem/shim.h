// The C library's `memmem` (GNU and BSD), which Swift's Glibc module leaves out: it is declared
// only when _GNU_SOURCE is defined before the system's headers are read.
#include <stddef.h>

void *memmem(const void *haystack, size_t haystacklen, const void *needle, size_t needlelen);
