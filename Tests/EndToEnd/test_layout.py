"""Widths: My pets beside a pet at 1200 px and the pet alone when narrow, every page at 360
px, and every sidebar control working beside a pet."""
import subprocess
import time

import pyatspi

from e2e_helpers import names, open_pet_page, open_route, resize, shown_windows, started, window_width
from raypets_driver import has_state, role_of, wait_for, walk


def selected_rows(app):
    return [n.name for n in walk(app.main_window()) if role_of(n) == pyatspi.ROLE_LIST_ITEM
            and has_state(n, pyatspi.STATE_SELECTED)]


def test_split_view_follows_the_width(build):
    """1200 px: My pets beside the chosen pet (choosing another replaces it: one Back to the list);
    400 px: the pet alone with Back; 1200 px again: both, the same pet selected; a link to a pet
    at each width gives the same stack (the same Backs lead home)."""
    with started(build) as app:
        resize(app, 1200)
        app.click("My pets")
        app.wait_title("My pets")
        wait_for(lambda: "Choose a pet to see its details." in app.labels(), "the placeholder beside the list")
        assert not app.buttons(name="Back"), "no Back beside an empty detail"
        app.screenshot("split-empty.png")
        for pet in ("Rex", "Whiskers"):
            app.choose_row(pet)
            app.wait_title(pet)
            assert "Rex" in names(app.rows()) and "Whiskers" in names(app.rows()), "the list stays beside the pet"
            wait_for(lambda: names(selected_rows(app)) == [pet], f"{pet} selected in the list")
        app.screenshot("split-wide.png")
        app.click("Back")  # the content's Back: the stack did not grow, so one Back reaches the list
        app.wait_title("My pets")
        wait_for(lambda: not selected_rows(app), "nothing selected after Back")
        app.choose_row("Whiskers")
        app.wait_title("Whiskers")
        resize(app, 400)
        wait_for(lambda: not any(n in names(app.rows()) for n in ("Rex", "Clover")), "the pet alone at 400 px")
        assert app.title() == "Whiskers"
        app.screenshot("split-narrow.png")
        resize(app, 1200)
        wait_for(lambda: names(selected_rows(app)) == ["Whiskers"], "Whiskers still selected at 1200 px")
        app.wait_title("Whiskers")
        app.screenshot("split-wide-again.png")
        # A link at each width: the same stack, Home > My pets > the pet.
        open_route("raypets://clinic/pets/rex")
        app.wait_title("Rex")
        wait_for(lambda: names(selected_rows(app)) == ["Rex"], "the linked pet selected beside the list")
        app.click("Back")
        app.wait_title("My pets")
        app.click("Back to RayPets")
        app.wait_title("RayPets")
        resize(app, 400)
        open_route("raypets://clinic/pets/rex")
        app.wait_title("Rex")
        app.click("Back")
        app.wait_title("My pets")
        app.click("Back")
        app.wait_title("RayPets")
        # 360 px: every page of the pet's flow fits (the tab switcher moves to the bottom).
        resize(app, 360, 600)
        wait_for(lambda: window_width(app) == 360, "the window 360 px wide")
        app.screenshot("narrow-360-home.png")
        open_pet_page(app, "Rex")
        app.screenshot("narrow-360-pet.png")
        app.click("Edit")
        app.wait_title("Edit Rex")
        app.screenshot("narrow-360-editor.png")


def test_sidebar_controls_work_beside_a_pet(build):
    """1200 px, Rex's page beside My pets: every control of the sidebar works. Add pet opens the
    new pet's editor in the pet's place; choosing a row shows that pet; the search filters the
    list while the pet stays beside it; the sidebar's Back goes home."""
    with started(build) as app:
        resize(app, 1200)
        open_pet_page(app, "Rex")
        assert "Whiskers" in names(app.rows()), "My pets beside Rex"
        app.click("Add pet")
        app.wait_title("New pet")
        assert "Whiskers" in names(app.rows()), "the list stays beside the editor"
        app.screenshot("sidebar-add-pet-beside.png")
        app.click("Back")  # the content's Back: the editor replaced Rex, so the list is next
        app.wait_title("My pets")
        app.choose_row("Rex")
        app.wait_title("Rex")
        app.choose_row("Whiskers")
        app.wait_title("Whiskers")
        app.keys("ctrl+f")
        app.type_text("Clo")
        wait_for(lambda: names(app.rows()) == ["Clover"], "the search filters the sidebar's list")
        assert app.title() == "Whiskers", "the pet beside the list stays while searching"
        app.screenshot("sidebar-search-beside.png")
        app.keys("Escape")
        wait_for(lambda: "Rex" in names(app.rows()), "Escape brings every pet back")
        app.click("Back to RayPets")
        app.wait_title("RayPets")


def extents(node):
    """(x, y, width, height) of `node` in its window's coordinates, once it has stopped moving
    (a dialog that just opened, or a sheet after a resize, is laid out on a later frame)."""
    seen = []

    def still():
        box = node.queryComponent().getExtents(pyatspi.WINDOW_COORDS)
        seen.append((box.x, box.y, box.width, box.height))
        return seen[-1] if len(seen) > 1 and seen[-1] == seen[-2] and box.width > 0 else None
    return wait_for(still, f"{node.name!r} to stop moving")


def test_the_dialog_opens_inside_its_window(build):
    """1000 px: the appointment dialog floats in the middle of the main window (no other window
    on the X server or in AT-SPI's application), over a dimmed page on which a real click does
    nothing; 360 px: a sheet as wide as the window at its bottom; resized back and forth
    mid-flow, the search text typed, the answers and the dialog's pages stay."""
    with started(build) as app:
        resize(app, 1000)
        frames, x_windows = len(app.frames()), len(visible_windows(app))
        page_pixel = app.pixel(30, 400)
        app.click("Schedule appointment")
        app.wait_title("Which pet?", dialog=True)
        dialog = app.dialog()
        assert len(app.frames()) == frames and len(visible_windows(app)) == x_windows, "the dialog opened a window"
        assert app.frame_of(dialog) == app.main_window(), "the dialog is not inside the main window"
        # Measured against what holds it, the window's content (the window's frame has GTK's
        # drawn shadow around it on GTK 4.18 and later).
        window = extents(dialog.parent)
        x, y, width, height = extents(dialog)
        assert abs((x + width / 2) - (window[0] + window[2] / 2)) <= 2, f"not in the middle: {(x, width)} in {window}"
        assert width < window[2] - 100, f"the dialog fills the window: {width} of {window[2]} px"
        dimmed = app.pixel(30, 400)
        assert sum(dimmed) < sum(page_pixel) - 30, f"the page is not dimmed: {page_pixel} then {dimmed}"
        app.screenshot("dialog-wide.png")
        # A real click on the dimmed page, where My pets is: nothing happens.
        xid = shown_windows(app, app.title())[0]
        with app.user_action("a real click on the dimmed page"):
            subprocess.run(["xdotool", "mousemove", "--window", xid, "30", "400", "click", "1"], check=True, timeout=10)
        time.sleep(0.5)
        assert app.dialog() is not None and app.title(dialog) == "Which pet?", "the click reached the dialog's page"
        assert app.title() == "RayPets", f"the click reached the page under the dialog: {app.title()}"

        app.keys("ctrl+f")
        app.type_text("Cl")
        wait_for(lambda: names(app.rows()) == ["Clover"], "the search to find Clover")
        resize(app, 360)
        dialog = app.dialog()
        window = extents(dialog.parent)
        x, y, width, height = extents(dialog)
        assert abs(width - window[2]) <= 2 and abs((y + height) - (window[1] + window[3])) <= 2, \
            f"not a sheet at the bottom: {(x, y, width, height)} in {window}"
        assert app.focused_text() == "Cl" and names(app.rows()) == ["Clover"], "the resize lost the search"
        app.screenshot("dialog-narrow.png")
        app.choose_row("Clover")
        app.wait_title("Visit type", dialog=True)
        app.click("Sick")
        app.wait_title("Pain level", dialog=True)
        resize(app, 1000)
        app.wait_title("Pain level", dialog=True)
        app.click("Back")
        app.wait_title("Visit type", dialog=True)
        assert "Appointment for Clover" in app.labels(), app.labels()
        app.click("Cancel")  # answers given: kept for Undo, nothing asked
        app.wait_no_dialog()
        assert app.alert() is None


def visible_windows(app):
    """The app's shown X windows."""
    return subprocess.run(["xdotool", "search", "--onlyvisible", "--pid", str(app.process.pid), "--name", "^.*$"],
                          capture_output=True, text=True, timeout=10).stdout.split()
