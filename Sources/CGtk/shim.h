/* CGtk: what Swift cannot import from GTK directly.
 *
 * GTK's cast macros (GTK_WINDOW(), G_OBJECT(), ...) and variadic functions
 * (g_object_set, gtk_accessible_update_property, ...) do not import into Swift.
 * Each one used by the `Gtk` module gets a tiny static inline function here.
 * Swift keeps every GObject as an untyped `gpointer`; these casts give it back
 * the typed pointer a GTK function expects (with GLib's checked casts in debug
 * builds of GTK).
 */
#ifndef RAYPETS_CGTK_SHIM_H
#define RAYPETS_CGTK_SHIM_H

#include <gtk/gtk.h>
#include <glib-unix.h>
#include <stdint.h>
#include <unistd.h>
#include <sys/resource.h>
#include <malloc.h>

/* --- Casts -------------------------------------------------------------- */
static inline GObject *rp_object(gpointer p) { return G_OBJECT(p); }
static inline GtkWidget *rp_widget(gpointer p) { return GTK_WIDGET(p); }
static inline GtkWindow *rp_window(gpointer p) { return GTK_WINDOW(p); }
static inline GtkHeaderBar *rp_header_bar(gpointer p) { return GTK_HEADER_BAR(p); }
static inline GtkStack *rp_stack(gpointer p) { return GTK_STACK(p); }
static inline GtkBox *rp_box(gpointer p) { return GTK_BOX(p); }
static inline GtkLabel *rp_label(gpointer p) { return GTK_LABEL(p); }
static inline GtkButton *rp_button(gpointer p) { return GTK_BUTTON(p); }
static inline GtkApplication *rp_application(gpointer p) { return GTK_APPLICATION(p); }
static inline GApplication *rp_gapplication(gpointer p) { return G_APPLICATION(p); }
static inline GtkCssProvider *rp_css_provider(gpointer p) { return GTK_CSS_PROVIDER(p); }
static inline GtkStyleProvider *rp_style_provider(gpointer p) { return GTK_STYLE_PROVIDER(p); }
static inline GtkListBox *rp_list_box(gpointer p) { return GTK_LIST_BOX(p); }
static inline GtkListBoxRow *rp_list_box_row(gpointer p) { return GTK_LIST_BOX_ROW(p); }
static inline GtkGrid *rp_grid(gpointer p) { return GTK_GRID(p); }
static inline GtkStackSwitcher *rp_stack_switcher(gpointer p) { return GTK_STACK_SWITCHER(p); }
static inline GtkMenuButton *rp_menu_button(gpointer p) { return GTK_MENU_BUTTON(p); }
static inline GtkAboutDialog *rp_about_dialog(gpointer p) { return GTK_ABOUT_DIALOG(p); }
static inline GtkActionable *rp_actionable(gpointer p) { return GTK_ACTIONABLE(p); }
static inline GActionMap *rp_action_map(gpointer p) { return G_ACTION_MAP(p); }
static inline GSimpleAction *rp_simple_action(gpointer p) { return G_SIMPLE_ACTION(p); }
static inline GtkGesture *rp_gesture(gpointer p) { return GTK_GESTURE(p); }
static inline GtkGestureSingle *rp_gesture_single(gpointer p) { return GTK_GESTURE_SINGLE(p); }
static inline GtkEventController *rp_event_controller(gpointer p) { return GTK_EVENT_CONTROLLER(p); }
static inline GtkShortcutController *rp_shortcut_controller(gpointer p) { return GTK_SHORTCUT_CONTROLLER(p); }
static inline GtkAccessible *rp_accessible(gpointer p) { return GTK_ACCESSIBLE(p); }
static inline gboolean rp_is_window(gpointer p) { return GTK_IS_WINDOW(p); }
static inline gboolean rp_is_application_window(gpointer p) { return GTK_IS_APPLICATION_WINDOW(p); }

/* --- Variadic calls ----------------------------------------------------- */
/* gtk_accessible_update_property(..., GTK_ACCESSIBLE_PROPERTY_LABEL, label, -1) */
static inline void rp_accessible_set_label(gpointer widget, const char *label) {
    gtk_accessible_update_property(GTK_ACCESSIBLE(widget),
                                   GTK_ACCESSIBLE_PROPERTY_LABEL, label, -1);
}

/* g_object_set(settings, "gtk-enable-animations", value, NULL) */
static inline void rp_object_set_boolean(gpointer object, const char *property, gboolean value) {
    g_object_set(G_OBJECT(object), property, value, NULL);
}

/* g_object_get(object, property, &value, NULL) */
static inline gboolean rp_object_get_boolean(gpointer object, const char *property) {
    gboolean value = FALSE;
    g_object_get(G_OBJECT(object), property, &value, NULL);
    return value;
}

/* g_signal_emit_by_name(object, "clicked") and other signals without arguments. */
static inline void rp_signal_emit_void(gpointer object, const char *signal) {
    g_signal_emit_by_name(object, signal);
}

/* gtk_application_set_accels_for_action with one accelerator (the array is NULL-terminated). */
static inline void rp_application_set_accel(gpointer application, const char *action, const char *accel) {
    const char *accels[] = { accel, NULL };
    gtk_application_set_accels_for_action(GTK_APPLICATION(application), action, accels);
}

/* The first accelerator registered for an action, or NULL (caller frees). */
static inline char *rp_application_first_accel(gpointer application, const char *action) {
    char **accels = gtk_application_get_accels_for_action(GTK_APPLICATION(application), action);
    char *first = (accels && accels[0]) ? g_strdup(accels[0]) : NULL;
    g_strfreev(accels);
    return first;
}

/* A shortcut on `widget` that activates the named widget/window action (e.g. "window.close"). */
static inline void rp_add_shortcut(gpointer widget, const char *trigger, const char *action) {
    GtkEventController *controller = gtk_shortcut_controller_new();
    gtk_shortcut_controller_add_shortcut(GTK_SHORTCUT_CONTROLLER(controller),
        gtk_shortcut_new(gtk_shortcut_trigger_parse_string(trigger), gtk_named_action_new(action)));
    gtk_widget_add_controller(GTK_WIDGET(widget), controller);
}

/* gtk_about_dialog_set_authors wants a NULL-terminated array. */
static inline void rp_about_set_author(gpointer dialog, const char *author) {
    const char *authors[] = { author, NULL };
    gtk_about_dialog_set_authors(GTK_ABOUT_DIALOG(dialog), authors);
}

/* g_log_structured(domain, level, "MESSAGE", "%s", message) without the varargs. */
static inline void rp_log(const char *domain, GLogLevelFlags level, const char *message) {
    g_log_structured(domain, level, "MESSAGE", "%s", message);
}

/* A GSimpleAction taking a string parameter ("s"). */
static inline GSimpleAction *rp_simple_action_new_with_string(const char *name) {
    return g_simple_action_new(name, G_VARIANT_TYPE_STRING);
}

/* The string inside a GVariant of type "s", or NULL for any other variant. */
static inline const char *rp_variant_string(gpointer variant) {
    if (!variant || !g_variant_is_of_type((GVariant *)variant, G_VARIANT_TYPE_STRING)) return NULL;
    return g_variant_get_string((GVariant *)variant, NULL);
}

/* Activates `action` (of a GActionGroup such as a GApplication) with a string parameter. */
static inline void rp_action_group_activate_with_string(gpointer group, const char *action, const char *value) {
    g_action_group_activate_action(G_ACTION_GROUP(group), action, g_variant_new_string(value));
}

/* The URI of files[index] from GApplication's "open" signal (caller frees). */
static inline char *rp_file_uri(gpointer files, int index) {
    return g_file_get_uri(((GFile **)files)[index]);
}

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

/* --- Following the desktop's dark-style preference ----------------------
 * GTK 4.8 (without libadwaita) does not follow GNOME's "dark style" switch by itself.
 * The desktop publishes it through the XDG settings portal as
 * org.freedesktop.appearance color-scheme (0 no preference, 1 prefer dark, 2 prefer light).
 * These read it once (asynchronously, so a missing portal costs nothing) and follow its
 * SettingChanged signal, setting gtk-application-prefer-dark-theme to match.
 */
static void rp_apply_color_scheme(GVariant *value) {
    while (value && g_variant_is_of_type(value, G_VARIANT_TYPE_VARIANT)) {
        GVariant *inner = g_variant_get_variant(value);
        g_variant_unref(value);
        value = inner;
    }
    if (value && g_variant_is_of_type(value, G_VARIANT_TYPE_UINT32)) {
        GtkSettings *settings = gtk_settings_get_default();
        if (settings)
            g_object_set(settings, "gtk-application-prefer-dark-theme", g_variant_get_uint32(value) == 1, NULL);
    }
    if (value) g_variant_unref(value);
}

static void rp_color_scheme_read(GObject *bus, GAsyncResult *result, gpointer data) {
    GVariant *reply = g_dbus_connection_call_finish(G_DBUS_CONNECTION(bus), result, NULL);
    if (!reply) return;  /* no portal: keep the theme's default */
    GVariant *value = NULL;
    g_variant_get(reply, "(v)", &value);
    g_variant_unref(reply);
    rp_apply_color_scheme(value);
}

static void rp_color_scheme_changed(GDBusConnection *bus, const gchar *sender, const gchar *path,
                                    const gchar *interface, const gchar *signal, GVariant *parameters,
                                    gpointer data) {
    const gchar *namespace_ = NULL, *key = NULL;
    GVariant *value = NULL;
    g_variant_get(parameters, "(&s&sv)", &namespace_, &key, &value);
    if (g_strcmp0(namespace_, "org.freedesktop.appearance") == 0 && g_strcmp0(key, "color-scheme") == 0)
        rp_apply_color_scheme(value);
    else if (value)
        g_variant_unref(value);
}

/* Starts following the portal's color-scheme. Returns FALSE when there is no session bus. */
static inline gboolean rp_follow_color_scheme(void) {
    GDBusConnection *bus = g_bus_get_sync(G_BUS_TYPE_SESSION, NULL, NULL);
    if (!bus) return FALSE;
    g_dbus_connection_signal_subscribe(bus, "org.freedesktop.portal.Desktop",
        "org.freedesktop.portal.Settings", "SettingChanged", "/org/freedesktop/portal/desktop",
        NULL, G_DBUS_SIGNAL_FLAGS_NONE, rp_color_scheme_changed, NULL, NULL);
    g_dbus_connection_call(bus, "org.freedesktop.portal.Desktop", "/org/freedesktop/portal/desktop",
        "org.freedesktop.portal.Settings", "Read",
        g_variant_new("(ss)", "org.freedesktop.appearance", "color-scheme"),
        G_VARIANT_TYPE("(v)"), G_DBUS_CALL_FLAGS_NONE, 2000, NULL, rp_color_scheme_read, NULL);
    g_object_unref(bus);  /* GLib keeps the shared session connection alive */
    return TRUE;
}

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

/* CPU time (user + system) used by this process, in microseconds. */
static inline int64_t rp_process_cpu_usec(void) {
    struct rusage u;
    getrusage(RUSAGE_SELF, &u);
    return (int64_t)(u.ru_utime.tv_sec + u.ru_stime.tv_sec) * 1000000
         + (int64_t)(u.ru_utime.tv_usec + u.ru_stime.tv_usec);
}

/* Bytes malloc has handed out and not had back, in every arena (mallinfo2). Unlike RSS it
 * leaves out the free space malloc keeps, so the benchmarks use it to tell memory the
 * program holds from memory the allocator has not returned. */
static inline uint64_t rp_heap_in_use(void) {
    struct mallinfo2 info = mallinfo2();
    return (uint64_t)info.uordblks + (uint64_t)info.hblkhd;
}

#endif
