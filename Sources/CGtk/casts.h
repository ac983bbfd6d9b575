/* CGtk: GTK's cast macros (GTK_WINDOW(), G_OBJECT(), ...) do not import into Swift.
 * Swift keeps every GObject as an untyped `gpointer`; each cast the `Gtk` module uses is a
 * tiny static inline function here that gives it back the typed pointer a GTK function
 * expects (with GLib's checked casts in debug builds of GTK). */
#ifndef RAYPETS_CGTK_CASTS_H
#define RAYPETS_CGTK_CASTS_H

#include <gtk/gtk.h>

/* --- Casts -------------------------------------------------------------- */
static inline GObject *rp_object(gpointer p) { return G_OBJECT(p); }
static inline GtkWidget *rp_widget(gpointer p) { return GTK_WIDGET(p); }
static inline GtkWindow *rp_window(gpointer p) { return GTK_WINDOW(p); }
static inline GtkHeaderBar *rp_header_bar(gpointer p) { return GTK_HEADER_BAR(p); }
static inline GtkStack *rp_stack(gpointer p) { return GTK_STACK(p); }
static inline GtkBox *rp_box(gpointer p) { return GTK_BOX(p); }
static inline GtkLabel *rp_label(gpointer p) { return GTK_LABEL(p); }
static inline GtkButton *rp_button(gpointer p) { return GTK_BUTTON(p); }
/* The label a text button made for its text (gtk_button_new_with_label), or NULL. */
static inline GtkLabel *rp_button_text_label(gpointer p) {
    GtkWidget *child = gtk_button_get_child(GTK_BUTTON(p));
    return child != NULL && GTK_IS_LABEL(child) ? GTK_LABEL(child) : NULL;
}
static inline GtkApplication *rp_application(gpointer p) { return GTK_APPLICATION(p); }
static inline GApplication *rp_gapplication(gpointer p) { return G_APPLICATION(p); }
static inline GtkOrientable *rp_orientable(gpointer p) { return GTK_ORIENTABLE(p); }
static inline GtkCssProvider *rp_css_provider(gpointer p) { return GTK_CSS_PROVIDER(p); }
static inline GtkStyleProvider *rp_style_provider(gpointer p) { return GTK_STYLE_PROVIDER(p); }
static inline GtkListBox *rp_list_box(gpointer p) { return GTK_LIST_BOX(p); }
static inline GtkListBoxRow *rp_list_box_row(gpointer p) { return GTK_LIST_BOX_ROW(p); }
static inline GtkGrid *rp_grid(gpointer p) { return GTK_GRID(p); }
static inline GtkScrolledWindow *rp_scrolled_window(gpointer p) { return GTK_SCROLLED_WINDOW(p); }
static inline GtkStackSwitcher *rp_stack_switcher(gpointer p) { return GTK_STACK_SWITCHER(p); }
static inline GtkMenuButton *rp_menu_button(gpointer p) { return GTK_MENU_BUTTON(p); }
static inline GtkAboutDialog *rp_about_dialog(gpointer p) { return GTK_ABOUT_DIALOG(p); }
static inline GtkActionable *rp_actionable(gpointer p) { return GTK_ACTIONABLE(p); }
static inline GActionMap *rp_action_map(gpointer p) { return G_ACTION_MAP(p); }
static inline GSimpleAction *rp_simple_action(gpointer p) { return G_SIMPLE_ACTION(p); }
static inline GtkGestureSingle *rp_gesture_single(gpointer p) { return GTK_GESTURE_SINGLE(p); }
static inline GtkEventController *rp_event_controller(gpointer p) { return GTK_EVENT_CONTROLLER(p); }
static inline GtkEditable *rp_editable(gpointer p) { return GTK_EDITABLE(p); }
static inline GtkEntry *rp_entry(gpointer p) { return GTK_ENTRY(p); }
static inline GtkDropDown *rp_drop_down(gpointer p) { return GTK_DROP_DOWN(p); }
static inline GtkTextView *rp_text_view(gpointer p) { return GTK_TEXT_VIEW(p); }
static inline GtkOverlay *rp_overlay(gpointer p) { return GTK_OVERLAY(p); }
static inline GtkRevealer *rp_revealer(gpointer p) { return GTK_REVEALER(p); }
static inline gboolean rp_is_window(gpointer p) { return GTK_IS_WINDOW(p); }
static inline gboolean rp_is_root(gpointer p) { return GTK_IS_ROOT(p); }
static inline gboolean rp_is_editable(gpointer p) { return GTK_IS_EDITABLE(p); }
static inline GtkText *rp_text(gpointer p) { return GTK_TEXT(p); }
static inline gboolean rp_is_widget(gpointer p) { return GTK_IS_WIDGET(p); }
static inline GtkRoot *rp_root(gpointer p) { return GTK_ROOT(p); }
static inline GtkEventControllerScroll *rp_scroll_controller(gpointer p) { return GTK_EVENT_CONTROLLER_SCROLL(p); }
static inline GtkGesture *rp_gesture(gpointer p) { return GTK_GESTURE(p); }
static inline GtkGestureDrag *rp_gesture_drag(gpointer p) { return GTK_GESTURE_DRAG(p); }
static inline GtkPicture *rp_picture(gpointer p) { return GTK_PICTURE(p); }
static inline GdkPaintable *rp_paintable(gpointer p) { return GDK_PAINTABLE(p); }

static inline GtkPopover *rp_popover(gpointer p) { return GTK_POPOVER(p); }

#endif
