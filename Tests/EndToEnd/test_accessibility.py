"""As a screen reader user meets RayPets (issue 46). Every test's actions are checked as a
screen reader reads them too (a11y_check.py, after every action of the driver)."""
import pyatspi

from a11y_check import PAGE_ROOT_ROLES
from e2e_helpers import open_pet_page, started
from raypets_driver import has_state, name_of, role_of, visible_nodes, wait_for, walk


def focused_node(window):
    """The node with the keyboard focus in `window`, or None."""
    return next((n for n in walk(window) if has_state(n, pyatspi.STATE_FOCUSED)), None)


def named_ancestor_roles(node):
    """(role, name) of every ancestor of `node` with a name, innermost first: what a screen
    reader can say as the focus's context."""
    found = []
    try:
        parent = node.parent
        while parent is not None:
            if parent.name:
                found.append((parent.getRole(), parent.name))
            parent = parent.parent
    except Exception:
        pass
    return found


def text_of(node):
    text = node.queryText()
    return text.getText(0, text.characterCount)


def test_a_screen_reader_meets_pages_the_dialog_and_messages(build):
    """Issue 46, as a screen reader user meets RayPets through AT-SPI. Pushing Rex's page puts
    the focus inside a region named "Rex" (the page's stack page, titled "Rex": AT-SPI's panel,
    or grouping from AT-SPI 2.56 on); the
    appointment dialog is a dialog named "Schedule appointment"; the name field's error is the
    text of an alert (AT-SPI's notification), the field is invalid and described by it; the
    toast after a delete is an alert too, its text "Rex deleted"."""
    with started(build) as app:
        open_pet_page(app, "Rex")
        focus = wait_for(lambda: focused_node(app.main_window()), "the focus on Rex's page")
        context = named_ancestor_roles(focus)
        assert any(role in PAGE_ROOT_ROLES and name == "Rex" for role, name in context), \
            f"the focus ({focus.getRoleName()} '{focus.name}') is not inside a group named Rex: {context}"
        app.click("Edit")
        app.wait_title("Edit Rex")
        app.keys("ctrl+a", "BackSpace")
        alert = wait_for(lambda: next((n for n in visible_nodes(app.main_window())
                                       if role_of(n) in (pyatspi.ROLE_NOTIFICATION, pyatspi.ROLE_ALERT)
                                       and text_of(n)), None), "the name's error as an alert")
        problem = text_of(alert)
        field = next(n for n in visible_nodes(app.main_window())
                     if role_of(n) in (pyatspi.ROLE_ENTRY, pyatspi.ROLE_TEXT) and name_of(n) == "Name")
        assert has_state(field, pyatspi.STATE_INVALID_ENTRY) or has_state(field, pyatspi.STATE_INVALID), \
            f"the empty name field is not invalid: {field.getState().getStates()}"
        assert field.description == problem, f"the field's description {field.description!r}, not {problem!r}"
        app.keys("ctrl+z")  # the name back: Back does not ask
        wait_for(lambda: not any(role_of(n) == pyatspi.ROLE_NOTIFICATION and text_of(n) == problem
                                 for n in visible_nodes(app.main_window())), "the error to go")
        app.keys("alt+Left")
        app.wait_title("Rex")
        app.click("Delete")
        app.wait_title("My pets")
        toast = wait_for(lambda: next((n for n in visible_nodes(app.main_window())
                                       if role_of(n) in (pyatspi.ROLE_NOTIFICATION, pyatspi.ROLE_ALERT)
                                       and name_of(n) == "Rex deleted"), None), "the toast as an alert")
        assert any(role_of(c) == pyatspi.ROLE_PUSH_BUTTON and name_of(c) == "Undo" for c in walk(toast)), \
            "the toast's Undo is not inside it"
        app.click("Undo")
        app.select_tab("Clinic")
        app.keys("alt+Left")
        app.wait_title("RayPets")
        app.click("Schedule appointment")
        dialog = wait_for(lambda: app.dialog(), "the appointment dialog")
        assert dialog.getRole() == pyatspi.ROLE_DIALOG, f"the dialog's role: {dialog.getRoleName()}"
        assert dialog.name == "Schedule appointment", f"the dialog's name: {dialog.name!r}"
        assert dialog.getState().contains(pyatspi.STATE_MODAL), "the dialog is not modal to a screen reader"
        # What it covers is not there for a screen reader: no button of the page under it.
        assert not [b for b in app.buttons(app.main_window()) if b.name == "My pets"], \
            "the page under the dialog is still in the accessibility tree"
        app.click("Cancel", window=dialog)
        app.wait_no_dialog()
