"""Leaving typed work: the editor and the appointment dialog ask before discarding, on every
way back (Back's history menu too); typing goes on where the cursor was; a quit of any kind
keeps the editor's draft."""
import os
import signal
import subprocess
import time

import pyatspi

from e2e_helpers import (edit_rex_unsaved, open_appointment, open_pet_page, private_folders, resize, shown_windows,
                         started)
from raypets_driver import RayPets, has_state, wait_for


def test_editor_asks_before_discarding_on_every_way_back(build):
    with started(build) as app:
        edit_rex_unsaved(app)
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


def test_back_history_menu(build):
    """Back's history, as libadwaita's Back button has it: on a pet's editor (Home > My pets >
    Rex > Edit) with a changed name, the Back button's menu (a right click, or Shift+F10 where
    the driver cannot aim a click) offers Rex, My pets and RayPets (Home's title), newest first. Choosing Home asks
    *Discard changes?* once; Keep editing leaves the editor as it was. Then the same by keyboard:
    Shift+Tab to Back, Shift+F10, Down to Home, Enter, Tab to Discard, Enter: Home, in one step."""
    with started(build) as app:
        edit_rex_unsaved(app)
        window = app.main_window()
        history = ["Rex", "My pets", "RayPets"]  # Home's title is the app's name

        def menu():
            return [app.menu_item(name, index) for index, name in enumerate(history)]

        if app.pointer_can_aim():
            back = wait_for(lambda: app.buttons(window, "Back"), "the Back button")[0]
            extents = back.queryComponent().getExtents(pyatspi.WINDOW_COORDS)
            xid = shown_windows(app, "Edit Rex")[0]
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


def test_typing_after_keep_editing_goes_on_where_the_cursor_was(build):
    """Typed as a person types: part of a name, Alt+Left, Keep editing, the rest. The field holds
    the whole name: focus came back with the cursor where it was, not with the text selected.
    The same after the window is made narrower than the split and wider again."""
    with started(build) as app:
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


def test_appointment_request_asks_before_discarding_the_answers(build):
    with started(build) as app:
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


def test_quit_keeps_the_editors_draft(build):
    # A logout or `kill` (SIGTERM), Ctrl+C in a terminal (SIGINT) and a closed terminal (SIGHUP)
    # quit as Ctrl+Q does.
    # The signals again a few times, at once after typing and a moment later: every draft kept.
    delays = {"SIGTERM": [0.0, 0.05, 0.2], "SIGINT": [0.0], "SIGHUP": [0.1]}
    for way, delay in [("ctrl+q", 0), ("close button", 0)] + [(w, d) for w, ds in delays.items() for d in ds]:
        env = private_folders()
        app = RayPets(build.binary, build.artifacts, env=env)
        try:
            edit_rex_unsaved(app)
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
        app = RayPets(build.binary, build.artifacts, env=env)
        try:
            app.wait_title("Edit Rex")  # the editor is back ...
            wait_for(lambda: app.focused_text() == "Rexy", f"the typed name, with the cursor in it ({way})")
            app.keys("ctrl+q")
            wait_for(lambda: app.process.poll() is not None, "raypets to quit again")
        finally:
            app.quit()
        app = RayPets(build.binary, build.artifacts, env=env, args=["--fresh"])
        try:
            app.wait_title("RayPets")
            wait_for(lambda: "discarding the unsaved draft of \"Rexy\"" in app.stderr(), "--fresh saying so")
        finally:
            app.quit()


def test_round_3_row_6_sigpipe_is_ignored(build):
    """round 3, row 6 (issue 57): SIGPIPE, which a write to a pipe whose reader went raises
    (on Wayland, an app that stops reading a paste of what RayPets copied, as readers may), is
    ignored: the app goes on with its unsaved editor, then quits in order as ever."""
    env = private_folders()
    app = RayPets(build.binary, build.artifacts, env=env)
    try:
        edit_rex_unsaved(app)
        wait_for(lambda: app.is_sensitive("Save"), "the change taken in")
        app.process.send_signal(signal.SIGPIPE)
        # A round trip through the app's main loop: the signal was delivered before it answers.
        assert app.is_sensitive("Save"), "the editor is gone after SIGPIPE"
        assert app.process.poll() is None, f"SIGPIPE ended the app: exit status {app.process.returncode}"
    finally:
        app.quit()
    assert app.process.returncode == 0, f"exit status {app.process.returncode} after SIGPIPE"


def test_round_3_rows_6_and_7_other_signals_quit_in_order(build):
    """round 3, rows 6 and 7 (issue 57): SIGUSR1, SIGALRM and SIGQUIT, each sent with an
    unsaved editor, end the app as SIGTERM does: exit status 0, the draft in the state file, and
    no crash report (SIGQUIT was taken for a crash, with a backtrace). One signal of each way the
    app takes them: GLib's watch (SIGUSR1; SIGUSR2 is the same call), the handler that raises
    SIGTERM (SIGALRM; SIGVTALRM and the others are the same table), and SIGQUIT, whose handler
    replaces the Swift runtime's."""
    for way in ["SIGUSR1", "SIGALRM", "SIGQUIT"]:
        env = private_folders()
        app = RayPets(build.binary, build.artifacts, env=env)
        try:
            edit_rex_unsaved(app)
            wait_for(lambda: app.is_sensitive("Save"), "the change taken in")
            app.process.send_signal(getattr(signal, way))
            wait_for(lambda: app.process.poll() is not None, f"raypets to quit ({way})")
            assert app.process.returncode == 0, f"{way}: exit status {app.process.returncode}, not an orderly quit"
            assert "crashed" not in app.stderr(), f"{way}: {app.stderr()}"
        finally:
            app.quit()
        with open(os.path.join(env["XDG_STATE_HOME"], "raypets", "navigation")) as file:
            assert "draft-name=Rexy" in file.read(), f"{way}: no draft in the state"
