"""What input this display session can synthesize: function keys by keycode through XTest,
and whether the session is Wayland, where nothing can type (ON_WAYLAND, NeedsX11)."""
import os

from driver_tree import DriverError

MODIFIER_KEYS = {"shift": "Shift_L", "ctrl": "Control_L", "alt": "Alt_L", "super": "Super_L"}


def press_function_key(combination):
    """Presses and releases `combination` (a function key, F1..F12, after any of shift+, ctrl+,
    alt+ and super+) by keycodes through XTest, holding exactly the modifiers named, as a
    keyboard does. xdotool 3.2016 picks a keycode and the modifiers that make the keysym in the
    keymap: under Debian testing's keymap it sends F10 as Alt+F10 (GTK logged the press with
    Alt's state), which GTK rightly does not take for F10."""
    import ctypes
    import ctypes.util
    x11 = ctypes.CDLL(ctypes.util.find_library("X11"))
    xtst = ctypes.CDLL(ctypes.util.find_library("Xtst"))
    x11.XOpenDisplay.restype = ctypes.c_void_p
    x11.XOpenDisplay.argtypes = [ctypes.c_char_p]
    x11.XStringToKeysym.restype = ctypes.c_ulong
    x11.XStringToKeysym.argtypes = [ctypes.c_char_p]
    x11.XKeysymToKeycode.restype = ctypes.c_ubyte
    x11.XKeysymToKeycode.argtypes = [ctypes.c_void_p, ctypes.c_ulong]
    xtst.XTestFakeKeyEvent.argtypes = [ctypes.c_void_p, ctypes.c_uint, ctypes.c_int, ctypes.c_ulong]
    x11.XFlush.argtypes = [ctypes.c_void_p]
    x11.XCloseDisplay.argtypes = [ctypes.c_void_p]
    display = x11.XOpenDisplay(None)
    if not display:
        raise DriverError(f"cannot open the display to press {combination}")
    try:
        *modifiers, key = combination.split("+")
        codes = []
        for name in [MODIFIER_KEYS[m.lower()] for m in modifiers] + [key]:
            code = x11.XKeysymToKeycode(display, x11.XStringToKeysym(name.encode()))
            if code == 0:
                raise DriverError(f"no key in the keymap makes {name}")
            codes.append(code)
        for code in codes:
            xtst.XTestFakeKeyEvent(display, code, 1, 0)
        for code in reversed(codes):
            xtst.XTestFakeKeyEvent(display, code, 0, 0)
        x11.XFlush(display)
    finally:
        x11.XCloseDisplay(display)


# On Wayland (scripts/with-wayland: weston, no X11) AT-SPI reads the tree and presses buttons,
# but nothing can type: xdotool is X11-only, AT-SPI's key synthesis goes through XTEST, and
# Debian's weston has no virtual-keyboard or test protocol. Keys, typing, the mouse's back
# button and pixel reads are refused there with NeedsX11; list rows (no AT-SPI action in GTK
# 4.8) are chosen by keys, so tests choose rows by links on Wayland.
ON_WAYLAND = bool(os.environ.get("WAYLAND_DISPLAY")) and not os.environ.get("DISPLAY")


class NeedsX11(DriverError):
    """An input this session cannot synthesize (see ON_WAYLAND)."""
