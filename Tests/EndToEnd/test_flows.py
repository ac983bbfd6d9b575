"""End-to-end tests of RayPets' flows on the real binary. Run: scripts/test (or
scripts/with-display /usr/bin/python3 Tests/EndToEnd/test_flows.py BINARY ARTIFACT_DIR)."""
import sys
import time
import traceback

from raypets_driver import RayPets

BINARY = sys.argv[1] if len(sys.argv) > 1 else ".build/debug/raypets"
ARTIFACTS = sys.argv[2] if len(sys.argv) > 2 else "test-output/e2e"
STEPS = [("I wake up", "step-red"), ("I go out", "step-orange"), ("500 lines", "step-green"), ("Ship it!", "step-blue")]

# (name, answers clicked in order, final button, pages seen)
BRANCHES = [
    ("well", ["Well"], "Okay", ["Visit type", "No appointment required"]),
    ("sick/none/fake", ["Sick", "None"], "It's fake", ["Visit type", "Pain level", "Faking it?"]),
    ("sick/a little/fake", ["Sick", "A little"], "It's fake", ["Visit type", "Pain level", "Faking it?"]),
    ("sick/none/not fake", ["Sick", "None", "It's not fake"], "Okay",
     ["Visit type", "Pain level", "Faking it?", "No appointment required"]),
    ("sick/a little/not fake", ["Sick", "A little", "It's not fake"], "Okay",
     ["Visit type", "Pain level", "Faking it?", "No appointment required"]),
    ("sick/moderate", ["Sick", "Moderate"], "Okay", ["Visit type", "Pain level", "No appointment required"]),
    ("sick/severe", ["Sick", "Severe"], "Okay", ["Visit type", "Pain level", "No appointment required"]),
    ("sick/worst possible", ["Sick", "Worst possible"], "Okay",
     ["Visit type", "Pain level", "No appointment required"]),
]


def test_home(app):
    app.wait_title("RayPets")
    labels = app.labels()
    assert "Welcome to the RayPets clinic" in labels, labels
    assert not app.buttons(name="Back"), "Back must be hidden on Home"
    app.screenshot("home.png")


def test_how_to_code(app):
    app.click("How to code")
    for title, _ in STEPS:
        app.wait_title(title)
        assert title in app.labels(), app.labels()
        assert app.buttons(name="Back"), f"no Back button on {title}"
        if title == "Ship it!":
            app.screenshot("how-to-code-ship-it.png")
        app.click("Next")
    app.wait_title("Start over")
    app.click("Start over")
    app.wait_title("RayPets")


def test_how_to_code_back_at_every_step(app):
    app.click("How to code")
    titles = [t for t, _ in STEPS] + ["Start over"]
    for depth in range(1, len(titles) + 1):
        for title in titles[:depth]:
            app.wait_title(title)
            if title != titles[depth - 1]:
                app.click("Next")
        for title in reversed(titles[:depth - 1]):
            app.click("Back")
            app.wait_title(title)
        app.click("Back")
        app.wait_title("RayPets")
        if depth < len(titles):
            app.click("How to code")


def run_branch(app, answers, final, pages):
    app.click("Schedule appointment")
    app.wait_title(pages[0], dialog=True)
    assert app.title() == "RayPets", "the main window stays on Home under the dialog"
    for answer, page in zip(answers, pages[1:]):
        app.click(answer)
        app.wait_title(page, dialog=True)
    return final


def make_branch_test(name, answers, final, pages):
    def test(app):
        run_branch(app, answers, final, pages)
        if name == "sick/none/fake":
            app.screenshot("appointment-faking-it.png")
        app.click(final)
        app.wait_no_dialog()
        app.wait_title("RayPets")
    test.__name__ = f"test_appointment_{name}"
    return test


def test_appointment_back_inside_dialog(app):
    run_branch(app, ["Sick", "None", "It's not fake"], "Okay", BRANCHES[3][3])
    for title in ["Faking it?", "Pain level", "Visit type"]:
        app.click("Back")
        app.wait_title(title, dialog=True)
    assert not app.buttons(name="Back"), "Back must be hidden on the dialog's first page"
    app.click("Cancel")
    app.wait_no_dialog()


def test_appointment_cancel_on_every_page(app):
    pages = BRANCHES[3][3]
    answers = BRANCHES[3][1]
    for depth in range(1, len(pages) + 1):
        run_branch(app, answers[:depth - 1], None, pages[:depth])
        app.click("Cancel")
        app.wait_no_dialog()
        app.wait_title("RayPets")


def test_appointment_close_button_on_every_page(app):
    pages = BRANCHES[3][3]
    answers = BRANCHES[3][1]
    for depth in range(1, len(pages) + 1):
        run_branch(app, answers[:depth - 1], None, pages[:depth])
        app.click("Close", window=app.dialog())
        app.wait_no_dialog()
        app.wait_title("RayPets")


TESTS = [test_home, test_how_to_code, test_how_to_code_back_at_every_step]
TESTS += [make_branch_test(*branch) for branch in BRANCHES]
TESTS += [test_appointment_back_inside_dialog, test_appointment_cancel_on_every_page,
          test_appointment_close_button_on_every_page]


def main():
    passed = failed = 0
    app = RayPets(BINARY, ARTIFACTS)
    try:
        for test in TESTS:
            started = time.monotonic()
            try:
                app.wait_no_dialog()
                app.wait_title("RayPets")
                test(app)
                passed += 1
                print(f"PASS {test.__name__} ({time.monotonic() - started:.1f} s)", flush=True)
            except Exception:
                failed += 1
                print(f"FAIL {test.__name__}", flush=True)
                traceback.print_exc()
                app.screenshot(f"FAIL-{test.__name__}.png")
                app.dump_tree(f"FAIL-{test.__name__}.tree.txt")
                # Start the next test from a fresh app.
                app.quit()
                app = RayPets(BINARY, ARTIFACTS)
    finally:
        app.quit()
    print(f"e2e: {passed} passed, {failed} failed", flush=True)
    return 0 if failed == 0 else 1


if __name__ == "__main__":
    sys.exit(main())
