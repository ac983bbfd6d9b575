/* CSQLite: the system's SQLite 3 (libsqlite3-dev). Only the `SQLite` target imports it.
 * SQLITE_TRANSIENT is a cast macro Swift cannot import, so it is given a name here, and a
 * variadic call is wrapped. */
#ifndef RAYPETS_CSQLITE_SHIM_H
#define RAYPETS_CSQLITE_SHIM_H
#include <sqlite3.h>
#include <sys/xattr.h> /* JournalMark: Swift's Glibc module does not export it */

static inline sqlite3_destructor_type csqlite_transient(void) { return SQLITE_TRANSIENT; }

/* sqlite3_db_config is variadic, which Swift cannot call: closing the connection does not
 * checkpoint its -wal file into the database file (SQLITE_DBCONFIG_NO_CKPT_ON_CLOSE). */
static inline int csqlite_skip_checkpoint_on_close(sqlite3 *db) {
    return sqlite3_db_config(db, SQLITE_DBCONFIG_NO_CKPT_ON_CLOSE, 1, (int *)0);
}
#endif
