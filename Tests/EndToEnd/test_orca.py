"""Heard as a screen reader user hears it (issue 60): Orca beside the real app, real keys, and
what Orca says for each key checked against the rules (orca_transcript.rules) and against the
transcript kept for this platform (Tests/EndToEnd/transcripts/PLATFORM/FLOW.txt).

Each flow starts its own app and its own Orca (driver_orca.Orca: speech off, its debug log
read). A step types keys (XTEST, as a keyboard does), waits for what the app shows (the driver's
usual waits), then takes what Orca said once it has been quiet (Orca.said). On Wayland no key
can be typed here: these tests are X11's.
"""
from driver_orca import Orca
from e2e_helpers import config_dir, open_route, resize
from orca_transcript import Step, Transcript, compare, rules
from raypets_driver import RayPets, wait_for


class Listening:
    """A flow heard through Orca: `step()` acts and records what was said."""

    def __init__(self, app, orca, flow, title):
        self.app, self.orca = app, orca
        self.gtk = app.toolkit_version()
        self.transcript = Transcript(flow, title)

    def step(self, done, act, wait=None, **expect):
        """Does `act` (one key, or a callable), waits for `wait` (a window title, or a callable
        that returns true when the app shows what the step brings), then records what Orca
        said for it as the step `done`. `expect`: page, message, question, announced, title_twice.
        One key a step: Orca drops a focus change that a newer one overtakes while it is
        busy, so what it says for quick keys depends on timing."""
        if callable(act):
            act()
        else:
            self.app.keys(act)
        if isinstance(wait, str):
            self.app.wait_title(wait, dialog=expect.pop("dialog", False))
        elif wait is not None:
            wait_for(wait, f"what '{done}' brings")
        expect.pop("dialog", None)
        self.transcript.steps.append(Step(done, self.orca.said(), **expect))

    def check(self, artifacts):
        """Fails with every rule broken, then with the difference from the kept transcript."""
        difference = compare(self.transcript, artifacts)  # writes what was heard to artifacts
        found = rules(self.transcript, announces=self.gtk >= (4, 14))
        assert not found, "what Orca said breaks the rules:\n  " + "\n  ".join(found) + \
            "\n" + self.transcript.text()
        assert not difference, f"Orca said something else than the kept transcript:\n{difference}"


def heard(build, flow, title, env=None, width=None, first="Schedule appointment"):
    """Starts Orca, then the app (past the welcome page, with its own records) under it, with
    the focus on Home's first button, `first` (Schedule appointment, in the app's language)."""
    orca = Orca(build.artifacts, f"orca-{flow}")
    app = None
    try:
        environment = {"XDG_CONFIG_HOME": config_dir(welcome_done=True), **(env or {})}
        app = RayPets(build.binary, build.artifacts, env=environment)
        if width is not None:
            resize(app, width)
        # Orca may miss the focus of a window that maps as it starts listening to the app (the
        # first events come from objects it cannot read yet): then the flow's first key would
        # be read from the window down, or not, by timing. Tab moves the focus, which Orca then
        # follows, on to Schedule appointment (GTK 4.18 starts it elsewhere than 4.8 does);
        # what the start and these keys said is not the flow's.
        for _ in range(12):
            app.keys("Tab")
            if (app.focused() or ("", ""))[1] == first:
                break
        else:
            raise AssertionError(f"Tab never reached {first}: the focus is on {app.focused()}")
        orca.said()
        return app, orca, Listening(app, orca, flow, title)
    except Exception:
        if app is not None:
            app.quit(check=False)
        orca.stop()
        raise


def run_flow(build, flow, title, steps, env=None, width=None, first="Schedule appointment"):
    app, orca, listening = heard(build, flow, title, env, width, first)
    try:
        steps(app, listening)
    finally:
        try:
            app.quit(check=False)
        finally:
            orca.stop()
    listening.check(build.artifacts)


def to_my_pets(hear):
    """From Home: Tab to My pets, Return."""
    hear.step("Tab", "Tab")
    hear.step("Return on My pets", "Return", "My pets", page="My pets")


def to_pain_level(app, hear):
    """From Home: the appointment dialog, Rex chosen, Sick answered."""
    hear.step("Return on Schedule appointment", "Return", lambda: app.dialog() is not None, page="Which pet?")
    hear.step("Return on Rex", "Return", "Visit type", dialog=True, page="Visit type")
    hear.step("Tab", "Tab")
    hear.step("Return on Sick", "Return", "Pain level", dialog=True, page="Pain level")


def test_orca_home_my_pets_and_a_pet(build):
    """Home, My pets and a pet, and Back twice: each page is said by its title as it comes, the
    list by its name (not "GtkListView"), and no stack page by its type."""
    def steps(app, hear):
        to_my_pets(hear)
        hear.step("Down", "Down")
        hear.step("Return on Whiskers", "Return", "Whiskers", page="Whiskers")
        hear.step("Alt+Left", "alt+Left", "My pets", page="My pets")
        hear.step("Alt+Left", "alt+Left", "RayPets", page="RayPets")
        hear.step("Tab", "Tab")
        hear.step("Tab to the tabs", "Tab")
    run_flow(build, "home-my-pets-and-a-pet", "Home, My pets, Whiskers, and Back twice", steps)


def test_orca_the_editor_its_error_back_and_forward(build):
    """Rex's editor: an error under the emptied name is said once when it appears; Back keeps
    the changes and says so ("Changes to Rex kept"), Forward brings the editor back and says
    its title."""
    def steps(app, hear):
        to_my_pets(hear)
        hear.step("Return on Rex", "Return", "Rex", page="Rex")
        hear.step("Return on Edit", "Return", "Edit Rex", page="Edit Rex")
        hear.step("End", "End")
        hear.step("BackSpace", "BackSpace")
        hear.step("BackSpace", "BackSpace")
        hear.step("BackSpace", "BackSpace", message="Enter a name")
        hear.step("R", "R")
        hear.step("e", "e")
        hear.step("x", "x")
        hear.step("y", "y")
        hear.step("Alt+Left", "alt+Left", "Rex", page="Rex", message="Changes to Rex kept", announced=True)
        hear.step("Alt+Right", "alt+Right", "Edit Rex", page="Edit Rex")
    run_flow(build, "editor-error-back-forward", "Rex's editor: an error, Back, Forward", steps)


def test_orca_the_appointment_dialog_to_its_end_and_cancelled(build):
    """The appointment dialog by keys: it is said as a dialog with its first page, each page by
    its title; opened again and cancelled with Escape, the focus is said back on the button
    that opened it."""
    def steps(app, hear):
        to_pain_level(app, hear)
        hear.step("Tab", "Tab")
        hear.step("Tab", "Tab")
        hear.step("Return on Moderate", "Return", "No appointment required", dialog=True,
                  page="No appointment required")
        hear.step("Return on Okay", "Return", lambda: app.dialog() is None)
        hear.step("Return on Schedule appointment", "Return", lambda: app.dialog() is not None,
                  page="Which pet?")
        hear.step("Escape", "Escape", lambda: app.dialog() is None)
    run_flow(build, "appointment-dialog", "The appointment dialog to its end, then cancelled", steps)


def test_orca_a_question_is_read_with_its_explanation(build):
    """A question (a link opened while the appointment is half answered asks "Discard
    answers?"): Orca says its heading, its explanation, then the focused answer."""
    def steps(app, hear):
        to_pain_level(app, hear)
        hear.step("a link to Clinic info (raypets://clinic/info)", lambda: open_route("raypets://clinic/info"),
                  lambda: app.alert() is not None,
                  question=("Discard answers?", "The appointment request is not finished.", "Keep editing"))
        hear.step("Escape", "Escape", lambda: app.alert() is None)
    run_flow(build, "question", "A question: a link while the appointment is half answered", steps)


def test_orca_delete_its_toast_and_undo(build):
    """Delete on Rex's page: the toast "Rex deleted" is said once, when it appears; Ctrl+Z
    brings Rex back."""
    def steps(app, hear):
        to_my_pets(hear)
        hear.step("Return on Rex", "Return", "Rex", page="Rex")
        hear.step("Tab", "Tab")
        # On GTK 4.8 the row the focus goes to is made again as the list loses Rex, and Orca 43,
        # whose focus was on the row that went, says the window's new title before the page's.
        hear.step("Return on Delete", "Return", "My pets", page="My pets", message="Rex deleted", announced=True,
                  title_twice="GTK 4.8 remakes the focused row" if hear.gtk < (4, 10) else None)
        hear.step("Ctrl+Z", "ctrl+z", lambda: "Rex, Dog, 3 years" in app.rows())
    run_flow(build, "delete-and-undo", "Delete Rex, its toast, Ctrl+Z", steps)


def test_orca_the_split_at_1200_px(build):
    """My pets at 1200 px: the list and the pet side by side; choosing a pet says its page."""
    def steps(app, hear):
        to_my_pets(hear)
        hear.step("Down", "Down")
        hear.step("Down", "Down")
        # The focus stays in the list (as in a GNOME sidebar): the pet's side changes beside it.
        hear.step("Return on Whiskers", "Return", "Whiskers")
    run_flow(build, "split-1200", "My pets at 1200 px: list and pet side by side", steps, width=1200)


def test_orca_german_at_360_px(build):
    """The German interface at 360 px: pages and the list said in German, no GTK type name."""
    def steps(app, hear):
        hear.step("Tab", "Tab")
        hear.step("Return on Meine Tiere", "Return", "Meine Tiere", page="Meine Tiere")
        hear.step("Return on Rex", "Return", "Rex", page="Rex")
        hear.step("Alt+Left", "alt+Left", "Meine Tiere", page="Meine Tiere")
    run_flow(build, "german-360", "Deutsch, 360 px: Meine Tiere, Rex, zurück", steps,
             env={"LANG": "de_DE.UTF-8", "LANGUAGE": "de"}, width=360, first="Termin vereinbaren")
