"""The records: add a pet, rename it, look-alike names refused, delete with Undo (and the
toast's timing), a delete under open pages and a dialog, Undo after the name was taken, and
100,000 pets."""
import os
import signal
import sqlite3
import subprocess
import tempfile
import time

import pyatspi
import pytest

from e2e_helpers import (config_dir, names, open_appointment, open_pet_page, private_folders, started, wait_rows,
                         shown_windows, window_ids, window_size_of)
from raypets_driver import RayPets, wait_for


def test_add_pet_then_quit_and_relaunch(build):
    env = private_folders()
    app = RayPets(build.binary, build.artifacts, env=env)
    try:
        app.click("My pets")
        app.wait_title("My pets")
        app.click("Add pet")
        app.wait_title("New pet")
        assert not app.is_sensitive("Save"), "Save must wait for a name"
        app.type_text("Biscuit")  # the name field has the focus
        wait_for(lambda: app.is_sensitive("Save"), "Save to become pressable")
        app.click("Save")
        app.wait_title("My pets")
        wait_rows(app, lambda rows: "Biscuit" in names(rows), "Biscuit in the list")
        app.keys("ctrl+q")
        wait_for(lambda: app.process.poll() is not None, "raypets to quit")
    finally:
        app.quit()
    app = RayPets(build.binary, build.artifacts, env=env)
    try:
        app.wait_title("My pets")  # where the last run ended
        rows = wait_rows(app, lambda rows: "Biscuit" in names(rows), "Biscuit in the list after a restart")
        assert names(rows) == ["Rex", "Whiskers", "Clover", "Bubbles", "Biscuit"], rows
    finally:
        app.quit()


def test_rename_from_its_page_and_the_title_follows(build):
    with started(build) as app:
        open_pet_page(app, "Clover")
        app.click("Edit")
        app.wait_title("Edit Clover")
        app.keys("ctrl+a")
        app.type_text("Whiskers")  # another pet's name: refused at the field
        wait_for(lambda: "Another pet is already called Whiskers." in app.labels(), "the duplicate-name problem")
        assert not app.is_sensitive("Save")
        app.keys("ctrl+a")
        app.type_text("Clementine")
        wait_for(lambda: app.is_sensitive("Save"), "Save to become pressable")
        app.keys("Return")  # Enter in the name field saves
        app.wait_title("Clementine")  # the pet's page, and the window title, follow at once
        assert any(label.startswith("Clementine is ") for label in app.labels()), app.labels()
        app.click("Back")
        app.wait_title("My pets")
        wait_rows(app, lambda rows: "Clementine" in names(rows) and "Clover" not in names(rows), "the new name")


def test_editor_refuses_look_alike_names_and_impossible_dates(build):
    with started(build) as app:
        open_pet_page(app, "Clover")
        app.click("Edit")
        app.wait_title("Edit Clover")
        app.keys("ctrl+a")
        app.type_text("Whisk")
        app.type_code_point(0x200B)  # another pet's name with a zero-width space: the same name
        app.type_text("ers")
        wait_for(lambda: app.focused_text() == "Whisk\u200bers", "the zero-width space typed")
        wait_for(lambda: "Another pet is already called Whiskers." in app.labels(), "the look-alike refused")
        assert not app.is_sensitive("Save")
        app.keys("ctrl+a")
        app.type_code_point(0x200B)  # nothing visible
        wait_for(lambda: app.focused_text() == "\u200b", "only the zero-width space")
        wait_for(lambda: "Enter a name with letters that can be seen." in app.labels(), "the invisible name refused")
        app.keys("ctrl+a")
        app.type_text("Clover")
        app.keys("Tab")  # the species
        app.keys("Tab")  # the age
        app.type_text("0001-01-01")
        wait_for(lambda: "A birth date is at most 200 years ago." in app.labels(), "the year 1 refused")
        assert not app.is_sensitive("Save")
        app.click("Back", window=app.main_window())  # kept for Forward: nothing asked
        app.wait_title("Clover")
        assert app.alert() is None


def test_delete_with_undo(build):
    with started(build) as app:
        open_pet_page(app, "Rex")
        app.click("Delete")
        app.wait_title("My pets")  # its page went
        wait_rows(app, lambda rows: "Rex" not in names(rows), "Rex gone from the list")
        wait_for(lambda: "Rex deleted" in app.labels(), "the toast")
        app.screenshot("toast.png")
        undo = app.buttons(name="Undo")
        assert [node.description for node in undo] == ["Ctrl+Z"], "Undo does not say its shortcut (its tooltip)"
        app.keys("ctrl+z")  # from the keyboard: the toast's Undo, wherever the focus is
        rows = wait_rows(app, lambda rows: "Rex" in names(rows), "Rex back in the list")
        assert names(rows)[0] == "Rex", rows  # in its place
        app.wait_title("My pets")  # Undo brings the pet back, not its page
        app.choose_row("Rex")
        app.wait_title("Rex")


def test_the_toast_waits_while_hovered(build):
    """Issue 33: the toast's Undo stays while the pointer rests on it (well past its 5 s), and
    goes about 5 s after the pointer leaves; deleting the pet whose page was open, the focus
    lands on the row now nearest."""
    with started(build) as app:
        open_pet_page(app, "Whiskers")
        app.click("Delete")
        app.wait_title("My pets")
        wait_for(lambda: "Whiskers deleted" in app.labels(), "the toast")
        undo = wait_for(lambda: app.buttons(name="Undo"), "the toast's Undo")[0]
        # Window coordinates: GTK 4 cannot report screen ones (and warns when asked).
        extents = undo.queryComponent().getExtents(pyatspi.WINDOW_COORDS)
        window = max(window_ids(app), key=lambda w: window_size_of(w)[0])
        subprocess.run(["xdotool", "mousemove", "--window", window, str(extents.x + extents.width // 2),
                        str(extents.y + extents.height // 2)], check=True, timeout=10)
        time.sleep(7.5)
        assert app.buttons(name="Undo"), "the toast went while the pointer was on it"
        subprocess.run(["xdotool", "mousemove", "5", "5"], check=True, timeout=10)
        wait_for(lambda: not app.buttons(name="Undo"), "the toast to go once the pointer left", timeout=10)
        assert app.focused() == ("list item", "Clover, Rabbit, 2 years"), app.focused()


def test_delete_while_its_pages_and_a_dialog_about_it_are_open(build):
    """The records change under open pages (here through the test app's stdin commands, as
    another program would change them: a user cannot press Delete under a modal dialog)."""
    with started(build, commands=True) as app:
        app.select_tab("Learn")
        app.click("How to code")
        app.wait_title("I wake up")
        app.select_tab("Clinic")
        record = app.command("record rex").split()[-1]
        open_pet_page(app, "Rex")
        history = wait_rows(app, lambda rows: any("Well. No appointment required." in r for r in rows), "the history")
        app.choose_row(next(r for r in history if "Well." in r))  # its appointment request's page
        app.wait_title("Appointment request")
        app.command("delete rex")
        app.wait_title("My pets")  # both of Rex's pages went; the list stays
        wait_rows(app, lambda rows: "Rex" not in names(rows), "Rex gone from the list")
        app.select_tab("Learn")
        app.wait_title("I wake up")  # the other tab is untouched
        app.select_tab("Clinic")
        app.command("undo")
        wait_rows(app, lambda rows: "Rex" in names(rows), "Rex back")
        app.click("Back")
        app.wait_title("RayPets")
        open_appointment(app, "Rex")
        app.click("Sick")
        app.wait_title("Pain level", dialog=True)
        app.command("delete rex")
        app.wait_no_dialog()
        wait_for(lambda: any("Rex was deleted, so the dialog about Rex was closed." in l for l in app.labels()),
                 "the notice about the closed dialog")
        app.wait_title("RayPets")
        assert record


def test_row_7_undo_after_another_pet_took_the_name(build):
    """Row 7 (issue 42): Rex is deleted; before Undo is pressed another pet is called Rex (the
    test app adds it, as another window would): Undo brings Rex back as "Rex (2)", in its place
    and with its history, and says so."""
    with started(build, commands=True) as app:
        app.command("record rex")
        open_pet_page(app, "Rex")
        app.click("Delete")
        app.wait_title("My pets")
        wait_for(lambda: "Rex deleted" in app.labels(), "the toast")
        app.command("add Rex")
        app.click("Undo")
        rows = wait_rows(app, lambda rows: "Rex (2)" in names(rows), "Rex back as Rex (2)")
        assert names(rows)[0] == "Rex (2)" and names(rows)[-1] == "Rex", rows
        wait_for(lambda: any("Undo brought Rex back as “Rex (2)”" in label
                             for label in app.labels(app.main_window())), "the notice saying so")
        assert "UNIQUE" not in " ".join(app.labels(app.main_window()))
        app.choose_row("Rex (2)")
        app.wait_title("Rex (2)")
        wait_for(lambda: (lambda labels: "Appointment requests" in labels
                          and "No appointment requests yet." not in labels)(app.labels()), "its history back")


def test_a_hundred_thousand_pets(build):
    """With 100,000 demo pets: My pets opens with only the rows on screen made, Ctrl+F and
    typing a name finds that one pet, its page opens, Back returns to the filtered list,
    Escape in the search brings all the pets back."""
    data = tempfile.mkdtemp(prefix="raypets-e2e-data.")
    added = subprocess.run([build.binary, "--demo-data=100000"], capture_output=True, text=True, timeout=300,
                           env={**os.environ, "XDG_DATA_HOME": data})
    assert added.returncode == 0, added
    with sqlite3.connect(os.path.join(data, "raypets", "clinic.sqlite3")) as db:
        assert db.execute("SELECT count(*) FROM pets").fetchone()[0] == 100_004
        name, = db.execute("SELECT name FROM pets ORDER BY position LIMIT 1 OFFSET 77777").fetchone()
    app = RayPets(build.binary, build.artifacts,
                  env={"XDG_CONFIG_HOME": config_dir(welcome_done=True), "XDG_DATA_HOME": data})
    try:
        app.click("My pets")
        app.wait_title("My pets")
        rows = wait_for(lambda: app.rows(), "rows on My pets")
        # GtkListView makes rows only around the visible ones: a few hundred at most, not 100,004.
        assert 5 < len(rows) < 400, f"{len(rows)} rows in the accessibility tree"
        assert rows[0] == "Rex, Dog, 3 years", rows[:3]
        app.keys("ctrl+f")
        wait_for(lambda: app.focused() == ("entry", "Search pets by name"), "the search field to take the focus")
        app.type_text(name)
        wait_for(lambda: app.rows() and all(row.startswith(name + ",") for row in app.rows()), f"only {name} listed")
        assert len(app.rows()) == 1, app.rows()
        app.screenshot("hundred-thousand-search.png")
        app.choose_row(name)
        app.wait_title(name)
        app.click("Back")
        app.wait_title("My pets")
        wait_for(lambda: len(app.rows()) == 1 and app.rows()[0].startswith(name + ","), "the filtered list again")
        assert app.focused() == ("list item", app.rows()[0]), app.focused()
        app.keys("ctrl+f", "Escape")
        wait_for(lambda: len(app.rows()) > 5, "all the pets again after Escape")
        app.screenshot("hundred-thousand.png")
    finally:
        app.quit()


def test_round_3_row_1_demo_data_beside_the_running_app(build):
    """round 3, row 1 (issue 57): `raypets --demo-data` run while the app runs is another
    connection to the same records, not a file written over: a Save while it writes waits,
    then says the records are in use and keeps the editor; once it is done, Save works, and
    nothing is set aside or lost. (The other RayPets is stopped mid-write, so that the Save
    comes while it writes, on any machine.)"""
    env = private_folders()
    records = os.path.join(env["XDG_DATA_HOME"], "raypets", "clinic.sqlite3")
    app = RayPets(build.binary, build.artifacts, env=env)
    try:
        app.click("My pets")
        app.wait_title("My pets")
        app.click("Add pet")
        app.wait_title("New pet")
        app.type_text("Pickle")
        wait_for(lambda: app.is_sensitive("Save"), "Save to become pressable")
        wal = os.path.getsize(records + "-wal")
        demo = subprocess.Popen([build.binary, "--demo-data=30000"], env=dict(os.environ, **env),
                                stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
        try:
            wait_for(lambda: os.path.getsize(records + "-wal") > wal + 1_000_000, "the other RayPets writing")
            demo.send_signal(signal.SIGSTOP)
            app.click("Save")
            wait_for(lambda: "The clinic's records are in use by another program. Nothing was saved; try again."
                     in app.labels(), "Save waiting, then saying why it could not")
            assert app.title() == "New pet", "the editor stays, with what was typed"
        finally:
            demo.send_signal(signal.SIGCONT)
        out, err = demo.communicate(timeout=120)
        assert demo.returncode == 0 and "Added 30000 pets" in out, (out, err)
        app.click("Save")
        app.wait_title("My pets")
        assert "written over" not in app.stderr() and "replaced" not in app.stderr(), app.stderr()
        asides = [name for name in os.listdir(os.path.dirname(records)) if ".orphan" in name]
        assert not asides, asides
        app.keys("ctrl+q")
        wait_for(lambda: app.process.poll() is not None, "raypets to quit")
    finally:
        app.quit()
    with sqlite3.connect(records) as db:
        assert db.execute("SELECT count(*) FROM pets WHERE name = 'Pickle'").fetchone()[0] == 1
        assert db.execute("SELECT count(*) FROM pets").fetchone()[0] == 4 + 30000 + 1


def test_round_3_row_12_save_then_quit_at_once(build):
    """round 3, row 12 (issue 57): Save and Ctrl+Q pressed at once — the mouse button down on
    Save, Ctrl+Q, then the button's release, all in the window's queue before it looks at any
    of them: the Save is carried out before the app ends (the quit waits for the release), and
    the pet is in the records, not left as a draft."""
    env = private_folders()
    app = RayPets(build.binary, build.artifacts, env=env)
    try:
        if not app.pointer_can_aim():
            pytest.skip("a real click: AT-SPI's extents are not where GTK 4.15 and later draw")
        app.click("My pets")
        app.wait_title("My pets")
        app.click("Add pet")
        app.wait_title("New pet")
        app.type_text("Biscuit")  # the name field has the focus
        wait_for(lambda: app.is_sensitive("Save"), "Save to become pressable")
        app.forget_pending_check()
        save = app.buttons(None, "Save")[0].queryComponent().getExtents(pyatspi.WINDOW_COORDS)
        window = shown_windows(app, "New pet")[0]
        subprocess.run(["xdotool", "mousemove", "--window", window, str(save.x + save.width // 2),
                        str(save.y + save.height // 2), "mousedown", "1", "key", "--delay", "0", "ctrl+q", "mouseup", "1"],
                       check=True, timeout=10)
        wait_for(lambda: app.process.poll() is not None, "raypets to quit")
    finally:
        app.quit(check=False)
    with sqlite3.connect(os.path.join(env["XDG_DATA_HOME"], "raypets", "clinic.sqlite3")) as db:
        assert db.execute("SELECT count(*) FROM pets WHERE name = 'Biscuit'").fetchone()[0] == 1, "the pet was not saved"
