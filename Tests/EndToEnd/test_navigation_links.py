"""Links: a second launch, with and without a link, `app.open-route` on D-Bus, a link on the
command line and on the welcome page, one D-Bus Open with 2,000 links, a 5 MB link. The tests
with an `app` argument run in one running app, after test_navigation_keys.py's."""
import os
import subprocess
import tempfile
import time

import pyatspi
import pytest

from e2e_helpers import config_dir, main_windows, open_route, private_folders
from raypets_driver import RayPets, wait_for


def test_second_launch_raises_the_first_window(app, build):
    second = subprocess.run([build.binary], env=dict(os.environ, XDG_CONFIG_HOME=app.config),
                            capture_output=True, timeout=20)
    assert second.returncode == 0, second.stderr
    time.sleep(0.5)
    windows = [f for f in app.frames() if f is not None and not f.getState().contains(pyatspi.STATE_MODAL)]
    assert len(windows) == 1, [w.name for w in windows]
    assert app.process.poll() is None, "the first instance must keep running"


@pytest.mark.wayland
def test_second_launch_with_a_link_navigates_the_running_window(app, build):
    done = subprocess.run([build.binary, "raypets://learn/how-to-code/3"],
                          env=dict(os.environ, XDG_CONFIG_HOME=app.config), capture_output=True, timeout=20)
    assert done.returncode == 0, done.stderr
    app.wait_title("500 lines")
    app.click("Back")
    app.wait_title("I go out")
    app.click("Back")
    app.wait_title("I wake up")
    app.click("Back")
    app.wait_title("Learn")
    app.select_tab("Clinic")


@pytest.mark.wayland
def test_open_route_action_and_a_bad_link_in_the_running_app(app):
    app.click("My pets")
    app.wait_title("My pets")
    open_route("raypets://clinic/nowhere")
    wait_for(lambda: any("Cannot open \u2068raypets://clinic/nowhere\u2069" in label for label in app.labels()),
             "a notice about the bad link")
    app.wait_title("My pets")  # the screen stays
    # A well-formed link to a pet that is not (or no longer) there: My pets, with a notice.
    app.click("Back")
    app.wait_title("RayPets")
    open_route("raypets://clinic/pets/nobody")
    app.wait_title("My pets")
    wait_for(lambda: any("There is no pet called \u2068nobody\u2069" in label for label in app.labels()),
             "a notice about the missing pet")
    open_route("raypets://clinic/info/opening-hours")
    app.wait_title("Opening hours")
    app.click("Back")
    app.wait_title("Clinic info")
    app.click("Back")
    app.wait_title("RayPets")


@pytest.mark.wayland
def test_deep_link_on_the_command_line(build):
    link = "raypets://clinic/appointment?pet=rex&visit=sick&pain=a-little"
    app = RayPets(build.binary, build.artifacts, env={"XDG_CONFIG_HOME": config_dir(welcome_done=True)}, args=[link])
    try:
        app.wait_title("Faking it?", dialog=True)
        assert "Appointment for Rex" in app.labels(), app.labels()
        for title in ["Pain level", "Visit type", "Which pet?"]:
            app.click("Back")
            app.wait_title(title, dialog=True)
        app.click("Cancel")
        app.wait_no_dialog()
        app.wait_title("RayPets")
    finally:
        app.quit()


def test_link_on_the_welcome_page_opens_after_get_started(build):
    app = RayPets(build.binary, build.artifacts, env={"XDG_CONFIG_HOME": config_dir(welcome_done=False)},
                  args=["raypets://clinic/info/opening-hours"])
    try:
        app.wait_title("Welcome to RayPets")
        wait_for(lambda: any("The link opens once you press Get started." in label for label in app.labels()),
                 "a notice that the link waits")
        app.click("Get started")
        app.wait_title("Opening hours")
        app.click("Back")
        app.wait_title("Clinic info")  # walked there page by page: Back goes where a click would
    finally:
        app.quit()


def dbus_open(uris):
    """Sends the running app one `org.freedesktop.Application.Open` with `uris` (as the desktop, a
    file manager or `gapplication launch` does: one D-Bus message, however many links) and
    returns once the app has replied: it has taken the links, and what it does with them is
    under way."""
    from gi.repository import Gio, GLib
    bus = Gio.bus_get_sync(Gio.BusType.SESSION, None)
    bus.call_sync("io.github.raypets.RayPets", "/io/github/raypets/RayPets", "org.freedesktop.Application", "Open",
                  GLib.Variant("(asa{sv})", (uris, {})), None, Gio.DBusCallFlags.NONE, 60_000, None)


def notices(app):
    """Every label of every main window (the notices among them)."""
    return [label for window in main_windows(app) for label in app.labels(window)]


def test_row_14_one_dbus_open_with_2000_links(build):
    """row 14 (issue 42): one D-Bus Open with 2,000 links: the first 5 open (three ask for a new
    window each, the next two open in the window used last: the third new one), the other 1,995
    are refused with one notice that says how many, and the window the user has answers a click
    sent as soon as the app has taken the links less than a second later than it answers one
    with nothing else to do. (The five open one per turn of the main loop, which the headless
    LinksFromOutsideTests hold; the test prints how long they took to open.)"""
    app = RayPets(build.binary, build.artifacts, env=private_folders())
    try:
        app.wait_title("RayPets")
        first = app.main_window()

        def click_my_pets(before=lambda: None):
            """Seconds from a click on My pets to its page's title (the page slides in). What
            the driver does around an action (finding the button, the accessibility check of
            the state before) is done before `before` runs and the clock starts: each of its
            hundreds of AT-SPI calls waits for the app's main loop, so timing them would time
            the driver's walk with a link opened between every two calls, not the click."""
            app.check_accessibility()
            button = wait_for(lambda: app.buttons(first, "My pets"), "My pets on Home")[0]
            action = button.queryAction()
            click = next(index for index in range(action.nActions) if action.getName(index) == "click")
            before()
            started = time.monotonic()
            with app.user_action("a click on My pets"):
                action.doAction(click)
            wait_for(lambda: first.name == "My pets", "the click on My pets handled", timeout=120)
            return time.monotonic() - started

        idle = click_my_pets()
        app.click("Back", window=first)
        wait_for(lambda: first.name == "RayPets", "Home again")
        links_came = []
        busy = click_my_pets(before=lambda: links_came.append(time.monotonic()) or dbus_open(
            ["raypets://clinic/info?window=new"] * 3 + ["raypets://learn/how-to-code/2"] * 1997))
        assert busy - idle < 1.0, f"the window answered a click {busy - idle:.1f} s late"
        wait_for(lambda: any("1995" in text for text in notices(app)), "one notice about the links not opened")
        print(f"  a click took {idle:.2f} s with nothing else to do, {busy:.2f} s right after 2,000 links came;"
              f" the links were open {time.monotonic() - links_came[0]:.2f} s after they came")
        titles = sorted(w.name for w in main_windows(app))
        refused = [text for text in notices(app) if "not opened" in text]
        assert titles == ["Clinic info", "Clinic info", "I go out", "My pets"], titles
        assert len(refused) == 1, refused
    finally:
        app.quit()


def test_row_15_a_5_mb_link_through_dbus(build):
    """row 15 (issue 42): a 5 MB link through D-Bus is refused with a notice that quotes its
    start, and stderr gets a line cut to a stated length, not the link."""
    app = RayPets(build.binary, build.artifacts, env=private_folders())
    try:
        app.wait_title("RayPets")
        before = len(app.stderr())
        dbus_open(["raypets://clinic/" + "x" * 5_000_000])
        notice = wait_for(lambda: next((t for t in notices(app)
                                        if t.startswith("Cannot open \u2068raypets://clinic/x")), None),
                          "a notice about the long link", timeout=30)
        assert len(notice) < 400, f"the notice is {len(notice)} characters long"
        app.wait_title("RayPets")  # the screen stays
        written = len(app.stderr()) - before
        assert written < 4000, f"{written} characters written to stderr for one refused link"
    finally:
        app.quit()


def test_row_16_a_window_new_link_on_the_welcome_page(build):
    """row 16 (issue 42): a `window=new` link that comes while Welcome shows waits for Get
    started, then opens in a new window; the welcome window goes to Home."""
    env = {"XDG_CONFIG_HOME": config_dir(welcome_done=False),
           "XDG_DATA_HOME": tempfile.mkdtemp(prefix="raypets-e2e-data."),
           "XDG_STATE_HOME": tempfile.mkdtemp(prefix="raypets-e2e-state.")}
    app = RayPets(build.binary, build.artifacts, env=env)
    try:
        app.wait_title("Welcome to RayPets")
        done = subprocess.run([build.binary, "raypets://clinic/info?window=new"], env=dict(os.environ, **env),
                              capture_output=True, timeout=20)
        assert done.returncode == 0, done.stderr
        wait_for(lambda: any("The link opens once you press Get started." in label for label in app.labels()),
                 "a notice that the link waits")
        assert len(main_windows(app)) == 1, "no window before Get started"
        app.click("Get started")
        wait_for(lambda: sorted(w.name for w in main_windows(app)) == ["Clinic info", "RayPets"],
                 f"Home in the welcome window, the link in a new one ({[w.name for w in main_windows(app)]})")
    except Exception:
        app.screenshot("FAIL-row-16.png")
        raise
    finally:
        app.quit()  # else the next test's launch goes to this app and exits 0
