/* CGtk: variadic functions (g_object_set, gtk_accessible_update_property, ...) and
 * calls that need a C array do not import into Swift: each one the `Gtk` module uses is a
 * static inline function here. */
#ifndef RAYPETS_CGTK_CALLS_H
#define RAYPETS_CGTK_CALLS_H

#include <gtk/gtk.h>
#include <glib-unix.h>
#include <errno.h>
#include <signal.h>
#include <string.h>
#include "bounded-paste.h"

/* --- Variadic calls ----------------------------------------------------- */
/* gtk_accessible_update_property(..., GTK_ACCESSIBLE_PROPERTY_LABEL, label, -1) */
static inline void rp_accessible_set_label(gpointer widget, const char *label) {
    gtk_accessible_update_property(GTK_ACCESSIBLE(widget),
                                   GTK_ACCESSIBLE_PROPERTY_LABEL, label, -1);
}

/* g_object_new(GTK_TYPE_WINDOW, "accessible-role", role, NULL) (dialog, alert dialog): the
 * role is construct-only. Returns a floating-free toplevel like gtk_window_new. */
static inline GtkWidget *rp_window_new_with_role(GtkAccessibleRole role) {
    return GTK_WIDGET(g_object_new(GTK_TYPE_WINDOW, "accessible-role", role, NULL));
}

/* g_object_new(GTK_TYPE_DRAWING_AREA, "accessible-role", GTK_ACCESSIBLE_ROLE_PRESENTATION, NULL):
 * a drawing area that draws nothing and that assistive technologies skip (the role is
 * construct-only); its "resize" signal reports the width it is given. */
static inline GtkWidget *rp_size_watcher_new(void) {
    return GTK_WIDGET(g_object_new(GTK_TYPE_DRAWING_AREA, "accessible-role", GTK_ACCESSIBLE_ROLE_PRESENTATION,
                                   "can-target", FALSE, "can-focus", FALSE, NULL));
}

/* --- A cut label's whole text as its tooltip ---------------------------- */
/* The label's whole text if it is drawn cut ("…"), else NULL. */
static inline const char *rp_label_cut_text(gpointer label) {
    PangoLayout *layout = gtk_label_get_layout(GTK_LABEL(label));
    return layout && pango_layout_is_ellipsized(layout) ? gtk_label_get_text(GTK_LABEL(label)) : NULL;
}

static gboolean rp_label_query_tooltip(GtkWidget *label, int x, int y, gboolean keyboard, GtkTooltip *tooltip,
                                       gpointer data) {
    (void)x; (void)y; (void)keyboard; (void)data;
    const char *text = rp_label_cut_text(label);
    if (!text) return FALSE;
    gtk_tooltip_set_text(tooltip, text);
    return TRUE;
}

/* Shows the label's whole text as its tooltip while it is drawn cut, and none otherwise. */
static inline void rp_label_tooltip_when_cut(gpointer label) {
    gtk_widget_set_has_tooltip(GTK_WIDGET(label), TRUE);
    g_signal_connect(label, "query-tooltip", G_CALLBACK(rp_label_query_tooltip), NULL);
}

/* g_object_set(application, "register-session", TRUE, NULL): the session manager tells the
 * app when the session ends, and GtkApplication quits. */
static inline void rp_application_register_session(gpointer application) {
    g_object_set(application, "register-session", TRUE, NULL);
}

/* Signals whose default is to end the process that GLib's g_unix_signal_add does not take
 * (it takes SIGHUP, SIGINT, SIGTERM, SIGUSR1, SIGUSR2 and SIGWINCH): each raises SIGTERM, so
 * that the app ends as SIGTERM ends it. Raising a signal is async-signal-safe. SIGQUIT's
 * handler replaces the Swift runtime's, which took it for a crash (a backtrace, "Program
 * crashed"). Errno is kept, as a handler must. */
static void rp_raise_sigterm(int signal) {
    int saved = errno;
    raise(SIGTERM);
    errno = saved;
}

static inline void rp_signals_end_as_sigterm(void) {
    const int signals[] = { SIGQUIT, SIGALRM, SIGVTALRM, SIGPROF, SIGIO, SIGPWR, SIGSTKFLT };
    struct sigaction action;
    memset(&action, 0, sizeof action);
    action.sa_handler = rp_raise_sigterm;
    action.sa_flags = SA_RESTART;
    sigemptyset(&action.sa_mask);
    for (size_t i = 0; i < sizeof signals / sizeof signals[0]; i++) sigaction(signals[i], &action, NULL);
    /* SIGPIPE is ignored: a write to a pipe whose reader went (an app that stopped reading a
     * paste of what this one copied, as a reader may) fails with EPIPE, which GIO reports,
     * instead of ending the app with its unsaved work. */
    signal(SIGPIPE, SIG_IGN);
}

/* The application's count of mouse buttons and touches held down in its windows, as its
 * windows received them (capture phase: before any widget), kept on the application. A
 * press delivered and its release not yet is a click begun. */
static gboolean rp_count_held_input(GtkEventControllerLegacy *controller, GdkEvent *event, gpointer application) {
    int held = GPOINTER_TO_INT(g_object_get_data(G_OBJECT(application), "rp-input-held"));
    switch (gdk_event_get_event_type(event)) {
    case GDK_BUTTON_PRESS: case GDK_TOUCH_BEGIN: held++; break;
    case GDK_BUTTON_RELEASE: case GDK_TOUCH_END: case GDK_TOUCH_CANCEL: if (held > 0) held--; break;
    default: return FALSE;
    }
    g_object_set_data(G_OBJECT(application), "rp-input-held", GINT_TO_POINTER(held));
    return FALSE;
}

static void rp_track_window_input(GtkApplication *application, GtkWindow *window, gpointer unused) {
    GtkEventController *controller = gtk_event_controller_legacy_new();
    gtk_event_controller_set_propagation_phase(controller, GTK_PHASE_CAPTURE);
    g_signal_connect(controller, "event", G_CALLBACK(rp_count_held_input), application);
    gtk_widget_add_controller(GTK_WIDGET(window), controller);
}

/* A window gone with a button held in it (closed by a key while pressed) has no release to
 * come: the count starts again. */
static void rp_forget_held_input(GtkApplication *application, GtkWindow *window, gpointer unused) {
    g_object_set_data(G_OBJECT(application), "rp-input-held", NULL);
}

/* From now on, counts the buttons and touches held in each window the application gets. */
static inline void rp_application_track_held_input(gpointer application) {
    g_signal_connect(application, "window-added", G_CALLBACK(rp_track_window_input), NULL);
    g_signal_connect(application, "window-removed", G_CALLBACK(rp_forget_held_input), NULL);
}

static inline int rp_application_held_input(gpointer application) {
    return GPOINTER_TO_INT(g_object_get_data(G_OBJECT(application), "rp-input-held"));
}

/* Calls `method` of `interface` (with `parameters`, a floating GVariant or NULL) on the
 * object of the application `id` that runs on the session bus, without starting one, waiting
 * at most `timeout_ms`. No application is registered and no name owned: a launch that only
 * asks the running one for something leaves the name to the next launch. Returns 0 when it
 * answered, 1 when none runs (or there is no session bus), 2 when it did not answer in time
 * (stopped, frozen), 3 on another error. */
static inline int rp_call_running_application(const char *id, const char *interface, const char *method,
                                              GVariant *parameters, int timeout_ms) {
    GError *error = NULL;
    GDBusConnection *bus = g_bus_get_sync(G_BUS_TYPE_SESSION, NULL, &error);
    if (bus == NULL) {
        g_clear_error(&error);
        if (parameters != NULL) g_variant_unref(g_variant_ref_sink(parameters));
        return 1;
    }
    /* GApplication's object path: the id with '.' as '/' and '-' as '_'. */
    char *path = g_strconcat("/", id, NULL);
    for (char *c = path; *c != '\0'; c++) {
        if (*c == '.') *c = '/';
        else if (*c == '-') *c = '_';
    }
    GVariant *reply = g_dbus_connection_call_sync(bus, id, path, interface, method, parameters, NULL,
                                                  G_DBUS_CALL_FLAGS_NO_AUTO_START, timeout_ms, NULL, &error);
    g_free(path);
    g_object_unref(bus);
    if (reply != NULL) {
        g_variant_unref(reply);
        return 0;
    }
    int result = 3;
    if (g_error_matches(error, G_DBUS_ERROR, G_DBUS_ERROR_SERVICE_UNKNOWN) ||
        g_error_matches(error, G_DBUS_ERROR, G_DBUS_ERROR_NAME_HAS_NO_OWNER))
        result = 1;
    else if (g_error_matches(error, G_IO_ERROR, G_IO_ERROR_TIMED_OUT) ||
             g_error_matches(error, G_DBUS_ERROR, G_DBUS_ERROR_TIMEOUT) ||
             g_error_matches(error, G_DBUS_ERROR, G_DBUS_ERROR_NO_REPLY))
        result = 2;
    g_error_free(error);
    return result;
}

/* rp_call_running_application's org.gtk.Actions.Activate of `action` with a string. */
static inline int rp_activate_in_running_application(const char *id, const char *action, const char *argument,
                                                     int timeout_ms) {
    GVariant *value = g_variant_new_variant(g_variant_new_string(argument));
    GVariant *parameters = g_variant_new("(s@av@a{sv})", action, g_variant_new_array(G_VARIANT_TYPE_VARIANT, &value, 1),
                                         g_variant_new_array(G_VARIANT_TYPE("{sv}"), NULL, 0));
    return rp_call_running_application(id, "org.gtk.Actions", "Activate", parameters, timeout_ms);
}

/* g_object_set(settings, "gtk-enable-animations", value, NULL) */
static inline void rp_object_set_boolean(gpointer object, const char *property, gboolean value) {
    g_object_set(G_OBJECT(object), property, value, NULL);
}

/* g_object_set(settings, "gtk-xft-dpi", value, NULL) and other int properties. */
static inline void rp_object_set_int(gpointer object, const char *property, int value) {
    g_object_set(G_OBJECT(object), property, value, NULL);
}

/* g_object_get(object, property, &value, NULL) for an int property. */
static inline int rp_object_get_int(gpointer object, const char *property) {
    int value = 0;
    g_object_get(G_OBJECT(object), property, &value, NULL);
    return value;
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

/* The editable that holds the text: an entry's (or a spin button's) GtkText. */
static inline GtkEditable *rp_editable_innermost(GtkEditable *editable) {
    GtkEditable *delegate;
    while ((delegate = gtk_editable_get_delegate(editable)) != NULL) editable = delegate;
    return editable;
}

/* An editable's cursor and the other end of its selection (equal when nothing is selected),
 * from its text's properties: gtk_editable_get_position, and an entry's own properties, give
 * the later end of the selection, not the cursor (measured on 4.8). */
static inline void rp_editable_get_caret(gpointer p, int *anchor, int *cursor) {
    g_object_get(G_OBJECT(rp_editable_innermost(GTK_EDITABLE(p))), "selection-bound", anchor, "cursor-position", cursor, NULL);
}

/* Puts an editable's cursor at `cursor`, with the selection reaching back to `anchor` on either
 * side of it, as Shift+arrows would: GtkText puts the cursor at the second position. */
static inline void rp_editable_set_caret(gpointer p, int anchor, int cursor) {
    gtk_editable_select_region(rp_editable_innermost(GTK_EDITABLE(p)), anchor, cursor);
}

/* The most characters an editable's text takes (0: no limit): the "max-length" of the GtkText
 * inside it (an entry, a search entry or a spin button). Typing stops there and a paste is cut. */
static inline void rp_editable_set_max_length(gpointer p, int length) {
    GtkEditable *text = rp_editable_innermost(GTK_EDITABLE(p));
    if (!GTK_IS_TEXT(text)) return;
    gtk_text_set_max_length(GTK_TEXT(text), length);
    /* A paste reads no more than the room can take: 4 bytes a code point, and one more. */
    rp_bounded_paste_install(GTK_WIDGET(text), length > 0 ? ((gsize)length + 1) * 4 : 0);
}

static inline int rp_editable_get_max_length(gpointer p) {
    GtkEditable *text = rp_editable_innermost(GTK_EDITABLE(p));
    return GTK_IS_TEXT(text) ? gtk_text_get_max_length(GTK_TEXT(text)) : 0;
}

/* How many characters (grapheme clusters: what a person sees as one letter, Pango's cursor
 * positions) `buffer` holds, counting no further than `limit`. */
static inline int rp_text_buffer_characters(GtkTextBuffer *buffer, int limit) {
    GtkTextIter iter;
    gtk_text_buffer_get_start_iter(buffer, &iter);
    int count = 0;
    /* Its last move, to the end, returns FALSE (the end is not a character): counted too. */
    while (count < limit && !gtk_text_iter_is_end(&iter)) {
        gtk_text_iter_forward_cursor_position(&iter);
        count++;
    }
    return count;
}

/* A text buffer's "insert-text" handler for rp_text_view_set_max_length: an insertion that
 * would take the text past the buffer's limit (object data "rp-max-length", in characters)
 * is cut to the room left, at a character's end, or dropped when there is none; the text
 * already there stays, even when it is longer. Only the start of the inserted text is
 * looked at (a 50 MB paste is not walked to its end). The cut text is inserted with this
 * handler blocked, which leaves `location` after it, as the default handler does; the first
 * emission is stopped. */
static void rp_text_buffer_cap_insert(GtkTextBuffer *buffer, GtkTextIter *location, char *text, int length,
                                      gpointer unused) {
    int limit = GPOINTER_TO_INT(g_object_get_data(G_OBJECT(buffer), "rp-max-length"));
    if (limit <= 0) return;
    int room = limit - rp_text_buffer_characters(buffer, limit);
    /* The start that can hold room + 1 characters of up to 16 code points each (a longer one
     * is cut at a code point). */
    const char *end = text + length;
    const char *scan_end = text;
    for (int points = 0; scan_end < end && points < (room + 1) * 16; points++) scan_end = g_utf8_next_char(scan_end);
    int points = (int)g_utf8_strlen(text, scan_end - text);
    const char *cut = scan_end;
    if (points > 0) {
        PangoLogAttr *attrs = g_new(PangoLogAttr, points + 1);
        pango_get_log_attrs(text, (int)(scan_end - text), -1, NULL, attrs, points + 1);
        int characters = 0;
        const char *at = text;
        for (int i = 1; i <= points; i++) {
            at = g_utf8_next_char(at);
            if (attrs[i].is_cursor_position && ++characters == room) {
                cut = at;
                break;
            }
        }
        g_free(attrs);
    }
    if (room <= 0) cut = text;
    if (cut >= end) return;
    g_signal_stop_emission_by_name(buffer, "insert-text");
    if (cut == text) return;
    g_signal_handlers_block_by_func(buffer, (gpointer)rp_text_buffer_cap_insert, NULL);
    gtk_text_buffer_insert(buffer, location, text, (int)(cut - text));
    g_signal_handlers_unblock_by_func(buffer, (gpointer)rp_text_buffer_cap_insert, NULL);
}

/* The most characters (grapheme clusters) a text view's text takes (0: no limit): typing
 * stops there and a paste is cut. */
static inline void rp_text_view_set_max_length(gpointer p, int length) {
    GtkTextBuffer *buffer = gtk_text_view_get_buffer(GTK_TEXT_VIEW(p));
    if (g_object_get_data(G_OBJECT(buffer), "rp-max-length") == NULL && length > 0)
        g_signal_connect(buffer, "insert-text", G_CALLBACK(rp_text_buffer_cap_insert), NULL);
    g_object_set_data(G_OBJECT(buffer), "rp-max-length", GINT_TO_POINTER(length > 0 ? length : -1));
    /* A paste reads no more than the cap looks at: 16 code points of 4 bytes a character, and
     * one character more (rp_text_buffer_cap_insert). */
    rp_bounded_paste_install(GTK_WIDGET(p), length > 0 ? ((gsize)length + 1) * 64 : 0);
}

/* Sets a text view's whole text, past its limit too (what the app sets is not cut). */
static inline void rp_text_view_set_text(gpointer p, const char *text) {
    GtkTextBuffer *buffer = gtk_text_view_get_buffer(GTK_TEXT_VIEW(p));
    g_signal_handlers_block_by_func(buffer, (gpointer)rp_text_buffer_cap_insert, NULL);
    gtk_text_buffer_set_text(buffer, text, -1);
    g_signal_handlers_unblock_by_func(buffer, (gpointer)rp_text_buffer_cap_insert, NULL);
}

/* Appends text to a text view's end, dimmed (grey and italic: the "rp-dimmed" tag, made the
 * first time) or plain, past its limit too, as rp_text_view_set_text. */
static inline void rp_text_view_append(gpointer p, const char *text, int dimmed) {
    GtkTextBuffer *buffer = gtk_text_view_get_buffer(GTK_TEXT_VIEW(p));
    GtkTextTagTable *tags = gtk_text_buffer_get_tag_table(buffer);
    if (dimmed && gtk_text_tag_table_lookup(tags, "rp-dimmed") == NULL)
        gtk_text_buffer_create_tag(buffer, "rp-dimmed", "foreground", "#808080", "style", PANGO_STYLE_ITALIC, NULL);
    GtkTextIter end;
    gtk_text_buffer_get_end_iter(buffer, &end);
    g_signal_handlers_block_by_func(buffer, (gpointer)rp_text_buffer_cap_insert, NULL);
    if (dimmed)
        gtk_text_buffer_insert_with_tags_by_name(buffer, &end, text, -1, "rp-dimmed", NULL);
    else
        gtk_text_buffer_insert(buffer, &end, text, -1);
    g_signal_handlers_unblock_by_func(buffer, (gpointer)rp_text_buffer_cap_insert, NULL);
}

/* Whether the character at offset (in characters) of a text view is dimmed (rp_text_view_append). */
static inline int rp_text_view_is_dimmed(gpointer p, int offset) {
    GtkTextBuffer *buffer = gtk_text_view_get_buffer(GTK_TEXT_VIEW(p));
    GtkTextTag *tag = gtk_text_tag_table_lookup(gtk_text_buffer_get_tag_table(buffer), "rp-dimmed");
    if (tag == NULL) return 0;
    GtkTextIter at;
    gtk_text_buffer_get_iter_at_offset(buffer, &at, offset);
    return gtk_text_iter_has_tag(&at, tag);
}

static inline int rp_text_view_get_max_length(gpointer p) {
    int length = GPOINTER_TO_INT(g_object_get_data(G_OBJECT(gtk_text_view_get_buffer(GTK_TEXT_VIEW(p))), "rp-max-length"));
    return length > 0 ? length : 0;
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

/* The URI of files[index] from GApplication's "open" signal (caller frees). */
static inline char *rp_file_uri(gpointer files, int index) {
    return g_file_get_uri(((GFile **)files)[index]);
}

/* gtk_accessible_update_property(..., GTK_ACCESSIBLE_PROPERTY_DESCRIPTION, text, -1) */
static inline void rp_accessible_set_description(gpointer widget, const char *text) {
    gtk_accessible_update_property(GTK_ACCESSIBLE(widget),
                                   GTK_ACCESSIBLE_PROPERTY_DESCRIPTION, text, -1);
}

/* Tab and Shift+Tab inside a modal card (ModalLayer): GTK moves the focus within the card
 * (gtk_widget_child_focus), and at its last control (or first) wraps to its first (or last)
 * instead of leaving it. In the bubble phase: a focused control that takes Tab itself (a text
 * view that indents) still gets it first. */
/* Where `target` is among `widget`'s descendants in tree order (depth first), counting in
 * `counter`; whether it was found. */
static gboolean rp_find_in_tree(GtkWidget *widget, GtkWidget *target, int *counter) {
    if (widget == target) return TRUE;
    (*counter)++;
    for (GtkWidget *child = gtk_widget_get_first_child(widget); child; child = gtk_widget_get_next_sibling(child)) {
        if (rp_find_in_tree(child, target, counter)) return TRUE;
    }
    return FALSE;
}

static int rp_tree_index(GtkWidget *root, GtkWidget *target) {
    int counter = 0;
    return target && rp_find_in_tree(root, target, &counter) ? counter : -1;
}

/* Tab (or Shift+Tab) inside `card`: GTK's own move, kept when it goes the right way. GTK 4.18
 * goes wrong in a card (from its header's last button it went back to the header's first
 * control, never into the page; backwards, from Cancel to the page): then the next widget in
 * tree order that takes the focus has it, and from the last the focus goes round to the first. */
static inline void rp_trap_focus_move(gpointer card, GtkDirectionType direction) {
    GtkWidget *box = GTK_WIDGET(card);
    GtkRoot *root = gtk_widget_get_root(box);
    if (!root) return;
    gboolean forward = direction == GTK_DIR_TAB_FORWARD;
    GtkWidget *before = gtk_root_get_focus(root);
    int from = rp_tree_index(box, before);
    if (gtk_widget_child_focus(box, direction)) {
        int to = rp_tree_index(box, gtk_root_get_focus(root));
        if (from < 0 || to < 0 || (forward ? to > from : to < from)) return;
    }
    /* In tree order instead: from the focused control up to the card, the first widget after
     * it (before it, backwards) at any level that takes the focus. */
    for (GtkWidget *part = before; part && part != box; part = gtk_widget_get_parent(part)) {
        for (GtkWidget *next = forward ? gtk_widget_get_next_sibling(part) : gtk_widget_get_prev_sibling(part); next;
             next = forward ? gtk_widget_get_next_sibling(next) : gtk_widget_get_prev_sibling(next)) {
            gtk_root_set_focus(root, NULL);
            if (gtk_widget_child_focus(next, direction)) return;
        }
    }
    gtk_root_set_focus(root, NULL);
    gtk_widget_child_focus(box, direction);
}

static gboolean rp_trap_focus_pressed(GtkEventControllerKey *controller, guint keyval, guint keycode,
                                      GdkModifierType state, gpointer card) {
    (void)controller; (void)keycode;
    if (keyval != GDK_KEY_Tab && keyval != GDK_KEY_ISO_Left_Tab && keyval != GDK_KEY_KP_Tab) return FALSE;
    if (state & (GDK_CONTROL_MASK | GDK_ALT_MASK)) return FALSE;
    GtkDirectionType direction = (keyval == GDK_KEY_ISO_Left_Tab || (state & GDK_SHIFT_MASK))
        ? GTK_DIR_TAB_BACKWARD : GTK_DIR_TAB_FORWARD;
    rp_trap_focus_move(card, direction);
    return TRUE;
}

static inline void rp_trap_focus(gpointer card) {
    if (g_object_get_data(G_OBJECT(card), "rp-focus-trapped")) return;  /* shown before */
    g_object_set_data(G_OBJECT(card), "rp-focus-trapped", GINT_TO_POINTER(1));
    GtkEventController *controller = gtk_event_controller_key_new();
    g_signal_connect(controller, "key-pressed", G_CALLBACK(rp_trap_focus_pressed), card);
    gtk_widget_add_controller(GTK_WIDGET(card), controller);  /* the card owns it */
}

/* gtk_accessible_update_state(..., GTK_ACCESSIBLE_STATE_HIDDEN, value, -1): a widget assistive
 * technologies do not see, with everything inside it (what a modal card covers). */
static inline void rp_accessible_set_hidden(gpointer widget, gboolean hidden) {
    gtk_accessible_update_state(GTK_ACCESSIBLE(widget), GTK_ACCESSIBLE_STATE_HIDDEN, hidden, -1);
}

/* gtk_accessible_update_property(..., GTK_ACCESSIBLE_PROPERTY_MODAL, value, -1): AT-SPI's
 * "modal" state, for a dialog that is a widget rather than a window. */
static inline void rp_accessible_set_modal(gpointer widget, gboolean modal) {
    gtk_accessible_update_property(GTK_ACCESSIBLE(widget), GTK_ACCESSIBLE_PROPERTY_MODAL, modal, -1);
}

/* gtk_accessible_update_state(..., GTK_ACCESSIBLE_STATE_INVALID, value, -1) */
static inline void rp_accessible_set_invalid(gpointer widget, gboolean invalid) {
    gtk_accessible_update_state(GTK_ACCESSIBLE(widget), GTK_ACCESSIBLE_STATE_INVALID,
                                invalid ? GTK_ACCESSIBLE_INVALID_TRUE : GTK_ACCESSIBLE_INVALID_FALSE, -1);
}

/* A vertical or horizontal GtkBox with an accessible role (construct-only, so g_object_new). */
static inline GtkWidget *rp_box_new_with_role(GtkOrientation orientation, int spacing, GtkAccessibleRole role) {
    return GTK_WIDGET(g_object_new(GTK_TYPE_BOX, "orientation", orientation, "spacing", spacing,
                                   "accessible-role", role, NULL));
}

/* gtk_drop_down_new_from_strings takes a NULL-terminated C array. */
static inline GtkWidget *rp_drop_down_new(const char *const *strings) {
    return gtk_drop_down_new_from_strings(strings);
}

/* A GtkLabel with the accessible role `role` (alert, status), which is construct-only. */
static inline GtkWidget *rp_label_new_with_role(GtkAccessibleRole role) {
    return GTK_WIDGET(g_object_new(GTK_TYPE_LABEL, "accessible-role", role, NULL));
}

/* A GtkPicture of `paintable` that assistive technologies skip (role presentation, which is
 * construct-only): a picture that only decorates. */
static inline GtkWidget *rp_decorative_picture_new(GdkPaintable *paintable) {
    return GTK_WIDGET(g_object_new(GTK_TYPE_PICTURE, "paintable", paintable,
                                   "accessible-role", GTK_ACCESSIBLE_ROLE_PRESENTATION, NULL));
}

/* A GtkImage of the icon `icon_name` that assistive technologies skip (role presentation). */
static inline GtkWidget *rp_decorative_image_new(const char *icon_name) {
    return GTK_WIDGET(g_object_new(GTK_TYPE_IMAGE, "icon-name", icon_name,
                                   "accessible-role", GTK_ACCESSIBLE_ROLE_PRESENTATION, NULL));
}

/* The toggle button inside a GtkDropDown or a GtkMenuButton (what takes the focus), or NULL. */
static inline GtkWidget *rp_inner_toggle_button(GtkWidget *drop_down) {
    for (GtkWidget *child = gtk_widget_get_first_child(drop_down); child != NULL;
         child = gtk_widget_get_next_sibling(child))
        if (GTK_IS_TOGGLE_BUTTON(child)) return child;
    return NULL;
}

static void rp_drop_down_button_toggled(GtkWidget *button, GParamSpec *unused, gpointer drop_down) {
    (void)unused;
    gtk_accessible_update_state(GTK_ACCESSIBLE(drop_down), GTK_ACCESSIBLE_STATE_EXPANDED,
                                gtk_toggle_button_get_active(GTK_TOGGLE_BUTTON(button)), -1);
}

/* GTK 4.8's GtkDropDown (a combo box to screen readers) never sets its expanded state, which
 * WAI-ARIA requires of a combo box: it follows its toggle button's "active" from now on. */
static inline void rp_drop_down_track_expanded(GtkWidget *drop_down) {
    GtkWidget *button = rp_inner_toggle_button(drop_down);
    gtk_accessible_update_state(GTK_ACCESSIBLE(drop_down), GTK_ACCESSIBLE_STATE_EXPANDED, FALSE, -1);
    if (button != NULL)
        g_signal_connect_object(button, "notify::active", G_CALLBACK(rp_drop_down_button_toggled), drop_down, 0);
}

/* GTK 4.8's GtkScrolledWindow connects to its GtkSettings' "notify::gtk-overlay-scrolling" each
 * time it is realized and leaves that handler behind when it goes: one closure and handler
 * (about 140 bytes, with the settings' growing handler list) per scrolled window ever shown,
 * pointing at a freed widget. Dropping every handler of the settings that carries this
 * scrolled window as its data, as it unrealizes, frees them (a no-op where GTK did). */
static void rp_scrolled_window_unrealized(GtkWidget *scrolled, gpointer unused) {
    (void)unused;
    g_signal_handlers_disconnect_matched(gtk_widget_get_settings(scrolled), G_SIGNAL_MATCH_DATA, 0, 0, NULL, NULL,
                                         scrolled);
}

static inline void rp_scrolled_window_forget_settings_on_unrealize(gpointer scrolled) {
    g_signal_connect(scrolled, "unrealize", G_CALLBACK(rp_scrolled_window_unrealized), NULL);
}

/* How many handlers of the default settings carry `data` (for tests: blocks and unblocks them). */
static inline guint rp_settings_handlers_with_data(gpointer data) {
    GtkSettings *settings = gtk_settings_get_default();
    guint count = g_signal_handlers_block_matched(settings, G_SIGNAL_MATCH_DATA, 0, 0, NULL, NULL, data);
    g_signal_handlers_unblock_matched(settings, G_SIGNAL_MATCH_DATA, 0, 0, NULL, NULL, data);
    return count;
}

#endif

/* G_VARIANT_TYPE_STRING (a cast macro Swift cannot import). */
static inline const GVariantType *rp_variant_type_string(void) { return G_VARIANT_TYPE_STRING; }

/* g_object_set(object, property, value, NULL) for a string property. */
static inline void rp_object_set_string(gpointer object, const char *property, const char *value) {
    g_object_set(G_OBJECT(object), property, value, NULL);
}

/* How GTK writes `accelerator` for people ("Ctrl+Z"), newly allocated (g_free it), or NULL if
 * it does not parse. */
static inline char *rp_accelerator_label_new(const char *accelerator) {
    guint key = 0;
    GdkModifierType mods = 0;
    if (!gtk_accelerator_parse(accelerator, &key, &mods)) return NULL;
    return gtk_accelerator_get_label(key, mods);
}

/* A shortcut handled by the window whichever of its widgets has the focus, while `widget`
 * is on screen (GTK_SHORTCUT_SCOPE_MANAGED), and can be reached: not while a modal card
 * (ModalLayer) covers it, which makes what it covers untargetable and unfocusable. (The window
 * runs such shortcuts wherever the focus is, so they must check this themselves.) */
static gboolean rp_reachable_shortcut_activate(GtkWidget *widget, GVariant *args, gpointer named) {
    for (GtkWidget *ancestor = widget; ancestor; ancestor = gtk_widget_get_parent(ancestor)) {
        if (!gtk_widget_get_can_target(ancestor) || !gtk_widget_get_can_focus(ancestor)) return FALSE;
    }
    return gtk_shortcut_action_activate(GTK_SHORTCUT_ACTION(named), 0, widget, args);
}

static inline void rp_add_window_shortcut(gpointer widget, const char *trigger, const char *action) {
    GtkEventController *controller = gtk_shortcut_controller_new();
    gtk_shortcut_controller_set_scope(GTK_SHORTCUT_CONTROLLER(controller), GTK_SHORTCUT_SCOPE_MANAGED);
    GtkShortcutAction *named = gtk_named_action_new(action);  /* the callback's, freed with it */
    gtk_shortcut_controller_add_shortcut(GTK_SHORTCUT_CONTROLLER(controller),
        gtk_shortcut_new(gtk_shortcut_trigger_parse_string(trigger),
                         gtk_callback_action_new(rp_reachable_shortcut_activate, named, g_object_unref)));
    gtk_widget_add_controller(GTK_WIDGET(widget), controller);
}

/* g_signal_emit_by_name is variadic: these emit one signal of a known shape (tests drive the
 * event controllers with them where the display cannot make the events: a touchpad's swipe,
 * a touchscreen, a pointer on Xvfb). */
static inline void rp_emit_point(gpointer object, const char *signal, double x, double y) {
    g_signal_emit_by_name(object, signal, x, y);
}
static inline gboolean rp_emit_point_bool(gpointer object, const char *signal, double x, double y) {
    gboolean handled = FALSE;
    g_signal_emit_by_name(object, signal, x, y, &handled);
    return handled;
}
static inline gboolean rp_emit_key_pressed(gpointer controller, guint keyval) {
    gboolean handled = FALSE;
    g_signal_emit_by_name(controller, "key-pressed", keyval, 0u, (GdkModifierType)0, &handled);
    return handled;
}

/* Whether the scroll event `controller` is handling comes from a touchpad: 1 yes, 0 no, -1 no
 * event (a test emitting the controller's signals). */
static inline int rp_scroll_is_touchpad(gpointer controller) {
    GdkEvent *event = gtk_event_controller_get_current_event(GTK_EVENT_CONTROLLER(controller));
    if (event == NULL) return -1;
    GdkDevice *device = gdk_event_get_device(event);
    return device != NULL && gdk_device_get_source(device) == GDK_SOURCE_TOUCHPAD;
}

/* Whether the pointer of the event `controller` is handling is over something inside the
 * controller's widget that scrolls sideways itself: a scrolled window with room to scroll
 * horizontally, or a text field (whose text scrolls). A swipe leaves such scrolling to it. */
static inline gboolean rp_event_over_sideways_scroller(gpointer controller) {
    GtkEventController *c = GTK_EVENT_CONTROLLER(controller);
    GdkEvent *event = gtk_event_controller_get_current_event(c);
    GtkWidget *owner = gtk_event_controller_get_widget(c);
    double x, y, sx, sy;
    if (event == NULL || owner == NULL || !gdk_event_get_position(event, &x, &y)) return FALSE;
    GtkNative *native = gtk_widget_get_native(owner);
    if (native == NULL) return FALSE;
    gtk_native_get_surface_transform(native, &sx, &sy);
    GtkWidget *under = gtk_widget_pick(GTK_WIDGET(native), x - sx, y - sy, GTK_PICK_DEFAULT);
    for (GtkWidget *w = under; w != NULL && w != owner; w = gtk_widget_get_parent(w)) {
        if (GTK_IS_TEXT(w) || GTK_IS_TEXT_VIEW(w)) return TRUE;
        if (GTK_IS_SCROLLED_WINDOW(w)) {
            GtkPolicyType h;
            gtk_scrolled_window_get_policy(GTK_SCROLLED_WINDOW(w), &h, NULL);
            GtkAdjustment *a = gtk_scrolled_window_get_hadjustment(GTK_SCROLLED_WINDOW(w));
            if (h != GTK_POLICY_NEVER && h != GTK_POLICY_EXTERNAL &&
                gtk_adjustment_get_upper(a) - gtk_adjustment_get_lower(a) > gtk_adjustment_get_page_size(a))
                return TRUE;
        }
    }
    return FALSE;
}
