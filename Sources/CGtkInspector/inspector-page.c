#include "inspector-page.h"

/* In a .c file, not a header: G_DEFINE_TYPE emits a static private offset that a header-only
 * type would duplicate in every Swift module that imports it. */

typedef struct {
    GtkBox parent_instance;
    GObject *object;
} RpInspectorPage;

typedef struct {
    GtkBoxClass parent_class;
} RpInspectorPageClass;

G_DEFINE_TYPE(RpInspectorPage, rp_inspector_page, GTK_TYPE_BOX)

enum { PROP_0, PROP_TITLE, PROP_OBJECT };

static char *page_title;
static RpInspectorBuild page_build;

static void rp_inspector_page_get_property(GObject *object, guint id, GValue *value, GParamSpec *pspec) {
    switch (id) {
    case PROP_TITLE: g_value_set_string(value, page_title); break;
    case PROP_OBJECT: g_value_set_object(value, ((RpInspectorPage *)object)->object); break;
    default: G_OBJECT_WARN_INVALID_PROPERTY_ID(object, id, pspec);
    }
}

static void rp_inspector_page_set_property(GObject *object, guint id, const GValue *value, GParamSpec *pspec) {
    switch (id) {
    case PROP_OBJECT: g_set_object(&((RpInspectorPage *)object)->object, g_value_get_object(value)); break;
    default: G_OBJECT_WARN_INVALID_PROPERTY_ID(object, id, pspec);
    }
}

static void rp_inspector_page_dispose(GObject *object) {
    g_clear_object(&((RpInspectorPage *)object)->object);
    G_OBJECT_CLASS(rp_inspector_page_parent_class)->dispose(object);
}

static void rp_inspector_page_class_init(RpInspectorPageClass *klass) {
    GObjectClass *object_class = G_OBJECT_CLASS(klass);
    object_class->get_property = rp_inspector_page_get_property;
    object_class->set_property = rp_inspector_page_set_property;
    object_class->dispose = rp_inspector_page_dispose;
    g_object_class_install_property(
        object_class, PROP_TITLE,
        g_param_spec_string("title", NULL, NULL, NULL, G_PARAM_READABLE | G_PARAM_STATIC_STRINGS));
    g_object_class_install_property(
        object_class, PROP_OBJECT,
        g_param_spec_object("object", NULL, NULL, G_TYPE_OBJECT, G_PARAM_READWRITE | G_PARAM_STATIC_STRINGS));
}

static void rp_inspector_page_init(RpInspectorPage *self) {
    gtk_orientable_set_orientation(GTK_ORIENTABLE(self), GTK_ORIENTATION_VERTICAL);
    if (page_build) page_build(GTK_WIDGET(self));
}

int rp_inspector_page_register(const char *name, const char *title, RpInspectorBuild build) {
    if (page_build) return 0;
    /* Made here if GTK has not made it yet (before gtk_init): GTK_DEBUG=interactive opens the
     * inspector inside gtk_init, before an app's own start-up code runs. GTK's later
     * registration returns this same point and requires its pages to be widgets, as this is. */
    g_io_extension_point_register("gtk-inspector-page");
    page_title = g_strdup(title);
    page_build = build;
    g_io_extension_point_implement("gtk-inspector-page", rp_inspector_page_get_type(), name, 10);
    return 1;
}
