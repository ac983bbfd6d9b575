/* The C baseline's "list" mode: what RayPets' My pets does, written as a C GTK 4 developer
 * would, over the same SQLite file (schema 3) and the same queries.
 *
 *   baseline list FILE TEXT
 *       pushes a page like My pets (headline, text, GtkSearchEntry, a GtkListView of two-line
 *       rows over a GListModel that reads pages of 100 pets from SQLite, keyset from a
 *       neighbouring cached page else OFFSET, 8 pages kept; Add pet) onto the GtkStack; then
 *       types TEXT into the search a letter at a time (FTS5 prefix match, "w"* per word);
 *       then clears it and scrolls the whole list ten screens per frame. Prints the same
 *       fields as `raypets-bench list`.
 *
 * A search works as RayPets' does: its matches are counted on a worker thread (GTask) over a
 * read-only connection of its own, one count at a time; a newer keystroke cancels the older
 * count (a GCancellable that SQLite's progress handler checks) and a count that comes back for
 * an older search is dropped (a generation number). The rows are replaced as two changes,
 * every old row gone then every new one, so GTK does not ask for every new item, and the row
 * widgets of list items that went are kept for the next ones (teardown_row).
 */
#include "baseline.h"
#include <ctype.h>
#include <sqlite3.h>

#define PAGE 100
#define KEPT 8

typedef struct { char *id, *title, *subtitle; gint64 position; } Row;
typedef struct { long index; int count; Row rows[PAGE]; guint64 used; } Page;

static sqlite3 *db;
static char *match;                       /* the FTS query, or NULL for every pet */
static Page pages[KEPT];
static guint64 use_clock;
static guint n_pets;

static void forget_pages(void) {
    for (int i = 0; i < KEPT; i++) {
        for (int r = 0; r < pages[i].count; r++) {
            g_free(pages[i].rows[r].id); g_free(pages[i].rows[r].title); g_free(pages[i].rows[r].subtitle);
        }
        pages[i].count = 0; pages[i].index = -1;
    }
}

static Page *cached(long index) {
    for (int i = 0; i < KEPT; i++) if (pages[i].index == index) return &pages[i];
    return NULL;
}

static const char *species_title(const char *s) {
    static char buffer[32];
    g_strlcpy(buffer, s, sizeof buffer);
    buffer[0] = (char)toupper((unsigned char)buffer[0]);
    return buffer;
}

/* Whole years from an ISO date (YYYY-MM-DD) to today. */
static int years_since(const char *date, GDateTime *now) {
    int y, m, d;
    if (!date || sscanf(date, "%d-%d-%d", &y, &m, &d) != 3) return 0;
    int years = g_date_time_get_year(now) - y;
    if (g_date_time_get_month(now) < m || (g_date_time_get_month(now) == m && g_date_time_get_day_of_month(now) < d)) years--;
    return years < 0 ? 0 : years;
}

/* Reads page `index`: after the previous page's last pet, before the next page's first, or by OFFSET. */
static Page *page_at(long index) {
    Page *page = cached(index);
    if (page) { page->used = ++use_clock; return page; }
    Page *before = cached(index - 1), *after = cached(index + 1);
    GString *sql = g_string_new("SELECT p.id, p.name, p.species, p.birth_date, p.age_years, p.age_as_of, p.position FROM ");
    g_string_append(sql, match ? "pet_names JOIN pets p ON p.position = pet_names.rowid WHERE pet_names MATCH ?3" : "pets p WHERE 1");
    const char *key = match ? "pet_names.rowid" : "p.position";
    gboolean descending = FALSE;
    if (before && before->count == PAGE) g_string_append_printf(sql, " AND %s > ?2 ORDER BY %s ASC LIMIT ?1", key, key);
    else if (after) { g_string_append_printf(sql, " AND %s < ?2 ORDER BY %s DESC LIMIT ?1", key, key); descending = TRUE; }
    else g_string_append_printf(sql, " ORDER BY %s ASC LIMIT ?1 OFFSET ?2", key);
    sqlite3_stmt *statement;
    if (sqlite3_prepare_v2(db, sql->str, -1, &statement, NULL) != SQLITE_OK) { fprintf(stderr, "%s\n", sqlite3_errmsg(db)); exit(1); }
    g_string_free(sql, TRUE);
    sqlite3_bind_int64(statement, 1, PAGE);
    sqlite3_bind_int64(statement, 2, before && before->count == PAGE ? before->rows[PAGE - 1].position
                                     : after ? after->rows[0].position : (gint64)index * PAGE);
    if (match) sqlite3_bind_text(statement, 3, match, -1, SQLITE_STATIC);
    page = &pages[0];  /* the least recently used */
    for (int i = 1; i < KEPT; i++) if (pages[i].used < page->used) page = &pages[i];
    for (int r = 0; r < page->count; r++) { g_free(page->rows[r].id); g_free(page->rows[r].title); g_free(page->rows[r].subtitle); }
    page->count = 0; page->index = index; page->used = ++use_clock;
    GDateTime *now = g_date_time_new_now_local();
    while (sqlite3_step(statement) == SQLITE_ROW && page->count < PAGE) {
        Row *row = &page->rows[page->count++];
        row->id = g_strdup((const char *)sqlite3_column_text(statement, 0));
        row->title = g_strdup((const char *)sqlite3_column_text(statement, 1));
        const char *born = (const char *)sqlite3_column_text(statement, 3);
        int years = born ? years_since(born, now)
                         : sqlite3_column_int(statement, 4) + years_since((const char *)sqlite3_column_text(statement, 5), now);
        gboolean has_age = born || sqlite3_column_type(statement, 4) != SQLITE_NULL;
        row->subtitle = has_age ? g_strdup_printf("%s, %d %s", species_title((const char *)sqlite3_column_text(statement, 2)),
                                                  years, years == 1 ? "year" : "years")
                                : g_strdup(species_title((const char *)sqlite3_column_text(statement, 2)));
        row->position = sqlite3_column_int64(statement, 6);
    }
    g_date_time_unref(now);
    sqlite3_finalize(statement);
    if (descending) for (int a = 0, b = page->count - 1; a < b; a++, b--) { Row t = page->rows[a]; page->rows[a] = page->rows[b]; page->rows[b] = t; }
    return page;
}

static Row *row_at(guint position) {
    Page *page = page_at(position / PAGE);
    int offset = position % PAGE;
    return offset < page->count ? &page->rows[offset] : NULL;
}

/* The matches of `query` (every pet for NULL) on `connection`; FALSE if the count did not finish. */
static gboolean count_matches(sqlite3 *connection, const char *query, guint *count) {
    sqlite3_stmt *statement;
    if (sqlite3_prepare_v2(connection, query ? "SELECT count(*) FROM pet_names WHERE pet_names MATCH ?1" : "SELECT count(*) FROM pets",
                           -1, &statement, NULL) != SQLITE_OK) return FALSE;
    if (query) sqlite3_bind_text(statement, 1, query, -1, SQLITE_STATIC);
    gboolean counted = sqlite3_step(statement) == SQLITE_ROW;
    *count = counted ? (guint)sqlite3_column_int64(statement, 0) : 0;
    sqlite3_finalize(statement);
    return counted;
}

static guint count_pets(void) {
    guint count;
    count_matches(db, match, &count);
    return count;
}

/* The search's count, off the main thread. */
static const char *file_path;
static sqlite3 *reader;            /* opened by the first count; one count at a time uses it */
static GMutex reader_lock;
static guint search_generation;    /* one more for every count started */
static GCancellable *pending;      /* the running count's, or NULL */
typedef struct { char *query; guint generation; } Count;

static void free_count(gpointer data) { g_free(((Count *)data)->query); g_free(data); }
static int stop_if_cancelled(void *cancellable) { return g_cancellable_is_cancelled(cancellable); }

static void count_in_thread(GTask *task, gpointer source, gpointer data, GCancellable *cancellable) {
    Count *count = data;
    guint matches = 0;
    gboolean counted = FALSE;
    g_mutex_lock(&reader_lock);
    if (!reader && sqlite3_open_v2(file_path, &reader, SQLITE_OPEN_READONLY | SQLITE_OPEN_NOMUTEX, NULL) != SQLITE_OK) {
        sqlite3_close(reader);
        reader = NULL;
    }
    if (reader && !g_cancellable_is_cancelled(cancellable)) {
        sqlite3_progress_handler(reader, 1000, stop_if_cancelled, cancellable);
        counted = count_matches(reader, count->query, &matches);
        sqlite3_progress_handler(reader, 0, NULL, NULL);
    }
    g_mutex_unlock(&reader_lock);
    if (counted) g_task_return_int(task, matches);
    else g_task_return_new_error(task, G_IO_ERROR, G_IO_ERROR_FAILED, "not counted");
}

/* The GListModel: n_pets items, each a GtkStringObject with the pet's id. */
typedef struct { GObject parent_instance; } PetModel;
typedef struct { GObjectClass parent_class; } PetModelClass;
static GType pet_model_item_type(GListModel *model) { return GTK_TYPE_STRING_OBJECT; }
static guint pet_model_n_items(GListModel *model) { return n_pets; }
static gpointer pet_model_item(GListModel *model, guint position) {
    Row *row = position < n_pets ? row_at(position) : NULL;
    return row ? gtk_string_object_new(row->id) : NULL;
}
static void pet_model_init_list(GListModelInterface *iface) {
    iface->get_item_type = pet_model_item_type;
    iface->get_n_items = pet_model_n_items;
    iface->get_item = pet_model_item;
}
G_DEFINE_TYPE_WITH_CODE(PetModel, pet_model, G_TYPE_OBJECT, G_IMPLEMENT_INTERFACE(G_TYPE_LIST_MODEL, pet_model_init_list))
static void pet_model_class_init(PetModelClass *klass) {}
static void pet_model_init(PetModel *self) {}

static GListModel *model;
static GtkWidget *empty;
static gboolean searched;

/* A count came back: its matches replace the rows, if it is the search typed last. */
static void count_done(GObject *source, GAsyncResult *result, gpointer data) {
    Count *count = g_task_get_task_data(G_TASK(result));
    GError *error = NULL;
    gssize matches = g_task_propagate_int(G_TASK(result), &error);
    if (count->generation != search_generation) { g_clear_error(&error); return; }  /* stale */
    g_clear_object(&pending);
    g_free(match);
    match = g_strdup(count->query);
    forget_pages();
    guint old = n_pets, counted = error ? count_pets() : (guint)matches;  /* not counted there: count here */
    g_clear_error(&error);
    /* Two changes, not one: in one, GTK 4.8 asks for every new item, looking for its focus row. */
    n_pets = 0;
    if (old > 0) g_list_model_items_changed(model, 0, old, 0);
    n_pets = counted;
    if (counted > 0) g_list_model_items_changed(model, 0, 0, counted);
    gtk_widget_set_visible(empty, n_pets == 0);
    searched = TRUE;
}

/* Rows whose list item went, kept for the next list item (as RayPets' ListView does): a new
 * search replaces every list item, and a kept row is only bound again, not made. */
static GPtrArray *spare_rows;
#define MAX_SPARE_ROWS 210

static void teardown_row(GtkSignalListItemFactory *factory, GtkListItem *item, gpointer data) {
    GtkWidget *box = gtk_list_item_get_child(item);
    if (!box) return;
    if (spare_rows->len < MAX_SPARE_ROWS) g_ptr_array_add(spare_rows, g_object_ref(box));
    gtk_list_item_set_child(item, NULL);
}

static void setup_row(GtkSignalListItemFactory *factory, GtkListItem *item, gpointer data) {
    if (spare_rows->len > 0) {
        GtkWidget *spare = g_ptr_array_steal_index(spare_rows, spare_rows->len - 1);
        gtk_list_item_set_child(item, spare);
        g_object_unref(spare);
        return;
    }
    GtkWidget *box = gtk_box_new(GTK_ORIENTATION_VERTICAL, 2);
    GtkWidget *title = gtk_label_new(NULL), *subtitle = gtk_label_new(NULL);
    /* As RayPets' rows: each line starts at the start and ends in "…" when it does not fit. */
    gtk_widget_add_css_class(title, "raypets-row-title");
    gtk_label_set_xalign(GTK_LABEL(title), 0);
    gtk_label_set_ellipsize(GTK_LABEL(title), PANGO_ELLIPSIZE_END);
    gtk_widget_add_css_class(subtitle, "raypets-row-subtitle");
    gtk_label_set_xalign(GTK_LABEL(subtitle), 0);
    gtk_label_set_ellipsize(GTK_LABEL(subtitle), PANGO_ELLIPSIZE_END);
    gtk_box_append(GTK_BOX(box), title);
    gtk_box_append(GTK_BOX(box), subtitle);
    gtk_list_item_set_child(item, box);
}

static void bind_row(GtkSignalListItemFactory *factory, GtkListItem *item, gpointer data) {
    Row *row = row_at(gtk_list_item_get_position(item));
    GtkWidget *box = gtk_list_item_get_child(item);
    gtk_label_set_text(GTK_LABEL(gtk_widget_get_first_child(box)), row ? row->title : "");
    gtk_label_set_text(GTK_LABEL(gtk_widget_get_last_child(box)), row ? row->subtitle : "");
    char *name = row ? g_strdup_printf("%s, %s", row->title, row->subtitle) : g_strdup("");
    gtk_accessible_update_property(GTK_ACCESSIBLE(gtk_widget_get_parent(box)), GTK_ACCESSIBLE_PROPERTY_LABEL, name, -1);
    g_free(name);
}

static void search_changed(GtkSearchEntry *entry, gpointer data) {
    static char *shown;  /* the text whose matches are listed (RayPets' view checks the same) */
    const char *text = gtk_editable_get_text(GTK_EDITABLE(entry));
    /* GtkSearchEntry also reports an unchanged text (once as the page first shows): nothing to do. */
    if (g_strcmp0(text, shown ? shown : "") == 0) return;
    g_free(shown);
    shown = g_strdup(text);
    char *typed = NULL;
    if (*text) {  /* every run of letters and digits is a word prefix */
        GString *query = g_string_new(NULL);
        for (const char *p = text; *p;) {
            while (*p && !g_unichar_isalnum(g_utf8_get_char(p))) p = g_utf8_next_char(p);
            if (!*p) break;
            const char *start = p;
            while (*p && g_unichar_isalnum(g_utf8_get_char(p))) p = g_utf8_next_char(p);
            g_string_append_printf(query, "%s\"%.*s\"*", query->len ? " " : "", (int)(p - start), start);
        }
        typed = query->len ? g_string_free(query, FALSE) : (g_string_free(query, TRUE), g_strdup("\"\""));
    }
    /* A newer keystroke: the older count stops, and its result will be dropped. */
    search_generation++;
    if (pending) g_cancellable_cancel(pending);
    g_clear_object(&pending);
    if (g_strcmp0(typed, match) == 0) {  /* back to the search shown */
        g_free(typed);
        searched = TRUE;
        return;
    }
    Count *count = g_new(Count, 1);
    count->query = typed;
    count->generation = search_generation;
    pending = g_cancellable_new();
    GTask *task = g_task_new(NULL, pending, count_done, NULL);
    g_task_set_task_data(task, count, free_count);
    g_task_run_in_thread(task, count_in_thread);
    g_object_unref(task);
}

static void wait_frame(void) {
    long seen = frames;
    while (frames == seen) g_main_context_iteration(NULL, TRUE);
}

void activate_list(GtkApplication *app, const char *file, const char *text) {
    if (sqlite3_open_v2(file, &db, SQLITE_OPEN_READONLY, NULL) != SQLITE_OK) { fprintf(stderr, "cannot open %s\n", file); exit(1); }
    file_path = file;
    for (int i = 0; i < KEPT; i++) pages[i].index = -1;
    build(app);
    g_object_set(gtk_settings_get_default(), "gtk-enable-animations", FALSE, NULL);
    gtk_window_present(GTK_WINDOW(window));
    g_signal_connect(gtk_widget_get_frame_clock(window), "after-paint", G_CALLBACK(count_frame), NULL);
    wait_frame();
    while (g_main_context_iteration(NULL, FALSE)) {}

    gint64 start = g_get_monotonic_time();
    /* The page, as RayPets' PageLayout builds a list page: a column filling a scrolled window. */
    GtkWidget *column = page("My pets", "Choose a pet to see its details.", "Add pet", "suggested-action");
    gtk_widget_set_halign(column, GTK_ALIGN_FILL);
    gtk_widget_set_valign(column, GTK_ALIGN_FILL);
    GtkWidget *content = gtk_widget_get_prev_sibling(gtk_widget_get_last_child(column));
    gtk_widget_set_vexpand(content, TRUE);
    gtk_box_set_spacing(GTK_BOX(content), 12);
    GtkWidget *search = gtk_search_entry_new();
    g_object_set(search, "placeholder-text", "Search pets by name", NULL);
    gtk_search_entry_set_search_delay(GTK_SEARCH_ENTRY(search), 0);
    g_signal_connect(search, "search-changed", G_CALLBACK(search_changed), NULL);
    empty = gtk_label_new("No pets match.");
    n_pets = count_pets();
    gtk_widget_set_visible(empty, n_pets == 0);
    model = g_object_new(pet_model_get_type(), NULL);
    GtkListItemFactory *factory = gtk_signal_list_item_factory_new();
    g_signal_connect(factory, "setup", G_CALLBACK(setup_row), NULL);
    g_signal_connect(factory, "bind", G_CALLBACK(bind_row), NULL);
    g_signal_connect(factory, "teardown", G_CALLBACK(teardown_row), NULL);
    spare_rows = g_ptr_array_new();
    GtkWidget *list = gtk_list_view_new(GTK_SELECTION_MODEL(gtk_no_selection_new(model)), factory);
    gtk_list_view_set_single_click_activate(GTK_LIST_VIEW(list), TRUE);
    gtk_widget_add_css_class(list, "raypets-list");
    GtkWidget *scrolled = gtk_scrolled_window_new();
    gtk_scrolled_window_set_policy(GTK_SCROLLED_WINDOW(scrolled), GTK_POLICY_NEVER, GTK_POLICY_AUTOMATIC);
    gtk_scrolled_window_set_min_content_height(GTK_SCROLLED_WINDOW(scrolled), 150);
    gtk_widget_set_vexpand(scrolled, TRUE);
    gtk_scrolled_window_set_child(GTK_SCROLLED_WINDOW(scrolled), list);
    gtk_box_append(GTK_BOX(content), search);
    gtk_box_append(GTK_BOX(content), empty);
    gtk_box_append(GTK_BOX(content), scrolled);
    GtkWidget *outer = gtk_scrolled_window_new();
    gtk_scrolled_window_set_policy(GTK_SCROLLED_WINDOW(outer), GTK_POLICY_NEVER, GTK_POLICY_AUTOMATIC);
    gtk_scrolled_window_set_child(GTK_SCROLLED_WINDOW(outer), column);
    gtk_stack_add_named(GTK_STACK(stack), outer, "pets");
    gtk_stack_set_visible_child_full(GTK_STACK(stack), "pets", GTK_STACK_TRANSITION_TYPE_NONE);
    gtk_widget_grab_focus(list);
    gtk_widget_set_visible(back, TRUE);
    g_simple_action_set_enabled(back_action, TRUE);
    gtk_window_set_title(GTK_WINDOW(window), "My pets");
    wait_frame();
    gint64 push = g_get_monotonic_time() - start;
    long rss = rss_kib();
    if (!*text) {  /* no text to type: the push alone (what Benchmarks/instructions counts) */
        printf("pets %u push-ms %.3f rss-kib %ld\n", n_pets, push / 1000.0, rss);
        g_application_quit(G_APPLICATION(app));
        return;
    }

    int length = (int)strlen(text);
    gint64 keystrokes[64];
    for (int i = 1; i <= length && i < 64; i++) {
        char *typed = g_strndup(text, i);
        start = g_get_monotonic_time();
        searched = FALSE;
        gtk_editable_set_text(GTK_EDITABLE(search), typed);
        while (!searched) g_main_context_iteration(NULL, TRUE);
        wait_frame();
        keystrokes[i - 1] = g_get_monotonic_time() - start;
        g_free(typed);
    }
    gint64 typing = 0;
    for (int i = 0; i < length && i < 64; i++) typing += keystrokes[i];
    guint matches = n_pets;
    searched = FALSE;
    gtk_editable_set_text(GTK_EDITABLE(search), "");
    while (!searched) g_main_context_iteration(NULL, TRUE);
    wait_frame();

    GtkAdjustment *adjustment = gtk_scrolled_window_get_vadjustment(GTK_SCROLLED_WINDOW(scrolled));
    gint64 scroll_start = g_get_monotonic_time(), cpu_start = cpu_usec();
    long frames_start = frames;
    for (;;) {
        double top = gtk_adjustment_get_upper(adjustment) - gtk_adjustment_get_page_size(adjustment);
        double value = gtk_adjustment_get_value(adjustment);
        if (value >= top) break;
        gtk_adjustment_set_value(adjustment, MIN(value + 10 * gtk_adjustment_get_page_size(adjustment), top));
        wait_frame();
    }
    printf("pets %u push-ms %.3f rss-kib %ld keystroke-ms %.3f matches %u scroll-frames %ld scroll-ms %.3f scroll-cpu-ms %.3f"
           " rss-end-kib %ld\n", n_pets, push / 1000.0, rss, typing / 1000.0 / MAX(MIN(length, 63), 1), matches, frames - frames_start,
           (g_get_monotonic_time() - scroll_start) / 1000.0, (cpu_usec() - cpu_start) / 1000.0, rss_kib());
    g_application_quit(G_APPLICATION(app));
}
