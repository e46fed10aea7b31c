// libpq for Swift: the PostgreSQL client library's header only (Debian's libpq-dev puts it in
// /usr/include/postgresql). Nothing links libpq: ResultStore's LibPQ loads it with dlopen when
// a PostgreSQL store is opened, so no other command loads it and what it pulls in.
#ifndef FLEETSCAN_CLIBPQ_SHIM_H
#define FLEETSCAN_CLIBPQ_SHIM_H
#include <postgresql/libpq-fe.h>
#endif
