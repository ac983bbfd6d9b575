/* CSQLite: the system's SQLite 3 (libsqlite3-dev). Only the `SQLite` target imports it.
 * SQLITE_TRANSIENT is a cast macro Swift cannot import, so it is given a name here. */
#ifndef RAYPETS_CSQLITE_SHIM_H
#define RAYPETS_CSQLITE_SHIM_H
#include <sqlite3.h>

static inline sqlite3_destructor_type csqlite_transient(void) { return SQLITE_TRANSIENT; }
#endif
