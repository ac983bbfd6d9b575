/* CGtk: what differs between the GTK versions RayPets builds with (4.8, 4.18 and 4.24 are tested
 * in CI). One function per difference, each with both branches chosen when the package is
 * compiled (GTK_CHECK_VERSION): the newer API where the GTK being built against has it, the older
 * call otherwise, so no version warns; chosen when the program runs only where a binary may meet
 * a newer GTK than it was built with (the colour scheme, below). ARCHITECTURE.md, "Code that depends on the GTK version". */
#ifndef RAYPETS_CGTK_VERSIONS_H
#define RAYPETS_CGTK_VERSIONS_H

#include <gtk/gtk.h>
#include <string.h>

/* Replaces a provider's stylesheet with the text `css`.
 * gtk_css_provider_load_from_data is deprecated since 4.12, which adds load_from_string. */
static inline void rp_css_provider_load_string(GtkCssProvider *provider, const char *css) {
#if GTK_CHECK_VERSION(4, 12, 0)
    gtk_css_provider_load_from_string(provider, css);
#else
    gtk_css_provider_load_from_data(provider, css, -1);
#endif
}

/* A stylesheet for one widget: `widget` gets the CSS class `own_class`, and `provider` (whose
 * rules select `.own_class`) is added at `priority`. GTK 4.10 deprecated per-widget providers
 * (gtk_widget_get_style_context, gtk_style_context_add_provider) and has no replacement: from 4.10
 * the provider goes on the widget's display, where the class keeps its rules to this widget. */
static inline void rp_widget_add_own_style(GtkWidget *widget, GtkStyleProvider *provider,
                                           const char *own_class, guint priority) {
    gtk_widget_add_css_class(widget, own_class);
#if GTK_CHECK_VERSION(4, 10, 0)
    gtk_style_context_add_provider_for_display(gtk_widget_get_display(widget), provider, priority);
#else
    gtk_style_context_add_provider(gtk_widget_get_style_context(widget), provider, priority);
#endif
}

/* Undoes rp_widget_add_own_style. */
static inline void rp_widget_remove_own_style(GtkWidget *widget, GtkStyleProvider *provider,
                                              const char *own_class) {
    gtk_widget_remove_css_class(widget, own_class);
#if GTK_CHECK_VERSION(4, 10, 0)
    gtk_style_context_remove_provider_for_display(gtk_widget_get_display(widget), provider);
#else
    gtk_style_context_remove_provider(gtk_widget_get_style_context(widget), provider);
#endif
}

/* Gives a list item (a GtkListItem) its accessible label, what a screen reader reads for the
 * row: GTK 4.12 adds the list item's own (gtk_list_item_set_accessible_label), which GTK puts on
 * the widget holding the row and would write over a label set there; GTK 4.8 has none, so the
 * label goes straight on that widget (`holder`, which may be NULL). */
static inline void rp_list_item_set_label(gpointer list_item, GtkWidget *holder, const char *label) {
#if GTK_CHECK_VERSION(4, 12, 0)
    (void)holder;
    gtk_list_item_set_accessible_label(GTK_LIST_ITEM(list_item), label);
#else
    (void)list_item;
    if (holder != NULL) gtk_accessible_update_property(GTK_ACCESSIBLE(holder), GTK_ACCESSIBLE_PROPERTY_LABEL, label, -1);
#endif
}

/* Scrolls a GtkListView to the item at `position` and, with `focus`, gives its row the focus.
 * GTK 4.12 adds gtk_list_view_scroll_to, which makes the row and focuses it even while the list
 * is catching up with a change of its items (4.18 updates its rows later than 4.8 does); GTK 4.8
 * has only the list's action, which makes the row, and the caller focuses it. */
static inline void rp_list_view_scroll_to(GtkWidget *list, guint position, gboolean focus) {
#if GTK_CHECK_VERSION(4, 12, 0)
    gtk_list_view_scroll_to(GTK_LIST_VIEW(list), position, focus ? GTK_LIST_SCROLL_FOCUS : GTK_LIST_SCROLL_NONE, NULL);
#else
    (void)focus;
    GVariant *argument = g_variant_ref_sink(g_variant_new_uint32(position));
    gtk_widget_activate_action_variant(list, "list.scroll-to-item", argument);
    g_variant_unref(argument);
#endif
}

/* The point (x, y) of `from` in `to`'s coordinates; false when the two share no ancestor.
 * gtk_widget_translate_coordinates is deprecated since 4.12, which adds gtk_widget_compute_point. */
static inline gboolean rp_widget_translate_point(GtkWidget *from, GtkWidget *to, double x, double y,
                                                 double *out_x, double *out_y) {
#if GTK_CHECK_VERSION(4, 12, 0)
    graphene_point_t point = GRAPHENE_POINT_INIT((float)x, (float)y), result;
    if (!gtk_widget_compute_point(from, to, &point, &result)) return FALSE;
    *out_x = result.x;
    *out_y = result.y;
    return TRUE;
#else
    return gtk_widget_translate_coordinates(from, to, x, y, out_x, out_y);
#endif
}

/* Asks screen readers to speak `message` now (politely, or at once with `assertive`): GTK 4.14
 * adds gtk_accessible_announce. Returns whether it could; GTK 4.8 has no way to, and a message
 * there reaches a screen reader as the text of an alert or status element, or of the focus. */
static inline gboolean rp_accessible_announce(gpointer widget, const char *message, gboolean assertive) {
#if GTK_CHECK_VERSION(4, 14, 0)
    gtk_accessible_announce(GTK_ACCESSIBLE(widget), message,
                            assertive ? GTK_ACCESSIBLE_ANNOUNCEMENT_PRIORITY_HIGH
                                      : GTK_ACCESSIBLE_ANNOUNCEMENT_PRIORITY_MEDIUM);
    return TRUE;
#else
    (void)widget; (void)message; (void)assertive;
    return FALSE;
#endif
}

/* The text of the first label inside `widget`, or NULL. */
static const char *rp_first_label_text(GtkWidget *widget) {
    for (GtkWidget *child = gtk_widget_get_first_child(widget); child != NULL; child = gtk_widget_get_next_sibling(child)) {
        if (GTK_IS_LABEL(child) && gtk_label_get_text(GTK_LABEL(child))[0] != '\0') return gtk_label_get_text(GTK_LABEL(child));
        const char *inner = rp_first_label_text(child);
        if (inner != NULL) return inner;
    }
    return NULL;
}

/* Names each item of a popover menu (GtkModelButton) with its label's text. GTK 4.18 reports
 * them over AT-SPI without a name (each labelled by a nameless box; traced), so a screen reader
 * reads an empty menu; GTK 4.8 names them by their labels already, and is left as it is.
 * GTK 4.8 instead names the menu's own nameless containers after their types (the menu
 * "GtkPopoverMenu", its "GtkPopoverContent", the "GtkStackPage" of its submenus), which Orca
 * says: they are named with nothing, which screen readers pass over. */
static void rp_popover_menu_name_items(GtkWidget *widget) {
    for (GtkWidget *child = gtk_widget_get_first_child(widget); child != NULL; child = gtk_widget_get_next_sibling(child)) {
#if GTK_CHECK_VERSION(4, 14, 0)
        if (strcmp(G_OBJECT_TYPE_NAME(child), "GtkModelButton") == 0) {
            const char *text = rp_first_label_text(child);
            if (text != NULL) {
                gtk_accessible_reset_relation(GTK_ACCESSIBLE(child), GTK_ACCESSIBLE_RELATION_LABELLED_BY);
                gtk_accessible_update_property(GTK_ACCESSIBLE(child), GTK_ACCESSIBLE_PROPERTY_LABEL, text, -1);
            }
        }
#elif !GTK_CHECK_VERSION(4, 10, 0)
        GtkAccessibleRole role = gtk_accessible_get_accessible_role(GTK_ACCESSIBLE(child));
        if (role == GTK_ACCESSIBLE_ROLE_WIDGET || role == GTK_ACCESSIBLE_ROLE_GROUP)
            gtk_accessible_update_property(GTK_ACCESSIBLE(child), GTK_ACCESSIBLE_PROPERTY_LABEL, "", -1);
        if (GTK_IS_STACK(child)) {
            GListModel *pages = G_LIST_MODEL(gtk_stack_get_pages(GTK_STACK(child)));
            for (guint i = 0; i < g_list_model_get_n_items(pages); i++) {
                GtkStackPage *page = g_list_model_get_item(pages, i);
                if (gtk_stack_page_get_title(page) == NULL)
                    gtk_accessible_update_property(GTK_ACCESSIBLE(page), GTK_ACCESSIBLE_PROPERTY_LABEL, "", -1);
                g_object_unref(page);
            }
            g_object_unref(pages);
        }
#endif
        rp_popover_menu_name_items(child);
    }
}

/* Names a popover menu `name` for screen readers (it has the *menu* role: Orca says "Back
 * menu" as it opens), and its items and containers as rp_popover_menu_name_items says. */
static inline void rp_popover_menu_name(GtkWidget *popover, const char *name) {
    if (name != NULL) gtk_accessible_update_property(GTK_ACCESSIBLE(popover), GTK_ACCESSIBLE_PROPERTY_LABEL, name, -1);
    rp_popover_menu_name_items(popover);
}

/* The desktop's colour scheme, as the XDG settings portal gives it (0 no preference, 1 prefer
 * dark, 2 prefer light). GTK 4.20 replaces gtk-application-prefer-dark-theme (reading or setting
 * it warns there) with gtk-interface-color-scheme, which the built-in theme follows. The one
 * difference chosen when the program runs, not when it is compiled: a binary built against an
 * older GTK (the installed-app tier runs Debian 12's build on Debian testing) must still use the
 * new setting on a newer GTK. The values are GtkInterfaceColorScheme's (DEFAULT 1, DARK 2, LIGHT
 * 3), which older headers lack. */
static inline gboolean rp_settings_has_interface_color_scheme(void) {
    return gtk_check_version(4, 20, 0) == NULL;
}

static inline const char *rp_settings_color_scheme_property(void) {
    return rp_settings_has_interface_color_scheme() ? "gtk-interface-color-scheme" : "gtk-application-prefer-dark-theme";
}

static inline void rp_settings_set_color_scheme(GtkSettings *settings, guint portal_value) {
    if (rp_settings_has_interface_color_scheme()) {
        int scheme = portal_value == 1 ? 2 : portal_value == 2 ? 3 : 1;
        g_object_set(settings, "gtk-interface-color-scheme", scheme, NULL);
    } else {
        g_object_set(settings, "gtk-application-prefer-dark-theme", portal_value == 1, NULL);
    }
}

/* Whether the dark style is in use (see rp_settings_set_color_scheme). */
static inline gboolean rp_settings_prefers_dark(GtkSettings *settings) {
    if (rp_settings_has_interface_color_scheme()) {
        int scheme = 1;
        g_object_get(settings, "gtk-interface-color-scheme", &scheme, NULL);
        return scheme == 2;
    }
    gboolean dark = FALSE;
    g_object_get(settings, "gtk-application-prefer-dark-theme", &dark, NULL);
    return dark;
}

#endif
