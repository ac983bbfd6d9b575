#pragma once
#include <gtk/gtk.h>

/* RpInspectorPage: a page of GTK Inspector (the `gtk-inspector-page` extension point, as
 * libadwaita adds its own). GTK makes one each time the inspector opens; `build` then fills it
 * (a vertical GtkBox). The page has the two properties the inspector reads and sets: `title`
 * (its tab's name) and `object` (the object selected in the inspector, kept, unused). */

typedef void (*RpInspectorBuild)(GtkWidget *page);

/* Adds the page to GTK Inspector, called `name` (unique) and titled `title`, filled by `build`.
 * May be called before gtk_init (for GTK_DEBUG=interactive, whose inspector opens inside it).
 * Returns 0, adding nothing, when a page was registered already. */
int rp_inspector_page_register(const char *name, const char *title, RpInspectorBuild build);
