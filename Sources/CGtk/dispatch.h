/* CGtk: libdispatch's main-queue hooks, for the bridge into GLib's main loop. */
#ifndef RAYPETS_CGTK_DISPATCH_H
#define RAYPETS_CGTK_DISPATCH_H

#include <gtk/gtk.h>
#include <glib-unix.h>
#include <stdint.h>
#include <unistd.h>

/* --- libdispatch's run-loop hooks ---------------------------------------
 * These are exported by libdispatch on Linux for CoreFoundation's run loop
 * (see dispatch/private.h); they are how a foreign main loop drains the main
 * queue, which is where Swift's MainActor jobs wait.
 */
extern int _dispatch_get_main_queue_handle_4CF(void);
extern void _dispatch_main_queue_callback_4CF(void *msg);

/* Empties the main queue's eventfd so the GLib source does not fire again
 * until libdispatch writes to it. Non-blocking: the fd is EFD_NONBLOCK. */
static inline void rp_eventfd_drain(int fd) {
    uint64_t value;
    ssize_t n = read(fd, &value, sizeof value);
    (void)n;
}

#endif
