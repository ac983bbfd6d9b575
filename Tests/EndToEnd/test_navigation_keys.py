"""The keyboard and the mouse's back button: Alt+Left, Escape, a keyboard-only walk, the focus
coming home, the controls' accessible names, the shortcuts window and About. The tests with an
`app` argument run in one running app, after test_navigation.py's."""
import os
import re
import subprocess
import time

import pytest

from e2e_helpers import config_dir, open_appointment, private_folders, started
from raypets_driver import RayPets, wait_for


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
    app.keys("Escape")  # the answers kept: a toast with Undo, no question
    app.wait_no_dialog()
    wait_for(lambda: "Appointment request kept" in app.labels(app.main_window()), "the toast")
    screens += app.unnamed_controls()
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


def test_mouse_back_button(build):
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
    app = RayPets(build.binary, os.path.join(build.artifacts, "mouse-back"),
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


def test_focus_comes_home(build):
    """Issue 33: with the keyboard, Back puts the focus on the control that opened the page that
    left (a button, a pet's row), and closing the dialog on the button that opened it."""
    with started(build) as app:
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


def test_round_3_row_18_alt_right_goes_back_right_to_left(build):
    """round 3, row 18 (issue 57): in a right-to-left layout (Hebrew: LANG=he_IL.UTF-8, from
    GTK's own translations), where Back's arrow points right, Alt+Right goes back, as GNOME's
    navigation has it, and Alt+Left does not (it is Forward's: issue 58, it brings back the pages
    Alt+Right took). Swipes are mirrored too: the GTK test *swipe back mirrors right to left*."""
    locales = subprocess.run(["locale", "-a"], capture_output=True, text=True, timeout=10).stdout.split()
    if not {"he_IL.utf8", "he_IL.UTF-8"} & set(locales):
        pytest.skip("no Hebrew locale on this system")
    env = dict(private_folders(), LANG="he_IL.UTF-8", LANGUAGE="he")
    app = RayPets(build.binary, build.artifacts, env=env)
    try:
        app.click("My pets")
        app.choose_row("Whiskers")
        app.wait_title("Whiskers")
        app.keys("alt+Left")
        time.sleep(0.5)  # as the root page's check above: a Back would have come by now
        app.wait_title("Whiskers")
        app.keys("alt+Right")
        app.wait_title("My pets")
        app.keys("alt+Right")
        app.wait_title("RayPets")
        app.keys("alt+Left")  # Forward, right to left
        app.wait_title("My pets")
        app.keys("alt+Left")
        app.wait_title("Whiskers")
    finally:
        app.quit()
