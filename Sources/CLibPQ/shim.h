// libpq for Swift: the PostgreSQL client library's header (Debian's libpq-dev puts it in
// /usr/include/postgresql, which pkg-config names).
#ifndef FLEETSCAN_CLIBPQ_SHIM_H
#define FLEETSCAN_CLIBPQ_SHIM_H
#include <libpq-fe.h>
#endif
