"""Leaving typed work loses nothing and asks nothing: Back keeps the editor and Forward (Alt+Right,
the mouse's forward button, the toast's Undo) brings it back with its caret; a dropped editor's
changes are offered again, across a restart; the appointment dialog's Cancel keeps its answers;
a quit of any kind keeps the editor's draft."""
import os
import signal
import subprocess
import time

import pyatspi

from e2e_helpers import (edit_rex_unsaved, open_appointment, open_pet_page, private_folders, resize, shown_windows,
                         started)
from raypets_driver import RayPets, has_state, wait_for


def test_back_keeps_the_editor_and_forward_brings_it_back(build):
    """Issue 58: Rex, Edit, "Rexy" typed with the caret after "Re", then Back by Alt+Left, by the
    mouse's back button and by the Back button: no question, a toast says the changes were kept,
    and Alt+Right, the mouse's forward button and the toast's *Undo* (clicked, or Ctrl+Z) each
    bring the editor back
    with its text, the caret where it was, and a typed key landing there."""
    with started(build) as app:
        edit_rex_unsaved(app)
        window = app.main_window()
        app.keys("Left", "Left", window=window)
        text, caret = "Rexy", 2
        wait_for(lambda: app.caret(app.main_window()) == caret, f"the caret after 'Re' ({app.caret(window)})")
        ways = [("Alt+Left, Alt+Right", lambda: app.keys("alt+Left", window=app.main_window()),
                 lambda: app.keys("alt+Right", window=app.main_window()))]
        if app.pointer_can_aim():
            ways.append(("the mouse's back and forward buttons", lambda: app.mouse_back(window=app.main_window()),
                         lambda: app.mouse_forward(window=app.main_window())))
        ways.append(("the Back button, the toast's Undo", lambda: app.click("Back", window=app.main_window()),
                     lambda: app.click("Undo", window=app.main_window())))
        ways.append(("Alt+Left, the toast's Ctrl+Z", lambda: app.keys("alt+Left", window=app.main_window()),
                     lambda: app.keys("ctrl+z", window=app.main_window())))
        for way, leave, come_back in ways:
            leave()
            app.wait_title("Rex")
            wait_for(lambda: "Changes to Rex kept" in app.labels(app.main_window()), f"{way}: the toast")
            assert app.alert() is None, f"{way}: a question"
            if way.startswith("the Back button"):
                app.screenshot("changes-kept-toast.png")
            come_back()
            app.wait_title("Edit Rex")
            wait_for(lambda: app.focused_text(app.main_window()) == text and app.caret(app.main_window()) == caret,
                     f"{way}: {text!r} with the caret at {caret} (it reads {app.focused_text(app.main_window())!r}, "
                     f"caret {app.caret(app.main_window())})")
            app.type_text("x", window=app.main_window())
            text, caret = text[:caret] + "x" + text[caret:], caret + 1
            wait_for(lambda: app.focused_text(app.main_window()) == text, f"{way}: the key typed made {text!r}")
        assert app.alert() is None


def test_a_dropped_editors_changes_are_offered_again_after_a_restart(build):
    """Issue 58: Back keeps Rex's editor; a new page (another pet) drops it, and its changes wait
    for Rex's next editor, across a restart: it opens with "Rexy" and says so, and *Discard
    changes* there (no question) gives back the saved name."""
    env = private_folders()
    app = RayPets(build.binary, build.artifacts, env=env)
    try:
        edit_rex_unsaved(app)
        app.keys("alt+Left", window=app.main_window())
        app.wait_title("Rex")
        app.keys("alt+Left", window=app.main_window())
        app.wait_title("My pets")
        app.choose_row("Whiskers")  # a new page: Rex's kept pages go
        app.wait_title("Whiskers")
        app.keys("alt+Right", window=app.main_window())  # nothing ahead any more
        app.keys("ctrl+q")
        wait_for(lambda: app.process.poll() is not None, "raypets to quit")
    finally:
        app.quit()
    app = RayPets(build.binary, build.artifacts, env=env)
    try:
        app.wait_title("Whiskers")
        app.keys("alt+Left", window=app.main_window())
        app.wait_title("My pets")
        app.choose_row("Rex")
        app.wait_title("Rex")
        app.click("Edit")
        app.wait_title("Edit Rex")
        wait_for(lambda: app.focused_text(app.main_window()) == "Rexy", "the kept name, offered")
        wait_for(lambda: "These are the changes you made before, not yet saved." in app.labels(app.main_window()),
                 "the editor saying so")
        app.click("Discard changes", window=app.main_window())
        wait_for(lambda: app.focused_text(app.main_window()) == "Rex", "the saved name back")
        assert app.alert() is None, "a question"
        app.keys("alt+Left", window=app.main_window())
        app.wait_title("Rex")
        wait_for(lambda: "Changes to Rex kept" not in app.labels(app.main_window()), "no changes left to keep")
    finally:
        app.quit()


def test_back_history_menu(build):
    """Back's history, as libadwaita's Back button has it: on a pet's editor (Home > My pets >
    Rex > Edit) with a changed name, the Back button's menu (a right click, or Shift+F10 where
    the driver cannot aim a click) offers Rex, My pets and RayPets (Home's title), newest first.
    Choosing Home goes there in one step, asking nothing; Alt+Right three times brings every
    page back, the editor with its name."""
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
        app.wait_title("RayPets")  # Home, in one step
        assert app.alert() is None, "a question"
        assert not app.buttons(app.main_window(), "Back"), "Home is the root: no Back"
        for title in ["My pets", "Rex", "Edit Rex"]:
            app.keys("alt+Right", window=app.main_window())
            app.wait_title(title)
        wait_for(lambda: app.focused_text(app.main_window()) == "Rexy", "the editor as it was")


def test_typing_after_forward_goes_on_where_the_cursor_was(build):
    """Typed as a person types: part of a name, Alt+Left, Alt+Right, the rest. The field holds
    the whole name: focus came back with the cursor where it was, not with the text selected.
    The same after the window is made narrower than the split and wider again."""
    with started(build) as app:
        open_pet_page(app, "Rex")
        app.click("Edit")
        app.wait_title("Edit Rex")
        app.keys("ctrl+a")
        app.type_text("Whisk")
        app.keys("alt+Left", window=app.main_window())
        app.wait_title("Rex")
        app.keys("alt+Right", window=app.main_window())
        app.wait_title("Edit Rex")
        app.type_text("ers", window=app.main_window())
        wait_for(lambda: app.focused_text(app.main_window()) == "Whiskers",
                 f"the name to read Whiskers (it reads {app.focused_text(app.main_window())!r})")
        resize(app, 600)
        resize(app, 1000)
        app.type_text(" Jr", window=app.main_window())
        wait_for(lambda: app.focused_text(app.main_window()) == "Whiskers Jr",
                 f"the name to read Whiskers Jr (it reads {app.focused_text(app.main_window())!r})")
        app.screenshot("typing-after-forward.png")


def test_appointment_request_keeps_the_answers(build):
    """Issue 58: leaving the dialog with an answer given asks nothing: Escape, Cancel, its close
    button and Ctrl+W each close it with a toast, and *Undo* opens it again on the same page."""
    with started(build) as app:
        open_appointment(app)  # the pet alone: one click, nothing to keep
        app.keys("Escape", window=app.dialog())
        app.wait_no_dialog()
        assert app.alert() is None
        assert "Appointment request kept" not in app.labels(app.main_window())
        open_appointment(app)
        app.click("Sick")  # one answer
        app.wait_title("Pain level", dialog=True)
        ways = [("Escape", lambda dialog: app.keys("Escape", window=dialog)),
                ("Cancel", lambda dialog: app.click("Cancel", window=dialog)),
                ("the close button", lambda dialog: app.click("Close", window=dialog)),
                ("Ctrl+W", lambda dialog: app.keys("ctrl+w", window=dialog))]
        for way, leave in ways:
            leave(app.dialog())
            app.wait_no_dialog()
            assert app.alert() is None, f"{way}: a question"
            wait_for(lambda: "Appointment request kept" in app.labels(app.main_window()), f"{way}: the toast")
            app.click("Undo", window=app.main_window())
            app.wait_title("Pain level", dialog=True)


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
