#pragma once
#include <gtk/gtk.h>
#include <dlfcn.h>
#include <string.h>
#include <unistd.h>

/* The X11 connection lost (the X server ended, `xkill` on a window): Xlib calls its I/O
 * error handler, which ends the process (Xlib's own, on GTK 4.8: exit(1)); GDK cannot go on.
 * rp_on_x11_display_lost puts a handler before it that calls `callback(data)` once, so the
 * app can write what it must (without touching GTK: the connection is gone), then lets the
 * previous handler end the process. XSetIOErrorHandler is looked up at run time in the
 * libX11 GDK loaded, so nothing links libX11 or needs its headers; with no X11 display (a
 * Wayland session) nothing is installed. What the handler needs is kept on the GdkDisplay
 * (a header has no storage of its own that Swift's importer would emit). */

typedef int (*rp_x_io_error_handler)(void *display);
typedef void (*rp_display_lost_func)(void *data);

static int rp_x_io_error(void *xdisplay) {
    GObject *display = G_OBJECT(gdk_display_get_default());
    rp_display_lost_func callback = (rp_display_lost_func)g_object_get_data(display, "rp-display-lost");
    void *data = g_object_get_data(display, "rp-display-lost-data");
    rp_x_io_error_handler previous = (rp_x_io_error_handler)g_object_get_data(display, "rp-display-lost-previous");
    g_object_set_data(display, "rp-display-lost", NULL); /* once, even if the callback leads here again */
    if (callback != NULL) callback(data);
    if (previous != NULL) return previous(xdisplay);
    _exit(1);
}

/* Whether the handler was installed (an X11 display is open and libX11 is loaded). */
static inline gboolean rp_on_x11_display_lost(rp_display_lost_func callback, void *data) {
    GdkDisplay *display = gdk_display_get_default();
    if (display == NULL || strcmp(G_OBJECT_TYPE_NAME(display), "GdkX11Display") != 0) return FALSE;
    rp_x_io_error_handler (*set)(rp_x_io_error_handler) =
        (rp_x_io_error_handler (*)(rp_x_io_error_handler))dlsym(RTLD_DEFAULT, "XSetIOErrorHandler");
    if (set == NULL) return FALSE;
    g_object_set_data(G_OBJECT(display), "rp-display-lost", (gpointer)callback);
    g_object_set_data(G_OBJECT(display), "rp-display-lost-data", data);
    rp_x_io_error_handler previous = set(rp_x_io_error);
    if (previous != rp_x_io_error) g_object_set_data(G_OBJECT(display), "rp-display-lost-previous", (gpointer)previous);
    return TRUE;
}
