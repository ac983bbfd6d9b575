#pragma once
#include <gtk/gtk.h>
#include <dlfcn.h>
#include <string.h>

/* Keys pressed as a keyboard presses them, for tests (GTK 4 has no way to send a key event to
 * its own widgets): the keyboard focus is put on `window`, then the keys of `accelerator`
 * ("<Control>w", "Escape", "<Alt>Left") go down, the modifiers first, and up in the reverse
 * order, through the X server's XTest extension, so GDK reads them from the display like any
 * other key. libXtst.so.6 is opened at run time and the Xlib and GDK X11 functions are looked up
 * in what GDK loaded, so nothing links an X11 library or needs its headers.
 *
 * Returns 0 when the keys were sent; else why not, with nothing sent: 1 the window is not on an
 * X11 display (Wayland gives a client no way to make input), 2 libXtst.so.6 (or a function) is
 * missing, 3 `accelerator` is not one GTK reads, 4 a key has no keycode in the keymap, 5 the
 * window is not mapped. GDK keyvals are X keysyms, so they pass unchanged. */

typedef int (*rp_xtest_fake_key)(void *display, unsigned int keycode, int is_press, unsigned long delay);
typedef unsigned char (*rp_x_keysym_to_keycode)(void *display, unsigned long keysym);
typedef int (*rp_x_display_call)(void *display);
typedef int (*rp_x_set_input_focus)(void *display, unsigned long window, int revert_to, unsigned long time);
typedef void *(*rp_gdk_get_xdisplay)(GdkDisplay *display);
typedef unsigned long (*rp_gdk_get_xid)(GdkSurface *surface);
typedef void (*rp_gdk_trap)(GdkDisplay *display);

static inline int rp_press_keys(GtkWindow *window, const char *accelerator) {
    GdkDisplay *display = gtk_widget_get_display(GTK_WIDGET(window));
    if (strcmp(G_OBJECT_TYPE_NAME(display), "GdkX11Display") != 0) return 1;
    void *xtst = dlopen("libXtst.so.6", RTLD_NOW | RTLD_LOCAL);
    rp_xtest_fake_key fake = xtst ? (rp_xtest_fake_key)dlsym(xtst, "XTestFakeKeyEvent") : NULL;
    rp_x_keysym_to_keycode keycode_of = (rp_x_keysym_to_keycode)dlsym(RTLD_DEFAULT, "XKeysymToKeycode");
    rp_x_display_call flush = (rp_x_display_call)dlsym(RTLD_DEFAULT, "XFlush");
    rp_x_set_input_focus set_focus = (rp_x_set_input_focus)dlsym(RTLD_DEFAULT, "XSetInputFocus");
    rp_gdk_get_xdisplay xdisplay_of = (rp_gdk_get_xdisplay)dlsym(RTLD_DEFAULT, "gdk_x11_display_get_xdisplay");
    rp_gdk_get_xid xid_of = (rp_gdk_get_xid)dlsym(RTLD_DEFAULT, "gdk_x11_surface_get_xid");
    rp_gdk_trap trap_push = (rp_gdk_trap)dlsym(RTLD_DEFAULT, "gdk_x11_display_error_trap_push");
    rp_gdk_trap trap_pop = (rp_gdk_trap)dlsym(RTLD_DEFAULT, "gdk_x11_display_error_trap_pop_ignored");
    if (!fake || !keycode_of || !flush || !set_focus || !xdisplay_of || !xid_of || !trap_push || !trap_pop) return 2;
    guint keyval = 0;
    GdkModifierType modifiers = 0;
    if (!gtk_accelerator_parse(accelerator, &keyval, &modifiers) || keyval == 0) return 3;
    void *xdisplay = xdisplay_of(display);
    /* The modifiers as the left-hand keys that make them, in the order they go down. */
    const struct { GdkModifierType mask; unsigned long keysym; } held[] = {
        { GDK_CONTROL_MASK, GDK_KEY_Control_L }, { GDK_SHIFT_MASK, GDK_KEY_Shift_L },
        { GDK_ALT_MASK, GDK_KEY_Alt_L }, { GDK_SUPER_MASK, GDK_KEY_Super_L },
    };
    unsigned int codes[5];
    int count = 0;
    for (unsigned int i = 0; i < G_N_ELEMENTS(held); i++) {
        if (!(modifiers & held[i].mask)) continue;
        codes[count] = keycode_of(xdisplay, held[i].keysym);
        if (codes[count++] == 0) return 4;
    }
    codes[count] = keycode_of(xdisplay, keyval);
    if (codes[count++] == 0) return 4;
    GdkSurface *surface = gtk_native_get_surface(GTK_NATIVE(window));
    if (surface == NULL || !gtk_widget_get_mapped(GTK_WIDGET(window))) return 5;
    /* XSetInputFocus fails (BadMatch) on a window that is not viewable yet: trapped, not fatal. */
    trap_push(display);
    set_focus(xdisplay, xid_of(surface), 2 /* RevertToParent */, 0 /* CurrentTime */);
    for (int i = 0; i < count; i++) fake(xdisplay, codes[i], 1, 0);
    for (int i = count - 1; i >= 0; i--) fake(xdisplay, codes[i], 0, 0);
    flush(xdisplay);
    trap_pop(display);
    return 0;
}
