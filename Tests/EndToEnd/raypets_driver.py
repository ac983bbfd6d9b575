"""Drive the real raypets binary through AT-SPI, as a screen reader or a user would.

Run under scripts/with-display (private Xvfb + session bus); see ../shared/TESTING-GTK.md.
Pages are told apart by the window titles (the app sets each window's title to the visible
page's title; a dialog's accessible name is its flow's, see window_title) and by the labels on
the page, never by widget presence: every GtkStack page is always in the accessibility tree.
After every user action the driver runs the accessibility check of a11y_check.py (see
checked_action; E2E_A11Y=fail, report or off).
"""
import atexit
import contextlib
import functools
import os
import re
import select
import shutil
import sys
import tempfile
import subprocess
import time

import pyatspi

Role = pyatspi.ROLE_FRAME

# Every folder a test makes with tempfile (the app's private config, data and state) goes
# inside one folder for this process, removed when it exits: a run leaves nothing behind.
_run = os.environ.get("RAYPETS_TEST_RUN")
tempfile.tempdir = tempfile.mkdtemp(prefix="raypets-e2e." + (f"r{_run}." if _run else ""))
atexit.register(shutil.rmtree, tempfile.tempdir, ignore_errors=True)


class DriverError(AssertionError):
    pass


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


def wait_for(condition, what, timeout=8.0):
    """Polls condition() until it returns something truthy; fails naming `what`."""
    deadline = time.monotonic() + timeout
    last_error = None
    while time.monotonic() < deadline:
        try:
            value = condition()
            if value:
                return value
        except DriverError:
            raise
        except Exception as error:  # the tree changes under us while pages slide
            last_error = error
        time.sleep(0.05)
    raise DriverError(f"timed out waiting for {what}" + (f" (last error: {last_error})" if last_error else ""))


def walk(node):
    """Every accessible under node, depth first."""
    stack = [node]
    while stack:
        current = stack.pop()
        if current is None:
            continue
        yield current
        try:
            count = current.childCount
        except Exception:
            continue
        for index in range(count - 1, -1, -1):
            try:
                stack.append(current.getChildAtIndex(index))
            except Exception:
                pass


def role_of(node):
    """The node's role, or None for a node whose widget has just been freed (a page that
    left while the tree was being read: AT-SPI then says "The application no longer exists")."""
    try:
        return node.getRole()
    except Exception:
        return None


def name_of(node):
    """The node's name, or None for a node whose widget has just been freed (as role_of: a
    deleted pet's row, read while its list removes it)."""
    try:
        return node.name
    except Exception:
        return None


def role_name(node):
    """The node's role by the name AT-SPI 2.46 (Debian 12) gives it: 2.56 (Debian 13) calls
    ROLE_PUSH_BUTTON "button", the same role, so tests compare the role, not the words."""
    return "push button" if role_of(node) == pyatspi.ROLE_PUSH_BUTTON else node.getRoleName()


def still_in_tree(node):
    """Whether `node`'s parent still lists it. A page being torn down can leave a list item
    that its list no longer has (seen on GTK 4.18, about one run in five: a nameless list item
    under a list with no children, the pet picker's, read as its page went): no user can reach
    it, so it is not a control without a name."""
    try:
        parent = node.parent
        return any(parent.getChildAtIndex(i) == node for i in range(parent.childCount))
    except Exception:
        return False


def has_state(node, state):
    try:
        return node.getState().contains(state)
    except Exception:
        return False


def window_pattern(title):
    """An xdotool --name pattern (POSIX extended regex) matching exactly `title`."""
    return "^" + "".join("\\" + c if c in ".[]()*+?{}|^$\\" else c for c in title) + "$"


def selected_tabs(window):
    """Names of the selected tabs of every tab switcher (GtkStackSwitcher) in `window`."""
    names = set()
    for node in walk(window):
        if role_of(node) == pyatspi.ROLE_PAGE_TAB and has_state(node, pyatspi.STATE_SELECTED):
            names.add(node.name)
    return names


def all_tabs(window):
    return {node.name for node in walk(window) if role_of(node) == pyatspi.ROLE_PAGE_TAB}


def page_title(page):
    """A stack page's title, or None if the page went while it was read (a page that leaves, or
    a list row replaced, frees its accessible between two reads). The navigation hosts add
    their pages with a title, which names the stack page's accessible on every GTK version;
    GTK 4.8 names an untitled page "GtkStackPage" (4.18: ""), and then its root's name is used."""
    try:
        if page.name and page.name != "GtkStackPage":
            return page.name
        return page.getChildAtIndex(0).name if page.childCount else None
    except Exception:
        return None


class Reader:
    """Reads accessibles for one look at the app, each property at most once.

    Every property is a D-Bus call to the app (about 0.2 ms, more on a busy machine), and
    libatspi caches nothing without a main loop, so a walk that asks a node's role three times
    pays three times. A Reader remembers what it read; make a new one for each look, as the
    tree changes between looks. A node whose widget is freed while it is read (a page that
    leaves) reads as None (role, name) or as having no children: gone, not broken."""

    def __init__(self):
        self._roles, self._names, self._children, self._states = {}, {}, {}, {}

    def role(self, node):
        if node not in self._roles:
            self._roles[node] = role_of(node)
        return self._roles[node]

    def name(self, node):
        if node not in self._names:
            self._names[node] = name_of(node)
        return self._names[node]

    def children(self, node):
        if node not in self._children:
            try:
                found = [node.getChildAtIndex(i) for i in range(node.childCount)]
            except Exception:
                found = []  # freed while read
            self._children[node] = [c for c in found if c is not None]
        return self._children[node]

    def states(self, node):
        """The node's state set, or None if it went."""
        if node not in self._states:
            try:
                self._states[node] = node.getState()
            except Exception:
                self._states[node] = None
        return self._states[node]

    def has_state(self, node, state):
        states = self.states(node)
        return states is not None and states.contains(state)

    def page_title(self, page):
        """As page_title(), from what was read."""
        name = self.name(page)
        if name and name != "GtkStackPage":
            return name
        children = self.children(page)
        return self.name(children[0]) if children else None


def window_title(window, reader=None):
    """The title `window`'s header bar shows, which is also its X11 title (what xdotool finds
    it by). It is the window's accessible name, except for a navigation dialog since the
    library names it after its flow (GtkDialogHost.dialogName: "Schedule appointment") while
    its title follows the page shown in it ("Which pet?"): there it is the header bar's title
    label, the label outside the pages (and outside buttons and tabs) whose text is the title
    of one of the dialog's pages."""
    reader = reader or Reader()
    name = reader.name(window)
    if reader.role(window) != pyatspi.ROLE_DIALOG:
        return name
    # In tree order: the header bar's title comes before a tooltip's label (a tooltip shown
    # over Back names the page below, which is a page of the dialog too).
    titles, labels, stack = set(), [], [window]
    while stack:
        node = stack.pop()
        children = reader.children(node)
        for child in children:
            role = reader.role(child)
            if role == pyatspi.ROLE_PANEL and reader.name(child):
                titles.add(reader.page_title(child))  # a page: its title, not what is on it
        for child in reversed(children):
            role = reader.role(child)
            if role == pyatspi.ROLE_PANEL and reader.name(child):
                continue
            if role == pyatspi.ROLE_LABEL:
                stack.append(child)
            elif role not in (pyatspi.ROLE_PUSH_BUTTON, pyatspi.ROLE_TOGGLE_BUTTON, pyatspi.ROLE_PAGE_TAB,
                              pyatspi.ROLE_PAGE_TAB_LIST, pyatspi.ROLE_TOOL_TIP):
                stack.append(child)
        if node is not window and reader.role(node) == pyatspi.ROLE_LABEL:
            labels.append(reader.name(node))  # GTK names a label by its text
    if name in titles:
        return name
    return next((label for label in labels if label in titles), name)


class VisibleTree:
    """What visible_nodes() yields, with what was learnt finding it: each node's parent, which
    panels were taken for stack pages, which of them are shown because their title is the
    window's, and the tab switchers' tabs. `reader` holds every property read."""

    def __init__(self, window, title, nodes, parents, pages, shown_pages, tabs, selected, reader):
        self.window, self.title, self.nodes, self.parents = window, title, nodes, parents
        self.pages, self.shown_pages, self.tabs, self.selected, self.reader = pages, shown_pages, tabs, selected, reader


def visible_tree(window, reader=None):
    """The accessibles of `window` a user can see (see visible_nodes), read once each.

    The tabs that decide which tab page is shown are those of the switchers found in what is
    visible: a group of pages that might be a tab switcher's is looked into only once the
    rest of the visible tree (the header bar with its switcher) has been read. (A switcher in
    a hidden page does not count: its selection does not decide what is seen.)"""
    reader = reader or Reader()
    title = window_title(window, reader)
    tabs, selected = set(), set()
    kept = {}  # node -> its children that are visible
    pages, shown_pages = set(), set()
    stack, waiting = [window], []
    while stack or waiting:
        if not stack:
            # Every group of pages waits for the tabs: resolve them now, with the tabs known.
            for node, children, group in waiting:
                tab_pages = [c for c in children if c in group and reader.name(c) in tabs]
                if tab_pages:
                    children = [c for c in children if c not in tab_pages or reader.name(c) in selected]
                kept[node] = children
                pages.update(c for c in children if c in group)
                stack.extend(children)
            waiting = []
            continue
        current = stack.pop()
        if current in kept:
            continue
        role = reader.role(current)
        if role == pyatspi.ROLE_PAGE_TAB:
            tabs.add(reader.name(current))
            if reader.has_state(current, pyatspi.STATE_SELECTED):
                selected.add(reader.name(current))
        children = reader.children(current)
        group = [c for c in children if reader.role(c) == pyatspi.ROLE_PANEL and reader.name(c)]
        if group:
            shown = [p for p in group if reader.page_title(p) == title]
            if shown:
                children = [c for c in children if c not in group] + shown[-1:]
                group = shown[-1:]
                shown_pages.add(shown[-1])
            waiting.append((current, children, group))
            kept[current] = None  # decided once the tabs are known
            stack.extend(c for c in children if c not in group)
        else:
            kept[current] = children
            stack.extend(children)
    # In visible_nodes' order: depth first, children in the tree's order.
    nodes, parents, order = [], {window: None}, [window]
    while order:
        current = order.pop()
        nodes.append(current)
        children = kept.get(current) or []
        for child in children:
            parents.setdefault(child, current)
        order.extend(reversed(children))
    return VisibleTree(window, title, nodes, parents, pages, shown_pages, tabs, selected, reader)


def visible_nodes(window):
    """The accessibles of `window` a user can see.

    Every GtkStack page is in the tree, shown or not, and with the same states (GTK 4.8 says
    none is showing; 4.18 says a page still sliding out is), so:
    - a stack page (a panel with a title, or GTK 4.8's "GtkStackPage") is visible when its
      title matches the window title; if none of its siblings matches (a stack of sections,
      a split's other side), all are searched;
    - a titled stack page of a tab switcher is visible when its switcher button is selected.
    Read once each (visible_tree): a few hundred D-Bus calls, not thousands.
    """
    return iter(visible_tree(window).nodes)


ALERT_HEADINGS = ("Discard changes?", "Discard answers?")

# On Wayland (scripts/with-wayland: weston, no X11) AT-SPI reads the tree and presses buttons,
# but nothing can type: xdotool is X11-only, AT-SPI's key synthesis goes through XTEST, and
# Debian's weston has no virtual-keyboard or test protocol. Keys, typing, the mouse's back
# button and pixel reads are refused there with NeedsX11; list rows (no AT-SPI action in GTK
# 4.8) are chosen by keys, so tests choose rows by links on Wayland.
ON_WAYLAND = bool(os.environ.get("WAYLAND_DISPLAY")) and not os.environ.get("DISPLAY")


# The application's name on the accessibility bus: GTK names it after its executable, raypets
# or the test app (raypets-test-app, started by tests that send commands).
APP_NAMES = ("raypets", "raypets-test-app")


# GTK Inspector's window, as AT-SPI names it (its type: the window has no title of its own).
INSPECTOR = "GtkInspectorWindow"


class NeedsX11(DriverError):
    """An input this session cannot synthesize (see ON_WAYLAND)."""


# The accessibility check (a11y_check.py) after every user action: E2E_A11Y=fail (the default:
# a finding fails the test), report (findings are printed once each, nothing fails: to list them
# all in one run) or off.
A11Y_MODE = os.environ.get("E2E_A11Y", "fail")
# A finding can be a moment of a change still under way (the focus moves to the new page after
# it has come): the check looks again until the findings are gone, or the same findings have
# stayed A11Y_STEADY seconds (a state, not a moment), or A11Y_TIMEOUT seconds have passed.
A11Y_STEADY, A11Y_TIMEOUT = 1.0, 4.0
# How many looks the checks took and how long they took, for the run's last lines.
A11Y_STATS = {"checks": 0, "looks": 0, "seconds": 0.0}
# report mode: each distinct finding, with how many times it was seen and after which action first.
A11Y_REPORTED = {}


class A11yFindings(DriverError):
    """The accessibility check found something after a user action."""


def checked_action(method):
    """Marks a RayPets method as a user action: the accessibility check of the state it leaves
    runs once its effect has come, which is when the test acts again (the test waited for the
    effect it wanted in between), or when the test ends (RayPets.check_accessibility, quit).
    An action that calls another (choose_row types keys) is one action."""
    @functools.wraps(method)
    def action(self, *args, **kwargs):
        if self._in_action:
            return method(self, *args, **kwargs)
        self.check_accessibility()
        self._in_action = True
        try:
            result = method(self, *args, **kwargs)
        finally:
            self._in_action = False
        self._leave_check(f"{method.__name__}({', '.join(_describe(a) for a in args)})")
        return result
    return action


def _describe(argument):
    """An action's argument as a finding names it: an accessible by its role and name."""
    if isinstance(argument, pyatspi.Accessible):
        return f"{role_name(argument) if role_of(argument) is not None else 'gone'} '{name_of(argument) or ''}'"
    return repr(argument)


class RayPets:
    """One running raypets process."""

    def __init__(self, binary, artifacts, env=None, args=(), commands=False):
        """Starts `binary` with `args`. With `commands`, `binary` is the test app
        (`raypets-test-app`, Tests/TestApp: what raypets runs, plus commands read from stdin):
        `command()` then changes the records as another program would."""
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
                                        stdin=subprocess.PIPE if commands else None, bufsize=0)
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

    def _leave_check(self, what):
        if not self._a11y_paused:
            self._a11y_pending = what

    def check_accessibility(self):
        """Runs the accessibility check the last user action left (a11y_check.py, over every
        window of the app), if any; raises A11yFindings on findings (E2E_A11Y=report prints
        them instead). The driver calls it before each action and at quit; the test runner
        after each test."""
        what, self._a11y_pending = self._a11y_pending, None
        if what is None or A11Y_MODE == "off" or self.process.poll() is not None:
            return
        import a11y_check  # here, not at the top: a11y_check reads the tree with this module's helpers
        started = time.monotonic()
        first_seen, findings = None, []
        while True:
            try:
                latest = a11y_check.check(self.frames())
            except Exception:  # the app left the bus while it was looked at (it is quitting)
                latest = []
            A11Y_STATS["looks"] += 1
            now = time.monotonic()
            if latest != findings:
                findings, first_seen = latest, now
            if not findings or now - first_seen >= A11Y_STEADY or now - started >= A11Y_TIMEOUT:
                break
            if self.process.poll() is not None:
                findings = []
                break
            time.sleep(0.1)
        A11Y_STATS["checks"] += 1
        A11Y_STATS["seconds"] += time.monotonic() - started
        if not findings:
            return
        if A11Y_MODE == "report":
            for finding in findings:
                if finding not in A11Y_REPORTED:
                    print(f"  a11y finding after {what}: {finding}", flush=True)
                    A11Y_REPORTED[finding] = [0, what]
                A11Y_REPORTED[finding][0] += 1
            return
        raise A11yFindings(f"accessibility check after {what}:\n  " + "\n  ".join(findings))

    def forget_pending_check(self):
        """Drops the check the last action left (a test that failed: its state is not news)."""
        self._a11y_pending = None

    @contextlib.contextmanager
    def a11y_paused(self):
        """No accessibility check after the actions inside (nor for the state they leave when the
        block ends); the state the block starts from is checked as usual. For a test that
        leaves the app in a moment no user rests in on purpose; say why at each use. (No test
        needs one today.)"""
        self.check_accessibility()
        self._a11y_paused += 1
        try:
            yield
        finally:
            self._a11y_paused -= 1

    @contextlib.contextmanager
    def user_action(self, what):
        """Input a test sends by itself (a real click with xdotool, a window resized): checked as
        the driver's actions are. `with app.user_action("a right click on Back"): ...`"""
        self.check_accessibility()
        self._in_action = True
        try:
            yield
        finally:
            self._in_action = False
        self._leave_check(what)

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

    def dialog(self):
        """The newest modal window. A dialog just closed can stay listed for a moment after the
        next one opened (seen after a dialog closed by Escape and opened again at once): the
        newest is the one on screen, and a frame that went (defunct) is none."""
        for frame in reversed(self.frames()):
            try:
                state = frame.getState() if frame is not None else None
            except Exception:
                continue  # gone while read
            if state is not None and state.contains(pyatspi.STATE_MODAL) and not state.contains(pyatspi.STATE_DEFUNCT):
                return frame
        return None

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
        title = window_title(window or self.active_window())
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
        if ON_WAYLAND:
            raise NeedsX11("the mouse's back button is synthesized with xdotool")
        title = window_title(window or self.active_window())
        pattern = window_pattern(title)
        subprocess.run(["xdotool", "search", "--onlyvisible", "--name", pattern, "windowfocus", "--sync",
                        "mousemove", "--window", "%1", "200", "300", "click", "8"], check=True, timeout=10)

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
                    missing.append(f"{frame.name}: {node.getRoleName()} under {node.parent.getRoleName()} '{node.parent.name}'")
        return missing

    def wait_title(self, title, window=None, dialog=False):
        def current():
            win = self.dialog() if dialog else (window or self.main_window())
            return win is not None and window_title(win) == title
        wait_for(current, f"{'dialog' if dialog else 'window'} title '{title}'"
                 f" (now '{self.title(self.dialog() if dialog else self.main_window())}')")

    def alert(self, heading=None):
        """The open "Discard …?" alert window, found by its heading (its title), if any."""
        for frame in self.frames():
            if frame is not None and frame.name in ((heading,) if heading else ALERT_HEADINGS):
                return frame
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
