/* CGtk: making GTK 4.8's gtk_window_destroy() dispose a window a Swift wrapper holds, safely. */
#ifndef RAYPETS_CGTK_WINDOW_DISPOSE_H
#define RAYPETS_CGTK_WINDOW_DISPOSE_H

#include <gtk/gtk.h>

/* --- Toplevel windows ---------------------------------------------------
 * In GTK 4.8 gtk_window_destroy() only drops GTK's own reference: while a Swift
 * wrapper holds another, the window is never disposed, so its "destroy" signal
 * never fires and GTK's destroy-with-parent (which listens for it) never closes
 * the window's dialogs. The Window wrapper calls rp_window_dispose_when_destroyed()
 * on "unrealize"; on the next idle, a window that is no longer among GTK's
 * toplevels was destroyed, and is disposed as GTK 3's gtk_widget_destroy() did.
 */
static inline gboolean rp_window_is_listed(gpointer window) {
    GListModel *toplevels = gtk_window_get_toplevels();
    guint n = g_list_model_get_n_items(toplevels);
    for (guint i = 0; i < n; i++) {
        gpointer item = g_list_model_get_item(toplevels, i);
        g_object_unref(item);
        if (item == window) return TRUE;
    }
    return FALSE;
}

static gboolean rp_dispose_if_destroyed(gpointer window) {
    if (!rp_window_is_listed(window)) g_object_run_dispose(G_OBJECT(window));
    return G_SOURCE_REMOVE;
}

static inline void rp_window_dispose_when_destroyed(gpointer window) {
    g_idle_add_full(G_PRIORITY_HIGH_IDLE, rp_dispose_if_destroyed, g_object_ref(window), g_object_unref);
}

/* --- Transient parents ---------------------------------------------------
 * GTK 4.8 keeps a plain pointer to a window's transient parent and disconnects its
 * handlers from that parent when the window is disposed. A dialog destroyed with its
 * parent is disposed on the idle above, after the parent may be gone ("instance with
 * invalid (NULL) class pointer"). So a window forgets its transient parent while the
 * parent is being destroyed, when both are still valid.
 */
static void rp_forget_destroyed_parent(GtkWidget *parent, gpointer window) {
    if (gtk_window_get_transient_for(GTK_WINDOW(window)) == GTK_WINDOW(parent))
        gtk_window_set_transient_for(GTK_WINDOW(window), NULL);
}

static inline void rp_window_set_transient_for(gpointer window, gpointer parent) {
    gtk_window_set_transient_for(GTK_WINDOW(window), parent ? GTK_WINDOW(parent) : NULL);
    if (parent)
        g_signal_connect_object(parent, "destroy", G_CALLBACK(rp_forget_destroyed_parent), window, 0);
}

#endif
