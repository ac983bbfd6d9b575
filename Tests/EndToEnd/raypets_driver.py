"""Drive the real raypets binary through AT-SPI, as a screen reader or a user would.

Run under scripts/with-display (private Xvfb + session bus); see ../shared/TESTING-GTK.md.
Pages are told apart by the window titles (the app sets each window's title to the visible
page's title; a dialog's accessible name is its flow's, see window_title) and by the labels on
the page, never by widget presence: every GtkStack page is always in the accessibility tree.
After every user action the driver runs the accessibility check of a11y_check.py (see
checked_action; E2E_A11Y=fail, report or off).
"""
import atexit
import os
import re
import select
import shutil
import sys
import tempfile
import subprocess
import time

import pyatspi

# The driver's parts, named here too for the scripts and tests that import them from this module.
from driver_a11y import (A11Y_MODE, A11Y_REPORTED, A11Y_STATS, A11Y_STEADY, A11Y_TIMEOUT,  # noqa: F401
                         A11yFindings, AccessibilityChecks, checked_action)
from driver_input import MODIFIER_KEYS, ON_WAYLAND, NeedsX11, press_function_key  # noqa: F401
from driver_tree import (DriverError, Reader, VisibleTree, all_tabs, children_of, has_state, name_of, page_title,  # noqa: F401
                         role_name, role_of, selected_tabs, still_in_tree, visible_nodes, visible_tree,
                         wait_for, walk, window_pattern, window_title)

Role = pyatspi.ROLE_FRAME

# Every folder a test makes with tempfile (the app's private config, data and state) goes
# inside one folder for this process, removed when it exits: a run leaves nothing behind.
_run = os.environ.get("RAYPETS_TEST_RUN")
tempfile.tempdir = tempfile.mkdtemp(prefix="raypets-e2e." + (f"r{_run}." if _run else ""))
atexit.register(shutil.rmtree, tempfile.tempdir, ignore_errors=True)

ALERT_HEADINGS = ("Discard changes?", "Discard answers?")

# The application's name on the accessibility bus: GTK names it after its executable, raypets
# or the test app (raypets-test-app, started by tests that send commands).
APP_NAMES = ("raypets", "raypets-test-app")


# GTK Inspector's window, as AT-SPI names it (its type: the window has no title of its own).
INSPECTOR = "GtkInspectorWindow"


class RayPets(AccessibilityChecks):
    """One running raypets process."""

    def __init__(self, binary, artifacts, env=None, args=(), commands=False, umask=None):
        """Starts `binary` with `args`. With `commands`, `binary` is the test app
        (`raypets-test-app`, Tests/TestApp: what raypets runs, plus commands read from stdin):
        `command()` then changes the records as another program would. With `umask`, the app
        starts with that umask (as a process started by a careless parent would)."""
        self.artifacts = artifacts
        os.makedirs(artifacts, exist_ok=True)
        env = dict(env or {})
        # A private state folder unless the test shares one: a run must not restore another's pages.
        env.setdefault("XDG_STATE_HOME", tempfile.mkdtemp(prefix="raypets-e2e-state."))
        env.setdefault("XDG_DATA_HOME", tempfile.mkdtemp(prefix="raypets-e2e-data."))
        self.data = env["XDG_DATA_HOME"]
        self._in_action, self._a11y_pending, self._a11y_paused = False, None, 0
        full_env = dict(os.environ, GSK_RENDERER="cairo", **env)
        self.log = open(os.path.join(artifacts, "app.log"), "ab")
        self.log_start = self.log.tell()
        self.process = subprocess.Popen([binary, *args], env=full_env, stderr=self.log,
                                        stdout=subprocess.PIPE if commands else self.log,
                                        stdin=subprocess.PIPE if commands else None, bufsize=0,
                                        preexec_fn=None if umask is None else (lambda: os.umask(umask)))
        try:
            self.app = wait_for(self._find_app, "the raypets application on the accessibility bus")
            wait_for(lambda: self.main_window(), "the main window")
        except Exception:
            # A start that hangs (or shows no window) leaves no process behind for the next test.
            if self.process.poll() is None:
                self.process.kill()
                self.process.wait()
            self.log.close()
            raise

    def _find_app(self):
        if self.process.poll() is not None:
            self.log.flush()
            with open(os.path.join(self.artifacts, "app.log"), errors="replace") as log:
                raise DriverError(f"raypets exited with status {self.process.returncode}:\n{log.read()[-2000:]}")
        desktop = pyatspi.Registry.getDesktop(0)
        for index in range(desktop.childCount):
            app = desktop.getChildAtIndex(index)
            # Match by process: a raypets that just quit can linger on the bus for a moment.
            if app is not None and app.name in APP_NAMES and app.get_process_id() == self.process.pid:
                return app
        return None

    def __enter__(self):
        return self

    def __exit__(self, kind, *_):
        self.quit(check=kind is None)

    @checked_action
    def activate(self, node):
        """Activates `node` (a menu item, a button found by other means) with its "click" action,
        or its first one, as a click on it would."""
        action = node.queryAction()
        names = [action.getName(i) for i in range(action.nActions)]
        action.doAction(names.index("click") if "click" in names else 0)

    @checked_action
    def command(self, line, timeout=10):
        """Sends a command line to the test app (see TestCommands); returns its reply (`saved ...`)."""
        self.process.stdin.write((line + "\n").encode())
        deadline = time.monotonic() + timeout
        reply = b""
        while not reply.endswith(b"\n"):
            ready, _, _ = select.select([self.process.stdout], [], [], max(0.0, deadline - time.monotonic()))
            if not ready:
                raise DriverError(f"no reply to '{line}' within {timeout} s")
            reply += os.read(self.process.stdout.fileno(), 1)
        text = reply.decode().strip()
        if not text.startswith("saved "):
            raise DriverError(f"'{line}' failed: {text}")
        return text

    def stderr(self):
        """What the app has written to stderr (and GLib's log) since it started."""
        self.log.flush()
        with open(os.path.join(self.artifacts, "app.log"), "rb") as log:
            log.seek(self.log_start)
            return log.read().decode(errors="replace")

    @checked_action
    def type_text(self, text, window=None):
        """Types `text` into the focused field, key by key."""
        self.keys(window=window)  # focuses the window as `keys` does
        subprocess.run(["xdotool", "type", "--delay", "40", text], check=True, timeout=20)

    def type_code_point(self, code_point, window=None):
        """Types the character `code_point` as a GNOME user types one the keyboard lacks:
        Ctrl+Shift+U, its hex digits, Space (GTK's own input method). `xdotool type` maps such
        a character onto a spare key for a moment, and GTK under load read the key before the
        new map (seen on Debian 13: a zero-width space never arrived)."""
        self.keys("ctrl+shift+u", *f"{code_point:x}", "space", window=window)

    def is_sensitive(self, name, window=None):
        """Whether the visible button `name` can be pressed."""
        button = wait_for(lambda: self.buttons(window, name), f"a visible '{name}' button")[0]
        return has_state(button, pyatspi.STATE_SENSITIVE)

    def frames(self):
        """The app's windows, GTK Inspector's aside (`inspector()`)."""
        frames = [self.app.getChildAtIndex(i) for i in range(self.app.childCount)]
        return [f for f in frames if name_of(f) != INSPECTOR]

    def inspector(self):
        """GTK Inspector's window (GTK_DEBUG=interactive), if it is open."""
        frames = [self.app.getChildAtIndex(i) for i in range(self.app.childCount)]
        return next((f for f in frames if name_of(f) == INSPECTOR), None)

    def main_window(self):
        frames = [f for f in self.frames() if f is not None and not f.getState().contains(pyatspi.STATE_MODAL)]
        return frames[0] if frames else None

    def cards(self, roles=(pyatspi.ROLE_DIALOG, pyatspi.ROLE_ALERT)):
        """The dialogs and alerts open inside the app's windows (a ModalLayer's cards: the
        window's child's children, over its content), newest last. A card that went (defunct)
        is none."""
        found = []
        for frame in self.frames():
            for layer in children_of(frame):
                for node in children_of(layer):
                    try:
                        if node.getRole() in roles and not node.getState().contains(pyatspi.STATE_DEFUNCT):
                            found.append(node)
                    except Exception:
                        continue  # gone while read
        return found

    def dialog(self):
        """The open dialog: a card with the dialog role inside a window (not an alert: GTK 4.8
        gives an alert dialog AT-SPI's dialog role too, so an alert is told by its heading),
        else a modal window (GTK's own, as the About dialog)."""
        cards = [c for c in self.cards((pyatspi.ROLE_DIALOG,)) if name_of(c) not in ALERT_HEADINGS]
        if cards:
            return cards[-1]
        for frame in reversed(self.frames()):
            try:
                state = frame.getState() if frame is not None else None
            except Exception:
                continue  # gone while read
            if state is not None and state.contains(pyatspi.STATE_MODAL) and not state.contains(pyatspi.STATE_DEFUNCT):
                return frame
        return None

    def frame_of(self, node):
        """The window `node` is in (itself for a window)."""
        while node is not None:
            try:
                parent = node.parent
                if parent is None or parent.getRole() == pyatspi.ROLE_APPLICATION:
                    return node
            except Exception:
                return node
            node = parent
        return node

    def active_window(self):
        return self.dialog() or self.main_window()

    def title(self, window=None):
        window = window or self.main_window()
        return window_title(window) if window else None

    def buttons(self, window=None, name=None):
        window = window or self.active_window()
        roles = (pyatspi.ROLE_PUSH_BUTTON, pyatspi.ROLE_TOGGLE_BUTTON)
        found = [n for n in visible_nodes(window) if role_of(n) in roles]
        if name is not None:
            found = [n for n in found if n.name == name]
        return found

    def labels(self, window=None):
        window = window or self.active_window()
        result = []
        # A notice is a status (GTK's role, a status bar to AT-SPI), a field's error an alert
        # (a notification): both are labels a person reads.
        for node in visible_nodes(window):
            if role_of(node) in (pyatspi.ROLE_LABEL, pyatspi.ROLE_STATUS_BAR, pyatspi.ROLE_NOTIFICATION,
                                 pyatspi.ROLE_ALERT):
                try:
                    text = node.queryText()
                    result.append(text.getText(0, text.characterCount))
                except Exception:
                    pass  # freed while reading
        return result

    @checked_action
    def click(self, name, window=None):
        """Presses the visible button called `name` in the active window (or `window`)."""
        buttons = wait_for(lambda: self.buttons(window, name), f"a visible '{name}' button")
        for button in buttons:  # a GtkMenuButton is a named wrapper around a named button
            action = button.queryAction()
            for index in range(action.nActions):
                if action.getName(index) == "click":
                    action.doAction(index)
                    return
        raise DriverError(f"button '{name}' has no click action")

    def focused(self, window=None):
        """The name and role of the accessible that has the keyboard focus."""
        for node in walk(window or self.active_window()):
            if has_state(node, pyatspi.STATE_FOCUSED):
                return (role_name(node), node.name)
        return None

    @checked_action
    def select_tab(self, name):
        """Switches tabs through the header bar's switcher, as a click on it would."""
        window = self.main_window()
        switcher = wait_for(
            lambda: next((n for n in walk(window) if role_of(n) == pyatspi.ROLE_PAGE_TAB_LIST), None),
            "the tab switcher")
        names = [switcher.getChildAtIndex(i).name for i in range(switcher.childCount)]
        if name not in names:
            raise DriverError(f"no tab '{name}' (tabs: {names})")
        switcher.querySelection().selectChild(names.index(name))
        wait_for(lambda: name in selected_tabs(self.main_window()), f"tab '{name}' to be selected")

    def rows(self, window=None):
        """The names of the visible list rows."""
        window = window or self.active_window()
        rows = (name_of(n) for n in visible_nodes(window) if role_of(n) == pyatspi.ROLE_LIST_ITEM)
        return [name for name in rows if name is not None]

    @checked_action
    def keys(self, *keys, window=None):
        """Types keys into the active window (or `window`), as a user at the keyboard does."""
        if ON_WAYLAND:
            raise NeedsX11(f"keys {keys}: no way to synthesize keys on this Wayland session")
        title = window_title(self.frame_of(window or self.active_window()))
        pattern = window_pattern(title)
        time.sleep(0.3)  # GTK ignores keys for a moment after a window maps or a page slides
        for attempt in range(3):  # a window that is mapping can refuse focus once
            done = subprocess.run(["xdotool", "search", "--onlyvisible", "--name", pattern, "windowfocus", "--sync"],
                                  capture_output=True, text=True, timeout=10)
            if done.returncode == 0:
                break
            time.sleep(0.3)
        else:
            raise DriverError(f"xdotool could not focus '{title}': {done.stderr.strip()}")
        # Typed through XTEST into the focused window, as a keyboard does. (The keys may close
        # the window, so this is a separate command.)
        # A function key by keycodes (press_function_key); the rest through xdotool.
        for index, key in enumerate(keys):
            if index:
                time.sleep(0.06)
            if re.fullmatch(r"((shift|ctrl|alt|super)\+)*F[0-9]+", key, re.IGNORECASE):
                press_function_key(key)
            else:
                subprocess.run(["xdotool", "key", key], check=True, timeout=10)

    @checked_action
    def choose_row(self, name, window=None):
        """Chooses the list row called `name` with the keyboard: Tab to the list if the focus
        is elsewhere, then Home, Down..., Enter.
        (GTK 4.8 gives list rows no AT-SPI action.)"""
        self.focus_row(name, window)
        self.keys("Return", window=window)

    @checked_action
    def focus_row(self, name, window=None):
        """Puts the keyboard focus on the list row called `name`: Tab to the list if the focus
        is elsewhere, then Home, Down..."""
        window = window or self.active_window()
        rows = wait_for(lambda: self.rows(window), "list rows")
        matches = [i for i, row in enumerate(rows) if row == name or row.startswith(name + ",")]
        if not matches:
            raise DriverError(f"no row '{name}' in {rows}")
        time.sleep(0.4)  # the page slides in and focuses its first row
        for _ in range(12):  # on a page whose first control is a button, Tab to the list
            focused = self.focused(window)
            if focused and focused[0] == "list item":
                break
            self.keys("Tab", window=window)
        self.keys("Home", *(["Down"] * matches[0]), window=window)
        wait_for(lambda: (self.focused(window) or ("", ""))[1] == rows[matches[0]], f"the focus on the row '{name}'")

    def menu_item(self, name, index):
        """The shown menu item called `name`, which is item `index` of its menu, or None.
        GTK 4.18 exposes no name or text for a popover menu's items (traced: each is a nameless
        menu item labelled by a nameless panel; only its keyshortcuts attribute is there), so
        where no shown item has a name, the item at `index` is the one."""
        items = [n for frame in self.frames() if frame is not None for n in walk(frame)
                 if role_of(n) == pyatspi.ROLE_MENU_ITEM and has_state(n, pyatspi.STATE_VISIBLE)]
        named = [n for n in items if n.name == name]
        if named:
            return named[0]
        if items and not any(n.name for n in items) and index < len(items):
            return items[index]
        return None

    def toolkit_version(self):
        """The GTK version the app runs with, as (major, minor), from the accessibility bus."""
        return tuple(int(part) for part in self.app.toolkitVersion.split(".")[:2])

    def pointer_can_aim(self):
        """Whether AT-SPI's extents are where GTK draws, so that a real click (xdotool) can aim
        at a control. GTK 4.8 (tested) and 4.14.5 (measured by others) report them true; GTK
        4.18 leaves out every ancestor's CSS padding and border (measured here: My pets
        reported at (109, 332), drawn at (143, 366)), and AT-SPI's hit test agrees with those
        extents, so the driver cannot find the real place. Tests then use the keyboard."""
        return self.toolkit_version() < (4, 15)

    def frame_named(self, name):
        """The top-level window called `name`, if it is open."""
        return next((f for f in self.frames() if f is not None and f.name == name), None)

    @checked_action
    def mouse_back(self, window=None):
        """Presses the mouse's back button (button 8) over the active window (or `window`)."""
        self._mouse_button(8, window)

    @checked_action
    def mouse_forward(self, window=None):
        """Presses the mouse's forward button (button 9) over the active window (or `window`)."""
        self._mouse_button(9, window)

    def _mouse_button(self, button, window):
        if ON_WAYLAND:
            raise NeedsX11("the mouse's side buttons are synthesized with xdotool")
        title = window_title(self.frame_of(window or self.active_window()))
        pattern = window_pattern(title)
        subprocess.run(["xdotool", "search", "--onlyvisible", "--name", pattern, "windowfocus", "--sync",
                        "mousemove", "--window", "%1", "200", "300", "click", str(button)], check=True, timeout=10)

    def pixel(self, x, y):
        """The screen's colour at (x, y) as (r, g, b), 0-255."""
        if ON_WAYLAND:
            raise NeedsX11("pixel reads use X11 screenshots of the root window")
        path = self.screenshot("pixel-probe.png")
        out = subprocess.run(["convert", path, "-crop", f"1x1+{x}+{y}", "-depth", "8", "txt:-"],
                             capture_output=True, text=True, check=True).stdout
        rgb = out.splitlines()[-1].split("(")[1].split(")")[0].split(",")[:3]
        return tuple(int(float(v)) for v in rgb)

    def unnamed_controls(self):
        """Every button, toggle, tab, list row and menu item in every window (shown or not)
        that has no accessible name."""
        roles = {pyatspi.ROLE_PUSH_BUTTON, pyatspi.ROLE_TOGGLE_BUTTON, pyatspi.ROLE_PAGE_TAB,
                 pyatspi.ROLE_LIST_ITEM, pyatspi.ROLE_MENU_ITEM, pyatspi.ROLE_CHECK_BOX, pyatspi.ROLE_RADIO_BUTTON}
        missing = []
        for frame in self.frames():
            for node in walk(frame):
                if role_of(node) in roles and not (node.name or "").strip() and still_in_tree(node):
                    missing.append(f"{frame.name}: {node.getRoleName()} under {node.parent.getRoleName()} "
                                   f"'{node.parent.name}'")
        return missing

    def wait_title(self, title, window=None, dialog=False):
        def current():
            win = self.dialog() if dialog else (window or self.main_window())
            return win is not None and window_title(win) == title
        wait_for(current, f"{'dialog' if dialog else 'window'} title '{title}'"
                 f" (now '{self.title(self.dialog() if dialog else self.main_window())}')")

    def alert(self, heading=None):
        """The open "Discard …?" alert, found by its heading (its name), if any."""
        for card in self.cards():  # the dialog role on GTK 4.8, alert on later versions
            if name_of(card) in ((heading,) if heading else ALERT_HEADINGS):
                return card
        return None

    def wait_alert(self, heading):
        return wait_for(lambda: self.alert(heading), f"the alert '{heading}'")

    def wait_no_alert(self):
        wait_for(lambda: self.alert() is None, "the alert to close")

    def discard(self, heading="Discard answers?"):
        """Answers the alert `heading` with Discard and waits for it to close."""
        self.click("Discard", window=self.wait_alert(heading))
        self.wait_no_alert()

    def focused_text(self, window=None):
        """The text of the focused text field (an entry's inner text) in `window`."""
        for node in walk(window or self.active_window()):
            if has_state(node, pyatspi.STATE_FOCUSED):
                try:
                    text = node.queryText()
                    return text.getText(0, text.characterCount)
                except Exception:
                    return None
        return None

    def caret(self, window=None):
        """The caret's offset in the focused text field of `window`, if one has the focus."""
        for node in walk(window or self.active_window()):
            if has_state(node, pyatspi.STATE_FOCUSED):
                try:
                    return node.queryText().caretOffset
                except Exception:
                    return None
        return None

    def wait_no_dialog(self):
        wait_for(lambda: self.dialog() is None, "the dialog to close")

    def screenshot(self, name):
        time.sleep(0.6)  # let the slide animation finish: titles change before it does
        path = os.path.join(self.artifacts, name.replace("/", "-"))
        if ON_WAYLAND:
            # weston --debug lets its screenshooter client capture the output; it writes
            # wayland-screenshot-<time>.png into its working folder.
            folder = tempfile.mkdtemp(prefix="raypets-shot.")
            subprocess.run(["weston-screenshooter"], cwd=folder, check=False, timeout=20)
            shots = sorted(os.listdir(folder))
            if shots:
                shutil.move(os.path.join(folder, shots[-1]), path)  # /tmp may be another file system
        else:
            subprocess.run(["import", "-window", "root", path], check=False)
        return path

    def dump_tree(self, name):
        with open(os.path.join(self.artifacts, name.replace("/", "-")), "w") as out:
            for frame in self.frames():
                for node in walk(frame):
                    try:
                        out.write(f"{node.getRoleName()}: {node.name!r}\n")
                    except Exception as error:
                        out.write(f"<gone: {error}>\n")

    def quit(self, check=True):
        """Stops the app; first runs the accessibility check the last action left, unless the
        test is failing already (an exception on its way: the check must not hide it) or
        `check` is False. Its findings are raised once the app has stopped."""
        findings = None
        if check and sys.exc_info()[1] is None:
            try:
                self.check_accessibility()
            except A11yFindings as error:
                findings = error
        self._a11y_pending = None
        if self.process.poll() is None:
            self.process.terminate()
            try:
                self.process.wait(timeout=5)
            except subprocess.TimeoutExpired:
                self.process.kill()
        self.log.close()
        if findings is not None:
            raise findings
