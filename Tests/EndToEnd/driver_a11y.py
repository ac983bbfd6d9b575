"""The accessibility check after every user action (a11y_check.py), as the driver runs it:
the actions it follows (checked_action), the check itself and what the run counts of it
(AccessibilityChecks, the part of raypets_driver's RayPets that runs it)."""
import contextlib
import functools
import os
import time

import pyatspi

import a11y_check
from driver_tree import DriverError, name_of, role_name, role_of

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


class AccessibilityChecks:
    """RayPets' accessibility check of the state each user action leaves. The class using it
    has `process` (the app's process), `frames()` (its windows) and sets `_in_action`,
    `_a11y_pending` and `_a11y_paused` (False, None, 0) when it starts."""

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
