// libpq for Swift: the PostgreSQL client library's header (Debian's libpq-dev puts it in
// /usr/include/postgresql) and the table of the functions ResultStore calls. Nothing links libpq:
// ResultStore's LibPQ.swift dlopens it when a PostgreSQL store is opened, so no other command
// loads it and what it pulls in.
#ifndef FLEETSCAN_CLIBPQ_SHIM_H
#define FLEETSCAN_CLIBPQ_SHIM_H
#include <dlfcn.h>
#include <stddef.h>
#include <postgresql/libpq-fe.h>

/// Every libpq function ResultStore calls; a new call needs its name here.
#define FLEETSCAN_LIBPQ_FUNCTIONS(X) \
    X(PQclear) \
    X(PQconnectdb) \
    X(PQerrorMessage) \
    X(PQexec) \
    X(PQexecParams) \
    X(PQfinish) \
    X(PQgetisnull) \
    X(PQgetlength) \
    X(PQgetvalue) \
    X(PQntuples) \
    X(PQresultErrorField) \
    X(PQresultErrorMessage) \
    X(PQresultStatus) \
    X(PQsetNoticeProcessor) \
    X(PQstatus)

/// The functions, each field typed from libpq's own declaration (`__typeof__` does not
/// reference the symbol, so nothing links it).
typedef struct fleetscan_libpq {
#define FLEETSCAN_FIELD(name) __typeof__(&name) _Nonnull name;
    FLEETSCAN_LIBPQ_FUNCTIONS(FLEETSCAN_FIELD)
#undef FLEETSCAN_FIELD
} fleetscan_libpq;

/// Fills `lib` from `library` (what dlopen returned): NULL, or the name of the first function
/// the library lacks.
static inline const char *_Nullable fleetscan_libpq_load(void *_Nonnull library, fleetscan_libpq *_Nonnull lib) {
#define FLEETSCAN_LOOK_UP(name) if (!(lib->name = (__typeof__(&name))dlsym(library, #name))) return #name;
    FLEETSCAN_LIBPQ_FUNCTIONS(FLEETSCAN_LOOK_UP)
#undef FLEETSCAN_LOOK_UP
    return NULL;
}
#endif
