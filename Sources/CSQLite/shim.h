// SQLite for Swift: the header, plus the destructor constant Swift cannot spell.
#ifndef FLEETSCAN_CSQLITE_SHIM_H
#define FLEETSCAN_CSQLITE_SHIM_H
#include <sqlite3.h>

/// SQLITE_TRANSIENT: SQLite copies bound text and blobs before the call returns.
static inline sqlite3_destructor_type fleetscan_sqlite_transient(void) {
    return SQLITE_TRANSIENT;
}
#endif
