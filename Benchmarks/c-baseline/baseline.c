/* The C baseline for RayPets' benchmarks: a plain GTK 4 program doing what RayPets does.
 *
 *   baseline startup     RayPets' main window as it opens on Home (build_main_window: tabs,
 *                        the adaptive Clinic tab, switchers, menu, toast overlay); prints
 *                        "first-frame <monotonic µs>" at the first after-paint of the
 *                        window's frame clock, then quits.
 *   baseline navigate N [drawn]
 *                        N push/pop cycles of a page equivalent to a How-to-code step
 *                        (gtk_stack add, set visible, back, remove), animations off; prints
 *                        µs per cycle (wall and CPU), frames drawn per cycle, and RSS after
 *                        1,000 cycles and after N. With `drawn`, each push and each pop waits
 *                        until the frame showing it has been drawn.
 *   baseline list FILE TEXT
 *                        My pets over an SQLite file: see list.c.
 */
#include "baseline.h"
#include <malloc.h>
#include <time.h>
#include <unistd.h>

long rss_kib(void) {
    long pages = 0, resident = 0;
    FILE *f = fopen("/proc/self/statm", "r");
    if (f) { if (fscanf(f, "%ld %ld", &pages, &resident) != 2) resident = 0; fclose(f); }
    return resident * (sysconf(_SC_PAGESIZE) / 1024);
}

/* What malloc has handed out and not had back (RSS minus the allocator's own free space). */
static long heap_kib(void) {
    struct mallinfo2 info = mallinfo2();
    return (long)((info.uordblks + info.hblkhd) / 1024);
}

static GtkWidget *last_button;

/* A centred label that wraps at 40 characters, inside words too, and is at least 10
 * characters wide (RayPets' Label.wrapCentered). */
static GtkWidget *wrapped_label(const char *text, const char *css) {
    GtkWidget *label = gtk_label_new(text);
    gtk_widget_add_css_class(label, css);
    gtk_label_set_wrap(GTK_LABEL(label), TRUE);
    gtk_label_set_wrap_mode(GTK_LABEL(label), PANGO_WRAP_WORD_CHAR);
    gtk_label_set_justify(GTK_LABEL(label), GTK_JUSTIFY_CENTER);
    gtk_label_set_width_chars(GTK_LABEL(label), 10);
    gtk_label_set_max_width_chars(GTK_LABEL(label), 40);
    return label;
}

/* GTK 4.8 leaves a settings handler behind for every scrolled window realized: drop it as the
 * scrolled window unrealizes (RayPets' ScrolledWindow does the same). */
static void scrolled_unrealized(GtkWidget *scrolled, gpointer unused) {
    g_signal_handlers_disconnect_matched(gtk_widget_get_settings(scrolled), G_SIGNAL_MATCH_DATA, 0, 0, NULL, NULL,
                                         scrolled);
}

static GtkWidget *last_actions;

/* The same widgets, CSS classes and accessible name as a RayPets page's column (PageLayout): a
 * (hidden) caption, a headline, a text, an empty content box and the action buttons. */
GtkWidget *page(const char *headline, const char *text, const char *button, const char *css) {
    GtkWidget *box = gtk_box_new(GTK_ORIENTATION_VERTICAL, 18);
    GtkWidget *caption = wrapped_label("", "raypets-caption");
    gtk_widget_set_visible(caption, FALSE);
    gtk_box_append(GTK_BOX(box), caption);
    gtk_widget_add_css_class(box, "raypets-page");
    gtk_accessible_update_property(GTK_ACCESSIBLE(box), GTK_ACCESSIBLE_PROPERTY_LABEL, headline, -1);
    gtk_widget_set_halign(box, GTK_ALIGN_CENTER);
    gtk_widget_set_valign(box, GTK_ALIGN_CENTER);
    gtk_widget_set_hexpand(box, TRUE);
    gtk_widget_set_vexpand(box, TRUE);
    gtk_box_append(GTK_BOX(box), wrapped_label(headline, "raypets-headline"));
    gtk_box_append(GTK_BOX(box), wrapped_label(text, "raypets-message"));
    gtk_box_append(GTK_BOX(box), gtk_box_new(GTK_ORIENTATION_VERTICAL, 12));
    GtkWidget *actions = gtk_box_new(GTK_ORIENTATION_VERTICAL, 10);
    gtk_widget_add_css_class(actions, "raypets-actions");
    gtk_widget_set_halign(actions, GTK_ALIGN_CENTER);
    gtk_widget_set_valign(actions, GTK_ALIGN_START);
    GtkWidget *b = gtk_button_new_with_label(button);
    if (css) gtk_widget_add_css_class(b, css);
    gtk_box_append(GTK_BOX(actions), b);
    gtk_box_append(GTK_BOX(box), actions);
    last_button = b;
    last_actions = actions;
    return box;
}

/* page() in the scrolled window that scrolls it vertically, as RayPets shows every page. */
static GtkWidget *scrolled_page(const char *headline, const char *text, const char *button, const char *css) {
    GtkWidget *scrolled = gtk_scrolled_window_new();
    gtk_scrolled_window_set_policy(GTK_SCROLLED_WINDOW(scrolled), GTK_POLICY_NEVER, GTK_POLICY_AUTOMATIC);
    gtk_scrolled_window_set_child(GTK_SCROLLED_WINDOW(scrolled), page(headline, text, button, css));
    g_signal_connect(scrolled, "unrealize", G_CALLBACK(scrolled_unrealized), NULL);
    gtk_widget_set_hexpand(scrolled, TRUE);
    gtk_widget_set_vexpand(scrolled, TRUE);
    return scrolled;
}

GtkWidget *window, *stack, *back;
static GtkWidget *home_button;
GSimpleAction *back_action;

static void quit_after_paint(GdkFrameClock *clock, gpointer app) {
    printf("first-frame %" G_GINT64_FORMAT "\n", g_get_monotonic_time());
    fflush(stdout);
    g_application_quit(G_APPLICATION(app));
}

static void on_map(GtkWidget *widget, gpointer app) {
    GdkFrameClock *clock = gtk_widget_get_frame_clock(widget);
    g_signal_connect(clock, "after-paint", G_CALLBACK(quit_after_paint), app);
}

static void mouse_back_pressed(GtkGestureClick *gesture, int n_press, double x, double y, gpointer data) {
    g_action_activate(G_ACTION(back_action), NULL);
}

void build(GtkApplication *app) {
    window = gtk_application_window_new(app);
    gtk_window_set_title(GTK_WINDOW(window), "RayPets");
    gtk_window_set_default_size(GTK_WINDOW(window), 560, 620);
    GtkWidget *header = gtk_header_bar_new();
    back = gtk_button_new_from_icon_name("go-previous-symbolic");
    gtk_widget_set_visible(back, FALSE);
    /* Back as a GNOME app (and RayPets' BackNavigation) has it: a navigation.back action that
     * the button, Alt+Left and the mouse's back button activate, disabled on the root page. */
    GSimpleActionGroup *group = g_simple_action_group_new();
    back_action = g_simple_action_new("back", NULL);
    g_simple_action_set_enabled(back_action, FALSE);
    g_action_map_add_action(G_ACTION_MAP(group), G_ACTION(back_action));
    gtk_widget_insert_action_group(window, "navigation", G_ACTION_GROUP(group));
    g_object_unref(group);
    gtk_actionable_set_action_name(GTK_ACTIONABLE(back), "navigation.back");
    GtkEventController *shortcuts = gtk_shortcut_controller_new();
    gtk_shortcut_controller_add_shortcut(GTK_SHORTCUT_CONTROLLER(shortcuts),
        gtk_shortcut_new(gtk_shortcut_trigger_parse_string("<Alt>Left"), gtk_named_action_new("navigation.back")));
    gtk_widget_add_controller(window, shortcuts);
    GtkGesture *mouse_back = gtk_gesture_click_new();
    gtk_gesture_single_set_button(GTK_GESTURE_SINGLE(mouse_back), 8);
    g_signal_connect(mouse_back, "pressed", G_CALLBACK(mouse_back_pressed), NULL);
    gtk_widget_add_controller(window, GTK_EVENT_CONTROLLER(mouse_back));
    gtk_header_bar_pack_start(GTK_HEADER_BAR(header), back);
    gtk_window_set_titlebar(GTK_WINDOW(window), header);
    stack = gtk_stack_new();
    GtkWidget *home = scrolled_page("Welcome to the RayPets clinic", "Book a visit, look after your pets' details, or check when we are open.",
                           "Schedule appointment", "suggested-action");
    home_button = last_button;
    /* RayPets' Home has two more actions under the first. */
    gtk_box_append(GTK_BOX(last_actions), gtk_button_new_with_label("My pets"));
    gtk_box_append(GTK_BOX(last_actions), gtk_button_new_with_label("Clinic info"));
    gtk_stack_add_named(GTK_STACK(stack), home, "home");
    gtk_window_set_child(GTK_WINDOW(window), stack);
}

/* A stack that expands and is as big as its visible child only (RayPets' non-homogeneous
 * stacks: the hidden children are not measured). */
static GtkWidget *visible_sized_stack(void) {
    GtkWidget *stack = gtk_stack_new();
    gtk_stack_set_hhomogeneous(GTK_STACK(stack), FALSE);
    gtk_stack_set_vhomogeneous(GTK_STACK(stack), FALSE);
    gtk_widget_set_hexpand(stack, TRUE);
    gtk_widget_set_vexpand(stack, TRUE);
    return stack;
}

/* A width watcher as RayPets (rp_size_watcher_new): an empty, untargetable drawing area. */
static GtkWidget *width_watcher(void) {
    GtkWidget *watcher = GTK_WIDGET(g_object_new(GTK_TYPE_DRAWING_AREA, "accessible-role",
                                                 GTK_ACCESSIBLE_ROLE_PRESENTATION, "can-target", FALSE, "can-focus",
                                                 FALSE, NULL));
    gtk_widget_set_hexpand(watcher, TRUE);
    return watcher;
}

/* A split pane's header (RayPets' PaneHeader): a hidden Back and an ellipsized title. */
static GtkWidget *pane_header(void) {
    GtkWidget *header = gtk_box_new(GTK_ORIENTATION_HORIZONTAL, 6);
    gtk_widget_add_css_class(header, "toolbar");
    gtk_widget_add_css_class(header, "pane-header");
    gtk_widget_set_size_request(header, -1, 46);
    GtkWidget *back_button = gtk_button_new_from_icon_name("go-previous-symbolic");
    gtk_widget_set_visible(back_button, FALSE);
    GtkWidget *title = gtk_label_new("");
    gtk_widget_add_css_class(title, "heading");
    gtk_label_set_ellipsize(GTK_LABEL(title), PANGO_ELLIPSIZE_END);
    gtk_widget_set_hexpand(title, TRUE);
    gtk_box_append(GTK_BOX(header), back_button);
    gtk_box_append(GTK_BOX(header), title);
    return header;
}

/* A tab that adapts (RayPets' SplitViews): a width watcher over a stack of the single stack
 * (holding `page`) and the split's panes, each with its header; the content's placeholder. */
static GtkWidget *split_tab(GtkWidget *page) {
    GtkWidget *single = gtk_stack_new();
    gtk_stack_add_named(GTK_STACK(single), page, "page");
    GtkWidget *sidebar = gtk_box_new(GTK_ORIENTATION_VERTICAL, 0);
    gtk_widget_add_css_class(sidebar, "sidebar-pane");
    gtk_widget_set_size_request(sidebar, 360, -1);
    gtk_box_append(GTK_BOX(sidebar), pane_header());
    gtk_box_append(GTK_BOX(sidebar), gtk_separator_new(GTK_ORIENTATION_HORIZONTAL));
    gtk_box_append(GTK_BOX(sidebar), gtk_stack_new());
    GtkWidget *content_stack = gtk_stack_new();
    GtkWidget *placeholder = wrapped_label("Choose a pet to see its details.", "dim-label");
    gtk_widget_set_hexpand(placeholder, TRUE);
    gtk_widget_set_vexpand(placeholder, TRUE);
    gtk_stack_add_named(GTK_STACK(content_stack), placeholder, "placeholder");
    GtkWidget *content = gtk_box_new(GTK_ORIENTATION_VERTICAL, 0);
    gtk_widget_set_hexpand(content, TRUE);
    gtk_box_append(GTK_BOX(content), pane_header());
    gtk_box_append(GTK_BOX(content), gtk_separator_new(GTK_ORIENTATION_HORIZONTAL));
    gtk_box_append(GTK_BOX(content), content_stack);
    GtkWidget *panes = gtk_box_new(GTK_ORIENTATION_HORIZONTAL, 0);
    gtk_box_append(GTK_BOX(panes), sidebar);
    gtk_box_append(GTK_BOX(panes), gtk_separator_new(GTK_ORIENTATION_VERTICAL));
    gtk_box_append(GTK_BOX(panes), content);
    GtkWidget *modes = visible_sized_stack();
    gtk_stack_add_named(GTK_STACK(modes), single, "single");
    gtk_stack_add_named(GTK_STACK(modes), panes, "split");
    GtkWidget *root = gtk_box_new(GTK_ORIENTATION_VERTICAL, 0);
    gtk_box_append(GTK_BOX(root), width_watcher());
    gtk_box_append(GTK_BOX(root), modes);
    return root;
}

/* RayPets' main window as it opens on Home (MainWindow, GtkTabHost, SplitViews, ToastOverlay):
 * the header with Back, the tab switcher and the main menu; the Clinic tab (adaptive, Home on
 * it) and the Learn tab (its first page) in a stack with a second switcher for narrow windows;
 * hidden banner and notice labels; the toast overlay; the sections stack (Welcome, tabs). */
static void build_main_window(GtkApplication *app) {
    build(app);  /* the window, its header, Back and Home */
    GtkWidget *home = gtk_stack_get_child_by_name(GTK_STACK(stack), "home");
    g_object_ref(home);
    gtk_stack_remove(GTK_STACK(stack), home);
    GtkWidget *tabs = visible_sized_stack();
    gtk_stack_add_titled(GTK_STACK(tabs), split_tab(home), "tab-0", "Clinic");
    g_object_unref(home);
    GtkWidget *learn = gtk_stack_new();
    gtk_stack_add_named(GTK_STACK(learn), scrolled_page("Learn", "How this app gets written, in four steps.",
                                                        "How to code", "suggested-action"), "learn");
    gtk_stack_add_titled(GTK_STACK(tabs), learn, "tab-1", "Learn");
    GtkWidget *switcher = gtk_stack_switcher_new();
    gtk_stack_switcher_set_stack(GTK_STACK_SWITCHER(switcher), GTK_STACK(tabs));
    GtkWidget *bar = gtk_box_new(GTK_ORIENTATION_HORIZONTAL, 0);
    gtk_widget_add_css_class(bar, "toolbar");
    GtkWidget *bar_switcher = gtk_stack_switcher_new();
    gtk_stack_switcher_set_stack(GTK_STACK_SWITCHER(bar_switcher), GTK_STACK(tabs));
    gtk_widget_set_hexpand(bar_switcher, TRUE);
    gtk_box_append(GTK_BOX(bar), bar_switcher);
    gtk_widget_set_visible(bar, FALSE);
    GtkWidget *tab_host = gtk_box_new(GTK_ORIENTATION_VERTICAL, 0);
    gtk_box_append(GTK_BOX(tab_host), width_watcher());
    gtk_box_append(GTK_BOX(tab_host), tabs);
    gtk_box_append(GTK_BOX(tab_host), bar);
    GtkWidget *sections = visible_sized_stack();
    gtk_stack_add_named(GTK_STACK(sections), gtk_stack_new(), "welcome");
    gtk_stack_add_named(GTK_STACK(sections), tab_host, "tabs");
    gtk_stack_set_visible_child_name(GTK_STACK(sections), "tabs");
    GtkWidget *content = gtk_box_new(GTK_ORIENTATION_VERTICAL, 0);
    GtkWidget *banner = wrapped_label("", "raypets-banner"), *notice = wrapped_label("", "raypets-notice");
    gtk_widget_set_visible(banner, FALSE);
    gtk_widget_set_visible(notice, FALSE);
    gtk_box_append(GTK_BOX(content), banner);
    gtk_box_append(GTK_BOX(content), notice);
    gtk_box_append(GTK_BOX(content), sections);
    GtkWidget *overlay = gtk_overlay_new();
    gtk_overlay_set_child(GTK_OVERLAY(overlay), content);
    GtkWidget *toast = gtk_revealer_new();
    gtk_widget_set_visible(toast, FALSE);
    gtk_overlay_add_overlay(GTK_OVERLAY(overlay), toast);
    GtkWidget *menu_button = gtk_menu_button_new();
    gtk_menu_button_set_icon_name(GTK_MENU_BUTTON(menu_button), "open-menu-symbolic");
    GMenu *menu = g_menu_new();
    g_menu_append(menu, "Keyboard Shortcuts", "app.shortcuts");
    g_menu_append(menu, "About RayPets", "app.about");
    gtk_menu_button_set_menu_model(GTK_MENU_BUTTON(menu_button), G_MENU_MODEL(menu));
    g_object_unref(menu);
    GtkWidget *header = gtk_window_get_titlebar(GTK_WINDOW(window));
    gtk_header_bar_set_title_widget(GTK_HEADER_BAR(header), switcher);
    gtk_header_bar_pack_end(GTK_HEADER_BAR(header), menu_button);
    gtk_window_set_child(GTK_WINDOW(window), overlay);
}

static void activate_startup(GtkApplication *app, gpointer data) {
    build_main_window(app);
    g_signal_connect(window, "map", G_CALLBACK(on_map), app);
    gtk_window_present(GTK_WINDOW(window));
}

static int cycles;
static gboolean drawn;
long frames;

void count_frame(GdkFrameClock *clock, gpointer data) { frames++; }

static void iterate_until_idle(void) {
    if (drawn) {
        long seen = frames;
        while (frames == seen) g_main_context_iteration(NULL, TRUE);
    }
    while (g_main_context_iteration(NULL, FALSE)) {}
}

gint64 cpu_usec(void) {
    struct timespec t;
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &t);
    return (gint64)t.tv_sec * 1000000 + t.tv_nsec / 1000;
}

static void activate_navigate(GtkApplication *app, gpointer data) {
    build(app);
    g_object_set(gtk_settings_get_default(), "gtk-enable-animations", FALSE, NULL);
    gtk_window_present(GTK_WINDOW(window));
    g_signal_connect(gtk_widget_get_frame_clock(window), "after-paint", G_CALLBACK(count_frame), NULL);
    while (g_main_context_iteration(NULL, FALSE)) {}
    frames = 0;
    gint64 cpu_start = cpu_usec();
    long rss_1k = 0, heap_1k = 0;
    gint64 start = g_get_monotonic_time();
    for (int i = 1; i <= cycles; i++) {
        char name[32];
        snprintf(name, sizeof name, "page-%d", i);
        GtkWidget *step = scrolled_page("I go out", "I go out for a walk and think the problem through before I type anything.",
                               "Next", "step-orange");
        /* Push, with the chrome RayPets updates: title, Back button, focus. */
        gtk_stack_add_named(GTK_STACK(stack), step, name);
        gtk_stack_set_visible_child_full(GTK_STACK(stack), name, GTK_STACK_TRANSITION_TYPE_NONE);
        gtk_widget_grab_focus(last_button);
        gtk_widget_set_visible(back, TRUE);
        g_simple_action_set_enabled(back_action, TRUE);
        gtk_window_set_title(GTK_WINDOW(window), "I go out");
        iterate_until_idle();
        /* Pop. */
        gtk_stack_set_visible_child_full(GTK_STACK(stack), "home", GTK_STACK_TRANSITION_TYPE_NONE);
        gtk_widget_grab_focus(home_button);
        gtk_stack_remove(GTK_STACK(stack), step);
        gtk_widget_set_visible(back, FALSE);
        g_simple_action_set_enabled(back_action, FALSE);
        gtk_window_set_title(GTK_WINDOW(window), "RayPets");
        iterate_until_idle();
        if (i == 1000) { rss_1k = rss_kib(); heap_1k = heap_kib(); }
    }
    gint64 elapsed = g_get_monotonic_time() - start;
    gint64 cpu = cpu_usec() - cpu_start;
    printf("cycles %d us-per-cycle %.2f cpu-us-per-cycle %.2f frames-per-cycle %.4f rss-1k-kib %ld rss-end-kib %ld"
           " heap-1k-kib %ld heap-end-kib %ld\n", cycles, (double)elapsed / cycles, (double)cpu / cycles, (double)frames / cycles,
           rss_1k, rss_kib(), heap_1k, heap_kib());
    g_application_quit(G_APPLICATION(app));
}

static const char *list_file, *list_text;

static void activate_list_mode(GtkApplication *app, gpointer data) { activate_list(app, list_file, list_text); }

int main(int argc, char **argv) {
    if (argc < 2) { fprintf(stderr, "usage: baseline startup | navigate N [drawn] | list FILE TEXT\n"); return 2; }
    GtkApplication *app = gtk_application_new("io.github.raypets.Baseline", G_APPLICATION_NON_UNIQUE);
    if (strcmp(argv[1], "list") == 0 && argc > 2) {
        list_file = argv[2];
        list_text = argc > 3 ? argv[3] : "bis";
        g_signal_connect(app, "activate", G_CALLBACK(activate_list_mode), NULL);
    } else if (strcmp(argv[1], "navigate") == 0) {
        cycles = argc > 2 ? atoi(argv[2]) : 10000;
        drawn = argc > 3 && strcmp(argv[3], "drawn") == 0;
        g_signal_connect(app, "activate", G_CALLBACK(activate_navigate), NULL);
    } else {
        g_signal_connect(app, "activate", G_CALLBACK(activate_startup), NULL);
    }
    int status = g_application_run(G_APPLICATION(app), 1, argv);
    g_object_unref(app);
    return status;
}
