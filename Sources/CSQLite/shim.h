// SQLite for Swift: the header, the table of the functions ResultStore calls, and the destructor
// constant Swift cannot spell. Nothing links SQLite: ResultStore's LibSQLite.swift dlopens it
// when a store is first opened, so commands without a store (`rules`, `scan`) never load it. A
// call that bypasses the table names a symbol nothing provides and fails to link.
#ifndef FLEETSCAN_CSQLITE_SHIM_H
#define FLEETSCAN_CSQLITE_SHIM_H
#include <dlfcn.h>
#include <stddef.h>
#include <sqlite3.h>

/// Every SQLite function ResultStore calls; a new call needs its name here.
#define FLEETSCAN_SQLITE3_FUNCTIONS(X) \
    X(sqlite3_bind_blob) \
    X(sqlite3_bind_double) \
    X(sqlite3_bind_int64) \
    X(sqlite3_bind_null) \
    X(sqlite3_bind_text) \
    X(sqlite3_busy_timeout) \
    X(sqlite3_clear_bindings) \
    X(sqlite3_close_v2) \
    X(sqlite3_column_blob) \
    X(sqlite3_column_bytes) \
    X(sqlite3_column_double) \
    X(sqlite3_column_int64) \
    X(sqlite3_column_text) \
    X(sqlite3_column_type) \
    X(sqlite3_errmsg) \
    X(sqlite3_exec) \
    X(sqlite3_extended_result_codes) \
    X(sqlite3_finalize) \
    X(sqlite3_free) \
    X(sqlite3_open_v2) \
    X(sqlite3_prepare_v3) \
    X(sqlite3_reset) \
    X(sqlite3_step) \
    X(sqlite3_system_errno)

/// The functions, each field typed from SQLite's own declaration (`__typeof__` does not
/// reference the symbol, so nothing links it).
typedef struct fleetscan_sqlite3 {
#define FLEETSCAN_FIELD(name) __typeof__(&name) _Nonnull name;
    FLEETSCAN_SQLITE3_FUNCTIONS(FLEETSCAN_FIELD)
#undef FLEETSCAN_FIELD
} fleetscan_sqlite3;

/// Fills `lib` from `library` (what dlopen returned): NULL, or the name of the first function
/// the library lacks.
static inline const char *_Nullable fleetscan_sqlite3_load(void *_Nonnull library, fleetscan_sqlite3 *_Nonnull lib) {
#define FLEETSCAN_LOOK_UP(name) if (!(lib->name = (__typeof__(&name))dlsym(library, #name))) return #name;
    FLEETSCAN_SQLITE3_FUNCTIONS(FLEETSCAN_LOOK_UP)
#undef FLEETSCAN_LOOK_UP
    return NULL;
}

/// SQLITE_TRANSIENT: SQLite copies bound text and blobs before the call returns (a constant,
/// `(sqlite3_destructor_type)-1`, not a symbol).
static inline sqlite3_destructor_type fleetscan_sqlite_transient(void) {
    return SQLITE_TRANSIENT;
}
#endif
