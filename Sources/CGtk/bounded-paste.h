#pragma once
#include <gtk/gtk.h>

/* A paste that reads no more of the clipboard than a capped field can take. GTK's own paste
 * (Ctrl+V, the context menu's Paste, a middle click's PRIMARY paste) reads the whole
 * clipboard into memory before a single character is inserted: 20 MB on PRIMARY held the
 * window 1.6-5.5 s while the X server handed it over, and kept about 40 MiB each time
 * (measured, round 3 row 8). A field with a limit (rp_bounded_paste_install) pastes through
 * this instead: it reads at most `limit` bytes of UTF-8 text as a stream, keeps the valid
 * start (a character the cut split goes) and inserts it at once as GTK would — through the
 * field's usual insertion, where the limit cuts it to the room left, as one undo step — then
 * reads the rest and drops it, a chunk at a time, with the window answering. (Closing the
 * stream early instead kept the whole transfer in memory: GTK 4.8's X11 selection stream takes
 * in every chunk the owner sends and never frees those it was not asked for, +20 MiB a paste,
 * measured; drained, the memory stays flat. It also spares an owner a broken pipe.) An owner
 * that never stops is let go after RP_PASTE_DRAIN_MAX bytes.
 *
 * The widget is a GtkTextView or a GtkText (the text inside an entry). Ctrl+V and Paste
 * ("paste-clipboard") replace the selection at the cursor; a middle click inserts PRIMARY
 * where it was clicked in a text view, at the cursor in a GtkText (which has no public way to
 * find a position from a point), when gtk-enable-primary-paste is on. The paste is
 * asynchronous, as GTK's is; a field gone before the text arrives is left alone. */

#define RP_PASTE_DRAIN_MAX ((gsize)256 * 1024 * 1024)

typedef struct {
    GWeakRef widget;
    GByteArray *bytes;
    gsize limit;
    gboolean inserted;
    gsize drained;
    gboolean at_point;
    double x, y;
    gboolean replaces_selection;
} RpPaste;

static void rp_paste_free(RpPaste *paste) {
    g_weak_ref_clear(&paste->widget);
    g_byte_array_unref(paste->bytes);
    g_free(paste);
}

/* The bytes read so far, as much of them as is valid UTF-8, into the widget (if it is still
 * there and editable). */
static void rp_paste_insert(RpPaste *paste) {
    GtkWidget *widget = g_weak_ref_get(&paste->widget);
    if (widget == NULL) return;
    gsize read = paste->bytes->len;
    const char *end = NULL;
    g_utf8_validate((const char *)paste->bytes->data, (gssize)read, &end);
    int length = (int)(end - (const char *)paste->bytes->data);
    /* Ended where the valid text ends: what is inserted is a whole C string (GTK's accessible
     * text reads an insertion as one). */
    g_byte_array_set_size(paste->bytes, (guint)length + 1);
    paste->bytes->data[length] = 0;
    const char *text = (const char *)paste->bytes->data;
    if (length > 0 && GTK_IS_TEXT_VIEW(widget) && gtk_text_view_get_editable(GTK_TEXT_VIEW(widget))) {
        GtkTextView *view = GTK_TEXT_VIEW(widget);
        GtkTextBuffer *buffer = gtk_text_view_get_buffer(view);
        gtk_text_buffer_begin_user_action(buffer);
        GtkTextIter at;
        if (paste->at_point) {
            int bx, by;
            gtk_text_view_window_to_buffer_coords(view, GTK_TEXT_WINDOW_WIDGET, (int)paste->x, (int)paste->y, &bx, &by);
            gtk_text_view_get_iter_at_location(view, &at, bx, by);
            gtk_text_buffer_place_cursor(buffer, &at);
        } else {
            if (paste->replaces_selection) gtk_text_buffer_delete_selection(buffer, TRUE, TRUE);
            gtk_text_buffer_get_iter_at_mark(buffer, &at, gtk_text_buffer_get_insert(buffer));
        }
        gtk_text_buffer_insert_interactive(buffer, &at, text, length, TRUE);
        gtk_text_buffer_place_cursor(buffer, &at);
        gtk_text_buffer_end_user_action(buffer);
        gtk_text_view_scroll_mark_onscreen(view, gtk_text_buffer_get_insert(buffer));
    } else if (length > 0 && GTK_IS_TEXT(widget) && gtk_editable_get_editable(GTK_EDITABLE(widget))) {
        GtkEditable *editable = GTK_EDITABLE(widget);
        if (paste->replaces_selection) gtk_editable_delete_selection(editable);
        int position = gtk_editable_get_position(editable);
        gtk_editable_insert_text(editable, text, length, &position);
        gtk_editable_set_position(editable, position);
    }
    g_object_set_data(G_OBJECT(widget), "rp-paste-bytes-read", GSIZE_TO_POINTER(read));
    g_object_unref(widget);
}

static void rp_paste_read_more(GInputStream *stream, RpPaste *paste);

static void rp_paste_got_bytes(GObject *source, GAsyncResult *result, gpointer data) {
    RpPaste *paste = data;
    GInputStream *stream = G_INPUT_STREAM(source);
    GBytes *bytes = g_input_stream_read_bytes_finish(stream, result, NULL);
    gsize size = bytes ? g_bytes_get_size(bytes) : 0;
    if (size > 0 && !paste->inserted) {
        gsize kept = MIN(size, paste->limit - paste->bytes->len);
        g_byte_array_append(paste->bytes, g_bytes_get_data(bytes, NULL), (guint)kept);
        paste->drained += size - kept;
    } else {
        paste->drained += size;
    }
    if (bytes) g_bytes_unref(bytes);
    /* All there is, or all the field can take: in it goes, now. */
    if (!paste->inserted && (size == 0 || paste->bytes->len >= paste->limit)) {
        rp_paste_insert(paste);
        paste->inserted = TRUE;
    }
    /* The rest is read and dropped (a pipe or the X server hands it over a chunk at a time). */
    if (size > 0 && paste->drained < RP_PASTE_DRAIN_MAX) {
        rp_paste_read_more(stream, paste);
        return;
    }
    g_input_stream_close_async(stream, G_PRIORITY_DEFAULT, NULL, NULL, NULL);
    g_object_unref(stream);
    rp_paste_free(paste);
}

static void rp_paste_read_more(GInputStream *stream, RpPaste *paste) {
    gsize wanted = paste->inserted ? 64 * 1024 : paste->limit - paste->bytes->len;
    g_input_stream_read_bytes_async(stream, wanted, G_PRIORITY_DEFAULT, NULL, rp_paste_got_bytes, paste);
}

static void rp_paste_opened(GObject *source, GAsyncResult *result, gpointer data) {
    RpPaste *paste = data;
    GInputStream *stream = gdk_clipboard_read_finish(GDK_CLIPBOARD(source), result, NULL, NULL);
    if (stream == NULL) {
        rp_paste_free(paste);  /* no text there: nothing to paste, as with GTK's own */
        return;
    }
    rp_paste_read_more(stream, paste);
}

/* Reads at most `limit` bytes of `clipboard`'s text into `widget` (see above). */
static inline void rp_bounded_paste(GtkWidget *widget, GdkClipboard *clipboard, gsize limit, gboolean replaces_selection,
                                    gboolean at_point, double x, double y) {
    RpPaste *paste = g_new0(RpPaste, 1);
    g_weak_ref_init(&paste->widget, widget);
    paste->bytes = g_byte_array_new();
    paste->limit = limit;
    paste->replaces_selection = replaces_selection;
    paste->at_point = at_point;
    paste->x = x;
    paste->y = y;
    static const char *types[] = { "text/plain;charset=utf-8", NULL };
    gdk_clipboard_read_async(clipboard, types, G_PRIORITY_DEFAULT, NULL, rp_paste_opened, paste);
}

/* How many bytes a paste into `widget` may read: "rp-paste-limit" (0: not bounded). */
static inline gsize rp_paste_limit(GtkWidget *widget) {
    return GPOINTER_TO_SIZE(g_object_get_data(G_OBJECT(widget), "rp-paste-limit"));
}

static void rp_paste_clipboard(GtkWidget *widget, gpointer unused) {
    gsize limit = rp_paste_limit(widget);
    if (limit == 0) return;
    g_signal_stop_emission_by_name(widget, "paste-clipboard");
    rp_bounded_paste(widget, gtk_widget_get_clipboard(widget), limit, TRUE, FALSE, 0, 0);
}

static void rp_paste_middle_pressed(GtkGestureClick *gesture, int n_press, double x, double y, gpointer unused) {
    GtkWidget *widget = gtk_event_controller_get_widget(GTK_EVENT_CONTROLLER(gesture));
    gsize limit = rp_paste_limit(widget);
    gboolean primary_paste = TRUE;
    g_object_get(gtk_widget_get_settings(widget), "gtk-enable-primary-paste", &primary_paste, NULL);
    if (limit == 0 || !primary_paste || n_press != 1) return;
    gboolean editable = GTK_IS_TEXT_VIEW(widget) ? gtk_text_view_get_editable(GTK_TEXT_VIEW(widget))
                                                 : gtk_editable_get_editable(GTK_EDITABLE(widget));
    if (!editable) return;
    /* Claimed here, in the capture phase: the field's own click gesture, which would read the
     * whole of PRIMARY, is denied the press. */
    gtk_gesture_set_state(GTK_GESTURE(gesture), GTK_EVENT_SEQUENCE_CLAIMED);
    gtk_widget_grab_focus(widget);
    rp_bounded_paste(widget, gtk_widget_get_primary_clipboard(widget), limit, FALSE, GTK_IS_TEXT_VIEW(widget), x, y);
}

/* Makes the pastes into `widget` (a GtkTextView or a GtkText) read at most `bytes` bytes (0:
 * GTK's own paste again). The first call connects the handlers; their gesture is kept as
 * "rp-paste-gesture" (tests emit its "pressed"). */
static inline void rp_bounded_paste_install(GtkWidget *widget, gsize bytes) {
    if (g_object_get_data(G_OBJECT(widget), "rp-paste-gesture") == NULL && bytes > 0) {
        g_signal_connect(widget, "paste-clipboard", G_CALLBACK(rp_paste_clipboard), NULL);
        GtkGesture *click = gtk_gesture_click_new();
        gtk_gesture_single_set_button(GTK_GESTURE_SINGLE(click), GDK_BUTTON_MIDDLE);
        gtk_event_controller_set_propagation_phase(GTK_EVENT_CONTROLLER(click), GTK_PHASE_CAPTURE);
        g_signal_connect(click, "pressed", G_CALLBACK(rp_paste_middle_pressed), NULL);
        gtk_widget_add_controller(widget, GTK_EVENT_CONTROLLER(click));
        g_object_set_data(G_OBJECT(widget), "rp-paste-gesture", click);
    }
    g_object_set_data(G_OBJECT(widget), "rp-paste-limit", GSIZE_TO_POINTER(bytes));
}

/* The bytes the last bounded paste into `widget` read (tests: it stayed bounded). */
static inline gsize rp_bounded_paste_bytes_read(GtkWidget *widget) {
    return GPOINTER_TO_SIZE(g_object_get_data(G_OBJECT(widget), "rp-paste-bytes-read"));
}

/* For tests: puts `text` on `widget`'s PRIMARY and emits its bounded paste's middle-click
 * "pressed" at (x, y); returns FALSE when the widget has none (no limit). */
static inline gboolean rp_bounded_paste_middle_click(GtkWidget *widget, const char *text, double x, double y) {
    GObject *gesture = g_object_get_data(G_OBJECT(widget), "rp-paste-gesture");
    if (gesture == NULL || rp_paste_limit(widget) == 0) return FALSE;
    gdk_clipboard_set_text(gtk_widget_get_primary_clipboard(widget), text);
    g_signal_emit_by_name(gesture, "pressed", 1, x, y);
    return TRUE;
}
