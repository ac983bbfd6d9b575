"""A stand-in for xdg-desktop-portal's Settings interface on the private session bus, so the
end-to-end tests can flip the desktop's dark-style preference and watch RayPets follow it. It
also answers the Inhibit interface's CreateMonitor (with a request that never responds): a
GtkApplication that asks to hear of the session's end (register-session) creates a monitor
through the portal when no session manager is on the bus, and GTK warns if the call fails.

Run: python3 fake_portal.py INITIAL_COLOR_SCHEME   (0 no preference, 1 dark, 2 light)
SIGUSR1 toggles between 1 and 0 and emits SettingChanged, as the real portal does."""
import signal
import sys

from gi.repository import Gio, GLib

XML = """
<node>
  <interface name="org.freedesktop.portal.Settings">
    <method name="Read"><arg type="s" direction="in"/><arg type="s" direction="in"/><arg type="v" direction="out"/></method>
    <method name="ReadOne"><arg type="s" direction="in"/><arg type="s" direction="in"/><arg type="v" direction="out"/></method>
    <signal name="SettingChanged"><arg type="s"/><arg type="s"/><arg type="v"/></signal>
    <property name="version" type="u" access="read"/>
  </interface>
  <interface name="org.freedesktop.portal.Inhibit">
    <method name="CreateMonitor">
      <arg type="s" direction="in"/><arg type="a{sv}" direction="in"/><arg type="o" direction="out"/>
    </method>
    <property name="version" type="u" access="read"/>
  </interface>
</node>"""

scheme = int(sys.argv[1]) if len(sys.argv) > 1 else 1
connection = None


def on_call(conn, sender, path, interface, method, params, invocation):
    if interface == "org.freedesktop.portal.Inhibit":
        invocation.return_value(GLib.Variant("(o)", ("/org/freedesktop/portal/desktop/request/fake/monitor",)))
        return
    if method not in ("Read", "ReadOne"):
        invocation.return_dbus_error("org.freedesktop.DBus.Error.UnknownMethod", f"no {interface}.{method} here")
        return
    namespace, key = params.unpack()
    if (namespace, key) != ("org.freedesktop.appearance", "color-scheme"):
        invocation.return_dbus_error("org.freedesktop.portal.Error.NotFound", "no such setting")
        return
    value = GLib.Variant("u", scheme)
    # Read (version 1) wraps the value twice; ReadOne (version 2) once.
    wrapped = GLib.Variant("v", value) if method == "Read" else value
    invocation.return_value(GLib.Variant("(v)", (wrapped,)))


def on_get_property(conn, sender, path, interface, name):
    return GLib.Variant("u", 3 if interface == "org.freedesktop.portal.Inhibit" else 2)


def on_bus(conn, name):
    global connection
    connection = conn
    node = Gio.DBusNodeInfo.new_for_xml(XML)
    for interface in node.interfaces:
        conn.register_object("/org/freedesktop/portal/desktop", interface, on_call, on_get_property, None)


def on_name(conn, name):
    print("portal ready", flush=True)


def toggle():
    global scheme
    scheme = 0 if scheme == 1 else 1
    connection.emit_signal(None, "/org/freedesktop/portal/desktop", "org.freedesktop.portal.Settings",
                           "SettingChanged", GLib.Variant("(ssv)", ("org.freedesktop.appearance", "color-scheme",
                                                                    GLib.Variant("u", scheme))))
    return GLib.SOURCE_CONTINUE


Gio.bus_own_name(Gio.BusType.SESSION, "org.freedesktop.portal.Desktop", Gio.BusNameOwnerFlags.NONE,
                 on_bus, on_name, None)
GLib.unix_signal_add(GLib.PRIORITY_DEFAULT, signal.SIGUSR1, toggle)
GLib.unix_signal_add(GLib.PRIORITY_DEFAULT, signal.SIGTERM, lambda: sys.exit(0))
GLib.MainLoop().run()
