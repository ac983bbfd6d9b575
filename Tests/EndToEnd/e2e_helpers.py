"""What the end-to-end tests share: the app under test (Build), fresh settings and folders,
starting the app, the ways to a page, links and actions over D-Bus, and the X11 windows'
sizes. No pytest here: installed_app.py runs on systems without it (check_home and the other
check_ functions are tests it runs too)."""
import os
import subprocess
import tempfile
import time

import pyatspi

from raypets_driver import ON_WAYLAND, RayPets, wait_for


class Build:
    """What the tests start and where what they see goes: `binary` (raypets), `test_app` (the test
    app, Tests/TestApp: what raypets runs, plus changes to the records read from stdin, built
    next to it; only tests that send commands start it) and `artifacts` (the folder for the
    screenshots, the accessibility trees and the app's log). conftest.py makes it from
    --raypets and --artifacts; installed_app.py from its arguments."""

    def __init__(self, binary, artifacts):
        self.binary = binary
        self.test_app = os.path.join(os.path.dirname(binary), "raypets-test-app")
        self.artifacts = artifacts


STEPS = ["I wake up", "I go out", "500 lines", "Ship it!"]
# (name, answers clicked in order, final button, dialog titles seen after "Which pet?")
BRANCHES = [
    ("well", ["Well"], "Okay", ["Visit type", "No appointment required"]),
    ("sick-none-fake", ["Sick", "None"], "It's fake", ["Visit type", "Pain level", "Faking it?"]),
    ("sick-a-little-fake", ["Sick", "A little"], "It's fake", ["Visit type", "Pain level", "Faking it?"]),
    ("sick-none-not-fake", ["Sick", "None", "It's not fake"], "Okay",
     ["Visit type", "Pain level", "Faking it?", "No appointment required"]),
    ("sick-a-little-not-fake", ["Sick", "A little", "It's not fake"], "Okay",
     ["Visit type", "Pain level", "Faking it?", "No appointment required"]),
    ("sick-moderate", ["Sick", "Moderate"], "Okay", ["Visit type", "Pain level", "No appointment required"]),
    ("sick-severe", ["Sick", "Severe"], "Okay", ["Visit type", "Pain level", "No appointment required"]),
    ("sick-worst-possible", ["Sick", "Worst possible"], "Okay",
     ["Visit type", "Pain level", "No appointment required"]),
]


def config_dir(welcome_done):
    """A fresh XDG_CONFIG_HOME; with `welcome_done` the app starts on the tabs."""
    folder = tempfile.mkdtemp(prefix="raypets-e2e-config.")
    if welcome_done:
        os.makedirs(os.path.join(folder, "raypets"))
        with open(os.path.join(folder, "raypets", "settings"), "w") as settings:
            settings.write("welcome-completed=true\n")
    return folder


def launch(build, config):
    app = RayPets(build.binary, build.artifacts, env={"XDG_CONFIG_HOME": config})
    app.config = config
    return app


def started(build, commands=False):
    """A new RayPets, past the welcome page, with its own records. With `commands`, the test
    app (build.test_app), to which `command()` sends changes to the records."""
    return RayPets(build.test_app if commands else build.binary, build.artifacts,
                   env={"XDG_CONFIG_HOME": config_dir(welcome_done=True)}, commands=commands)


def private_folders():
    """An environment with its own settings (welcome done), records and navigation state, kept
    across relaunches of the same test."""
    return {"XDG_CONFIG_HOME": config_dir(welcome_done=True),
            "XDG_DATA_HOME": tempfile.mkdtemp(prefix="raypets-e2e-data."),
            "XDG_STATE_HOME": tempfile.mkdtemp(prefix="raypets-e2e-state.")}


def open_pet_page(app, name):
    """From Home: My pets, then the pet's page."""
    app.click("My pets")
    app.wait_title("My pets")
    app.choose_row(name)
    app.wait_title(name)


def edit_rex_unsaved(app, name="Rexy"):
    """From Home: Rex's editor, its name replaced by `name` with real keys, not saved."""
    open_pet_page(app, "Rex")
    app.click("Edit")
    app.wait_title("Edit Rex")
    app.keys("ctrl+a")
    app.type_text(name)


def open_appointment(app, pet="Rex"):
    app.click("Schedule appointment")
    app.wait_title("Which pet?", dialog=True)
    assert app.title() == "RayPets", "the main window stays on Home under the dialog"
    rows = app.rows()
    assert rows[0] == "Rex, Dog, 3 years", rows
    if ON_WAYLAND:  # rows are chosen with keys, which Wayland here cannot type: the pet's link
        open_route(f"raypets://clinic/appointment?pet={pet.lower()}")
    else:
        app.choose_row(pet)
    app.wait_title("Visit type", dialog=True)
    assert f"Appointment for {pet}" in app.labels(), app.labels()


def run_branch(app, answers, pages, pet="Rex"):
    open_appointment(app, pet)
    for answer, page in zip(answers, pages[1:]):
        app.click(answer)
        app.wait_title(page, dialog=True)
        assert f"Appointment for {pet}" in app.labels(), f"{page} does not name the pet: {app.labels()}"


def app_action(name, parameters="[]"):
    """Activates the running app's action `name` on D-Bus, as the desktop (or its menu) would."""
    subprocess.run(["gdbus", "call", "--session", "--dest", "io.github.raypets.RayPets",
                    "--object-path", "/io/github/raypets/RayPets", "--method", "org.gtk.Actions.Activate",
                    name, parameters, "{}"], check=True, capture_output=True, timeout=10)


def open_route(uri):
    """Opens `uri` in the running app through its `open-route` action on D-Bus, as the desktop would."""
    app_action("open-route", f"[<'{uri}'>]")


def quit_app(app):
    """Quits as the user does: Ctrl+Q (on Wayland, where keys cannot be typed, the same
    `app.quit` action, activated over D-Bus as GNOME Shell's app menu does)."""
    if ON_WAYLAND:
        app_action("quit")
    else:
        app.keys("ctrl+q")


def wait_rows(app, check, what):
    return wait_for(lambda: (lambda rows: rows if check(rows) else None)(app.rows()), what)


def names(rows):
    return [row.split(",")[0] for row in rows]


def main_windows(app):
    """The app's main windows (not dialogs, not alerts), in the order AT-SPI lists them."""
    return [f for f in app.frames() if f is not None and not f.getState().contains(pyatspi.STATE_MODAL)]


def side_by_side(app):
    """Moves the app's windows apart (Xvfb has no window manager to place them), so one
    screenshot shows them all."""
    visible = subprocess.run(["xdotool", "search", "--onlyvisible", "--pid", str(app.process.pid), "--name", "^.+$"],
                             capture_output=True, text=True, timeout=10).stdout.split()
    for index, window in enumerate(visible):
        subprocess.run(["xdotool", "windowmove", window, str(600 * index), "0"], timeout=10)
    time.sleep(0.5)


def resize(app, width, height=700):
    """Resizes the main window as a user dragging its edge would: through 700 px and 515 px on
    the way, so the split (720 px) and the header's tab switcher (520 px of the window's
    widgets) give way at their breakpoints before the window gets narrower than they need.
    515 px, not less: GTK 4.24 draws a 10 px frame inside the X window, and its header with the
    switcher needs 501 px, so at 500 it was measured narrower than it needs (a Gtk-WARNING).
    A window manager stops a drag at the window's minimum; Xvfb has none to do it."""
    with app.user_action(f"the window resized to {width} x {height}"):
        for step in [w for w in (700, 515) if width < w] + [width]:
            for window in window_ids(app):
                subprocess.run(["xdotool", "windowsize", window, str(step), str(height)], check=False, timeout=10)
            time.sleep(0.5)


def window_ids(app):
    return subprocess.run(["xdotool", "search", "--pid", str(app.process.pid), "--name", "^.+$"],
                          capture_output=True, text=True, timeout=10).stdout.split()


def shown_windows(app, title, count=1):
    """The X ids of the app's shown windows titled `title`, waiting until there are `count`. The
    X server's windows are not in step with AT-SPI's tree: in a loaded CI run the search found
    none right after AT-SPI had the window's title (why was not seen; a query, not input, so
    asking again swallows nothing a user does)."""
    def search():
        ids = subprocess.run(["xdotool", "search", "--onlyvisible", "--pid", str(app.process.pid), "--name",
                              f"^{title}$"], capture_output=True, text=True, timeout=10).stdout.split()
        return ids if len(ids) >= count else None
    return wait_for(search, f"{count} shown window(s) titled {title!r} on the X server")


def window_width(app):
    """The main window's width in pixels, as the X server has it."""
    widths = []
    for window in window_ids(app):
        geometry = subprocess.run(["xdotool", "getwindowgeometry", "--shell", window],
                                  capture_output=True, text=True, timeout=10).stdout
        widths += [int(line.split("=")[1]) for line in geometry.splitlines() if line.startswith("WIDTH=")]
    return max(widths, default=0)


def window_size_of(window):
    """The (width, height) of the X window `window`, as the X server has it."""
    geometry = subprocess.run(["xdotool", "getwindowgeometry", "--shell", window],
                              capture_output=True, text=True, timeout=10).stdout
    values = dict(line.split("=", 1) for line in geometry.splitlines() if "=" in line)
    return (int(values.get("WIDTH", 0)), int(values.get("HEIGHT", 0)))


def window_size(app):
    """The main window's (width, height) in pixels, as the X server has it (the largest of the
    app's windows)."""
    return max((window_size_of(window) for window in window_ids(app)), default=(0, 0))


def check_home(app):
    """Home: its welcome, no Back."""
    app.wait_title("RayPets")
    assert "Welcome to the RayPets clinic" in app.labels(), app.labels()
    assert not app.buttons(name="Back"), "Back must be hidden on Home"
    app.screenshot("home.png")


def check_pets_list_detail_back(app):
    """My pets, Whiskers' page, then Back twice."""
    app.click("My pets")
    app.wait_title("My pets")
    assert app.rows() == ["Rex, Dog, 3 years", "Whiskers, Cat, 7 years", "Clover, Rabbit, 2 years",
                          "Bubbles, Fish, 1 year"], app.rows()
    app.choose_row("Whiskers")
    app.wait_title("Whiskers")
    labels = app.labels()
    assert "Cat" in labels and "7 years" in labels, labels
    app.click("Back")
    app.wait_title("My pets")
    app.click("Back")
    app.wait_title("RayPets")


def check_german_ui(build):
    """The German interface (LANG=de_DE.UTF-8): Home, My pets and Back."""
    app = RayPets(build.binary, build.artifacts, env={"XDG_CONFIG_HOME": config_dir(welcome_done=True),
                                                      "LANG": "de_DE.UTF-8", "LANGUAGE": "de"})
    try:
        app.wait_title("RayPets")
        assert "Willkommen in der RayPets-Praxis" in app.labels(), app.labels()
        assert app.buttons(name="Termin vereinbaren"), "no German appointment button"
        app.click("Meine Tiere")
        app.wait_title("Meine Tiere")
        assert "Rex, Hund, 3 Jahre" in app.rows(), app.rows()
        app.click("Zurück")
        app.wait_title("RayPets")
        app.screenshot("german.png")
    finally:
        app.quit()
