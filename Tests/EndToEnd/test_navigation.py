"""Home, Learn's How to code and the appointment dialog's every branch by their buttons, Back,
Cancel and the close button at every step, My pets, Clinic info and a pet's Vaccinations, and
the tabs keeping their stacks: in one running app (the `app` fixture), in this order."""
import subprocess

import pyatspi
import pytest

from e2e_helpers import BRANCHES, STEPS, check_home, check_pets_list_detail_back, run_branch, shown_windows
from raypets_driver import wait_for


@pytest.mark.wayland
def test_home(app):
    check_home(app)


@pytest.mark.wayland
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


@pytest.mark.wayland
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


@pytest.mark.wayland
@pytest.mark.parametrize("name, answers, final, pages", BRANCHES, ids=[branch[0] for branch in BRANCHES])
def test_appointment(app, name, answers, final, pages):
    """Every branch of the appointment dialog, one test each (`test_appointment[well]`, ...)."""
    run_branch(app, answers, pages, pet="Whiskers")
    app.click(final)
    app.wait_no_dialog()
    app.wait_title("RayPets")


def test_appointment_back_inside_dialog(app):
    run_branch(app, ["Sick", "None", "It's not fake"], BRANCHES[3][3])
    for title in ["Faking it?", "Pain level", "Visit type", "Which pet?"]:
        app.click("Back")
        app.wait_title(title, dialog=True)
    assert not app.buttons(name="Back"), "Back must be hidden on the dialog's first page"
    app.choose_row("Clover")
    app.wait_title("Visit type", dialog=True)
    assert "Appointment for Clover" in app.labels(), app.labels()
    app.click("Cancel")  # only the pet chosen, one click: leaving does not ask
    app.wait_no_dialog()
    assert app.alert() is None


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
        assert app.alert() is None, f"{button} on page {depth} asked"
        app.wait_title("RayPets")
        # Once a question is answered the request is kept: Undo opens it again on that page (the
        # pet alone is one click, nothing kept: the headless AppointmentTests check that).
        if depth > 2:
            app.click("Undo", window=app.main_window())
            app.wait_title(pages[depth - 1], dialog=True)
            app.click(button, window=app.dialog())
            app.wait_no_dialog()


@pytest.mark.wayland
def test_appointment_cancel_on_every_page(app):
    leave_on_every_page(app, "Cancel")


@pytest.mark.wayland
def test_appointment_close_button_on_every_page(app):
    leave_on_every_page(app, "Close")


def test_pets_list_detail_back(app):
    check_pets_list_detail_back(app)


@pytest.mark.wayland
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


def test_vaccinations_from_a_pet_with_the_mouse_and_the_keyboard(app):
    """A pet's Vaccinations: a real click on its button (AT-SPI's click where the driver cannot
    aim), then the keyboard alone: Tab to it, Enter, Alt+Left, and the focus comes home to it."""
    app.click("My pets")
    app.wait_title("My pets")
    app.choose_row("Rex")
    app.wait_title("Rex")
    if app.pointer_can_aim():
        button = wait_for(lambda: app.buttons(None, "Vaccinations"), "Rex's Vaccinations button")[0]
        # Aimed once the page has stopped sliding in, as a person aims: the same place twice.
        seen = []

        def still():
            box = button.queryComponent().getExtents(pyatspi.WINDOW_COORDS)
            seen.append((box.x, box.y, box.width, box.height))
            return box if len(seen) > 1 and seen[-1] == seen[-2] else None

        extents = wait_for(still, "the Vaccinations button to stop moving")
        window = shown_windows(app, "Rex")[0]
        with app.user_action("a real click on Vaccinations"):
            subprocess.run(["xdotool", "mousemove", "--window", window, str(extents.x + extents.width // 2),
                            str(extents.y + extents.height // 2), "click", "1"], check=True, timeout=10)
    else:
        app.click("Vaccinations")
    app.wait_title("Vaccinations for Rex")
    labels = app.labels()
    assert "Distemper, hepatitis, parvovirus" in labels and "Rabies" in labels, labels
    app.click("Back")
    app.wait_title("Rex")
    for _ in range(12):
        if app.focused() == ("push button", "Vaccinations"):
            break
        app.keys("Tab")
    assert app.focused() == ("push button", "Vaccinations"), f"Tab never reached Vaccinations: {app.focused()}"
    app.keys("Return")
    app.wait_title("Vaccinations for Rex")
    app.keys("alt+Left")
    app.wait_title("Rex")
    wait_for(lambda: app.focused() == ("push button", "Vaccinations"), "the focus back on Vaccinations")
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
