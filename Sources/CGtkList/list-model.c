#include "list-model.h"

/* Defined in a .c file, not a header: G_DEFINE_TYPE emits a static private offset that a
 * header-only type would duplicate in every Swift module that imports it. */

typedef struct {
    GObject parent_instance;
    guint n_items;
    RpListModelKeyFunc key_at;
    RpListModelSelectedFunc is_selected;
    gpointer data;
} RpListModel;

typedef struct {
    GObjectClass parent_class;
} RpListModelClass;

/* RpListKey: an item, a key that can be changed (GtkStringObject's cannot). */
typedef struct {
    GObject parent_instance;
    char *key;
} RpListKey;

typedef struct {
    GObjectClass parent_class;
} RpListKeyClass;

G_DEFINE_TYPE(RpListKey, rp_list_key, G_TYPE_OBJECT)

static void rp_list_key_finalize(GObject *object) {
    g_free(((RpListKey *)object)->key);
    G_OBJECT_CLASS(rp_list_key_parent_class)->finalize(object);
}

static void rp_list_key_class_init(RpListKeyClass *klass) { G_OBJECT_CLASS(klass)->finalize = rp_list_key_finalize; }
static void rp_list_key_init(RpListKey *self) {}

const char *rp_list_key_get(void *item) { return ((RpListKey *)item)->key; }

void rp_list_key_set(void *item, const char *key) {
    RpListKey *self = (RpListKey *)item;
    g_free(self->key);
    self->key = g_strdup(key);
}

static GType rp_list_model_item_type(GListModel *model) { return rp_list_key_get_type(); }

static guint rp_list_model_n_items(GListModel *model) { return ((RpListModel *)model)->n_items; }

/* A new RpListKey holding the item's key; NULL only past the end, as GListModel allows.
 * An item the app cannot read (key_at says NULL) gets the empty key, which no item has:
 * GTK 4.8's list item manager unrefs what get_item returns without a check, so a NULL
 * inside the model costs a GLib critical per row, and the row shows nothing either way. */
static gpointer rp_list_model_item(GListModel *model, guint position) {
    RpListModel *self = (RpListModel *)model;
    if (position >= self->n_items) return NULL;
    char *key = self->key_at != NULL ? self->key_at(self->data, position) : NULL;
    RpListKey *item = g_object_new(rp_list_key_get_type(), NULL);
    item->key = key != NULL ? key : g_strdup("");  /* g_malloc'd: the item frees it */
    return item;
}

static void rp_list_model_init_list(GListModelInterface *iface) {
    iface->get_item_type = rp_list_model_item_type;
    iface->get_n_items = rp_list_model_n_items;
    iface->get_item = rp_list_model_item;
}

static gboolean rp_list_model_is_selected(GtkSelectionModel *model, guint position) {
    RpListModel *self = (RpListModel *)model;
    return position < self->n_items && self->is_selected != NULL && self->is_selected(self->data, position);
}

/* Only is_selected: GTK's defaults refuse every request to select or unselect, so the
 * selection changes only when the app says so. */
static void rp_list_model_init_selection(GtkSelectionModelInterface *iface) {
    iface->is_selected = rp_list_model_is_selected;
}

G_DEFINE_TYPE_WITH_CODE(RpListModel, rp_list_model, G_TYPE_OBJECT,
                        G_IMPLEMENT_INTERFACE(G_TYPE_LIST_MODEL, rp_list_model_init_list)
                        G_IMPLEMENT_INTERFACE(GTK_TYPE_SELECTION_MODEL, rp_list_model_init_selection))

static void rp_list_model_class_init(RpListModelClass *klass) {}
static void rp_list_model_init(RpListModel *self) {}

gpointer rp_list_model_new(void) { return g_object_new(rp_list_model_get_type(), NULL); }

void rp_list_model_set_source(gpointer model, RpListModelKeyFunc key_at, RpListModelSelectedFunc is_selected,
                              gpointer data) {
    RpListModel *self = (RpListModel *)model;
    self->key_at = key_at;
    self->is_selected = is_selected;
    self->data = data;
}

void rp_list_model_splice(gpointer model, guint position, guint removed, guint added) {
    RpListModel *self = (RpListModel *)model;
    g_return_if_fail(position + removed <= self->n_items);
    self->n_items = self->n_items - removed + added;
    g_list_model_items_changed(G_LIST_MODEL(self), position, removed, added);
}

void rp_list_model_selection_changed(gpointer model, guint position, guint count) {
    if (count > 0) gtk_selection_model_selection_changed(GTK_SELECTION_MODEL(model), position, count);
}
