"""Files that are damaged, out of reach or changed under the app (issue 42's rows 1, 2, 5 and
6): a state file of random bytes, a damaged database, a read-only folder, a FIFO as the state
or the settings file, a file-size limit, the records file replaced or copied over."""
import os
import random
import shutil
import sqlite3
import stat
import subprocess
import sys
import tempfile

import pyatspi

from e2e_helpers import config_dir, edit_rex_unsaved, names, private_folders, quit_app, wait_rows
from raypets_driver import RayPets, role_of, visible_nodes, wait_for


def test_a_state_file_of_random_bytes_is_moved_aside(build):
    env = private_folders()
    folder = os.path.join(env["XDG_STATE_HOME"], "raypets")
    os.makedirs(folder)
    garbage = random.Random(30).randbytes(3000)
    with open(os.path.join(folder, "navigation"), "wb") as state:
        state.write(garbage)
    app = RayPets(build.binary, build.artifacts, env=env)
    try:
        app.wait_title("RayPets")  # Home
        wait_for(lambda: "moved it to" in app.stderr(), "a message on stderr")
        app.keys("ctrl+q")
        wait_for(lambda: app.process.poll() is not None, "raypets to quit")
    finally:
        app.quit()
    with open(os.path.join(folder, "navigation.corrupt"), "rb") as aside:
        assert aside.read() == garbage, "the file moved aside is not the one that was there"
    assert os.path.exists(os.path.join(folder, "navigation")), "the state of this run was saved"


def test_corrupt_database_start(build):
    data = tempfile.mkdtemp(prefix="raypets-e2e-data.")
    os.makedirs(os.path.join(data, "raypets"))
    with open(os.path.join(data, "raypets", "clinic.sqlite3"), "wb") as damaged:
        damaged.write(b"these are not the records you are looking for\n" * 200)
    app = RayPets(build.binary, build.artifacts,
                  env={"XDG_CONFIG_HOME": config_dir(welcome_done=True), "XDG_DATA_HOME": data})
    try:
        wait_for(lambda: any("damaged" in l and ".corrupt-" in l for l in app.labels(app.main_window())),
                 "the notice in the window")
        assert "is damaged (not a database); moved it to" in app.stderr(), app.stderr()
        aside = [f for f in os.listdir(os.path.join(data, "raypets")) if ".corrupt-" in f]
        assert len(aside) == 1, aside
        with open(os.path.join(data, "raypets", aside[0]), "rb") as kept:
            assert kept.read().startswith(b"these are not the records"), "the damaged file was not kept as it was"
        app.screenshot("corrupt-start.png")
        app.click("My pets")
        rows = wait_rows(app, lambda rows: len(rows) == 4, "the sample pets")
        assert names(rows) == ["Rex", "Whiskers", "Clover", "Bubbles"], rows
        assert app.is_sensitive("Add pet"), "a fresh database can be written"
    finally:
        app.quit()


def test_read_only_start(build):
    """The data folder cannot be written: as root (who may write anywhere), a read-only bind
    mount in a private mount namespace; otherwise plain permissions."""
    env = {"XDG_CONFIG_HOME": config_dir(welcome_done=True),
           "XDG_DATA_HOME": tempfile.mkdtemp(prefix="raypets-e2e-data.")}
    first = RayPets(build.binary, build.artifacts, env=env)
    first.quit()  # creates the database (WAL mode) with the sample pets
    # The user's own records, not only the sample pets: a read-only view must show them.
    added = subprocess.run([build.binary, "--demo-data=3"], env=dict(os.environ, **env), capture_output=True, text=True,
                           timeout=60)
    assert added.returncode == 0, added.stderr
    folder = os.path.join(env["XDG_DATA_HOME"], "raypets")
    database = os.path.join(folder, "clinic.sqlite3")
    with open(database, "rb") as before:
        content = before.read()
    if os.geteuid() == 0:
        binary, args = "unshare", ["-m", "sh", "-c", f'mount --bind -o ro "{folder}" "{folder}" && exec "$0"',
                                   os.path.abspath(build.binary)]
    else:
        os.chmod(database, 0o400)
        os.chmod(folder, 0o500)
        binary, args = build.binary, []
    app = RayPets(binary, build.artifacts, env=env, args=args)
    try:
        wait_for(lambda: any("The clinic's records are read-only: you can look, but not change them." in l
                             for l in app.labels(app.main_window())), "the read-only banner")
        assert "not writable; opened read-only" in app.stderr(), app.stderr()
        app.screenshot("read-only-start.png")
        assert "cannot read" not in app.stderr(), app.stderr()
        app.click("My pets")
        wait_rows(app, lambda rows: len(rows) == 7, "the user's 7 pets (4 + 3 added), readable")
        assert not app.is_sensitive("Add pet"), "Add pet must be disabled"
        app.choose_row("Whiskers")
        app.wait_title("Whiskers")
        assert not app.is_sensitive("Edit") and not app.is_sensitive("Delete"), "editing must be disabled"
    finally:
        app.quit()
        os.chmod(folder, 0o700)
        os.chmod(database, 0o600)
    with open(database, "rb") as after:
        assert after.read() == content, "the read-only database was changed"


def texts(app, window=None):
    """The texts of the visible text fields (entries and text views) of `window`."""
    found = []
    for node in visible_nodes(window or app.main_window()):
        if role_of(node) in (pyatspi.ROLE_TEXT, pyatspi.ROLE_ENTRY, pyatspi.ROLE_PASSWORD_TEXT):
            try:
                text = node.queryText()
                found.append(text.getText(0, text.characterCount))
            except Exception:
                pass  # freed while reading
    return found


def release_fifo(path):
    """Lets a process blocked opening the FIFO at `path` for reading go on (a writer comes and
    goes), so that a failing test leaves no process hanging."""
    try:
        os.close(os.open(path, os.O_WRONLY | os.O_NONBLOCK))
    except OSError:
        pass


def test_row_1_a_fifo_as_the_state_or_the_settings_file(build):
    """row 1 (issue 42): the navigation state file or the settings file is a FIFO: the window
    appears within the usual start time, the state FIFO is moved aside, both are reported."""
    for which in ("state", "settings"):
        env = private_folders()
        home = env["XDG_STATE_HOME"] if which == "state" else env["XDG_CONFIG_HOME"]
        folder = os.path.join(home, "raypets")
        os.makedirs(folder, exist_ok=True)
        fifo = os.path.join(folder, "navigation" if which == "state" else "settings")
        if os.path.exists(fifo):
            os.remove(fifo)
        os.mkfifo(fifo, 0o600)
        try:
            app = RayPets(build.binary, build.artifacts, env=env)
        except Exception:
            release_fifo(fifo)
            raise
        try:
            if which == "state":
                app.wait_title("RayPets")  # Home
                wait_for(lambda: "not a regular file" in app.stderr() and "moved it to" in app.stderr(),
                         "the state FIFO reported as moved aside")
                assert stat.S_ISFIFO(os.lstat(fifo + ".corrupt").st_mode), "the FIFO was not kept as it was"
            else:
                wait_for(lambda: "cannot read settings file" in app.stderr() and "not a regular file" in app.stderr(),
                         "the settings FIFO reported")
            app.keys("ctrl+q")
            wait_for(lambda: app.process.poll() is not None, "raypets to quit")
            assert app.process.returncode == 0, app.process.returncode
        finally:
            release_fifo(fifo)
            app.quit()
        if which == "state":
            assert stat.S_ISREG(os.lstat(fifo).st_mode), "this run's state was saved as a file"


def limited(build, size_kb):
    """`bash` arguments that start raypets with a file-size limit of `size_kb` KiB (bash's
    `ulimit -f` counts KiB; dash's, 512-byte blocks)."""
    return "bash", ["-c", f'ulimit -f {size_kb} && exec "$0"', os.path.abspath(build.binary)]


def test_row_2_save_under_a_file_size_limit(build):
    """row 2 (issue 42): a file-size limit and *Save* with long notes: the app keeps running,
    says nothing was saved, keeps what was typed and its draft; at start with a tiny limit it
    starts."""
    env = private_folders()
    first = RayPets(build.binary, build.artifacts, env=env)
    first.keys("ctrl+q")  # creates the records with the sample pets
    wait_for(lambda: first.process.poll() is not None, "raypets to quit")
    first.quit()
    database = os.path.join(env["XDG_DATA_HOME"], "raypets", "clinic.sqlite3")
    # Long notes, saved many times by a program that then ends without closing the file, as
    # a session of edits leaves SQLite's -wal file: larger than the records file.
    writer = subprocess.run([sys.executable, "-c", f"""
import os, sqlite3
connection = sqlite3.connect({database!r}, isolation_level=None)
connection.execute("PRAGMA wal_autocheckpoint = 0")
for round in range(60):
    connection.execute("UPDATE pets SET notes = ? WHERE name = 'Rex'", (f"Likes long walks ({{round}}). " * 40,))
os._exit(0)
"""], capture_output=True, text=True, timeout=60)
    assert writer.returncode == 0, writer.stderr
    wal = os.path.getsize(database + "-wal")
    assert wal > os.path.getsize(database), (wal, os.path.getsize(database))
    # A limit the records' files already reach: the next write to them cannot fit.
    size_kb = wal // 1024
    binary, args = limited(build, size_kb)
    app = RayPets(binary, build.artifacts, env=env, args=args)
    try:
        edit_rex_unsaved(app)
        wait_for(lambda: app.is_sensitive("Save"), "Save to become pressable")
        app.click("Save")
        wait_for(lambda: any("Nothing was saved" in label for label in app.labels(app.main_window())),
                 "the message that nothing was saved")
        assert app.process.poll() is None, f"raypets died: status {app.process.returncode}"
        app.wait_title("Edit Rex")  # the editor stays
        assert "Rexy" in texts(app), texts(app)
        app.screenshot("file-size-limit.png")
        app.keys("ctrl+q")
        wait_for(lambda: app.process.poll() is not None, "raypets to quit")
        assert app.process.returncode == 0, f"exit status {app.process.returncode}"
    finally:
        app.quit()
    connection = sqlite3.connect(database)
    assert connection.execute("SELECT count(*) FROM pets WHERE name = 'Rex'").fetchone() == (1,), "Rex was changed"
    assert connection.execute("PRAGMA integrity_check").fetchall() == [("ok",)]
    connection.close()
    app = RayPets(build.binary, build.artifacts, env=env)  # no limit: the draft is back, and saves
    try:
        app.wait_title("Edit Rex")
        wait_for(lambda: "Rexy" in texts(app), "the typed name, from the draft")
        app.click("Save")
        app.wait_title("Rexy")
    finally:
        app.quit()
    # A limit smaller than SQLite's own files (`ulimit -f 8`): the app starts all the same.
    binary, args = limited(build, 8)
    app = RayPets(binary, build.artifacts, env=env, args=args)
    try:
        app.wait_title("Rexy")  # where the last run ended: the user's records, read-only
        wait_for(lambda: any("There is no room to write the clinic's records" in label
                             for label in app.labels(app.main_window())), "the read-only notice")
        assert not app.is_sensitive("Edit"), "editing must be disabled"
        app.keys("ctrl+q")
        wait_for(lambda: app.process.poll() is not None, "raypets to quit")
        assert app.process.returncode == 0, f"exit status {app.process.returncode}"
    finally:
        app.quit()
    # No room for a byte (`ulimit -f 0`): the app quits in order (no SIGXFSZ), and the state's
    # write, which fails, leaves neither its temporary file nor a half-written state. (Its
    # report cannot be read here: stderr is a file, which the limit keeps from growing too.)
    state_folder = os.path.join(env["XDG_STATE_HOME"], "raypets")
    with open(os.path.join(state_folder, "navigation"), "rb") as before:
        state = before.read()
    binary, args = limited(build, 0)
    app = RayPets(binary, build.artifacts, env=env, args=args)
    try:
        app.wait_title("Rexy")
        app.keys("ctrl+q")
        wait_for(lambda: app.process.poll() is not None, "raypets to quit")
        assert app.process.returncode == 0, f"exit status {app.process.returncode}"
    finally:
        app.quit()
    assert sorted(os.listdir(state_folder)) == ["navigation"], os.listdir(state_folder)
    with open(os.path.join(state_folder, "navigation"), "rb") as after:
        assert after.read() == state, "the state file changed"


def records_with_demo_pets(build, count):
    """A RayPets records file of its own (the sample pets and `count` demo pets), closed."""
    data = tempfile.mkdtemp(prefix="raypets-e2e-other.")
    added = subprocess.run([build.binary, f"--demo-data={count}"], capture_output=True, text=True, timeout=120,
                           env={**os.environ, "XDG_DATA_HOME": data})
    assert added.returncode == 0, added
    return os.path.join(data, "raypets", "clinic.sqlite3")


def pet_names(database):
    with sqlite3.connect(database) as db:
        return [name for name, in db.execute("SELECT name FROM pets ORDER BY position")]


def test_row_5_a_records_file_moved_into_place_while_the_app_runs(build):
    """Row 5 (issue 42): the app runs with its file in WAL mode; the user moves another records
    file into place (`mv other.sqlite3 clinic.sqlite3`); the next change is refused, the user
    quits as told and starts again: the other file's 304 pets are shown, none lost (the old
    -wal file was not replayed into it)."""
    env = private_folders()
    other = records_with_demo_pets(build, 300)
    expected = pet_names(other)
    assert len(expected) == 304, len(expected)
    database = os.path.join(env["XDG_DATA_HOME"], "raypets", "clinic.sqlite3")
    app = RayPets(build.binary, build.artifacts, env=env)
    try:
        app.click("My pets")
        app.wait_title("My pets")
        app.click("Add pet")
        app.wait_title("New pet")
        app.type_text("Biscuit")
        wait_for(lambda: app.is_sensitive("Save"), "Save to become pressable")
        app.click("Save")
        app.wait_title("My pets")
        wait_rows(app, lambda rows: "Biscuit" in names(rows), "Biscuit in the list")
        assert os.path.getsize(database + "-wal") > 0, "the app's changes are in its -wal file"
        os.rename(other, database)  # mv other.sqlite3 clinic.sqlite3
        app.click("Add pet")
        app.wait_title("New pet")
        app.type_text("Pumpkin")
        wait_for(lambda: app.is_sensitive("Save"), "Save to become pressable")
        app.click("Save")
        wait_for(lambda: any("deleted or replaced" in label for label in app.labels(app.main_window())),
                 "the refusal")
        quit_app(app)
        wait_for(lambda: app.process.poll() is not None, "raypets to quit")
    finally:
        app.quit()
    assert pet_names(database) == expected, "the moved-in file changed"
    app = RayPets(build.binary, build.artifacts, env=env, args=["--fresh"])
    try:
        app.click("My pets")
        app.wait_title("My pets")
        rows = wait_rows(app, lambda rows: len(rows) > 5, "the moved-in file's pets")
        assert names(rows) == expected[:len(rows)], (rows[:8], expected[:8])
        assert "Biscuit" not in names(rows), rows[:8]
    finally:
        app.quit()
    assert pet_names(database) == expected, "the moved-in file changed at the second run"


def test_row_6_a_backup_copied_over_the_records_is_refused_and_kept(build):
    """Row 6 (issue 42): the user copies a backup over the live file (`cp backup clinic.sqlite3`,
    the same inode) while an edit is open: Save is refused with the message, the typed name
    stays in the field (and comes back after the quit), and the backup's content is intact
    after quitting."""
    env = private_folders()
    first = RayPets(build.binary, build.artifacts, env=env)
    first.quit()  # creates the records (the sample pets, WAL mode)
    folder = os.path.join(env["XDG_DATA_HOME"], "raypets")
    database = os.path.join(folder, "clinic.sqlite3")
    backup = os.path.join(tempfile.mkdtemp(prefix="raypets-e2e-backup."), "backup.sqlite3")
    shutil.copyfile(database, backup)
    db = sqlite3.connect(backup)
    db.execute("UPDATE pets SET name = 'Bella', name_key = 'bella' WHERE id = 'whiskers'")
    db.commit()
    db.close()
    with open(backup, "rb") as kept:
        content = kept.read()
    app = RayPets(build.binary, build.artifacts, env=env)
    try:
        edit_rex_unsaved(app)
        inode = os.stat(database).st_ino
        shutil.copyfile(backup, database)  # cp backup.sqlite3 clinic.sqlite3
        assert os.stat(database).st_ino == inode, "cp keeps the inode"
        app.click("Save")
        wait_for(lambda: any("deleted or replaced" in label for label in app.labels(app.main_window())),
                 "the refusal")
        assert app.title() == "Edit Rex", app.title()
        assert "Rexy" in texts(app), texts(app)
        quit_app(app)
        wait_for(lambda: app.process.poll() is not None, "raypets to quit")
    finally:
        app.quit()
    with open(database, "rb") as after:
        assert after.read() == content, "the copied backup was written into"
    assert pet_names(database) == ["Rex", "Bella", "Clover", "Bubbles"], pet_names(database)
    app = RayPets(build.binary, build.artifacts, env=env)
    try:
        app.wait_title("Edit Rex")  # the editor is back, with what was typed
        wait_for(lambda: "Rexy" in texts(app), "the typed name kept")
    finally:
        app.quit()


def test_round_3_row_5_every_file_the_app_makes_is_the_users_alone(build):
    """round 3, row 5 (issue 57): started with umask 000, RayPets makes its records (with
    SQLite's -wal and -shm) and state files 0600 and its folders 0700; and a records
    folder others may write, with a records file planted in it, is not used: the sample pets
    show, read-only, and the planted file is left as it is."""
    env = private_folders()
    data = os.path.join(env["XDG_DATA_HOME"], "raypets")
    app = RayPets(build.binary, build.artifacts, env=env, umask=0)
    try:
        app.click("My pets")
        app.wait_title("My pets")
        app.keys("ctrl+q")
        wait_for(lambda: app.process.poll() is not None, "raypets to quit")
    finally:
        app.quit()
    # (The settings file is the test's own: it says the welcome was done.)
    made = [os.path.join(data, "clinic.sqlite3"), os.path.join(env["XDG_STATE_HOME"], "raypets", "navigation")]
    made += [path for path in [made[0] + "-wal", made[0] + "-shm"] if os.path.exists(path)]
    for path in made:
        assert stat.S_IMODE(os.stat(path).st_mode) == 0o600, f"{path}: {oct(os.stat(path).st_mode)}"
    for folder in [data, os.path.join(env["XDG_STATE_HOME"], "raypets")]:
        assert stat.S_IMODE(os.stat(folder).st_mode) == 0o700, f"{folder}: {oct(os.stat(folder).st_mode)}"
    # Someone else's trap: the folder opened to all, a records file of theirs in it.
    os.chmod(data, 0o777)
    before = open(made[0], "rb").read()
    app = RayPets(build.binary, build.artifacts, env=env)
    try:
        app.wait_title("My pets")  # where the last run ended
        wait_for(lambda: any("others may change it" in label for label in app.labels()), "the notice saying why")
    finally:
        app.quit()
    assert open(made[0], "rb").read() == before, "the planted file was changed"
