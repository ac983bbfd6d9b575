#pragma once
#include <gtk/gtk.h>

/* RpListModel: a GListModel whose items are asked for only when GTK needs them (the rows on
 * screen), and a GtkSelectionModel whose selection belongs to the app: GTK asks which items are
 * selected, and a click or key never changes it. See list-model.c. */

/* The key of the item at `position`, g_malloc'd (the model frees it), or NULL for none. */
typedef char *(*RpListModelKeyFunc)(void *data, unsigned int position);
/* Whether the item at `position` is shown as selected. */
typedef int (*RpListModelSelectedFunc)(void *data, unsigned int position);

/* An item of the model: the key it was made with, which the list may change when the item at its
 * position is replaced in place (the row that shows it stays, and shows the new key). */
const char *rp_list_key_get(void *item);
void rp_list_key_set(void *item, const char *key);
/* A new, empty model (full reference). */
void *rp_list_model_new(void);
/* Who answers for the items: `data` is passed back to both functions. NULLs stop the answers. */
void rp_list_model_set_source(void *model, RpListModelKeyFunc key_at, RpListModelSelectedFunc is_selected,
                              void *data);
/* At `position`, `removed` items went and `added` came: updates the count, then tells GTK. */
void rp_list_model_splice(void *model, unsigned int position, unsigned int removed, unsigned int added);
/* The selection of `count` items from `position` on may have changed: tells GTK. */
void rp_list_model_selection_changed(void *model, unsigned int position, unsigned int count);
