"""End-to-end tests of RayPets' flows on the real binary. Run: scripts/test (or
scripts/with-display /usr/bin/python3 Tests/EndToEnd/test_flows.py BINARY ARTIFACT_DIR)."""
import os
import sys
import tempfile
import time
import traceback

from raypets_driver import RayPets

BINARY = sys.argv[1] if len(sys.argv) > 1 else ".build/debug/raypets"
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
    return RayPets(BINARY, ARTIFACTS, env={"XDG_CONFIG_HOME": config})


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
    app.click("Cancel")
    app.wait_no_dialog()


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


TESTS = [test_home, test_how_to_code, test_how_to_code_back_at_every_step]
TESTS += [make_branch_test(*branch) for branch in BRANCHES]
TESTS += [test_appointment_back_inside_dialog, test_appointment_cancel_on_every_page,
          test_appointment_close_button_on_every_page, test_pets_list_detail_back, test_clinic_info_pushed,
          test_clinic_info_in_a_dialog_from_a_pet, test_learn_keeps_its_stack_while_clinic_is_used]
STANDALONE = [test_welcome_then_tabs_then_straight_to_tabs]


def main():
    results = {"passed": 0, "failed": 0}

    def run(test, app=None):
        """Runs one test; returns whether it passed. On failure saves a screenshot and the tree."""
        started = time.monotonic()
        try:
            if app is not None:
                app.wait_no_dialog()
                app.wait_title("RayPets")
                test(app)
            else:
                test()
        except Exception:
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
        for test in TESTS:
            if not run(test, app):
                app.quit()  # start the next test from a fresh app
                app = launch(config_dir(welcome_done=True))
    finally:
        app.quit()
    for test in STANDALONE:
        run(test)
    print(f"e2e: {results['passed']} passed, {results['failed']} failed", flush=True)
    return 0 if results["failed"] == 0 else 1


if __name__ == "__main__":
    sys.exit(main())
