// The system's zlib, for reading gzip input. Built against zlib1g-dev's
// header; the binary then needs libz.so.1, which every Debian and Ubuntu
// system has (zlib1g is a required package).
#ifndef CZLIB_SHIM_H
#define CZLIB_SHIM_H

#include <zlib.h>

// inflateInit2 is a macro, which Swift cannot call: this starts an inflater
// that takes gzip or zlib framing, told apart by its header (15 + 32).
static inline int czlib_inflate_init_gzip(z_streamp stream) {
    return inflateInit2(stream, 15 + 32);
}

#endif
