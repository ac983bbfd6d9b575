/* What baseline.c shares with list.c: the window, its stack and Back, a RayPets-like page,
 * and the measurements. */
#pragma once
#include <gtk/gtk.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

extern GtkWidget *window, *stack, *back;
extern GSimpleAction *back_action;
extern long frames;

/* The window: header bar with Back, a GtkStack showing a Home page. */
void build(GtkApplication *app);
/* A page like RayPets' PageLayout: headline, text, (empty content box), one action button. */
GtkWidget *page(const char *headline, const char *text, const char *button, const char *css);
/* The frame clock's after-paint: counts frames drawn. */
void count_frame(GdkFrameClock *clock, gpointer data);
long rss_kib(void);
gint64 cpu_usec(void);
/* `baseline list FILE TEXT` (list.c). */
void activate_list(GtkApplication *app, const char *file, const char *text);
