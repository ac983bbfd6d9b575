"""Starting and quitting: the welcome page once, Ctrl+W and Ctrl+Q, quitting mid-flow and
coming back to the same screen (and --fresh), the window's size kept, the German interface,
no session bus, and the dark style following the desktop."""
import os
import signal
import subprocess
import tempfile
import time

import pytest

from e2e_helpers import (check_german_ui, config_dir, edit_rex_unsaved, launch, open_appointment, private_folders,
                         quit_app, resize, window_size)
from raypets_driver import RayPets, wait_for


def test_welcome_then_tabs_then_straight_to_tabs(build):
    config = config_dir(welcome_done=False)
    app = launch(build, config)
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
    app = launch(build, config)
    try:
        app.wait_title("RayPets")
    finally:
        app.quit()


def test_ctrl_w_closes_and_ctrl_q_quits(build):
    for key in ("ctrl+w", "ctrl+q"):
        app = launch(build, config_dir(welcome_done=True))
        try:
            app.wait_title("RayPets")
            app.keys(key)
            wait_for(lambda: app.process.poll() is not None, f"raypets to exit after {key}")
            assert app.process.returncode == 0, app.process.returncode
        finally:
            app.quit()


def test_quit_with_the_dialog_open(build):
    app = launch(build, config_dir(welcome_done=True))
    try:
        open_appointment(app)
        app.keys("ctrl+q")
        wait_for(lambda: app.process.poll() is not None, "raypets to quit from the dialog")
        assert app.process.returncode == 0, app.process.returncode
    finally:
        app.quit()


@pytest.mark.wayland
def test_quit_mid_flow_and_relaunch_restores_the_screen(build):
    config, state = config_dir(welcome_done=True), tempfile.mkdtemp(prefix="raypets-e2e-state.")
    env = {"XDG_CONFIG_HOME": config, "XDG_STATE_HOME": state}
    app = RayPets(build.binary, build.artifacts, env=env)
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
    app = RayPets(build.binary, build.artifacts, env=env)
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
    app = RayPets(build.binary, build.artifacts, env=env, args=["--fresh"])
    try:
        app.wait_title("RayPets")
        time.sleep(0.5)
        assert app.dialog() is None, "--fresh must not restore the dialog"
        app.select_tab("Learn")
        app.wait_title("Learn")  # --fresh: every tab at its root
    finally:
        app.quit()


def test_the_window_comes_back_at_its_size(build):
    """Issue 33: a new user's first window opens at the default size; after a resize and
    Ctrl+Q the next start opens at the size it was closed at, on the page it was on."""
    env = private_folders()
    app = RayPets(build.binary, build.artifacts, env=env)
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
    app = RayPets(build.binary, build.artifacts, env=env)
    try:
        app.wait_title("My pets")
        wait_for(lambda: window_size(app) == (900, 650), f"the window back at 900 x 650 (it is {window_size(app)})")
        app.screenshot("window-size-restored.png")
    finally:
        app.quit()


def test_german_ui(build):
    check_german_ui(build)


def test_runs_without_a_session_bus(build):
    # Its own records and state as well as settings: the app saves where it was when it quits.
    env = dict(os.environ, **private_folders(), GSK_RENDERER="cairo", DBUS_SESSION_BUS_ADDRESS="unix:path=/nonexistent")
    process = subprocess.Popen([build.binary], env=env, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    try:
        wait_for(lambda: subprocess.run(["xdotool", "search", "--pid", str(process.pid), "--name", "^RayPets$"],
                                        capture_output=True).returncode == 0, "a RayPets window with no bus")
        assert process.poll() is None, "raypets exited without a session bus"
    finally:
        process.terminate()
        process.wait(timeout=5)


def test_dark_style_follows_the_desktop(build):
    portal = subprocess.Popen(["/usr/bin/python3", os.path.join(os.path.dirname(__file__), "fake_portal.py"), "1"],
                              stdout=subprocess.PIPE, text=True)
    try:
        assert portal.stdout.readline().strip() == "portal ready"
        app = launch(build, config_dir(welcome_done=True))
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


def test_round_3_row_4_the_display_lost_with_an_unsaved_editor(build):
    """round 3, row 4 (issue 57): the X server ends while the editor holds unsaved changes
    (its own private Xvfb, killed at once after the typing): the app writes its state before
    it ends, and the next start (on another display) shows the editor with what was typed."""
    if os.environ.get("WAYLAND_DISPLAY") and not os.environ.get("DISPLAY"):
        pytest.skip("an X11 test: it kills its own X server")
    read, write = os.pipe()
    xvfb = subprocess.Popen(["Xvfb", "-displayfd", str(write), "-screen", "0", "1280x800x24", "-nolisten", "tcp",
                             "-noreset"], pass_fds=[write], stderr=subprocess.DEVNULL)
    os.close(write)
    with os.fdopen(read) as pipe:
        number = pipe.readline().strip()
    env = private_folders()
    display = os.environ["DISPLAY"]
    os.environ["DISPLAY"] = f":{number}"  # the driver's xdotool and the app both use this one
    try:
        app = RayPets(build.binary, build.artifacts, env=env)
        try:
            app.click("My pets")
            app.wait_title("My pets")
            app.choose_row("Rex")
            app.wait_title("Rex")
            app.click("Edit")
            app.wait_title("Edit Rex")
            app.keys("ctrl+a")
            app.type_text("Rexy")
            wait_for(lambda: app.is_sensitive("Save"), "the change taken in")
            app.forget_pending_check()
            xvfb.kill()
            wait_for(lambda: app.process.poll() is not None, "raypets to end with its display")
            assert "lost the connection to the display" in app.stderr(), app.stderr()
        finally:
            app.quit(check=False)
    finally:
        xvfb.kill()
        xvfb.wait()
        os.environ["DISPLAY"] = display
    app = RayPets(build.binary, build.artifacts, env=env)
    try:
        app.wait_title("Edit Rex")
        wait_for(lambda: app.focused_text() == "Rexy", "the typed name, with the cursor in it")
    finally:
        app.quit()


def test_round_3_row_4_after_a_sigkill_the_next_start_is_at_most_a_second_behind(build):
    """round 3, row 4 (issue 57): after any sudden end (here SIGKILL, which no handler sees)
    the next start is at most a second behind: the state, drafts included, is written at the
    next of the app's once-a-second looks after a change (the test allows two seconds, for a
    loaded machine, and prints what it saw)."""
    env = private_folders()
    state = os.path.join(env["XDG_STATE_HOME"], "raypets", "navigation")
    app = RayPets(build.binary, build.artifacts, env=env)
    try:
        edit_rex_unsaved(app)
        typed = time.monotonic()
        wait_for(lambda: os.path.exists(state) and "draft-name=Rexy" in open(state).read(), "the draft saved",
                 timeout=3)
        behind = time.monotonic() - typed
        print(f"  the draft was in the state file {behind:.2f} s after the last key")
        assert behind < 2.0, f"the state file was {behind:.1f} s behind"
        app.forget_pending_check()
        app.process.kill()
        app.process.wait()
    finally:
        app.quit(check=False)
    app = RayPets(build.binary, build.artifacts, env=env)
    try:
        app.wait_title("Edit Rex")
        wait_for(lambda: app.focused_text() == "Rexy", "the typed name, with the cursor in it")
    finally:
        app.quit()
