/* CGtk: following the desktop's dark-style preference through the XDG settings portal. */
#ifndef RAYPETS_CGTK_COLOR_SCHEME_H
#define RAYPETS_CGTK_COLOR_SCHEME_H

#include <gtk/gtk.h>
#include "versions.h"

/* --- Following the desktop's dark-style preference ----------------------
 * GTK 4.8 (without libadwaita) does not follow GNOME's "dark style" switch by itself.
 * The desktop publishes it through the XDG settings portal as
 * org.freedesktop.appearance color-scheme (0 no preference, 1 prefer dark, 2 prefer light).
 * These read it once (asynchronously, so a missing portal costs nothing) and follow its
 * SettingChanged signal, setting GTK's colour-scheme setting to match (versions.h:
 * gtk-interface-color-scheme on GTK 4.20+, gtk-application-prefer-dark-theme before).
 */
static void rp_apply_color_scheme(GVariant *value) {
    while (value && g_variant_is_of_type(value, G_VARIANT_TYPE_VARIANT)) {
        GVariant *inner = g_variant_get_variant(value);
        g_variant_unref(value);
        value = inner;
    }
    if (value && g_variant_is_of_type(value, G_VARIANT_TYPE_UINT32)) {
        GtkSettings *settings = gtk_settings_get_default();
        if (settings) rp_settings_set_color_scheme(settings, g_variant_get_uint32(value));
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

#endif
