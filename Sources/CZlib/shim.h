// zlib for Swift: GitAccess inflates loose git objects itself, checking each against its header
// before libgit2 sees it (libgit2 1.5 overflows its buffer on a lying header and loops forever
// on a truncated stream).
#ifndef FLEETSCAN_CZLIB_SHIM_H
#define FLEETSCAN_CZLIB_SHIM_H
#include <zlib.h>

/// inflateInit(stream): a macro in zlib.h, which Swift cannot call.
static inline int fleetscan_inflate_init(z_stream *stream) {
    return inflateInit(stream);
}
#endif
