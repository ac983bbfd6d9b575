"""End-to-end tests of RayPets' flows on the real binary. Run: scripts/test (or
scripts/with-display /usr/bin/python3 Tests/EndToEnd/test_flows.py BINARY ARTIFACT_DIR)."""
import os
import random
import re
import shutil
import signal
import sqlite3
import stat
import subprocess
import sys
import tempfile
import time
import traceback

import pyatspi

import raypets_driver as driver
from a11y_check import PAGE_ROOT_ROLES
from raypets_driver import ON_WAYLAND, RayPets, has_state, name_of, role_of, visible_nodes, walk, wait_for, window_pattern

BINARY = sys.argv[1] if len(sys.argv) > 1 else ".build/debug/raypets"
# The test app (Tests/TestApp: what raypets runs, plus changes to the records read from stdin),
# built next to it; only tests that send commands start it.
TEST_APP = os.path.join(os.path.dirname(BINARY), "raypets-test-app")
ARTIFACTS = sys.argv[2] if len(sys.argv) > 2 else "test-output/e2e"
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


def launch(config):
    app = RayPets(BINARY, ARTIFACTS, env={"XDG_CONFIG_HOME": config})
    app.config = config
    return app


def test_home(app):
    app.wait_title("RayPets")
    assert "Welcome to the RayPets clinic" in app.labels(), app.labels()
    assert not app.buttons(name="Back"), "Back must be hidden on Home"
    app.screenshot("home.png")


def test_how_to_code(app):
    app.select_tab("Learn")
    app.wait_title("Learn")
    app.click("How to code")
    for title in STEPS:
        app.wait_title(title)
        assert title in app.labels(), app.labels()
        assert app.buttons(name="Back"), f"no Back button on {title}"
        app.click("Next")
    app.wait_title("Start over")
    app.click("Start over")
    app.wait_title("Learn")
    app.select_tab("Clinic")


def test_how_to_code_back_at_every_step(app):
    app.select_tab("Learn")
    titles = STEPS + ["Start over"]
    for depth in range(1, len(titles) + 1):
        app.click("How to code")
        for title in titles[:depth - 1]:
            app.wait_title(title)
            app.click("Next")
        app.wait_title(titles[depth - 1])
        for title in reversed(titles[:depth - 1]):
            app.click("Back")
            app.wait_title(title)
        app.click("Back")
        app.wait_title("Learn")
    app.select_tab("Clinic")


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


def make_branch_test(name, answers, final, pages):
    def test(app):
        run_branch(app, answers, pages, pet="Whiskers")
        app.click(final)
        app.wait_no_dialog()
        app.wait_title("RayPets")
    test.__name__ = f"test_appointment_{name}"
    return test


def test_appointment_back_inside_dialog(app):
    run_branch(app, ["Sick", "None", "It's not fake"], BRANCHES[3][3])
    for title in ["Faking it?", "Pain level", "Visit type", "Which pet?"]:
        app.click("Back")
        app.wait_title(title, dialog=True)
    assert not app.buttons(name="Back"), "Back must be hidden on the dialog's first page"
    app.choose_row("Clover")
    app.wait_title("Visit type", dialog=True)
    assert "Appointment for Clover" in app.labels(), app.labels()
    app.click("Cancel")  # only the pet chosen, one click: leaving does not ask
    app.wait_no_dialog()
    assert app.alert() is None


def leave_on_every_page(app, button):
    pages = ["Which pet?"] + BRANCHES[3][3]
    answers = BRANCHES[3][1]
    for depth in range(1, len(pages) + 1):
        if depth == 1:
            app.click("Schedule appointment")
            app.wait_title("Which pet?", dialog=True)
        else:
            run_branch(app, answers[:depth - 2], pages[1:depth])
        app.click(button, window=app.dialog())
        if depth > 2:  # a question is answered: leaving asks (the pet alone is one click)
            app.discard()
        app.wait_no_dialog()
        app.wait_title("RayPets")


def test_appointment_cancel_on_every_page(app):
    leave_on_every_page(app, "Cancel")


def test_appointment_close_button_on_every_page(app):
    leave_on_every_page(app, "Close")


def test_pets_list_detail_back(app):
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


def test_clinic_info_pushed(app):
    app.click("Clinic info")
    app.wait_title("Clinic info")
    app.click("Opening hours")
    app.wait_title("Opening hours")
    assert "Monday to Thursday" in app.labels(), app.labels()
    app.click("Back")
    app.wait_title("Clinic info")
    app.click("Back")
    app.wait_title("RayPets")


def test_clinic_info_in_a_dialog_from_a_pet(app):
    app.click("My pets")
    app.wait_title("My pets")
    app.choose_row("Rex")
    app.wait_title("Rex")
    app.click("Clinic info")
    app.wait_title("Clinic info", dialog=True)
    app.click("Opening hours")
    app.wait_title("Opening hours", dialog=True)
    app.click("Cancel")
    app.wait_no_dialog()
    app.wait_title("Rex")
    app.click("Back")
    app.wait_title("My pets")
    app.click("Back")
    app.wait_title("RayPets")


def test_vaccinations_from_a_pet_with_the_mouse_and_the_keyboard(app):
    """A pet's Vaccinations: a real click on its button (AT-SPI's click where the driver cannot
    aim), then the keyboard alone: Tab to it, Enter, Alt+Left, and the focus comes home to it."""
    app.click("My pets")
    app.wait_title("My pets")
    app.choose_row("Rex")
    app.wait_title("Rex")
    if app.pointer_can_aim():
        button = wait_for(lambda: app.buttons(None, "Vaccinations"), "Rex's Vaccinations button")[0]
        extents = button.queryComponent().getExtents(pyatspi.WINDOW_COORDS)
        window = subprocess.run(["xdotool", "search", "--onlyvisible", "--pid", str(app.process.pid), "--name",
                                 "^Rex$"], capture_output=True, text=True, timeout=10).stdout.split()[0]
        with app.user_action("a real click on Vaccinations"):
            subprocess.run(["xdotool", "mousemove", "--window", window, str(extents.x + extents.width // 2),
                            str(extents.y + extents.height // 2), "click", "1"], check=True, timeout=10)
    else:
        app.click("Vaccinations")
    app.wait_title("Vaccinations for Rex")
    labels = app.labels()
    assert "Distemper, hepatitis, parvovirus" in labels and "Rabies" in labels, labels
    app.click("Back")
    app.wait_title("Rex")
    for _ in range(12):
        if app.focused() == ("push button", "Vaccinations"):
            break
        app.keys("Tab")
    assert app.focused() == ("push button", "Vaccinations"), f"Tab never reached Vaccinations: {app.focused()}"
    app.keys("Return")
    app.wait_title("Vaccinations for Rex")
    app.keys("alt+Left")
    app.wait_title("Rex")
    wait_for(lambda: app.focused() == ("push button", "Vaccinations"), "the focus back on Vaccinations")
    app.click("Back")
    app.wait_title("My pets")
    app.click("Back")
    app.wait_title("RayPets")


def test_learn_keeps_its_stack_while_clinic_is_used(app):
    app.select_tab("Learn")
    app.click("How to code")
    app.wait_title("I wake up")
    app.click("Next")
    app.wait_title("I go out")
    app.select_tab("Clinic")
    app.wait_title("RayPets")
    assert not app.buttons(name="Back"), "Back on Clinic's Home must be hidden"
    app.click("My pets")
    app.choose_row("Clover")
    app.wait_title("Clover")
    app.click("Back")
    app.wait_title("My pets")
    app.select_tab("Learn")
    app.wait_title("I go out")
    app.click("Back")
    app.wait_title("I wake up")
    app.select_tab("Clinic")
    app.wait_title("My pets")
    app.click("Back")
    app.wait_title("RayPets")
    app.select_tab("Learn")
    app.click("Back")
    app.wait_title("Learn")
    app.select_tab("Clinic")


def test_welcome_then_tabs_then_straight_to_tabs():
    config = config_dir(welcome_done=False)
    app = launch(config)
    try:
        app.wait_title("Welcome to RayPets")
        assert not app.buttons(name="Clinic"), "no tabs before Get started"
        app.screenshot("welcome.png")
        app.click("Get started")
        app.wait_title("RayPets")
        app.select_tab("Learn")
        app.wait_title("Learn")
    finally:
        app.quit()
    app = launch(config)
    try:
        app.wait_title("RayPets")
    finally:
        app.quit()


def test_link_on_the_welcome_page_opens_after_get_started():
    app = RayPets(BINARY, ARTIFACTS, env={"XDG_CONFIG_HOME": config_dir(welcome_done=False)},
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


def test_alt_left_goes_back(app):
    app.click("My pets")
    app.choose_row("Whiskers")
    app.wait_title("Whiskers")
    app.keys("alt+Left")
    app.wait_title("My pets")
    app.keys("alt+Left")
    app.wait_title("RayPets")
    app.keys("alt+Left")
    time.sleep(0.5)
    app.wait_title("RayPets")  # Back on the root page does nothing


def test_alt_left_and_escape_in_the_dialog(app):
    open_appointment(app)
    app.click("Sick")
    app.wait_title("Pain level", dialog=True)
    app.keys("alt+Left")
    app.wait_title("Visit type", dialog=True)
    app.keys("Escape")  # Back took the answer back: nothing to lose, no question
    app.wait_no_dialog()
    assert app.alert() is None
    app.wait_title("RayPets")


def test_escape_in_the_pickers_search(app):
    """In Which pet?, Ctrl+F focuses the search, typing filters, Escape clears the text (the
    dialog stays), and Escape in the empty field cancels the dialog as Escape does elsewhere."""
    app.click("Schedule appointment")
    app.wait_title("Which pet?", dialog=True)
    dialog = app.dialog()
    every = wait_for(lambda: app.rows(dialog), "the pets in the picker")
    app.keys("ctrl+f", window=dialog)
    wait_for(lambda: app.focused(dialog) == ("entry", "Search pets by name"), "the search field to take the focus")
    app.type_text("clo", window=dialog)
    wait_for(lambda: app.rows(dialog) and all(row.startswith("Clover,") for row in app.rows(dialog)), "only Clover")
    app.keys("Escape", window=dialog)
    wait_for(lambda: app.rows(dialog) == every, "every pet again after Escape")
    assert app.dialog() is not None, "the first Escape only clears the search"
    assert app.focused(dialog) == ("entry", "Search pets by name") and app.focused_text(dialog) == "", \
        (app.focused(dialog), app.focused_text(dialog))
    app.keys("Escape", window=dialog)
    app.wait_no_dialog()  # nothing was chosen: nothing to ask
    app.wait_title("RayPets")


def test_escape_goes_back_on_stack_pages(app):
    """Escape on a page of a tab goes back, as in GNOME's navigation view; in My pets' search it
    clears the text first, then goes back; on Home there is nothing to go back to."""
    app.click("My pets")
    app.wait_title("My pets")
    app.choose_row("Whiskers")
    app.wait_title("Whiskers")
    app.keys("Escape")
    app.wait_title("My pets")
    app.keys("ctrl+f")
    wait_for(lambda: app.focused() == ("entry", "Search pets by name"), "the search field to take the focus")
    app.type_text("clo")
    wait_for(lambda: app.rows() and all(row.startswith("Clover,") for row in app.rows()), "only Clover")
    app.keys("Escape")
    wait_for(lambda: app.focused_text() == "", "the first Escape to clear the search")
    assert app.title() == "My pets", app.title()
    app.keys("Escape")
    app.wait_title("RayPets")
    app.keys("Escape")
    time.sleep(0.5)
    app.wait_title("RayPets")  # Escape on Home does nothing


def test_mouse_back_button():
    """Back on the side button's press, over a page and over My pets' list.

    Its own app, with its own log. GTK ends a pointer's implicit grab on a release only while
    one of buttons 1 to 5 is down (gtkmain.c counts GDK_BUTTON1_MASK to GDK_BUTTON5_MASK; the
    back button, 8, has no mask), so the grab of a back-button press stays on the widget under
    the pointer after its release. When GTK handles the release before the page under it leaves
    (here: under load, 4 runs in 6 on Debian 13), GTK 4.18 then counts that widget and its
    parents up to the page as released a second time, and warns "Broken accounting of active
    state" for each. A GTK bug no public API avoids (going back on the release instead makes it
    happen every time, measured): those lines are the only ones allowed here; the tier's check
    for criticals reads the other tests' log."""
    app = RayPets(BINARY, os.path.join(ARTIFACTS, "mouse-back"),
                  env={"XDG_CONFIG_HOME": config_dir(welcome_done=True)})
    try:
        app.wait_title("RayPets")
        app.click("Clinic info")
        app.wait_title("Clinic info")
        app.click("Opening hours")
        app.wait_title("Opening hours")
        app.mouse_back()
        app.wait_title("Clinic info")
        app.mouse_back()
        app.wait_title("RayPets")
        app.click("My pets")  # over its list, whose rows take clicks of their own
        app.wait_title("My pets")
        app.mouse_back()
        app.wait_title("RayPets")
        time.sleep(0.6)  # the last page's slide: it leaves at its end
        warnings = [line for line in app.stderr().splitlines()
                    if re.search(r"-(WARNING|CRITICAL) \*\*", line)]
        others = [line for line in warnings if "Broken accounting of active state for widget" not in line]
        assert not others, "\n".join(others)
    finally:
        app.quit()


def test_keyboard_only(app):
    """Home -> My pets -> Clover -> back; the dialog -> Rex -> Sick -> Severe -> Okay; all keys."""
    app.keys("Tab")  # from "Schedule appointment" (focused) to "My pets"
    app.keys("Return")
    app.wait_title("My pets")
    app.keys("Down", "Down", "Return")
    app.wait_title("Clover")
    app.keys("alt+Left")
    app.wait_title("My pets")
    app.keys("alt+Left")
    app.wait_title("RayPets")
    # Back on Home, the focus came home to My pets, the button that opened the page that left.
    wait_for(lambda: app.focused() == ("push button", "My pets"), "the focus back on My pets")
    app.keys("shift+Tab", "Return")  # Schedule appointment
    app.wait_title("Which pet?", dialog=True)
    app.keys("Return")  # the first row, Rex, has the focus
    app.wait_title("Visit type", dialog=True)
    app.keys("Tab", "space")  # Well has the focus; Tab to Sick
    app.wait_title("Pain level", dialog=True)
    app.keys("Tab", "Tab", "Tab", "Return")  # None -> A little -> Moderate -> Severe
    app.wait_title("No appointment required", dialog=True)
    app.keys("Return")  # Okay
    app.wait_no_dialog()


def test_every_control_has_an_accessible_name(app):
    screens = []
    app.click("My pets")
    app.choose_row("Rex")
    app.wait_title("Rex")
    screens += app.unnamed_controls()
    app.click("Clinic info")
    app.wait_title("Clinic info", dialog=True)
    screens += app.unnamed_controls()
    app.click("Cancel")
    app.wait_no_dialog()
    app.click("Back")
    app.wait_title("My pets")
    app.click("Back")
    app.wait_title("RayPets")
    open_appointment(app)
    screens += app.unnamed_controls()
    app.click("Sick")
    app.wait_title("Pain level", dialog=True)
    app.keys("Escape")
    app.wait_alert("Discard answers?")
    screens += app.unnamed_controls()
    app.discard()
    app.wait_no_dialog()
    assert not screens, "controls without an accessible name:\n" + "\n".join(sorted(set(screens)))


def test_shortcuts_window_and_about(app):
    app.keys("ctrl+question")
    shortcuts = wait_for(lambda: app.frame_named("Keyboard Shortcuts"), "the shortcuts window")
    app.screenshot("shortcuts.png")
    app.keys("Escape", window=shortcuts)
    wait_for(lambda: app.frame_named("Keyboard Shortcuts") is None, "the shortcuts window to close")
    app.keys("F10")  # the main menu, from the keyboard
    about = wait_for(lambda: app.menu_item("About RayPets", 2), "the About menu item")  # New Window, Shortcuts, About
    app.activate(about)
    dialog = wait_for(lambda: app.frame_named("About RayPets"), "the About dialog")
    app.keys("Escape", window=dialog)
    wait_for(lambda: app.frame_named("About RayPets") is None, "the About dialog to close")


def test_second_launch_raises_the_first_window(app):
    second = subprocess.run([BINARY], env=dict(os.environ, XDG_CONFIG_HOME=app.config),
                            capture_output=True, timeout=20)
    assert second.returncode == 0, second.stderr
    time.sleep(0.5)
    windows = [f for f in app.frames() if f is not None and not f.getState().contains(pyatspi.STATE_MODAL)]
    assert len(windows) == 1, [w.name for w in windows]
    assert app.process.poll() is None, "the first instance must keep running"


def test_ctrl_w_closes_and_ctrl_q_quits():
    for key in ("ctrl+w", "ctrl+q"):
        app = launch(config_dir(welcome_done=True))
        try:
            app.wait_title("RayPets")
            app.keys(key)
            wait_for(lambda: app.process.poll() is not None, f"raypets to exit after {key}")
            assert app.process.returncode == 0, app.process.returncode
        finally:
            app.quit()


def test_quit_with_the_dialog_open():
    app = launch(config_dir(welcome_done=True))
    try:
        open_appointment(app)
        app.keys("ctrl+q")
        wait_for(lambda: app.process.poll() is not None, "raypets to quit from the dialog")
        assert app.process.returncode == 0, app.process.returncode
    finally:
        app.quit()


def test_deep_link_on_the_command_line():
    link = "raypets://clinic/appointment?pet=rex&visit=sick&pain=a-little"
    app = RayPets(BINARY, ARTIFACTS, env={"XDG_CONFIG_HOME": config_dir(welcome_done=True)}, args=[link])
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


def test_second_launch_with_a_link_navigates_the_running_window(app):
    done = subprocess.run([BINARY, "raypets://learn/how-to-code/3"], env=dict(os.environ, XDG_CONFIG_HOME=app.config),
                          capture_output=True, timeout=20)
    assert done.returncode == 0, done.stderr
    app.wait_title("500 lines")
    app.click("Back")
    app.wait_title("I go out")
    app.click("Back")
    app.wait_title("I wake up")
    app.click("Back")
    app.wait_title("Learn")
    app.select_tab("Clinic")


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


def test_bad_link_exits_2_with_the_valid_forms():
    done = subprocess.run([BINARY, "raypets://clinic/nowhere"], capture_output=True, text=True, timeout=20,
                          env=dict(os.environ, XDG_CONFIG_HOME=config_dir(welcome_done=True)))
    assert done.returncode == 2, done.returncode
    assert "raypets://clinic/nowhere" in done.stderr and "raypets://learn/how-to-code/<1-4>" in done.stderr, \
        done.stderr
    # Not a raypets: link at all, a link too long to be one, a control character hidden in an
    # escape: refused the same way, before anything is shown; nothing raw reaches the terminal.
    for argument in ("http://clinic", "", "/etc/passwd", "raypets://clinic/pets/" + "W" * 3000,
                     "raypets://clinic/pets/%1b%5b31mred"):
        done = subprocess.run([BINARY, argument], capture_output=True, text=True, timeout=20,
                              env=dict(os.environ, XDG_CONFIG_HOME=config_dir(welcome_done=True)))
        assert done.returncode == 2, (argument[:40], done.returncode, done.stderr[:300])
        assert "valid links:" in done.stderr and "\x1b" not in done.stderr, (argument[:40], done.stderr[:300])
        assert len(done.stderr) < 2000, f"the whole {len(argument)}-character link was printed back"
    # In the user's language (the messages are translated before the link is checked).
    done = subprocess.run([BINARY, "raypets://clinic/nowhere"], capture_output=True, text=True, timeout=20,
                          env=dict(os.environ, XDG_CONFIG_HOME=config_dir(welcome_done=True), LANGUAGE="de",
                                   LANG="de_DE.UTF-8"))
    assert done.returncode == 2 and "kann nicht geöffnet werden" in done.stderr, done.stderr
    listed = subprocess.run([BINARY, "--list-routes"], capture_output=True, text=True, timeout=20)
    assert listed.returncode == 0 and "raypets://clinic/pets/<id or name>" in listed.stdout, listed
    assert "window=new" in listed.stdout, listed.stdout


def test_command_line_help_and_version():
    helped = subprocess.run([BINARY, "--help"], capture_output=True, text=True, timeout=20)
    assert helped.returncode == 0, helped
    for option in ("--fresh", "--list-routes", "--version", "--demo-data=N", "[raypets://LINK"):
        assert option in helped.stdout, (option, helped.stdout)
    version = subprocess.run([BINARY, "--version"], capture_output=True, text=True, timeout=20)
    assert version.returncode == 0 and version.stdout.startswith("raypets "), version
    unknown = subprocess.run([BINARY, "--no-such-option"], capture_output=True, text=True, timeout=20)
    assert unknown.returncode != 0 and "--no-such-option" in unknown.stderr + unknown.stdout, unknown
    # --demo-data=N adds N made-up pets to the user's records (one transaction) and exits.
    data = tempfile.mkdtemp(prefix="raypets-e2e-data.")
    env = {**os.environ, "XDG_DATA_HOME": data}
    added = subprocess.run([BINARY, "--demo-data=1000"], capture_output=True, text=True, timeout=60, env=env)
    assert added.returncode == 0 and "Added 1000 pets" in added.stdout, added
    with sqlite3.connect(os.path.join(data, "raypets", "clinic.sqlite3")) as db:
        assert db.execute("SELECT count(*) FROM pets").fetchone()[0] == 1004, "the 4 sample pets and 1,000 more"
    for bad in ("0", "-3", "many"):
        refused = subprocess.run([BINARY, f"--demo-data={bad}"], capture_output=True, text=True, timeout=20, env=env)
        assert refused.returncode == 1 and f"not “{bad}”" in refused.stderr, refused


def test_raypets_has_no_test_commands():
    """The installed binary carries no test entry points (issue 32): `--test-commands`, once a
    hidden switch, is refused as any unknown option is (GApplication's message, status 1),
    before anything is shown, read from stdin or written; the stdin commands live in the test
    app (Tests/TestApp, TEST_APP) alone."""
    unknown = subprocess.run([BINARY, "--no-such-option"], capture_output=True, text=True, timeout=20)
    data = tempfile.mkdtemp(prefix="raypets-e2e-data.")
    env = dict(os.environ, XDG_CONFIG_HOME=config_dir(welcome_done=True), XDG_DATA_HOME=data,
               XDG_STATE_HOME=tempfile.mkdtemp(prefix="raypets-e2e-state."))
    refused = subprocess.run([BINARY, "--test-commands"], input="add Sneaky\n", capture_output=True, text=True,
                             timeout=20, env=env)
    assert refused.returncode == unknown.returncode == 1, (refused, unknown)
    assert refused.stderr == unknown.stderr.replace("--no-such-option", "--test-commands"), (refused, unknown)
    assert "--test-commands" in refused.stderr and refused.stdout == "", refused
    assert os.listdir(data) == [], "raypets opened its records"
    helped = subprocess.run([BINARY, "--help-all"], capture_output=True, text=True, timeout=20)
    assert helped.returncode == 0 and "test" not in helped.stdout.lower(), helped.stdout


def test_quit_mid_flow_and_relaunch_restores_the_screen():
    config, state = config_dir(welcome_done=True), tempfile.mkdtemp(prefix="raypets-e2e-state.")
    env = {"XDG_CONFIG_HOME": config, "XDG_STATE_HOME": state}
    app = RayPets(BINARY, ARTIFACTS, env=env)
    try:
        app.select_tab("Learn")
        app.click("How to code")
        app.click("Next")
        app.wait_title("I go out")
        app.select_tab("Clinic")
        open_appointment(app, "Clover")
        app.click("Sick")
        app.wait_title("Pain level", dialog=True)
        app.screenshot("quit-mid-flow-before.png")
        quit_app(app)
        wait_for(lambda: app.process.poll() is not None, "raypets to quit")
    finally:
        app.quit()
    app = RayPets(BINARY, ARTIFACTS, env=env)
    try:
        app.wait_title("Pain level", dialog=True)
        assert "Appointment for Clover" in app.labels(), app.labels()
        app.screenshot("quit-mid-flow-restored.png")
        app.click("Back")
        app.wait_title("Visit type", dialog=True)
        app.click("Cancel")  # Back took the answer back: no question
        app.wait_no_dialog()
        app.select_tab("Learn")
        app.wait_title("I go out")
        app.click("Back")
        app.wait_title("I wake up")
    finally:
        app.quit()
    app = RayPets(BINARY, ARTIFACTS, env=env, args=["--fresh"])
    try:
        app.wait_title("RayPets")
        time.sleep(0.5)
        assert app.dialog() is None, "--fresh must not restore the dialog"
        app.select_tab("Learn")
        app.wait_title("Learn")  # --fresh: every tab at its root
    finally:
        app.quit()


def test_german_ui():
    app = RayPets(BINARY, ARTIFACTS, env={"XDG_CONFIG_HOME": config_dir(welcome_done=True),
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


def test_runs_without_a_session_bus():
    env = dict(os.environ, XDG_CONFIG_HOME=config_dir(welcome_done=True), GSK_RENDERER="cairo",
               DBUS_SESSION_BUS_ADDRESS="unix:path=/nonexistent")
    process = subprocess.Popen([BINARY], env=env, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    try:
        wait_for(lambda: subprocess.run(["xdotool", "search", "--pid", str(process.pid), "--name", "^RayPets$"],
                                        capture_output=True).returncode == 0, "a RayPets window with no bus")
        assert process.poll() is None, "raypets exited without a session bus"
    finally:
        process.terminate()
        process.wait(timeout=5)


def test_dark_style_follows_the_desktop():
    portal = subprocess.Popen(["/usr/bin/python3", os.path.join(os.path.dirname(__file__), "fake_portal.py"), "1"],
                              stdout=subprocess.PIPE, text=True)
    try:
        assert portal.stdout.readline().strip() == "portal ready"
        app = launch(config_dir(welcome_done=True))
        try:
            app.wait_title("RayPets")
            dark = wait_for(lambda: max(app.pixel(280, 590)) < 90 and app.pixel(280, 590), "a dark window")
            app.screenshot("dark.png")
            portal.send_signal(signal.SIGUSR1)  # the user turns dark style off
            light = wait_for(lambda: min(app.pixel(280, 590)) > 200 and app.pixel(280, 590), "a light window")
            print(f"  background dark {dark}, then light {light}")
        finally:
            app.quit()
    finally:
        portal.terminate()
        portal.wait(timeout=5)


TESTS = [test_home, test_how_to_code, test_how_to_code_back_at_every_step]
TESTS += [make_branch_test(*branch) for branch in BRANCHES]
TESTS += [test_appointment_back_inside_dialog, test_appointment_cancel_on_every_page,
          test_appointment_close_button_on_every_page, test_pets_list_detail_back, test_clinic_info_pushed,
          test_clinic_info_in_a_dialog_from_a_pet, test_vaccinations_from_a_pet_with_the_mouse_and_the_keyboard,
          test_learn_keeps_its_stack_while_clinic_is_used, test_alt_left_goes_back, test_alt_left_and_escape_in_the_dialog, test_escape_in_the_pickers_search,
          test_escape_goes_back_on_stack_pages,
          test_keyboard_only, test_every_control_has_an_accessible_name, test_shortcuts_window_and_about,
          test_second_launch_raises_the_first_window, test_second_launch_with_a_link_navigates_the_running_window,
          test_open_route_action_and_a_bad_link_in_the_running_app]
def wait_rows(app, check, what):
    return wait_for(lambda: (lambda rows: rows if check(rows) else None)(app.rows()), what)


def names(rows):
    return [row.split(",")[0] for row in rows]


def started(commands=False):
    """A new RayPets, past the welcome page, with its own records. With `commands`, the test
    app (TEST_APP), to which `command()` sends changes to the records."""
    return RayPets(TEST_APP if commands else BINARY, ARTIFACTS, env={"XDG_CONFIG_HOME": config_dir(welcome_done=True)},
                   commands=commands)


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


def focused_node(window):
    """The node with the keyboard focus in `window`, or None."""
    return next((n for n in walk(window) if has_state(n, pyatspi.STATE_FOCUSED)), None)


def named_ancestor_roles(node):
    """(role, name) of every ancestor of `node` with a name, innermost first: what a screen
    reader can say as the focus's context."""
    found = []
    try:
        parent = node.parent
        while parent is not None:
            if parent.name:
                found.append((parent.getRole(), parent.name))
            parent = parent.parent
    except Exception:
        pass
    return found


def text_of(node):
    text = node.queryText()
    return text.getText(0, text.characterCount)


def test_a_screen_reader_meets_pages_the_dialog_and_messages():
    """Issue 46, as a screen reader user meets RayPets through AT-SPI. Pushing Rex's page puts
    the focus inside a region named "Rex" (a group: AT-SPI's panel, or grouping from AT-SPI 2.56
    on, or on GTK 4.8 the page's scrolled window, which GTK 4.8 reports as a scroll pane); the appointment dialog is a dialog
    named "Schedule appointment"; the name field's error is the text of an alert (AT-SPI's
    notification), the field is invalid and described by it; the toast after a delete is an
    alert too, its text "Rex deleted"."""
    with started() as app:
        open_pet_page(app, "Rex")
        focus = wait_for(lambda: focused_node(app.main_window()), "the focus on Rex's page")
        context = named_ancestor_roles(focus)
        assert any(role in PAGE_ROOT_ROLES and name == "Rex" for role, name in context), \
            f"the focus ({focus.getRoleName()} '{focus.name}') is not inside a group named Rex: {context}"
        app.click("Edit")
        app.wait_title("Edit Rex")
        app.keys("ctrl+a", "BackSpace")
        alert = wait_for(lambda: next((n for n in visible_nodes(app.main_window())
                                       if role_of(n) in (pyatspi.ROLE_NOTIFICATION, pyatspi.ROLE_ALERT)
                                       and text_of(n)), None), "the name's error as an alert")
        problem = text_of(alert)
        field = next(n for n in visible_nodes(app.main_window())
                     if role_of(n) in (pyatspi.ROLE_ENTRY, pyatspi.ROLE_TEXT) and name_of(n) == "Name")
        assert has_state(field, pyatspi.STATE_INVALID_ENTRY) or has_state(field, pyatspi.STATE_INVALID), \
            f"the empty name field is not invalid: {field.getState().getStates()}"
        assert field.description == problem, f"the field's description {field.description!r}, not {problem!r}"
        app.keys("ctrl+z")  # the name back: Back does not ask
        wait_for(lambda: not any(role_of(n) == pyatspi.ROLE_NOTIFICATION and text_of(n) == problem
                                 for n in visible_nodes(app.main_window())), "the error to go")
        app.keys("alt+Left")
        app.wait_title("Rex")
        app.click("Delete")
        app.wait_title("My pets")
        toast = wait_for(lambda: next((n for n in visible_nodes(app.main_window())
                                       if role_of(n) in (pyatspi.ROLE_NOTIFICATION, pyatspi.ROLE_ALERT)
                                       and name_of(n) == "Rex deleted"), None), "the toast as an alert")
        assert any(role_of(c) == pyatspi.ROLE_PUSH_BUTTON and name_of(c) == "Undo" for c in walk(toast)), \
            "the toast's Undo is not inside it"
        app.click("Undo")
        app.select_tab("Clinic")
        app.keys("alt+Left")
        app.wait_title("RayPets")
        app.click("Schedule appointment")
        dialog = wait_for(lambda: app.dialog(), "the appointment dialog")
        assert dialog.getRole() == pyatspi.ROLE_DIALOG, f"the dialog's role: {dialog.getRoleName()}"
        assert dialog.name == "Schedule appointment", f"the dialog's name: {dialog.name!r}"
        app.click("Cancel", window=dialog)
        app.wait_no_dialog()


def test_add_pet_then_quit_and_relaunch():
    env = private_folders()
    app = RayPets(BINARY, ARTIFACTS, env=env)
    try:
        app.click("My pets")
        app.wait_title("My pets")
        app.click("Add pet")
        app.wait_title("New pet")
        assert not app.is_sensitive("Save"), "Save must wait for a name"
        app.type_text("Biscuit")  # the name field has the focus
        wait_for(lambda: app.is_sensitive("Save"), "Save to become pressable")
        app.click("Save")
        app.wait_title("My pets")
        wait_rows(app, lambda rows: "Biscuit" in names(rows), "Biscuit in the list")
        app.keys("ctrl+q")
        wait_for(lambda: app.process.poll() is not None, "raypets to quit")
    finally:
        app.quit()
    app = RayPets(BINARY, ARTIFACTS, env=env)
    try:
        app.wait_title("My pets")  # where the last run ended
        rows = wait_rows(app, lambda rows: "Biscuit" in names(rows), "Biscuit in the list after a restart")
        assert names(rows) == ["Rex", "Whiskers", "Clover", "Bubbles", "Biscuit"], rows
    finally:
        app.quit()


def test_rename_from_its_page_and_the_title_follows():
    with started() as app:
        open_pet_page(app, "Clover")
        app.click("Edit")
        app.wait_title("Edit Clover")
        app.keys("ctrl+a")
        app.type_text("Whiskers")  # another pet's name: refused at the field
        wait_for(lambda: "Another pet is already called Whiskers." in app.labels(), "the duplicate-name problem")
        assert not app.is_sensitive("Save")
        app.keys("ctrl+a")
        app.type_text("Clementine")
        wait_for(lambda: app.is_sensitive("Save"), "Save to become pressable")
        app.keys("Return")  # Enter in the name field saves
        app.wait_title("Clementine")  # the pet's page, and the window title, follow at once
        assert any(label.startswith("Clementine is ") for label in app.labels()), app.labels()
        app.click("Back")
        app.wait_title("My pets")
        wait_rows(app, lambda rows: "Clementine" in names(rows) and "Clover" not in names(rows), "the new name")


def test_editor_refuses_look_alike_names_and_impossible_dates():
    with started() as app:
        open_pet_page(app, "Clover")
        app.click("Edit")
        app.wait_title("Edit Clover")
        app.keys("ctrl+a")
        app.type_text("Whiskers\u200b")  # another pet's name with a zero-width space: the same name
        wait_for(lambda: "Another pet is already called Whiskers." in app.labels(), "the look-alike refused")
        assert not app.is_sensitive("Save")
        app.keys("ctrl+a")
        app.type_text("\u200b")  # nothing visible
        wait_for(lambda: "Enter a name with letters that can be seen." in app.labels(), "the invisible name refused")
        app.keys("ctrl+a")
        app.type_text("Clover")
        app.keys("Tab")  # the species
        app.keys("Tab")  # the age
        app.type_text("0001-01-01")
        wait_for(lambda: "A birth date is at most 200 years ago." in app.labels(), "the year 1 refused")
        assert not app.is_sensitive("Save")
        app.click("Back", window=app.main_window())
        app.discard("Discard changes?")
        app.wait_title("Clover")


def test_a_state_file_of_random_bytes_is_moved_aside():
    env = private_folders()
    folder = os.path.join(env["XDG_STATE_HOME"], "raypets")
    os.makedirs(folder)
    garbage = random.Random(30).randbytes(3000)
    with open(os.path.join(folder, "navigation"), "wb") as state:
        state.write(garbage)
    app = RayPets(BINARY, ARTIFACTS, env=env)
    try:
        app.wait_title("RayPets")  # Home
        wait_for(lambda: "moved it to" in app.stderr(), "a message on stderr")
        app.keys("ctrl+q")
        wait_for(lambda: app.process.poll() is not None, "raypets to quit")
    finally:
        app.quit()
    with open(os.path.join(folder, "navigation.corrupt"), "rb") as aside:
        assert aside.read() == garbage, "the file moved aside is not the one that was there"
    assert os.path.exists(os.path.join(folder, "navigation")), "the state of this run was saved"


def test_delete_with_undo():
    with started() as app:
        open_pet_page(app, "Rex")
        app.click("Delete")
        app.wait_title("My pets")  # its page went
        wait_rows(app, lambda rows: "Rex" not in names(rows), "Rex gone from the list")
        wait_for(lambda: "Rex deleted" in app.labels(), "the toast")
        app.screenshot("toast.png")
        undo = app.buttons(name="Undo")
        assert [node.description for node in undo] == ["Ctrl+Z"], "Undo does not say its shortcut (its tooltip)"
        app.keys("ctrl+z")  # from the keyboard: the toast's Undo, wherever the focus is
        rows = wait_rows(app, lambda rows: "Rex" in names(rows), "Rex back in the list")
        assert names(rows)[0] == "Rex", rows  # in its place
        app.wait_title("My pets")  # Undo brings the pet back, not its page
        app.choose_row("Rex")
        app.wait_title("Rex")


def test_the_toast_waits_while_hovered():
    """Issue 33: the toast's Undo stays while the pointer rests on it (well past its 5 s), and
    goes about 5 s after the pointer leaves; deleting the pet whose page was open, the focus
    lands on the row now nearest."""
    with started() as app:
        open_pet_page(app, "Whiskers")
        app.click("Delete")
        app.wait_title("My pets")
        wait_for(lambda: "Whiskers deleted" in app.labels(), "the toast")
        undo = wait_for(lambda: app.buttons(name="Undo"), "the toast's Undo")[0]
        # Window coordinates: GTK 4 cannot report screen ones (and warns when asked).
        extents = undo.queryComponent().getExtents(pyatspi.WINDOW_COORDS)
        window = max(window_ids(app), key=lambda w: window_size_of(w)[0])
        subprocess.run(["xdotool", "mousemove", "--window", window, str(extents.x + extents.width // 2),
                        str(extents.y + extents.height // 2)], check=True, timeout=10)
        time.sleep(7.5)
        assert app.buttons(name="Undo"), "the toast went while the pointer was on it"
        subprocess.run(["xdotool", "mousemove", "5", "5"], check=True, timeout=10)
        wait_for(lambda: not app.buttons(name="Undo"), "the toast to go once the pointer left", timeout=10)
        assert app.focused() == ("list item", "Clover, Rabbit, 2 years"), app.focused()


def test_delete_while_its_pages_and_a_dialog_about_it_are_open():
    """The records change under open pages (here through the test app's stdin commands, as
    another program would change them: a user cannot press Delete under a modal dialog)."""
    with started(commands=True) as app:
        app.select_tab("Learn")
        app.click("How to code")
        app.wait_title("I wake up")
        app.select_tab("Clinic")
        record = app.command("record rex").split()[-1]
        open_pet_page(app, "Rex")
        history = wait_rows(app, lambda rows: any("Well. No appointment required." in r for r in rows), "the history")
        app.choose_row(next(r for r in history if "Well." in r))  # its appointment request's page
        app.wait_title("Appointment request")
        app.command("delete rex")
        app.wait_title("My pets")  # both of Rex's pages went; the list stays
        wait_rows(app, lambda rows: "Rex" not in names(rows), "Rex gone from the list")
        app.select_tab("Learn")
        app.wait_title("I wake up")  # the other tab is untouched
        app.select_tab("Clinic")
        app.command("undo")
        wait_rows(app, lambda rows: "Rex" in names(rows), "Rex back")
        app.click("Back")
        app.wait_title("RayPets")
        open_appointment(app, "Rex")
        app.click("Sick")
        app.wait_title("Pain level", dialog=True)
        app.command("delete rex")
        app.wait_no_dialog()
        wait_for(lambda: any("Rex was deleted, so the dialog about Rex was closed." in l for l in app.labels()),
                 "the notice about the closed dialog")
        app.wait_title("RayPets")
        assert record


def test_corrupt_database_start():
    data = tempfile.mkdtemp(prefix="raypets-e2e-data.")
    os.makedirs(os.path.join(data, "raypets"))
    with open(os.path.join(data, "raypets", "clinic.sqlite3"), "wb") as damaged:
        damaged.write(b"these are not the records you are looking for\n" * 200)
    app = RayPets(BINARY, ARTIFACTS, env={"XDG_CONFIG_HOME": config_dir(welcome_done=True), "XDG_DATA_HOME": data})
    try:
        wait_for(lambda: any("damaged" in l and ".corrupt-" in l for l in app.labels(app.main_window())),
                 "the notice in the window")
        assert "is damaged (not a database); moved it to" in app.stderr(), app.stderr()
        aside = [f for f in os.listdir(os.path.join(data, "raypets")) if ".corrupt-" in f]
        assert len(aside) == 1, aside
        with open(os.path.join(data, "raypets", aside[0]), "rb") as kept:
            assert kept.read().startswith(b"these are not the records"), "the damaged file was not kept as it was"
        app.screenshot("corrupt-start.png")
        app.click("My pets")
        rows = wait_rows(app, lambda rows: len(rows) == 4, "the sample pets")
        assert names(rows) == ["Rex", "Whiskers", "Clover", "Bubbles"], rows
        assert app.is_sensitive("Add pet"), "a fresh database can be written"
    finally:
        app.quit()


def test_read_only_start():
    """The data folder cannot be written: as root (who may write anywhere), a read-only bind
    mount in a private mount namespace; otherwise plain permissions."""
    env = {"XDG_CONFIG_HOME": config_dir(welcome_done=True), "XDG_DATA_HOME": tempfile.mkdtemp(prefix="raypets-e2e-data.")}
    first = RayPets(BINARY, ARTIFACTS, env=env)
    first.quit()  # creates the database (WAL mode) with the sample pets
    # The user's own records, not only the sample pets: a read-only view must show them.
    added = subprocess.run([BINARY, "--demo-data=3"], env=dict(os.environ, **env), capture_output=True, text=True,
                           timeout=60)
    assert added.returncode == 0, added.stderr
    folder = os.path.join(env["XDG_DATA_HOME"], "raypets")
    database = os.path.join(folder, "clinic.sqlite3")
    with open(database, "rb") as before:
        content = before.read()
    if os.geteuid() == 0:
        binary, args = "unshare", ["-m", "sh", "-c", f'mount --bind -o ro "{folder}" "{folder}" && exec "$0"',
                                   os.path.abspath(BINARY)]
    else:
        os.chmod(database, 0o400)
        os.chmod(folder, 0o500)
        binary, args = BINARY, []
    app = RayPets(binary, ARTIFACTS, env=env, args=args)
    try:
        wait_for(lambda: any("The clinic's records are read-only: you can look, but not change them." in l
                             for l in app.labels(app.main_window())), "the read-only banner")
        assert "not writable; opened read-only" in app.stderr(), app.stderr()
        app.screenshot("read-only-start.png")
        assert "cannot read" not in app.stderr(), app.stderr()
        app.click("My pets")
        wait_rows(app, lambda rows: len(rows) == 7, "the user's 7 pets (4 + 3 added), readable")
        assert not app.is_sensitive("Add pet"), "Add pet must be disabled"
        app.choose_row("Whiskers")
        app.wait_title("Whiskers")
        assert not app.is_sensitive("Edit") and not app.is_sensitive("Delete"), "editing must be disabled"
    finally:
        app.quit()
        os.chmod(folder, 0o700)
        os.chmod(database, 0o600)
    with open(database, "rb") as after:
        assert after.read() == content, "the read-only database was changed"


def test_editor_asks_before_discarding_on_every_way_back():
    with started() as app:
        open_pet_page(app, "Rex")
        app.click("Edit")
        app.wait_title("Edit Rex")
        app.keys("ctrl+a")
        app.type_text("Rexy")
        ways = [("the Back button", lambda: app.click("Back", window=app.main_window())),
                ("Alt+Left", lambda: app.keys("alt+Left", window=app.main_window())),
                ("the mouse back button", lambda: app.mouse_back(window=app.main_window()))]
        for index, (way, leave) in enumerate(ways):
            leave()
            alert = app.wait_alert("Discard changes?")
            assert app.focused(alert) == ("push button", "Keep editing"), (way, app.focused(alert))
            if index == 0:
                app.screenshot("discard-changes-alert.png")
                app.keys("Escape", window=alert)  # Escape = keep editing
            elif index == 1:
                app.click("Keep editing", window=alert)
            else:
                app.click("Save", window=alert)
                break
            app.wait_no_alert()
            app.wait_title("Edit Rex")
            assert app.is_sensitive("Save", window=app.main_window()), way  # the typed name is still there
        app.wait_no_alert()
        app.wait_title("Rexy")  # saved, and the editor left
        app.click("Edit")
        app.wait_title("Edit Rexy")
        app.keys("ctrl+a")
        app.type_text("Rexo")
        app.click("Back", window=app.main_window())
        app.click("Discard", window=app.wait_alert("Discard changes?"))
        app.wait_no_alert()
        app.wait_title("Rexy")  # left, nothing saved


def test_back_history_menu():
    """Back's history, as libadwaita's Back button has it: on a pet's editor (Home > My pets >
    Rex > Edit) with a changed name, the Back button's menu (a right click, or Shift+F10 where
    the driver cannot aim a click) offers Rex, My pets and RayPets (Home's title), newest first. Choosing Home asks
    *Discard changes?* once; Keep editing leaves the editor as it was. Then the same by keyboard:
    Shift+Tab to Back, Shift+F10, Down to Home, Enter, Tab to Discard, Enter: Home, in one step."""
    with started() as app:
        open_pet_page(app, "Rex")
        app.click("Edit")
        app.wait_title("Edit Rex")
        app.keys("ctrl+a")
        app.type_text("Rexy")
        window = app.main_window()
        history = ["Rex", "My pets", "RayPets"]  # Home's title is the app's name

        def menu():
            return [app.menu_item(name, index) for index, name in enumerate(history)]

        if app.pointer_can_aim():
            back = wait_for(lambda: app.buttons(window, "Back"), "the Back button")[0]
            extents = back.queryComponent().getExtents(pyatspi.WINDOW_COORDS)
            xid = subprocess.run(["xdotool", "search", "--onlyvisible", "--pid", str(app.process.pid), "--name",
                                  "^Edit Rex$"], capture_output=True, text=True, timeout=10).stdout.split()[0]
            with app.user_action("a right click on Back"):
                subprocess.run(["xdotool", "mousemove", "--window", xid, str(extents.x + extents.width // 2),
                                str(extents.y + extents.height // 2), "click", "3"], check=True, timeout=10)
        else:
            for _ in range(12):
                if app.focused(window) == ("push button", "Back"):
                    break
                app.keys("shift+Tab", window=window)
            app.keys("shift+F10", window=window)
        items = wait_for(lambda: all(menu()) and menu(), "the history menu: Rex, My pets, RayPets")
        app.screenshot("back-history-menu.png")
        app.activate(items[2])
        alert = app.wait_alert("Discard changes?")
        app.click("Keep editing", window=alert)
        app.wait_no_alert()
        app.wait_title("Edit Rex")
        assert app.is_sensitive("Save", window=app.main_window()), "the typed name is still there"

        # The keyboard alone.
        window = app.main_window()
        for _ in range(12):
            if app.focused(window) == ("push button", "Back"):
                break
            app.keys("shift+Tab", window=window)
        assert app.focused(window) == ("push button", "Back"), app.focused(window)
        app.keys("shift+F10", window=window)
        wait_for(lambda: all(menu()), "the history menu, by keyboard")
        for _ in range(6):
            if has_state(menu()[2], pyatspi.STATE_FOCUSED) or has_state(menu()[2], pyatspi.STATE_SELECTED):
                break
            app.keys("Down", window=window)
        assert has_state(menu()[2], pyatspi.STATE_FOCUSED) or has_state(menu()[2], pyatspi.STATE_SELECTED)
        app.keys("Return", window=window)
        alert = app.wait_alert("Discard changes?")
        for _ in range(4):
            if app.focused(alert) == ("push button", "Discard"):
                break
            app.keys("Tab", window=alert)
        assert app.focused(alert) == ("push button", "Discard"), app.focused(alert)
        app.keys("Return", window=alert)
        app.wait_no_alert()
        app.wait_title("RayPets")  # Home, in one step
        assert not app.buttons(app.main_window(), "Back"), "Home is the root: no Back"


def test_typing_after_keep_editing_goes_on_where_the_cursor_was():
    """Typed as a person types: part of a name, Alt+Left, Keep editing, the rest. The field holds
    the whole name: focus came back with the cursor where it was, not with the text selected.
    The same after the window is made narrower than the split and wider again."""
    with started() as app:
        open_pet_page(app, "Rex")
        app.click("Edit")
        app.wait_title("Edit Rex")
        app.keys("ctrl+a")
        app.type_text("Whisk")
        app.keys("alt+Left", window=app.main_window())
        app.click("Keep editing", window=app.wait_alert("Discard changes?"))
        app.wait_no_alert()
        app.type_text("ers", window=app.main_window())
        wait_for(lambda: app.focused_text(app.main_window()) == "Whiskers",
                 f"the name to read Whiskers (it reads {app.focused_text(app.main_window())!r})")
        resize(app, 600)
        resize(app, 1000)
        app.type_text(" Jr", window=app.main_window())
        wait_for(lambda: app.focused_text(app.main_window()) == "Whiskers Jr",
                 f"the name to read Whiskers Jr (it reads {app.focused_text(app.main_window())!r})")
        app.screenshot("typing-after-keep-editing.png")
        app.click("Back", window=app.main_window())
        app.click("Discard", window=app.wait_alert("Discard changes?"))
        app.wait_no_alert()
        app.wait_title("Rex")


def test_appointment_request_asks_before_discarding_the_answers():
    with started() as app:
        open_appointment(app)  # the pet alone: one click, so leaving does not ask
        app.keys("Escape", window=app.dialog())
        app.wait_no_dialog()
        assert app.alert() is None
        open_appointment(app)
        app.click("Sick")  # one answer
        app.wait_title("Pain level", dialog=True)
        ways = [("Escape", lambda dialog: app.keys("Escape", window=dialog)),
                ("Cancel", lambda dialog: app.click("Cancel", window=dialog)),
                ("the close button", lambda dialog: app.click("Close", window=dialog)),
                ("Ctrl+W", lambda dialog: app.keys("ctrl+w", window=dialog))]
        for index, (way, leave) in enumerate(ways):
            leave(app.dialog())
            alert = app.wait_alert("Discard answers?")
            assert app.focused(alert) == ("push button", "Keep editing"), (way, app.focused(alert))
            if index < len(ways) - 1:
                app.click("Keep editing", window=alert)
                app.wait_no_alert()
                app.wait_title("Pain level", dialog=True)
            else:
                app.screenshot("discard-answers-alert.png")
                app.click("Discard", window=alert)
        app.wait_no_alert()
        app.wait_no_dialog()
        app.wait_title("RayPets")


def test_quit_keeps_the_editors_draft():
    # A logout or `kill` (SIGTERM), Ctrl+C in a terminal (SIGINT) and a closed terminal (SIGHUP)
    # quit as Ctrl+Q does.
    # The signals again a few times, at once after typing and a moment later: every draft kept.
    delays = {"SIGTERM": [0.0, 0.05, 0.2], "SIGINT": [0.0], "SIGHUP": [0.1]}
    for way, delay in [("ctrl+q", 0), ("close button", 0)] + [(w, d) for w, ds in delays.items() for d in ds]:
        env = private_folders()
        app = RayPets(BINARY, ARTIFACTS, env=env)
        try:
            open_pet_page(app, "Rex")
            app.click("Edit")
            app.wait_title("Edit Rex")
            app.keys("ctrl+a")
            app.type_text("Rexy")
            if way == "ctrl+q":
                app.keys("ctrl+q")
            elif way.startswith("SIG"):
                time.sleep(delay)
                app.process.send_signal(getattr(signal, way))
            else:
                app.click("Close", window=app.main_window())
            wait_for(lambda: app.process.poll() is not None, f"raypets to quit ({way}) without asking")
            if way.startswith("SIG"):
                assert app.process.returncode == 0, f"{way}: exit status {app.process.returncode}, not an orderly quit"
        finally:
            app.quit()
        app = RayPets(BINARY, ARTIFACTS, env=env)
        try:
            app.wait_title("Edit Rex")  # the editor is back ...
            wait_for(lambda: app.focused_text() == "Rexy", f"the typed name, with the cursor in it ({way})")
            app.keys("ctrl+q")
            wait_for(lambda: app.process.poll() is not None, "raypets to quit again")
        finally:
            app.quit()
        app = RayPets(BINARY, ARTIFACTS, env=env, args=["--fresh"])
        try:
            app.wait_title("RayPets")
            wait_for(lambda: "discarding the unsaved draft of \"Rexy\"" in app.stderr(), "--fresh saying so")
        finally:
            app.quit()


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


def test_the_window_comes_back_at_its_size():
    """Issue 33: a new user's first window opens at the default size; after a resize and
    Ctrl+Q the next start opens at the size it was closed at, on the page it was on."""
    env = private_folders()
    app = RayPets(BINARY, ARTIFACTS, env=env)
    try:
        app.wait_title("RayPets")
        default = window_size(app)
        assert default[0] < 700, f"the first window is not at the default size: {default}"
        app.click("My pets")
        app.wait_title("My pets")
        resize(app, 900, 650)
        wait_for(lambda: window_size(app) == (900, 650), "the window at 900 x 650")
        quit_app(app)
        wait_for(lambda: app.process.poll() is not None, "raypets to quit")
    finally:
        app.quit()
    app = RayPets(BINARY, ARTIFACTS, env=env)
    try:
        app.wait_title("My pets")
        wait_for(lambda: window_size(app) == (900, 650), f"the window back at 900 x 650 (it is {window_size(app)})")
        app.screenshot("window-size-restored.png")
    finally:
        app.quit()


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


def test_many_windows():
    """Issue 34, as a new user: Ctrl+N opens a second window at Home; navigating in it leaves
    the first where it was; Ctrl+Q and a relaunch bring both back where they were; deleting a
    pet in one window takes its page out of the other; started for a link, the app brings both
    windows back and opens the link in the focused one."""
    env = private_folders()
    app = RayPets(BINARY, ARTIFACTS, env=env)
    try:
        app.wait_title("RayPets")
        open_pet_page(app, "Clover")
        app.wait_title("Clover")
        app.keys("ctrl+n")
        wait_for(lambda: len(main_windows(app)) == 2, "a second window after Ctrl+N")
        second = wait_for(lambda: next((w for w in main_windows(app) if w.name == "RayPets"), None),
                          "the new window at Home")
        app.click("My pets", window=second)
        wait_for(lambda: second.name == "My pets", "My pets in the second window")
        app.choose_row("Rex", window=second)
        wait_for(lambda: second.name == "Rex", "Rex's page in the second window")
        assert sorted(w.name for w in main_windows(app)) == ["Clover", "Rex"], \
            f"the first window moved: {[w.name for w in main_windows(app)]}"
        side_by_side(app)
        app.screenshot("many-windows-two.png")
        quit_app(app)
        wait_for(lambda: app.process.poll() is not None, "raypets to quit")
    finally:
        app.quit()
    app = RayPets(BINARY, ARTIFACTS, env=env)
    try:
        wait_for(lambda: sorted(w.name for w in main_windows(app)) == ["Clover", "Rex"],
                 "both windows back where they were", timeout=15)
        side_by_side(app)
        app.screenshot("many-windows-restored.png")
        rex = next(w for w in main_windows(app) if w.name == "Rex")
        clover = next(w for w in main_windows(app) if w.name == "Clover")
        app.keys("alt+Left", window=rex)
        wait_for(lambda: rex.name == "My pets", "Back in the second window")
        assert clover.name == "Clover", "Back in one window moved the other"
        app.choose_row("Clover", window=rex)
        wait_for(lambda: rex.name == "Clover", "Clover's page in the second window too")
        app.click("Delete", window=clover)
        wait_for(lambda: clover.name == "My pets" and rex.name == "My pets",
                 f"Clover's page gone from both windows ({clover.name}, {rex.name})")
        rows = app.rows(rex)
        assert any(r.startswith("Rex,") for r in rows), f"the other window's list was not read: {rows}"
        assert not any(r.startswith("Clover,") for r in rows), "Clover still listed in the other window"
        app.screenshot("many-windows-deleted.png")
        quit_app(app)
        wait_for(lambda: app.process.poll() is not None, "raypets to quit")
    finally:
        app.quit()
    # Started for a link: both windows come back, and the link opens in the focused one.
    app = RayPets(BINARY, ARTIFACTS, env=env, args=["raypets://learn/how-to-code/2"])
    try:
        wait_for(lambda: sorted(w.name for w in main_windows(app)) == ["I go out", "My pets"],
                 f"both windows back, one on the link ({[w.name for w in main_windows(app)]})", timeout=15)
        quit_app(app)
        wait_for(lambda: app.process.poll() is not None, "raypets to quit")
    finally:
        app.quit()
    # A link that asks for a new window (window=new) gets one, beside the windows that come back.
    app = RayPets(BINARY, ARTIFACTS, env=env, args=["raypets://clinic/info?window=new"])
    try:
        wait_for(lambda: sorted(w.name for w in main_windows(app)) == ["Clinic info", "I go out", "My pets"],
                 f"a third window on the link ({[w.name for w in main_windows(app)]})", timeout=15)
    finally:
        app.quit()


def test_a_dialog_blocks_only_its_window():
    """Issue 34: the appointment dialog over one window is modal to that window only: a real
    click (XTEST, not AT-SPI) on the other window's *My pets* still works, and the dialog stays.
    (Where the driver cannot aim a click, `pointer_can_aim`: real Tab and Space keys.)"""
    with started() as app:
        app.wait_title("RayPets")
        app.keys("ctrl+n")
        wait_for(lambda: len(main_windows(app)) == 2, "a second window")
        side_by_side(app)
        first, second = main_windows(app)
        app.click("Schedule appointment", window=first)
        app.wait_title("Which pet?", dialog=True)
        button = wait_for(lambda: app.buttons(second, "My pets"), "the second window's My pets")[0]
        extents = button.queryComponent().getExtents(pyatspi.WINDOW_COORDS)
        ids = subprocess.run(["xdotool", "search", "--onlyvisible", "--pid", str(app.process.pid), "--name",
                              "^RayPets$"], capture_output=True, text=True, timeout=10).stdout.split()
        # The second window is the one to the right (side_by_side put them 600 px apart).
        geometry = {w: subprocess.run(["xdotool", "getwindowgeometry", w], capture_output=True, text=True,
                                      timeout=10).stdout for w in ids}
        target = max(ids, key=lambda w: int(geometry[w].split("Position: ")[1].split(",")[0]))
        with app.user_action("a real click (or Tab and Space) on the other window's My pets"):
            if app.pointer_can_aim():
                subprocess.run(["xdotool", "mousemove", "--window", target, str(extents.x + extents.width // 2),
                                str(extents.y + extents.height // 2), "click", "1"], check=True, timeout=10)
            else:  # real keys (XTEST) into that window instead: the dialog must not block them either
                subprocess.run(["xdotool", "windowfocus", "--sync", target], check=True, timeout=10)
                for _ in range(12):
                    if app.focused(second) == ("push button", "My pets"):
                        break
                    subprocess.run(["xdotool", "key", "Tab"], check=True, timeout=10)
                subprocess.run(["xdotool", "key", "space"], check=True, timeout=10)
        wait_for(lambda: second.name == "My pets", "My pets in the window without the dialog")
        assert app.dialog() is not None and first.name == "RayPets", "the first window's dialog went"
        app.screenshot("dialog-in-one-window.png")


def open_clover(app, window, where):
    """My pets, then Clover's page, in `window` (`where` names it in a failure)."""
    app.click("My pets", window=window)
    wait_for(lambda: window.name == "My pets", f"My pets in {where}")
    app.choose_row("Clover", window=window)
    wait_for(lambda: window.name == "Clover", f"Clover's page in {where}")


def edit_clover_in_a_new_window(app):
    """Ctrl+N, then in the new window (AT-SPI lists it last): My pets, Clover, Edit, and an x
    typed into the name. Returns the new window, its editor with unsaved work."""
    count = len(main_windows(app))
    app.keys("ctrl+n")
    wait_for(lambda: len(main_windows(app)) == count + 1, "a new window")
    second = main_windows(app)[-1]
    open_clover(app, second, "the new window")
    app.click("Edit", window=second)
    wait_for(lambda: second.name == "Edit Clover", "the editor in the new window")
    time.sleep(0.4)
    app.type_text("x", window=second)
    return second


def test_ctrl_w_closes_one_window_of_several():
    """Issue 34: Ctrl+W closes the window it is typed in; one with typed work asks first (Keep
    editing keeps the window and the text, Discard closes it); the other window stays as it
    was; Ctrl+W on the last window quits, and the next start brings that window back."""
    env = private_folders()
    app = RayPets(BINARY, ARTIFACTS, env=env)
    try:
        app.wait_title("RayPets")
        open_pet_page(app, "Rex")
        app.wait_title("Rex")
        second = edit_clover_in_a_new_window(app)
        app.keys("ctrl+w", window=second)
        alert = app.wait_alert("Discard changes?")
        app.click("Keep editing", window=alert)
        app.wait_no_alert()
        assert len(main_windows(app)) == 2 and second.name == "Edit Clover", \
            f"Keep editing closed the window: {[w.name for w in main_windows(app)]}"
        app.keys("ctrl+w", window=second)
        alert = app.wait_alert("Discard changes?")
        app.click("Discard", window=alert)
        wait_for(lambda: len(main_windows(app)) == 1, "the second window closed after Discard")
        assert main_windows(app)[0].name == "Rex", main_windows(app)[0].name
        app.keys("ctrl+w")
        wait_for(lambda: app.process.poll() is not None, "the last window's Ctrl+W to quit")
        assert app.process.returncode == 0, app.process.returncode
    finally:
        app.quit()
    app = RayPets(BINARY, ARTIFACTS, env=env)
    try:
        app.wait_title("Rex")
        assert [w.name for w in main_windows(app)] == ["Rex"], [w.name for w in main_windows(app)]
    finally:
        app.quit()


def test_open_in_new_window():
    """Issue 34: *Open in New Window* on a pet's row: from its context menu (the Menu key on the
    focused row, then a right click on the row, or Shift+F10 where the driver cannot aim a
    click) and with Ctrl+Enter on the focused row; each opens a window on the pet's page with My
    pets below it (Back there goes to My pets) and leaves the list's window as it was. A menu
    closed with Escape leaves nothing behind: Ctrl+Enter then means the focused row."""
    with started() as app:
        app.click("My pets")
        app.wait_title("My pets")
        lists = app.main_window()
        window = subprocess.run(["xdotool", "search", "--onlyvisible", "--pid", str(app.process.pid), "--name",
                                 "^My pets$"], capture_output=True, text=True, timeout=10).stdout.split()[0]

        def open_menu_on(name, way):
            """`way`: "menu key", or "pointer" (a right click; Shift+F10 where the driver cannot aim)."""
            if way == "pointer" and app.pointer_can_aim():
                rows = wait_for(lambda: [n for n in visible_nodes(lists) if role_of(n) == pyatspi.ROLE_LIST_ITEM
                                         and n.name.startswith(name + ",")], f"{name}'s row")
                extents = rows[0].queryComponent().getExtents(pyatspi.WINDOW_COORDS)
                with app.user_action(f"a right click on {name}'s row"):
                    subprocess.run(["xdotool", "mousemove", "--window", window, str(extents.x + extents.width // 2),
                                    str(extents.y + extents.height // 2), "click", "3"], check=True, timeout=10)
            else:
                app.focus_row(name, window=lists)
                app.keys("Menu" if way == "menu key" else "shift+F10", window=lists)
            return wait_for(lambda: app.menu_item("Open in New Window", 0), "the row's context menu")

        open_menu_on("Whiskers", "menu key")
        app.keys("Escape", window=lists)
        time.sleep(0.5)
        app.choose_row("Rex", window=lists)
        app.wait_title("Rex", window=lists)
        app.keys("alt+Left", window=lists)
        app.wait_title("My pets", window=lists)
        wait_for(lambda: app.focused(lists) == ("list item", "Rex, Dog, 3 years"), "the focus on Rex's row")
        app.keys("ctrl+Return", window=lists)
        wait_for(lambda: any(w.name == "Rex" for w in main_windows(app)), "a new window on Rex after Ctrl+Enter")
        assert sorted(w.name for w in main_windows(app)) == ["My pets", "Rex"], [w.name for w in main_windows(app)]

        side_by_side(app)  # the new window opened over the list (no window manager to place it)
        item = open_menu_on("Whiskers", "pointer")
        app.screenshot("context-menu.png")
        app.activate(item)
        whiskers = wait_for(lambda: next((w for w in main_windows(app) if w.name == "Whiskers"), None),
                            "a new window on Whiskers")
        assert lists.name == "My pets", f"the list's window moved: {lists.name}"
        app.keys("alt+Left", window=whiskers)
        wait_for(lambda: whiskers.name == "My pets", "Back in the new window goes to My pets")
        assert len(main_windows(app)) == 3, [w.name for w in main_windows(app)]


def test_ctrl_w_on_the_other_window_while_one_asks_quits():
    """Issue 34: while one window's Ctrl+W asks *Discard changes?*, Ctrl+W on the other window is
    closing the last one: the app quits as Ctrl+Q does, keeping both windows and the draft."""
    env = private_folders()
    app = RayPets(BINARY, ARTIFACTS, env=env)
    try:
        app.wait_title("RayPets")
        second = edit_clover_in_a_new_window(app)
        app.keys("ctrl+w", window=second)
        app.wait_alert("Discard changes?")
        first = next(w for w in main_windows(app) if w.name == "RayPets")
        app.keys("ctrl+w", window=first)
        wait_for(lambda: app.process.poll() is not None, "the app to quit")
        assert app.process.returncode == 0, app.process.returncode
    finally:
        app.quit()
    app = RayPets(BINARY, ARTIFACTS, env=env)
    try:
        wait_for(lambda: sorted(w.name for w in main_windows(app)) == ["Edit Clover", "RayPets"],
                 f"both windows back ({[w.name for w in main_windows(app)]})", timeout=15)
        editor = next(w for w in main_windows(app) if w.name == "Edit Clover")

        def field_texts():
            found = []
            for node in walk(editor):
                if role_of(node) in (pyatspi.ROLE_TEXT, pyatspi.ROLE_ENTRY):
                    try:
                        text = node.queryText()
                        found.append(text.getText(0, text.characterCount))
                    except Exception:
                        pass  # freed while reading
            return found
        wait_for(lambda: any(t.endswith("x") for t in field_texts()), f"the typed x kept ({field_texts()})")
    finally:
        app.quit()


def test_row_3_undo_outlives_the_window_that_deleted():
    """Issue 42, row 3: window B edits Clover; window A deletes Clover, and B asks (*Discard
    changes?*); Ctrl+W on A while B asks; *Discard* in B: Clover is deleted, and the Undo toast
    shows in B, the window that remains; its Undo brings Clover back."""
    with started() as app:
        app.wait_title("RayPets")
        first = main_windows(app)[0]
        second = edit_clover_in_a_new_window(app)
        open_clover(app, first, "the first window")
        app.click("Delete", window=first)
        alert = app.wait_alert("Discard changes?")
        app.keys("ctrl+w", window=first)
        wait_for(lambda: len(main_windows(app)) == 1, "the first window closed while the second asks")
        app.click("Discard", window=alert)
        wait_for(lambda: second.name == "My pets", f"Clover's pages gone from the second window ({second.name})")
        wait_for(lambda: "Clover deleted" in app.labels(second), f"the toast in the second window ({app.labels(second)})")
        app.screenshot("row-3-undo-in-the-remaining-window.png")
        app.click("Undo", window=second)
        wait_rows(app, lambda rows: "Clover" in names(rows), "Clover back in the list after Undo")


def test_row_4_a_drafts_conflict_check_survives_a_restart():
    """Issue 42, row 4: windows A and B in Clover's editor, A with typed work; B renames Clover
    to Clementine and saves (A's title follows: row 10); Ctrl+Q; restart: A comes back with its
    draft, and its Save is refused as a conflict (the pet was changed in another window), as it
    would have been before the restart; Clementine is not renamed back."""
    env = private_folders()
    app = RayPets(BINARY, ARTIFACTS, env=env)
    try:
        app.wait_title("RayPets")
        first = main_windows(app)[0]
        editor = edit_clover_in_a_new_window(app)
        open_clover(app, first, "the first window")
        app.click("Edit", window=first)
        wait_for(lambda: first.name == "Edit Clover", "the editor in the first window")
        time.sleep(0.4)
        app.keys("ctrl+a", window=first)
        app.type_text("Clementine", window=first)
        wait_for(lambda: app.is_sensitive("Save", window=first), "Save to become pressable")
        app.click("Save", window=first)
        wait_for(lambda: first.name == "Clementine", f"Clementine saved ({first.name})")
        wait_for(lambda: editor.name == "Edit Clementine", f"the other editor's title follows ({editor.name})")
        quit_app(app)
        wait_for(lambda: app.process.poll() is not None, "raypets to quit")
    finally:
        app.quit()
    app = RayPets(BINARY, ARTIFACTS, env=env)
    try:
        wait_for(lambda: sorted(w.name for w in main_windows(app)) == ["Clementine", "Edit Clementine"],
                 f"both windows back ({[w.name for w in main_windows(app)]})", timeout=15)
        editor = next(w for w in main_windows(app) if w.name == "Edit Clementine")
        app.click("Save", window=editor)
        wait_for(lambda: any("changed in another window" in label for label in app.labels(editor)),
                 f"the conflict said in the editor ({editor.name}: {app.labels(editor)})")
        assert editor.name == "Edit Clementine", f"the editor left: {editor.name}"
        # The editor's window on top for the picture (both windows open at the same place).
        subprocess.run(["xdotool", "search", "--name", window_pattern("Edit Clementine"), "windowraise"], timeout=10)
        time.sleep(0.3)
        app.screenshot("row-4-conflict-after-a-restart.png")
        assert sorted(w.name for w in main_windows(app)) == ["Clementine", "Edit Clementine"], \
            f"renamed back: {[w.name for w in main_windows(app)]}"
    finally:
        app.quit()


def test_focus_comes_home():
    """Issue 33: with the keyboard, Back puts the focus on the control that opened the page that
    left (a button, a pet's row), and closing the dialog on the button that opened it."""
    with started() as app:
        def tab_to(name):
            for _ in range(12):
                if app.focused() and app.focused()[1] == name:
                    return
                app.keys("Tab")
            raise AssertionError(f"Tab never reached {name}: {app.focused()}")
        app.wait_title("RayPets")
        for button, title in [("My pets", "My pets"), ("Clinic info", "Clinic info")]:
            tab_to(button)
            app.keys("Return")
            app.wait_title(title)
            app.keys("alt+Left")
            app.wait_title("RayPets")
            wait_for(lambda: app.focused() == ("push button", button), f"the focus back on {button}")
        tab_to("Schedule appointment")
        app.keys("Return")
        app.wait_title("Which pet?", dialog=True)
        app.keys("Escape")
        app.wait_no_dialog()
        wait_for(lambda: app.focused(app.main_window()) == ("push button", "Schedule appointment"),
                 "the focus back on Schedule appointment")
        tab_to("My pets")
        app.keys("Return")
        app.wait_title("My pets")
        app.choose_row("Clover")
        app.wait_title("Clover")
        app.keys("alt+Left")
        app.wait_title("My pets")
        wait_for(lambda: app.focused() == ("list item", "Clover, Rabbit, 2 years"), "the focus back on Clover's row")


def selected_rows(app):
    return [n.name for n in walk(app.main_window()) if role_of(n) == pyatspi.ROLE_LIST_ITEM
            and has_state(n, pyatspi.STATE_SELECTED)]


def test_split_view_follows_the_width():
    """1200 px: My pets beside the chosen pet (choosing another replaces it: one Back to the list);
    400 px: the pet alone with Back; 1200 px again: both, the same pet selected; a link to a pet
    at each width gives the same stack (the same Backs lead home)."""
    with started() as app:
        resize(app, 1200)
        app.click("My pets")
        app.wait_title("My pets")
        wait_for(lambda: "Choose a pet to see its details." in app.labels(), "the placeholder beside the list")
        assert not app.buttons(name="Back"), "no Back beside an empty detail"
        app.screenshot("split-empty.png")
        for pet in ("Rex", "Whiskers"):
            app.choose_row(pet)
            app.wait_title(pet)
            assert "Rex" in names(app.rows()) and "Whiskers" in names(app.rows()), "the list stays beside the pet"
            wait_for(lambda: names(selected_rows(app)) == [pet], f"{pet} selected in the list")
        app.screenshot("split-wide.png")
        app.click("Back")  # the content's Back: the stack did not grow, so one Back reaches the list
        app.wait_title("My pets")
        wait_for(lambda: not selected_rows(app), "nothing selected after Back")
        app.choose_row("Whiskers")
        app.wait_title("Whiskers")
        resize(app, 400)
        wait_for(lambda: not any(n in names(app.rows()) for n in ("Rex", "Clover")), "the pet alone at 400 px")
        assert app.title() == "Whiskers"
        app.screenshot("split-narrow.png")
        resize(app, 1200)
        wait_for(lambda: names(selected_rows(app)) == ["Whiskers"], "Whiskers still selected at 1200 px")
        app.wait_title("Whiskers")
        app.screenshot("split-wide-again.png")
        # A link at each width: the same stack, Home > My pets > the pet.
        open_route("raypets://clinic/pets/rex")
        app.wait_title("Rex")
        wait_for(lambda: names(selected_rows(app)) == ["Rex"], "the linked pet selected beside the list")
        app.click("Back")
        app.wait_title("My pets")
        app.click("Back to RayPets")
        app.wait_title("RayPets")
        resize(app, 400)
        open_route("raypets://clinic/pets/rex")
        app.wait_title("Rex")
        app.click("Back")
        app.wait_title("My pets")
        app.click("Back")
        app.wait_title("RayPets")
        # 360 px: every page of the pet's flow fits (the tab switcher moves to the bottom).
        resize(app, 360, 600)
        wait_for(lambda: window_width(app) == 360, "the window 360 px wide")
        app.screenshot("narrow-360-home.png")
        open_pet_page(app, "Rex")
        app.screenshot("narrow-360-pet.png")
        app.click("Edit")
        app.wait_title("Edit Rex")
        app.screenshot("narrow-360-editor.png")


def test_sidebar_controls_work_beside_a_pet():
    """1200 px, Rex's page beside My pets: every control of the sidebar works. Add pet opens the
    new pet's editor in the pet's place; choosing a row shows that pet; the search filters the
    list while the pet stays beside it; the sidebar's Back goes home."""
    with started() as app:
        resize(app, 1200)
        open_pet_page(app, "Rex")
        assert "Whiskers" in names(app.rows()), "My pets beside Rex"
        app.click("Add pet")
        app.wait_title("New pet")
        assert "Whiskers" in names(app.rows()), "the list stays beside the editor"
        app.screenshot("sidebar-add-pet-beside.png")
        app.click("Back")  # the content's Back: the editor replaced Rex, so the list is next
        app.wait_title("My pets")
        app.choose_row("Rex")
        app.wait_title("Rex")
        app.choose_row("Whiskers")
        app.wait_title("Whiskers")
        app.keys("ctrl+f")
        app.type_text("Clo")
        wait_for(lambda: names(app.rows()) == ["Clover"], "the search filters the sidebar's list")
        assert app.title() == "Whiskers", "the pet beside the list stays while searching"
        app.screenshot("sidebar-search-beside.png")
        app.keys("Escape")
        wait_for(lambda: "Rex" in names(app.rows()), "Escape brings every pet back")
        app.click("Back to RayPets")
        app.wait_title("RayPets")


def test_export_the_journal_of_a_bug_report():
    """A bug report, as a user makes one: at 1200 px with Rex beside My pets, Add pet, a name
    typed; then `raypets --export-journal=FILE` while the app runs writes its navigation journal:
    the intents by name, the stacks by route, the width, and none of the typed text. (The
    journal in Tests/RayPetsTests/Journals was exported this way, on a branch where the
    sidebar's Add pet did nothing beside a pet.)"""
    with started() as app:
        resize(app, 1200)
        open_pet_page(app, "Rex")
        app.click("Add pet")
        try:
            app.wait_title("New pet")
            # Beside the list the focus stays in the sidebar (on Add pet): Tab to the name.
            for _ in range(12):
                if app.focused() in (("text", "Name"), ("entry", "Name")):
                    break
                app.keys("Tab")
            app.type_text("Secret Name")
            wait_for(lambda: app.is_sensitive("Save"), "Save, once a name is typed")
            app.screenshot("journal-typed.png")
        finally:
            # Exported whether the editor came or not: the journal is the bug report.
            path = os.path.join(ARTIFACTS, "journal.txt")
            done = subprocess.run([BINARY, f"--export-journal={path}"], capture_output=True, text=True, timeout=30)
        assert done.returncode == 0, done
        assert "Wrote the navigation journal to" in done.stdout, done.stdout
        with open(path) as file:
            text = file.read()
        assert text.startswith("navigation-journal 1\n"), text[:100]
        for line in ["\tclinic\tresized\t", "\tclinic\tintent\tmy-pets\thome", "\tclinic\tintent\tchoose-pet\tpets\trex",
                     "\tclinic\tintent\tadd-pet\tpets", "\tclinic\tstack\thome\tpets\taddPet", "\tclinic\tintent\tchanged\taddPet"]:
            assert line in text, f"{line!r} not in the journal:\n{text}"
        assert "Secret" not in text, "typed text in the journal"
    with tempfile.TemporaryDirectory() as folder:
        # No RayPets running: a clear message, exit status 1, no file.
        missing = os.path.join(folder, "journal.txt")
        done = subprocess.run([BINARY, f"--export-journal={missing}"], capture_output=True, text=True, timeout=30)
        assert done.returncode == 1 and "RayPets is not running" in done.stderr, done
        assert not os.path.exists(missing)


def test_navigation_page_in_gtk_inspector():
    """GTK Inspector (Ctrl+Shift+I) has a Navigation page, shown with both windows' stacks, the
    dialog open in one and the question asked in the other; its screenshot is
    docs/screenshots/navigation-inspector.png. GTK 4.8 opens the inspector on a display of its
    own, which AT-SPI cannot read (its windows have no names or roles there): the page's tab is
    clicked where GTK draws it, and the page says it is shown in the app's debug log. What the
    page holds is checked by GtkTests, in-process."""
    env = private_folders()
    settings = os.path.join(env["XDG_CONFIG_HOME"], "glib-2.0", "settings")
    os.makedirs(settings)
    with open(os.path.join(settings, "keyfile"), "w") as keyfile:
        # Not the inspector's "Do you want to use GTK Inspector?" first.
        keyfile.write("[org/gtk/gtk4/settings/debug]\ninspector-warning=false\n")
    env.update(GSETTINGS_BACKEND="keyfile", G_MESSAGES_DEBUG="GtkNavigation")
    app = RayPets(BINARY, ARTIFACTS, env=env)
    try:
        app.wait_title("RayPets")
        # Window 1: the appointment dialog. Window 2: Rex's editor, asking "Discard changes?".
        open_appointment(app)
        first = app.main_window()
        app.keys("ctrl+n", window=first)
        wait_for(lambda: len(main_windows(app)) == 2, "a second window")
        second = next(w for w in main_windows(app) if w != first)
        app.click("My pets", window=second)
        wait_for(lambda: second.name == "My pets", "My pets in the second window")
        app.choose_row("Rex", window=second)
        wait_for(lambda: second.name == "Rex", "Rex in the second window")
        app.click("Edit", window=second)
        wait_for(lambda: second.name == "Edit Rex", "the editor")
        app.type_text("y", window=second)
        app.keys("alt+Left", window=second)
        alert = app.wait_alert("Discard changes?")
        windows_before = len(window_ids(app))
        app.keys("ctrl+shift+i", window=alert)
        wait_for(lambda: len(window_ids(app)) > windows_before, "GTK Inspector's window after Ctrl+Shift+I")
        time.sleep(1)
        # The inspector opens at (0, 0), 905 px wide: its Navigation tab is the last in its header.
        subprocess.run(["xdotool", "mousemove", "698", "26", "click", "1"], check=True, timeout=10)
        wait_for(lambda: "the inspector's Navigation page is shown: 2 window(s)" in app.stderr(),
                 "the Navigation page shown, with both windows")
        # Then as large as the screen, for the screenshot: the inspector's window is the one
        # named after the program (the app's windows have their titles), not a 1x1 helper.
        for window in window_ids(app):
            name = subprocess.run(["xdotool", "getwindowname", window], capture_output=True, text=True,
                                  timeout=10).stdout.strip()
            size = subprocess.run(["xdotool", "getwindowgeometry", window], capture_output=True, text=True,
                                  timeout=10).stdout
            if name == "raypets" and "Geometry: 1x1" not in size:
                subprocess.run(["xdotool", "windowsize", window, "1280", "800"], check=True, timeout=10)
        app.screenshot("navigation-inspector.png")
    finally:
        app.quit()


def test_a_hundred_thousand_pets():
    """With 100,000 demo pets: My pets opens with only the rows on screen made, Ctrl+F and
    typing a name finds that one pet, its page opens, Back returns to the filtered list,
    Escape in the search brings all the pets back."""
    data = tempfile.mkdtemp(prefix="raypets-e2e-data.")
    added = subprocess.run([BINARY, "--demo-data=100000"], capture_output=True, text=True, timeout=300,
                           env={**os.environ, "XDG_DATA_HOME": data})
    assert added.returncode == 0, added
    with sqlite3.connect(os.path.join(data, "raypets", "clinic.sqlite3")) as db:
        assert db.execute("SELECT count(*) FROM pets").fetchone()[0] == 100_004
        name, = db.execute("SELECT name FROM pets ORDER BY position LIMIT 1 OFFSET 77777").fetchone()
    app = RayPets(BINARY, ARTIFACTS, env={"XDG_CONFIG_HOME": config_dir(welcome_done=True), "XDG_DATA_HOME": data})
    try:
        app.click("My pets")
        app.wait_title("My pets")
        rows = wait_for(lambda: app.rows(), "rows on My pets")
        # GtkListView makes rows only around the visible ones: a few hundred at most, not 100,004.
        assert 5 < len(rows) < 400, f"{len(rows)} rows in the accessibility tree"
        assert rows[0] == "Rex, Dog, 3 years", rows[:3]
        app.keys("ctrl+f")
        wait_for(lambda: app.focused() == ("entry", "Search pets by name"), "the search field to take the focus")
        app.type_text(name)
        wait_for(lambda: app.rows() and all(row.startswith(name + ",") for row in app.rows()), f"only {name} listed")
        assert len(app.rows()) == 1, app.rows()
        app.screenshot("hundred-thousand-search.png")
        app.choose_row(name)
        app.wait_title(name)
        app.click("Back")
        app.wait_title("My pets")
        wait_for(lambda: len(app.rows()) == 1 and app.rows()[0].startswith(name + ","), "the filtered list again")
        assert app.focused() == ("list item", app.rows()[0]), app.focused()
        app.keys("ctrl+f", "Escape")
        wait_for(lambda: len(app.rows()) > 5, "all the pets again after Escape")
        app.screenshot("hundred-thousand.png")
    finally:
        app.quit()


def texts(app, window=None):
    """The texts of the visible text fields (entries and text views) of `window`."""
    found = []
    for node in visible_nodes(window or app.main_window()):
        if role_of(node) in (pyatspi.ROLE_TEXT, pyatspi.ROLE_ENTRY, pyatspi.ROLE_PASSWORD_TEXT):
            try:
                text = node.queryText()
                found.append(text.getText(0, text.characterCount))
            except Exception:
                pass  # freed while reading
    return found


def release_fifo(path):
    """Lets a process blocked opening the FIFO at `path` for reading go on (a writer comes and
    goes), so that a failing test leaves no process hanging."""
    try:
        os.close(os.open(path, os.O_WRONLY | os.O_NONBLOCK))
    except OSError:
        pass


def test_row_1_a_fifo_as_the_state_or_the_settings_file():
    """row 1 (issue 42): the navigation state file or the settings file is a FIFO: the window
    appears within the usual start time, the state FIFO is moved aside, both are reported."""
    for which in ("state", "settings"):
        env = private_folders()
        home = env["XDG_STATE_HOME"] if which == "state" else env["XDG_CONFIG_HOME"]
        folder = os.path.join(home, "raypets")
        os.makedirs(folder, exist_ok=True)
        fifo = os.path.join(folder, "navigation" if which == "state" else "settings")
        if os.path.exists(fifo):
            os.remove(fifo)
        os.mkfifo(fifo, 0o600)
        try:
            app = RayPets(BINARY, ARTIFACTS, env=env)
        except Exception:
            release_fifo(fifo)
            raise
        try:
            if which == "state":
                app.wait_title("RayPets")  # Home
                wait_for(lambda: "not a regular file" in app.stderr() and "moved it to" in app.stderr(),
                         "the state FIFO reported as moved aside")
                assert stat.S_ISFIFO(os.lstat(fifo + ".corrupt").st_mode), "the FIFO was not kept as it was"
            else:
                wait_for(lambda: "cannot read settings file" in app.stderr() and "not a regular file" in app.stderr(),
                         "the settings FIFO reported")
            app.keys("ctrl+q")
            wait_for(lambda: app.process.poll() is not None, "raypets to quit")
            assert app.process.returncode == 0, app.process.returncode
        finally:
            release_fifo(fifo)
            app.quit()
        if which == "state":
            assert stat.S_ISREG(os.lstat(fifo).st_mode), "this run's state was saved as a file"


def limited(size_kb):
    """`bash` arguments that start raypets with a file-size limit of `size_kb` KiB (bash's
    `ulimit -f` counts KiB; dash's, 512-byte blocks)."""
    return "bash", ["-c", f'ulimit -f {size_kb} && exec "$0"', os.path.abspath(BINARY)]


def test_row_2_save_under_a_file_size_limit():
    """row 2 (issue 42): a file-size limit and *Save* with long notes: the app keeps running,
    says nothing was saved, keeps what was typed and its draft; at start with a tiny limit it
    starts."""
    env = private_folders()
    first = RayPets(BINARY, ARTIFACTS, env=env)
    first.keys("ctrl+q")  # creates the records with the sample pets
    wait_for(lambda: first.process.poll() is not None, "raypets to quit")
    first.quit()
    database = os.path.join(env["XDG_DATA_HOME"], "raypets", "clinic.sqlite3")
    # Long notes, saved many times by a program that then ends without closing the file, as
    # a session of edits leaves SQLite's -wal file: larger than the records file.
    writer = subprocess.run([sys.executable, "-c", f"""
import os, sqlite3
connection = sqlite3.connect({database!r}, isolation_level=None)
connection.execute("PRAGMA wal_autocheckpoint = 0")
for round in range(60):
    connection.execute("UPDATE pets SET notes = ? WHERE name = 'Rex'", (f"Likes long walks ({{round}}). " * 40,))
os._exit(0)
"""], capture_output=True, text=True, timeout=60)
    assert writer.returncode == 0, writer.stderr
    wal = os.path.getsize(database + "-wal")
    assert wal > os.path.getsize(database), (wal, os.path.getsize(database))
    # A limit the records' files already reach: the next write to them cannot fit.
    size_kb = wal // 1024
    binary, args = limited(size_kb)
    app = RayPets(binary, ARTIFACTS, env=env, args=args)
    try:
        open_pet_page(app, "Rex")
        app.click("Edit")
        app.wait_title("Edit Rex")
        app.keys("ctrl+a")
        app.type_text("Rexy")
        wait_for(lambda: app.is_sensitive("Save"), "Save to become pressable")
        app.click("Save")
        wait_for(lambda: any("Nothing was saved" in label for label in app.labels(app.main_window())),
                 "the message that nothing was saved")
        assert app.process.poll() is None, f"raypets died: status {app.process.returncode}"
        app.wait_title("Edit Rex")  # the editor stays
        assert "Rexy" in texts(app), texts(app)
        app.screenshot("file-size-limit.png")
        app.keys("ctrl+q")
        wait_for(lambda: app.process.poll() is not None, "raypets to quit")
        assert app.process.returncode == 0, f"exit status {app.process.returncode}"
    finally:
        app.quit()
    connection = sqlite3.connect(database)
    assert connection.execute("SELECT count(*) FROM pets WHERE name = 'Rex'").fetchone() == (1,), "Rex was changed"
    assert connection.execute("PRAGMA integrity_check").fetchall() == [("ok",)]
    connection.close()
    app = RayPets(BINARY, ARTIFACTS, env=env)  # no limit: the draft is back, and saves
    try:
        app.wait_title("Edit Rex")
        wait_for(lambda: "Rexy" in texts(app), "the typed name, from the draft")
        app.click("Save")
        app.wait_title("Rexy")
    finally:
        app.quit()
    # A limit smaller than SQLite's own files (`ulimit -f 8`): the app starts all the same.
    binary, args = limited(8)
    app = RayPets(binary, ARTIFACTS, env=env, args=args)
    try:
        app.wait_title("Rexy")  # where the last run ended: the user's records, read-only
        wait_for(lambda: any("There is no room to write the clinic's records" in label
                             for label in app.labels(app.main_window())), "the read-only notice")
        assert not app.is_sensitive("Edit"), "editing must be disabled"
        app.keys("ctrl+q")
        wait_for(lambda: app.process.poll() is not None, "raypets to quit")
        assert app.process.returncode == 0, f"exit status {app.process.returncode}"
    finally:
        app.quit()
    # No room for a byte (`ulimit -f 0`): the app quits in order (no SIGXFSZ), and the state's
    # write, which fails, leaves neither its temporary file nor a half-written state. (Its
    # report cannot be read here: stderr is a file, which the limit keeps from growing too.)
    state_folder = os.path.join(env["XDG_STATE_HOME"], "raypets")
    with open(os.path.join(state_folder, "navigation"), "rb") as before:
        state = before.read()
    binary, args = limited(0)
    app = RayPets(binary, ARTIFACTS, env=env, args=args)
    try:
        app.wait_title("Rexy")
        app.keys("ctrl+q")
        wait_for(lambda: app.process.poll() is not None, "raypets to quit")
        assert app.process.returncode == 0, f"exit status {app.process.returncode}"
    finally:
        app.quit()
    assert sorted(os.listdir(state_folder)) == ["navigation"], os.listdir(state_folder)
    with open(os.path.join(state_folder, "navigation"), "rb") as after:
        assert after.read() == state, "the state file changed"


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


def test_row_14_one_dbus_open_with_2000_links():
    """row 14 (issue 42): one D-Bus Open with 2,000 links: the first 5 open (three ask for a new
    window each, the next two open in the window used last: the third new one), the other 1,995
    are refused with one notice that says how many, and the window the user has answers a click
    sent as soon as the app has taken the links (the five take over a second to open) less than
    a second later than it answers one with nothing else to do."""
    app = RayPets(BINARY, ARTIFACTS, env=private_folders())
    try:
        app.wait_title("RayPets")
        first = app.main_window()

        def click_my_pets():
            """Seconds from looking for My pets to its page's title (the page slides in)."""
            started = time.monotonic()
            wait_for(lambda: app.buttons(first, "My pets"), "My pets on Home", timeout=120)
            app.click("My pets", window=first)
            wait_for(lambda: first.name == "My pets", "the click on My pets handled", timeout=120)
            return time.monotonic() - started

        idle = click_my_pets()
        app.click("Back", window=first)
        wait_for(lambda: first.name == "RayPets", "Home again")
        dbus_open(["raypets://clinic/info?window=new"] * 3 + ["raypets://learn/how-to-code/2"] * 1997)
        busy = click_my_pets()
        print(f"  a click took {idle:.2f} s with nothing else to do, {busy:.2f} s right after 2,000 links came")
        assert busy - idle < 1.0, f"the window answered a click {busy - idle:.1f} s late"
        wait_for(lambda: any("1995" in text for text in notices(app)), "one notice about the links not opened")
        titles = sorted(w.name for w in main_windows(app))
        refused = [text for text in notices(app) if "not opened" in text]
        assert titles == ["Clinic info", "Clinic info", "I go out", "My pets"], titles
        assert len(refused) == 1, refused
    finally:
        app.quit()


def test_row_15_a_5_mb_link_through_dbus():
    """row 15 (issue 42): a 5 MB link through D-Bus is refused with a notice that quotes its
    start, and stderr gets a line cut to a stated length, not the link."""
    app = RayPets(BINARY, ARTIFACTS, env=private_folders())
    try:
        app.wait_title("RayPets")
        before = len(app.stderr())
        dbus_open(["raypets://clinic/" + "x" * 5_000_000])
        notice = wait_for(lambda: next((t for t in notices(app) if t.startswith("Cannot open \u2068raypets://clinic/x")),
                                       None), "a notice about the long link", timeout=30)
        assert len(notice) < 400, f"the notice is {len(notice)} characters long"
        app.wait_title("RayPets")  # the screen stays
        written = len(app.stderr()) - before
        assert written < 4000, f"{written} characters written to stderr for one refused link"
    finally:
        app.quit()


def test_row_16_a_window_new_link_on_the_welcome_page():
    """row 16 (issue 42): a `window=new` link that comes while Welcome shows waits for Get
    started, then opens in a new window; the welcome window goes to Home."""
    env = {"XDG_CONFIG_HOME": config_dir(welcome_done=False),
           "XDG_DATA_HOME": tempfile.mkdtemp(prefix="raypets-e2e-data."),
           "XDG_STATE_HOME": tempfile.mkdtemp(prefix="raypets-e2e-state.")}
    app = RayPets(BINARY, ARTIFACTS, env=env)
    try:
        app.wait_title("Welcome to RayPets")
        done = subprocess.run([BINARY, "raypets://clinic/info?window=new"], env=dict(os.environ, **env),
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


def records_with_demo_pets(count):
    """A RayPets records file of its own (the sample pets and `count` demo pets), closed."""
    data = tempfile.mkdtemp(prefix="raypets-e2e-other.")
    added = subprocess.run([BINARY, f"--demo-data={count}"], capture_output=True, text=True, timeout=120,
                           env={**os.environ, "XDG_DATA_HOME": data})
    assert added.returncode == 0, added
    return os.path.join(data, "raypets", "clinic.sqlite3")


def pet_names(database):
    with sqlite3.connect(database) as db:
        return [name for name, in db.execute("SELECT name FROM pets ORDER BY position")]


def test_row_5_a_records_file_moved_into_place_while_the_app_runs():
    """Row 5 (issue 42): the app runs with its file in WAL mode; the user moves another records
    file into place (`mv other.sqlite3 clinic.sqlite3`); the next change is refused, the user
    quits as told and starts again: the other file's 304 pets are shown, none lost (the old
    -wal file was not replayed into it)."""
    env = private_folders()
    other = records_with_demo_pets(300)
    expected = pet_names(other)
    assert len(expected) == 304, len(expected)
    database = os.path.join(env["XDG_DATA_HOME"], "raypets", "clinic.sqlite3")
    app = RayPets(BINARY, ARTIFACTS, env=env)
    try:
        app.click("My pets")
        app.wait_title("My pets")
        app.click("Add pet")
        app.wait_title("New pet")
        app.type_text("Biscuit")
        wait_for(lambda: app.is_sensitive("Save"), "Save to become pressable")
        app.click("Save")
        app.wait_title("My pets")
        wait_rows(app, lambda rows: "Biscuit" in names(rows), "Biscuit in the list")
        assert os.path.getsize(database + "-wal") > 0, "the app's changes are in its -wal file"
        os.rename(other, database)  # mv other.sqlite3 clinic.sqlite3
        app.click("Add pet")
        app.wait_title("New pet")
        app.type_text("Pumpkin")
        wait_for(lambda: app.is_sensitive("Save"), "Save to become pressable")
        app.click("Save")
        wait_for(lambda: any("deleted or replaced" in label for label in app.labels(app.main_window())),
                 "the refusal")
        quit_app(app)
        wait_for(lambda: app.process.poll() is not None, "raypets to quit")
    finally:
        app.quit()
    assert pet_names(database) == expected, "the moved-in file changed"
    app = RayPets(BINARY, ARTIFACTS, env=env, args=["--fresh"])
    try:
        app.click("My pets")
        app.wait_title("My pets")
        rows = wait_rows(app, lambda rows: len(rows) > 5, "the moved-in file's pets")
        assert names(rows) == expected[:len(rows)], (rows[:8], expected[:8])
        assert "Biscuit" not in names(rows), rows[:8]
    finally:
        app.quit()
    assert pet_names(database) == expected, "the moved-in file changed at the second run"


def test_row_6_a_backup_copied_over_the_records_is_refused_and_kept():
    """Row 6 (issue 42): the user copies a backup over the live file (`cp backup clinic.sqlite3`,
    the same inode) while an edit is open: Save is refused with the message, the typed name
    stays in the field (and comes back after the quit), and the backup's content is intact
    after quitting."""
    env = private_folders()
    first = RayPets(BINARY, ARTIFACTS, env=env)
    first.quit()  # creates the records (the sample pets, WAL mode)
    folder = os.path.join(env["XDG_DATA_HOME"], "raypets")
    database = os.path.join(folder, "clinic.sqlite3")
    backup = os.path.join(tempfile.mkdtemp(prefix="raypets-e2e-backup."), "backup.sqlite3")
    shutil.copyfile(database, backup)
    db = sqlite3.connect(backup)
    db.execute("UPDATE pets SET name = 'Bella', name_key = 'bella' WHERE id = 'whiskers'")
    db.commit()
    db.close()
    with open(backup, "rb") as kept:
        content = kept.read()
    app = RayPets(BINARY, ARTIFACTS, env=env)
    try:
        open_pet_page(app, "Rex")
        app.click("Edit")
        app.wait_title("Edit Rex")
        app.keys("ctrl+a")
        app.type_text("Rexy")
        inode = os.stat(database).st_ino
        shutil.copyfile(backup, database)  # cp backup.sqlite3 clinic.sqlite3
        assert os.stat(database).st_ino == inode, "cp keeps the inode"
        app.click("Save")
        wait_for(lambda: any("deleted or replaced" in label for label in app.labels(app.main_window())),
                 "the refusal")
        assert app.title() == "Edit Rex", app.title()
        assert "Rexy" in texts(app), texts(app)
        quit_app(app)
        wait_for(lambda: app.process.poll() is not None, "raypets to quit")
    finally:
        app.quit()
    with open(database, "rb") as after:
        assert after.read() == content, "the copied backup was written into"
    assert pet_names(database) == ["Rex", "Bella", "Clover", "Bubbles"], pet_names(database)
    app = RayPets(BINARY, ARTIFACTS, env=env)
    try:
        app.wait_title("Edit Rex")  # the editor is back, with what was typed
        wait_for(lambda: "Rexy" in texts(app), "the typed name kept")
    finally:
        app.quit()


def test_row_7_undo_after_another_pet_took_the_name():
    """Row 7 (issue 42): Rex is deleted; before Undo is pressed another pet is called Rex (the
    test app adds it, as another window would): Undo brings Rex back as "Rex (2)", in its place
    and with its history, and says so."""
    with started(commands=True) as app:
        app.command("record rex")
        open_pet_page(app, "Rex")
        app.click("Delete")
        app.wait_title("My pets")
        wait_for(lambda: "Rex deleted" in app.labels(), "the toast")
        app.command("add Rex")
        app.click("Undo")
        rows = wait_rows(app, lambda rows: "Rex (2)" in names(rows), "Rex back as Rex (2)")
        assert names(rows)[0] == "Rex (2)" and names(rows)[-1] == "Rex", rows
        wait_for(lambda: any("Undo brought Rex back as “Rex (2)”" in label for label in app.labels(app.main_window())),
                 "the notice saying so")
        assert "UNIQUE" not in " ".join(app.labels(app.main_window()))
        app.choose_row("Rex (2)")
        app.wait_title("Rex (2)")
        wait_for(lambda: (lambda labels: "Appointment requests" in labels
                          and "No appointment requests yet." not in labels)(app.labels()), "its history back")


STANDALONE = [test_mouse_back_button, test_typing_after_keep_editing_goes_on_where_the_cursor_was, test_export_the_journal_of_a_bug_report,
              test_navigation_page_in_gtk_inspector, test_many_windows, test_a_dialog_blocks_only_its_window, test_ctrl_w_on_the_other_window_while_one_asks_quits, test_open_in_new_window, test_ctrl_w_closes_one_window_of_several, test_a_hundred_thousand_pets, test_welcome_then_tabs_then_straight_to_tabs,
              test_link_on_the_welcome_page_opens_after_get_started, test_a_state_file_of_random_bytes_is_moved_aside, test_ctrl_w_closes_and_ctrl_q_quits,
              test_quit_with_the_dialog_open, test_deep_link_on_the_command_line,
              test_bad_link_exits_2_with_the_valid_forms, test_command_line_help_and_version,
              test_raypets_has_no_test_commands,
              test_quit_mid_flow_and_relaunch_restores_the_screen,
              test_german_ui,
              test_runs_without_a_session_bus, test_dark_style_follows_the_desktop,
              test_add_pet_then_quit_and_relaunch, test_rename_from_its_page_and_the_title_follows,
              test_editor_refuses_look_alike_names_and_impossible_dates,
              test_delete_with_undo, test_delete_while_its_pages_and_a_dialog_about_it_are_open,
              test_corrupt_database_start, test_read_only_start,
              test_editor_asks_before_discarding_on_every_way_back, test_back_history_menu,
              test_appointment_request_asks_before_discarding_the_answers, test_quit_keeps_the_editors_draft,
              test_split_view_follows_the_width, test_sidebar_controls_work_beside_a_pet,
              test_the_window_comes_back_at_its_size, test_focus_comes_home, test_the_toast_waits_while_hovered,
              test_a_screen_reader_meets_pages_the_dialog_and_messages,
              test_row_3_undo_outlives_the_window_that_deleted, test_row_4_a_drafts_conflict_check_survives_a_restart]
STANDALONE += [test_row_14_one_dbus_open_with_2000_links, test_row_15_a_5_mb_link_through_dbus,
               test_row_16_a_window_new_link_on_the_welcome_page]
STANDALONE += [test_row_5_a_records_file_moved_into_place_while_the_app_runs,
               test_row_6_a_backup_copied_over_the_records_is_refused_and_kept,
               test_row_7_undo_after_another_pet_took_the_name]
STANDALONE += [test_row_1_a_fifo_as_the_state_or_the_settings_file,
               test_row_2_save_under_a_file_size_limit]


# What runs on Wayland (scripts/with-wayland): every flow by its buttons (a pet's row chosen by
# its link), Back, the dialog's Cancel and close button, deep links, quit and restore. The
# rest types keys, uses the mouse's back button, reads pixels or resizes the window with
# xdotool (see ON_WAYLAND in raypets_driver.py), which this Wayland session cannot do.
WAYLAND_TESTS = [test_home, test_how_to_code, test_how_to_code_back_at_every_step]
WAYLAND_TESTS += [make_branch_test(*branch) for branch in BRANCHES]
WAYLAND_TESTS += [test_appointment_cancel_on_every_page, test_appointment_close_button_on_every_page,
                  test_clinic_info_pushed, test_second_launch_with_a_link_navigates_the_running_window,
                  test_open_route_action_and_a_bad_link_in_the_running_app]
WAYLAND_STANDALONE = [test_deep_link_on_the_command_line, test_quit_mid_flow_and_relaunch_restores_the_screen]


def main():
    results = {"passed": 0, "failed": 0}
    tests, standalone = (WAYLAND_TESTS, WAYLAND_STANDALONE) if ON_WAYLAND else (TESTS, STANDALONE)
    # Parts of test names, separated by commas: run just those (while working on them, and the
    # installed app's check, scripts/check-installed-app).
    only = [part for part in os.environ.get("E2E_ONLY", "").split(",") if part]
    if only:
        tests = [t for t in tests if any(part in t.__name__ for part in only)]
        standalone = [t for t in standalone if any(part in t.__name__ for part in only)]

    def run(test, app=None):
        """Runs one test; returns whether it passed. On failure saves a screenshot and the tree."""
        started = time.monotonic()
        try:
            if app is not None:
                app.wait_no_dialog()
                app.wait_title("RayPets")
                test(app)
                app.check_accessibility()  # after the test's last action (the next test starts here)
            else:
                test()
        except Exception:
            if app is not None:
                app.forget_pending_check()  # the app is started again; its state is not the next test's
            results["failed"] += 1
            print(f"FAIL {test.__name__}", flush=True)
            traceback.print_exc()
            if app is not None:
                app.screenshot(f"FAIL-{test.__name__}.png")
                app.dump_tree(f"FAIL-{test.__name__}.tree.txt")
            return False
        results["passed"] += 1
        print(f"PASS {test.__name__} ({time.monotonic() - started:.1f} s)", flush=True)
        return True

    app = launch(config_dir(welcome_done=True))
    try:
        for test in tests:
            if not run(test, app):
                app.quit()  # start the next test from a fresh app
                app = launch(config_dir(welcome_done=True))
    finally:
        app.quit()
    for test in standalone:
        run(test)
    stats = driver.A11Y_STATS
    print(f"a11y ({driver.A11Y_MODE}): {stats['checks']} checks after user actions, {stats['looks']} looks, "
          f"{stats['seconds']:.1f} s", flush=True)
    for finding, (count, first) in sorted(driver.A11Y_REPORTED.items()):
        print(f"a11y: {count} x {finding} (first after {first})", flush=True)
    print(f"e2e{'-wayland' if ON_WAYLAND else ''}: {results['passed']} passed, {results['failed']} failed",
          flush=True)
    return 0 if results["failed"] == 0 else 1


if __name__ == "__main__":
    sys.exit(main())
