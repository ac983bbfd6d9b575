/* CGtk: type checks (GTK_IS_BUTTON(), ...) for reading a window's widget tree from outside,
 * as a person sees it: the package's tests use them to find every control on screen. */
#ifndef RAYPETS_CGTK_INSPECT_H
#define RAYPETS_CGTK_INSPECT_H

#include <gtk/gtk.h>

static inline gboolean rp_is_button(gpointer p) { return GTK_IS_BUTTON(p); }
static inline gboolean rp_is_toggle_button(gpointer p) { return GTK_IS_TOGGLE_BUTTON(p); }
static inline gboolean rp_is_check_button(gpointer p) { return GTK_IS_CHECK_BUTTON(p); }
static inline gboolean rp_is_label(gpointer p) { return GTK_IS_LABEL(p); }
static inline gboolean rp_is_text(gpointer p) { return GTK_IS_TEXT(p); }
static inline gboolean rp_is_text_view(gpointer p) { return GTK_IS_TEXT_VIEW(p); }
static inline gboolean rp_is_drop_down(gpointer p) { return GTK_IS_DROP_DOWN(p); }

static inline const char *rp_label_text(gpointer p) { return gtk_label_get_label(GTK_LABEL(p)); }
static inline const char *rp_editable_text(gpointer p) { return gtk_editable_get_text(GTK_EDITABLE(p)); }
static inline gboolean rp_toggle_active(gpointer p) { return gtk_toggle_button_get_active(GTK_TOGGLE_BUTTON(p)); }
static inline gboolean rp_check_active(gpointer p) { return gtk_check_button_get_active(GTK_CHECK_BUTTON(p)); }
static inline guint rp_drop_down_selected(gpointer p) { return gtk_drop_down_get_selected(GTK_DROP_DOWN(p)); }
static inline gboolean rp_is_image(gpointer p) { return GTK_IS_IMAGE(p); }
static inline const char *rp_image_icon_name(gpointer p) { return gtk_image_get_icon_name(GTK_IMAGE(p)); }
static inline gboolean rp_is_window_controls(gpointer p) { return GTK_IS_WINDOW_CONTROLS(p); }
static inline gboolean rp_is_stack_switcher(gpointer p) { return GTK_IS_STACK_SWITCHER(p); }
static inline gboolean rp_is_popover(gpointer p) { return GTK_IS_POPOVER(p); }
static inline void rp_popover_popdown(gpointer p) { gtk_popover_popdown(GTK_POPOVER(p)); }
static inline const char *rp_type_name(gpointer p) { return G_OBJECT_TYPE_NAME(p); }

/* The text a text view shows (newly allocated). */
static inline char *rp_text_view_text(gpointer p) {
    GtkTextBuffer *buffer = gtk_text_view_get_buffer(GTK_TEXT_VIEW(p));
    GtkTextIter start, end;
    gtk_text_buffer_get_bounds(buffer, &start, &end);
    return gtk_text_buffer_get_text(buffer, &start, &end, FALSE);
}

#endif
