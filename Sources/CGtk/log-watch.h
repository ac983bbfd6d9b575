/* CGtk: a GLib log writer that keeps every warning and critical logged in this process (GTK's,
 * GLib's, the app's) and then passes each message on to GLib's default writer unchanged. Tests
 * install it to fail the test during which GTK warned, by name. GLib takes a writer once per
 * process; messages may come from any thread, hence the lock. The state lives in function-local
 * statics: Swift does not emit a header's file-scope statics, and each Swift file that calls
 * these functions gets its own copy of them, so only Sources/Gtk/Internal/LogWatch.swift
 * calls them. */
#ifndef RAYPETS_CGTK_LOG_WATCH_H
#define RAYPETS_CGTK_LOG_WATCH_H

#include <gtk/gtk.h>

/* The messages kept ("DOMAIN-LEVEL: message", oldest first), and their lock. */
static GPtrArray **rp_log_watch_messages(void) { static GPtrArray *messages; return &messages; }
static GMutex *rp_log_watch_lock(void) { static GMutex lock; return &lock; }

static GLogWriterOutput rp_log_watch_writer(GLogLevelFlags level, const GLogField *fields, gsize count, gpointer data) {
    if (level & (G_LOG_LEVEL_ERROR | G_LOG_LEVEL_CRITICAL | G_LOG_LEVEL_WARNING)) {
        const char *domain = "", *message = "";
        for (gsize i = 0; i < count; i++) {
            if (g_strcmp0(fields[i].key, "GLIB_DOMAIN") == 0 && fields[i].length < 0) domain = fields[i].value;
            if (g_strcmp0(fields[i].key, "MESSAGE") == 0 && fields[i].length < 0) message = fields[i].value;
        }
        const char *kind = (level & G_LOG_LEVEL_WARNING) ? "WARNING" : (level & G_LOG_LEVEL_ERROR) ? "ERROR" : "CRITICAL";
        g_mutex_lock(rp_log_watch_lock());
        GPtrArray *messages = *rp_log_watch_messages();
        if (messages && messages->len < 100) {
            /* One line each: a message's own line breaks become spaces. */
            char *line = g_strdup_printf("%s-%s: %s", domain, kind, message);
            g_ptr_array_add(messages, g_strdelimit(line, "\n", ' '));
        }
        g_mutex_unlock(rp_log_watch_lock());
    }
    return g_log_writer_default(level, fields, count, data);
}

/* Installs the writer; call it once, before anything is logged that should be kept. */
static inline void rp_log_watch_start(void) {
    *rp_log_watch_messages() = g_ptr_array_new_with_free_func(g_free);
    g_log_set_writer_func(rp_log_watch_writer, NULL, NULL);
}

/* The messages kept since the last call, as one newly allocated string (one per line), or
 * NULL if there were none. */
static inline char *rp_log_watch_take(void) {
    char *joined = NULL;
    g_mutex_lock(rp_log_watch_lock());
    GPtrArray *messages = *rp_log_watch_messages();
    if (messages && messages->len > 0) {
        g_ptr_array_add(messages, NULL);
        joined = g_strjoinv("\n", (char **)messages->pdata);
        g_ptr_array_set_size(messages, 0);
    }
    g_mutex_unlock(rp_log_watch_lock());
    return joined;
}

#endif
