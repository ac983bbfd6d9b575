"""Many windows (issue 34, and issue 42's rows 3 and 4): Ctrl+N, each window its own stack,
both restored, a delete in one reaching the other, a dialog modal to its window only, Ctrl+W
on one of several, Open in New Window, and the Navigation page in GTK Inspector."""
import os
import subprocess
import time

import pyatspi

from e2e_helpers import (main_windows, names, open_appointment, open_pet_page, private_folders, quit_app,
                         shown_windows, side_by_side, started, wait_rows, window_ids)
from raypets_driver import RayPets, role_of, visible_nodes, wait_for, walk, window_pattern


def test_many_windows(build):
    """Issue 34, as a new user: Ctrl+N opens a second window at Home; navigating in it leaves
    the first where it was; Ctrl+Q and a relaunch bring both back where they were; deleting a
    pet in one window takes its page out of the other; started for a link, the app brings both
    windows back and opens the link in the focused one."""
    env = private_folders()
    app = RayPets(build.binary, build.artifacts, env=env)
    try:
        app.wait_title("RayPets")
        open_pet_page(app, "Clover")
        app.wait_title("Clover")
        app.keys("ctrl+n")
        wait_for(lambda: len(main_windows(app)) == 2, "a second window after Ctrl+N")
        second = wait_for(lambda: next((w for w in main_windows(app) if w.name == "RayPets"), None),
                          "the new window at Home")
        app.click("My pets", window=second)
        wait_for(lambda: second.name == "My pets", "My pets in the second window")
        app.choose_row("Rex", window=second)
        wait_for(lambda: second.name == "Rex", "Rex's page in the second window")
        assert sorted(w.name for w in main_windows(app)) == ["Clover", "Rex"], \
            f"the first window moved: {[w.name for w in main_windows(app)]}"
        side_by_side(app)
        app.screenshot("many-windows-two.png")
        quit_app(app)
        wait_for(lambda: app.process.poll() is not None, "raypets to quit")
    finally:
        app.quit()
    app = RayPets(build.binary, build.artifacts, env=env)
    try:
        wait_for(lambda: sorted(w.name for w in main_windows(app)) == ["Clover", "Rex"],
                 "both windows back where they were", timeout=15)
        side_by_side(app)
        app.screenshot("many-windows-restored.png")
        rex = next(w for w in main_windows(app) if w.name == "Rex")
        clover = next(w for w in main_windows(app) if w.name == "Clover")
        app.keys("alt+Left", window=rex)
        wait_for(lambda: rex.name == "My pets", "Back in the second window")
        assert clover.name == "Clover", "Back in one window moved the other"
        app.choose_row("Clover", window=rex)
        wait_for(lambda: rex.name == "Clover", "Clover's page in the second window too")
        app.click("Delete", window=clover)
        wait_for(lambda: clover.name == "My pets" and rex.name == "My pets",
                 f"Clover's page gone from both windows ({clover.name}, {rex.name})")
        rows = app.rows(rex)
        assert any(r.startswith("Rex,") for r in rows), f"the other window's list was not read: {rows}"
        assert not any(r.startswith("Clover,") for r in rows), "Clover still listed in the other window"
        app.screenshot("many-windows-deleted.png")
        quit_app(app)
        wait_for(lambda: app.process.poll() is not None, "raypets to quit")
    finally:
        app.quit()
    # Started for a link: both windows come back, and the link opens in the focused one.
    app = RayPets(build.binary, build.artifacts, env=env, args=["raypets://learn/how-to-code/2"])
    try:
        wait_for(lambda: sorted(w.name for w in main_windows(app)) == ["I go out", "My pets"],
                 f"both windows back, one on the link ({[w.name for w in main_windows(app)]})", timeout=15)
        quit_app(app)
        wait_for(lambda: app.process.poll() is not None, "raypets to quit")
    finally:
        app.quit()
    # A link that asks for a new window (window=new) gets one, beside the windows that come back.
    app = RayPets(build.binary, build.artifacts, env=env, args=["raypets://clinic/info?window=new"])
    try:
        wait_for(lambda: sorted(w.name for w in main_windows(app)) == ["Clinic info", "I go out", "My pets"],
                 f"a third window on the link ({[w.name for w in main_windows(app)]})", timeout=15)
    finally:
        app.quit()


def test_a_dialog_blocks_only_its_window(build):
    """Issue 34: the appointment dialog over one window is modal to that window only: a real
    click (XTEST, not AT-SPI) on the other window's *My pets* still works, and the dialog stays.
    (Where the driver cannot aim a click, `pointer_can_aim`: real Tab and Space keys.)"""
    with started(build) as app:
        app.wait_title("RayPets")
        app.keys("ctrl+n")
        wait_for(lambda: len(main_windows(app)) == 2, "a second window")
        side_by_side(app)
        first, second = main_windows(app)
        app.click("Schedule appointment", window=first)
        app.wait_title("Which pet?", dialog=True)
        button = wait_for(lambda: app.buttons(second, "My pets"), "the second window's My pets")[0]
        extents = button.queryComponent().getExtents(pyatspi.WINDOW_COORDS)
        ids = shown_windows(app, "RayPets", count=2)
        # The second window is the one to the right (side_by_side put them 600 px apart).
        geometry = {w: subprocess.run(["xdotool", "getwindowgeometry", w], capture_output=True, text=True,
                                      timeout=10).stdout for w in ids}
        target = max(ids, key=lambda w: int(geometry[w].split("Position: ")[1].split(",")[0]))
        with app.user_action("a real click (or Tab and Space) on the other window's My pets"):
            if app.pointer_can_aim():
                subprocess.run(["xdotool", "mousemove", "--window", target, str(extents.x + extents.width // 2),
                                str(extents.y + extents.height // 2), "click", "1"], check=True, timeout=10)
            else:  # real keys (XTEST) into that window instead: the dialog must not block them either
                subprocess.run(["xdotool", "windowfocus", "--sync", target], check=True, timeout=10)
                for _ in range(12):
                    if app.focused(second) == ("push button", "My pets"):
                        break
                    subprocess.run(["xdotool", "key", "Tab"], check=True, timeout=10)
                subprocess.run(["xdotool", "key", "space"], check=True, timeout=10)
        wait_for(lambda: second.name == "My pets", "My pets in the window without the dialog")
        assert app.dialog() is not None and first.name == "RayPets", "the first window's dialog went"
        app.screenshot("dialog-in-one-window.png")


def open_clover(app, window, where):
    """My pets, then Clover's page, in `window` (`where` names it in a failure)."""
    app.click("My pets", window=window)
    wait_for(lambda: window.name == "My pets", f"My pets in {where}")
    app.choose_row("Clover", window=window)
    wait_for(lambda: window.name == "Clover", f"Clover's page in {where}")


def edit_clover_in_a_new_window(app):
    """Ctrl+N, then in the new window (AT-SPI lists it last): My pets, Clover, Edit, and an x
    typed into the name. Returns the new window, its editor with unsaved work."""
    count = len(main_windows(app))
    app.keys("ctrl+n")
    wait_for(lambda: len(main_windows(app)) == count + 1, "a new window")
    second = main_windows(app)[-1]
    open_clover(app, second, "the new window")
    app.click("Edit", window=second)
    wait_for(lambda: second.name == "Edit Clover", "the editor in the new window")
    time.sleep(0.4)
    app.type_text("x", window=second)
    return second


def test_ctrl_w_closes_one_window_of_several(build):
    """Issue 34: Ctrl+W closes the window it is typed in; one with typed work asks first (Keep
    editing keeps the window and the text, Discard closes it); the other window stays as it
    was; Ctrl+W on the last window quits, and the next start brings that window back."""
    env = private_folders()
    app = RayPets(build.binary, build.artifacts, env=env)
    try:
        app.wait_title("RayPets")
        open_pet_page(app, "Rex")
        app.wait_title("Rex")
        second = edit_clover_in_a_new_window(app)
        app.keys("ctrl+w", window=second)
        alert = app.wait_alert("Discard changes?")
        app.click("Keep editing", window=alert)
        app.wait_no_alert()
        assert len(main_windows(app)) == 2 and second.name == "Edit Clover", \
            f"Keep editing closed the window: {[w.name for w in main_windows(app)]}"
        app.keys("ctrl+w", window=second)
        alert = app.wait_alert("Discard changes?")
        app.click("Discard", window=alert)
        wait_for(lambda: len(main_windows(app)) == 1, "the second window closed after Discard")
        assert main_windows(app)[0].name == "Rex", main_windows(app)[0].name
        app.keys("ctrl+w")
        wait_for(lambda: app.process.poll() is not None, "the last window's Ctrl+W to quit")
        assert app.process.returncode == 0, app.process.returncode
    finally:
        app.quit()
    app = RayPets(build.binary, build.artifacts, env=env)
    try:
        app.wait_title("Rex")
        assert [w.name for w in main_windows(app)] == ["Rex"], [w.name for w in main_windows(app)]
    finally:
        app.quit()


def test_open_in_new_window(build):
    """Issue 34: *Open in New Window* on a pet's row: from its context menu (the Menu key on the
    focused row, then a right click on the row, or Shift+F10 where the driver cannot aim a
    click) and with Ctrl+Enter on the focused row; each opens a window on the pet's page with My
    pets below it (Back there goes to My pets) and leaves the list's window as it was. A menu
    closed with Escape leaves nothing behind: Ctrl+Enter then means the focused row."""
    with started(build) as app:
        app.click("My pets")
        app.wait_title("My pets")
        lists = app.main_window()
        window = shown_windows(app, "My pets")[0]

        def open_menu_on(name, way):
            """`way`: "menu key", or "pointer" (a right click; Shift+F10 where the driver cannot aim)."""
            if way == "pointer" and app.pointer_can_aim():
                rows = wait_for(lambda: [n for n in visible_nodes(lists) if role_of(n) == pyatspi.ROLE_LIST_ITEM
                                         and n.name.startswith(name + ",")], f"{name}'s row")
                extents = rows[0].queryComponent().getExtents(pyatspi.WINDOW_COORDS)
                with app.user_action(f"a right click on {name}'s row"):
                    subprocess.run(["xdotool", "mousemove", "--window", window, str(extents.x + extents.width // 2),
                                    str(extents.y + extents.height // 2), "click", "3"], check=True, timeout=10)
            else:
                app.focus_row(name, window=lists)
                app.keys("Menu" if way == "menu key" else "shift+F10", window=lists)
            return wait_for(lambda: app.menu_item("Open in New Window", 0), "the row's context menu")

        open_menu_on("Whiskers", "menu key")
        app.keys("Escape", window=lists)
        time.sleep(0.5)
        app.choose_row("Rex", window=lists)
        app.wait_title("Rex", window=lists)
        app.keys("alt+Left", window=lists)
        app.wait_title("My pets", window=lists)
        wait_for(lambda: app.focused(lists) == ("list item", "Rex, Dog, 3 years"), "the focus on Rex's row")
        app.keys("ctrl+Return", window=lists)
        wait_for(lambda: any(w.name == "Rex" for w in main_windows(app)), "a new window on Rex after Ctrl+Enter")
        assert sorted(w.name for w in main_windows(app)) == ["My pets", "Rex"], [w.name for w in main_windows(app)]

        side_by_side(app)  # the new window opened over the list (no window manager to place it)
        item = open_menu_on("Whiskers", "pointer")
        app.screenshot("context-menu.png")
        app.activate(item)
        whiskers = wait_for(lambda: next((w for w in main_windows(app) if w.name == "Whiskers"), None),
                            "a new window on Whiskers")
        assert lists.name == "My pets", f"the list's window moved: {lists.name}"
        app.keys("alt+Left", window=whiskers)
        wait_for(lambda: whiskers.name == "My pets", "Back in the new window goes to My pets")
        assert len(main_windows(app)) == 3, [w.name for w in main_windows(app)]


def test_ctrl_w_on_the_other_window_while_one_asks_quits(build):
    """Issue 34: while one window's Ctrl+W asks *Discard changes?*, Ctrl+W on the other window is
    closing the last one: the app quits as Ctrl+Q does, keeping both windows and the draft."""
    env = private_folders()
    app = RayPets(build.binary, build.artifacts, env=env)
    try:
        app.wait_title("RayPets")
        second = edit_clover_in_a_new_window(app)
        app.keys("ctrl+w", window=second)
        app.wait_alert("Discard changes?")
        first = next(w for w in main_windows(app) if w.name == "RayPets")
        app.keys("ctrl+w", window=first)
        wait_for(lambda: app.process.poll() is not None, "the app to quit")
        assert app.process.returncode == 0, app.process.returncode
    finally:
        app.quit()
    app = RayPets(build.binary, build.artifacts, env=env)
    try:
        wait_for(lambda: sorted(w.name for w in main_windows(app)) == ["Edit Clover", "RayPets"],
                 f"both windows back ({[w.name for w in main_windows(app)]})", timeout=15)
        editor = next(w for w in main_windows(app) if w.name == "Edit Clover")

        def field_texts():
            found = []
            for node in walk(editor):
                if role_of(node) in (pyatspi.ROLE_TEXT, pyatspi.ROLE_ENTRY):
                    try:
                        text = node.queryText()
                        found.append(text.getText(0, text.characterCount))
                    except Exception:
                        pass  # freed while reading
            return found
        wait_for(lambda: any(t.endswith("x") for t in field_texts()), f"the typed x kept ({field_texts()})")
    finally:
        app.quit()


def test_row_3_undo_outlives_the_window_that_deleted(build):
    """Issue 42, row 3: window B edits Clover; window A deletes Clover, and B asks (*Discard
    changes?*); Ctrl+W on A while B asks; *Discard* in B: Clover is deleted, and the Undo toast
    shows in B, the window that remains; its Undo brings Clover back."""
    with started(build) as app:
        app.wait_title("RayPets")
        first = main_windows(app)[0]
        second = edit_clover_in_a_new_window(app)
        open_clover(app, first, "the first window")
        app.click("Delete", window=first)
        alert = app.wait_alert("Discard changes?")
        app.keys("ctrl+w", window=first)
        wait_for(lambda: len(main_windows(app)) == 1, "the first window closed while the second asks")
        app.click("Discard", window=alert)
        wait_for(lambda: second.name == "My pets", f"Clover's pages gone from the second window ({second.name})")
        wait_for(lambda: "Clover deleted" in app.labels(second),
                 f"the toast in the second window ({app.labels(second)})")
        app.screenshot("row-3-undo-in-the-remaining-window.png")
        app.click("Undo", window=second)
        wait_rows(app, lambda rows: "Clover" in names(rows), "Clover back in the list after Undo")


def test_row_4_a_drafts_conflict_check_survives_a_restart(build):
    """Issue 42, row 4: windows A and B in Clover's editor, A with typed work; B renames Clover
    to Clementine and saves (A's title follows: row 10); Ctrl+Q; restart: A comes back with its
    draft, and its Save is refused as a conflict (the pet was changed in another window), as it
    would have been before the restart; Clementine is not renamed back."""
    env = private_folders()
    app = RayPets(build.binary, build.artifacts, env=env)
    try:
        app.wait_title("RayPets")
        first = main_windows(app)[0]
        editor = edit_clover_in_a_new_window(app)
        open_clover(app, first, "the first window")
        app.click("Edit", window=first)
        wait_for(lambda: first.name == "Edit Clover", "the editor in the first window")
        time.sleep(0.4)
        app.keys("ctrl+a", window=first)
        app.type_text("Clementine", window=first)
        wait_for(lambda: app.is_sensitive("Save", window=first), "Save to become pressable")
        app.click("Save", window=first)
        wait_for(lambda: first.name == "Clementine", f"Clementine saved ({first.name})")
        wait_for(lambda: editor.name == "Edit Clementine", f"the other editor's title follows ({editor.name})")
        quit_app(app)
        wait_for(lambda: app.process.poll() is not None, "raypets to quit")
    finally:
        app.quit()
    app = RayPets(build.binary, build.artifacts, env=env)
    try:
        wait_for(lambda: sorted(w.name for w in main_windows(app)) == ["Clementine", "Edit Clementine"],
                 f"both windows back ({[w.name for w in main_windows(app)]})", timeout=15)
        editor = next(w for w in main_windows(app) if w.name == "Edit Clementine")
        app.click("Save", window=editor)
        wait_for(lambda: any("changed in another window" in label for label in app.labels(editor)),
                 f"the conflict said in the editor ({editor.name}: {app.labels(editor)})")
        assert editor.name == "Edit Clementine", f"the editor left: {editor.name}"
        # The editor's window on top for the picture (both windows open at the same place).
        subprocess.run(["xdotool", "search", "--name", window_pattern("Edit Clementine"), "windowraise"], timeout=10)
        time.sleep(0.3)
        app.screenshot("row-4-conflict-after-a-restart.png")
        assert sorted(w.name for w in main_windows(app)) == ["Clementine", "Edit Clementine"], \
            f"renamed back: {[w.name for w in main_windows(app)]}"
    finally:
        app.quit()


def test_navigation_page_in_gtk_inspector(build):
    """GTK Inspector (Ctrl+Shift+I) has a Navigation page, shown with both windows' stacks, the
    dialog open in one and, in the other, the editor Back kept for Forward; its screenshot is
    docs/screenshots/navigation-inspector.png. GTK 4.8 opens the inspector on a display of its
    own, which AT-SPI cannot read (its windows have no names or roles there): the page's tab is
    clicked where GTK draws it, and the page says it is shown in the app's debug log. What the
    page holds is checked by GtkTests, in-process."""
    env = private_folders()
    settings = os.path.join(env["XDG_CONFIG_HOME"], "glib-2.0", "settings")
    os.makedirs(settings)
    with open(os.path.join(settings, "keyfile"), "w") as keyfile:
        # Not the inspector's "Do you want to use GTK Inspector?" first.
        keyfile.write("[org/gtk/gtk4/settings/debug]\ninspector-warning=false\n")
    env.update(GSETTINGS_BACKEND="keyfile", G_MESSAGES_DEBUG="GtkNavigation")
    app = RayPets(build.binary, build.artifacts, env=env)
    try:
        app.wait_title("RayPets")
        # Window 1: the appointment dialog. Window 2: Rex's page, its changed editor kept ahead.
        open_appointment(app)
        first = app.main_window()
        app.keys("ctrl+n", window=first)
        wait_for(lambda: len(main_windows(app)) == 2, "a second window")
        second = next(w for w in main_windows(app) if w != first)
        app.click("My pets", window=second)
        wait_for(lambda: second.name == "My pets", "My pets in the second window")
        app.choose_row("Rex", window=second)
        wait_for(lambda: second.name == "Rex", "Rex in the second window")
        app.click("Edit", window=second)
        wait_for(lambda: second.name == "Edit Rex", "the editor")
        app.type_text("y", window=second)
        app.keys("alt+Left", window=second)
        wait_for(lambda: second.name == "Rex", "Rex's page, the editor kept for Forward")
        windows_before = len(window_ids(app))
        app.keys("ctrl+shift+i", window=second)
        wait_for(lambda: len(window_ids(app)) > windows_before, "GTK Inspector's window after Ctrl+Shift+I")
        time.sleep(1)
        # The inspector opens at (0, 0), 905 px wide: its Navigation tab is the last in its header.
        subprocess.run(["xdotool", "mousemove", "698", "26", "click", "1"], check=True, timeout=10)
        wait_for(lambda: "the inspector's Navigation page is shown: 2 window(s)" in app.stderr(),
                 "the Navigation page shown, with both windows")
        # Then as large as the screen, for the screenshot: the inspector's window is the one
        # named after the program (the app's windows have their titles), not a 1x1 helper.
        for window in window_ids(app):
            name = subprocess.run(["xdotool", "getwindowname", window], capture_output=True, text=True,
                                  timeout=10).stdout.strip()
            size = subprocess.run(["xdotool", "getwindowgeometry", window], capture_output=True, text=True,
                                  timeout=10).stdout
            if name == "raypets" and "Geometry: 1x1" not in size:
                subprocess.run(["xdotool", "windowsize", window, "1280", "800"], check=True, timeout=10)
        app.screenshot("navigation-inspector.png")
    finally:
        app.quit()
