// Hyperscan (Debian's Vectorscan) for Swift: the header and the table of the functions
// LiteralSearch calls. Nothing links libhs (nor the C++ runtime it needs): LiteralSearch's
// LibHS.swift dlopens it when a pattern set is first compiled. A call that bypasses the table
// names a symbol nothing provides and fails to link.
#ifndef FLEETSCAN_CVECTORSCAN_SHIM_H
#define FLEETSCAN_CVECTORSCAN_SHIM_H
#include <dlfcn.h>
#include <stddef.h>
#include <hs/hs.h>

/// Every Hyperscan function LiteralSearch calls; a new call needs its name here.
#define FLEETSCAN_LIBHS_FUNCTIONS(X) \
    X(hs_alloc_scratch) \
    X(hs_clone_scratch) \
    X(hs_compile_lit_multi) \
    X(hs_compile_multi) \
    X(hs_free_compile_error) \
    X(hs_free_database) \
    X(hs_free_scratch) \
    X(hs_scan) \
    X(hs_valid_platform)

/// The functions, each field typed from Hyperscan's own declaration (`__typeof__` does not
/// reference the symbol, so nothing links it).
typedef struct fleetscan_libhs {
#define FLEETSCAN_FIELD(name) __typeof__(&name) _Nonnull name;
    FLEETSCAN_LIBHS_FUNCTIONS(FLEETSCAN_FIELD)
#undef FLEETSCAN_FIELD
} fleetscan_libhs;

/// Fills `lib` from `library` (what dlopen returned): NULL, or the name of the first function
/// the library lacks.
static inline const char *_Nullable fleetscan_libhs_load(void *_Nonnull library, fleetscan_libhs *_Nonnull lib) {
#define FLEETSCAN_LOOK_UP(name) if (!(lib->name = (__typeof__(&name))dlsym(library, #name))) return #name;
    FLEETSCAN_LIBHS_FUNCTIONS(FLEETSCAN_LOOK_UP)
#undef FLEETSCAN_LOOK_UP
    return NULL;
}
#endif
