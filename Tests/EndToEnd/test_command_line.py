"""The command line: a bad link exits 2 with the valid forms, --help, --version, --demo-data,
no test commands in raypets, and --export-journal writing a running app's journal."""
import os
import signal
import sqlite3
import subprocess
import tempfile
import time

from e2e_helpers import app_action, config_dir, open_pet_page, private_folders, resize, started
from raypets_driver import RayPets, wait_for


def test_bad_link_exits_2_with_the_valid_forms(build):
    done = subprocess.run([build.binary, "raypets://clinic/nowhere"], capture_output=True, text=True, timeout=20,
                          env=dict(os.environ, XDG_CONFIG_HOME=config_dir(welcome_done=True)))
    assert done.returncode == 2, done.returncode
    assert "raypets://clinic/nowhere" in done.stderr and "raypets://learn/how-to-code/<1-4>" in done.stderr, \
        done.stderr
    # Not a raypets: link at all, a link too long to be one, a control character hidden in an
    # escape: refused the same way, before anything is shown; nothing raw reaches the terminal.
    for argument in ("http://clinic", "", "/etc/passwd", "raypets://clinic/pets/" + "W" * 3000,
                     "raypets://clinic/pets/%1b%5b31mred"):
        done = subprocess.run([build.binary, argument], capture_output=True, text=True, timeout=20,
                              env=dict(os.environ, XDG_CONFIG_HOME=config_dir(welcome_done=True)))
        assert done.returncode == 2, (argument[:40], done.returncode, done.stderr[:300])
        assert "valid links:" in done.stderr and "\x1b" not in done.stderr, (argument[:40], done.stderr[:300])
        assert len(done.stderr) < 2000, f"the whole {len(argument)}-character link was printed back"
    # In the user's language (the messages are translated before the link is checked).
    done = subprocess.run([build.binary, "raypets://clinic/nowhere"], capture_output=True, text=True, timeout=20,
                          env=dict(os.environ, XDG_CONFIG_HOME=config_dir(welcome_done=True), LANGUAGE="de",
                                   LANG="de_DE.UTF-8"))
    assert done.returncode == 2 and "kann nicht geöffnet werden" in done.stderr, done.stderr
    listed = subprocess.run([build.binary, "--list-routes"], capture_output=True, text=True, timeout=20)
    assert listed.returncode == 0 and "raypets://clinic/pets/<id or name>" in listed.stdout, listed
    assert "window=new" in listed.stdout, listed.stdout


def test_command_line_help_and_version(build):
    helped = subprocess.run([build.binary, "--help"], capture_output=True, text=True, timeout=20)
    assert helped.returncode == 0, helped
    for option in ("--fresh", "--list-routes", "--version", "--demo-data=N", "[raypets://LINK"):
        assert option in helped.stdout, (option, helped.stdout)
    version = subprocess.run([build.binary, "--version"], capture_output=True, text=True, timeout=20)
    assert version.returncode == 0 and version.stdout.startswith("raypets "), version
    unknown = subprocess.run([build.binary, "--no-such-option"], capture_output=True, text=True, timeout=20)
    assert unknown.returncode != 0 and "--no-such-option" in unknown.stderr + unknown.stdout, unknown
    # --demo-data=N adds N made-up pets to the user's records (one transaction) and exits.
    data = tempfile.mkdtemp(prefix="raypets-e2e-data.")
    env = {**os.environ, "XDG_DATA_HOME": data}
    added = subprocess.run([build.binary, "--demo-data=1000"], capture_output=True, text=True, timeout=60, env=env)
    assert added.returncode == 0 and "Added 1000 pets" in added.stdout, added
    with sqlite3.connect(os.path.join(data, "raypets", "clinic.sqlite3")) as db:
        assert db.execute("SELECT count(*) FROM pets").fetchone()[0] == 1004, "the 4 sample pets and 1,000 more"
    for bad in ("0", "-3", "many"):
        refused = subprocess.run([build.binary, f"--demo-data={bad}"], capture_output=True, text=True, timeout=20,
                                 env=env)
        assert refused.returncode == 1 and f"not “{bad}”" in refused.stderr, refused


def test_raypets_has_no_test_commands(build):
    """The installed binary carries no test entry points (issue 32): `--test-commands`, once a
    hidden switch, is refused as any unknown option is (GApplication's message, status 1),
    before anything is shown, read from stdin or written; the stdin commands live in the test
    app (Tests/TestApp, build.test_app) alone."""
    unknown = subprocess.run([build.binary, "--no-such-option"], capture_output=True, text=True, timeout=20)
    data = tempfile.mkdtemp(prefix="raypets-e2e-data.")
    env = dict(os.environ, XDG_CONFIG_HOME=config_dir(welcome_done=True), XDG_DATA_HOME=data,
               XDG_STATE_HOME=tempfile.mkdtemp(prefix="raypets-e2e-state."))
    refused = subprocess.run([build.binary, "--test-commands"], input="add Sneaky\n", capture_output=True, text=True,
                             timeout=20, env=env)
    assert refused.returncode == unknown.returncode == 1, (refused, unknown)
    assert refused.stderr == unknown.stderr.replace("--no-such-option", "--test-commands"), (refused, unknown)
    assert "--test-commands" in refused.stderr and refused.stdout == "", refused
    assert os.listdir(data) == [], "raypets opened its records"
    helped = subprocess.run([build.binary, "--help-all"], capture_output=True, text=True, timeout=20)
    assert helped.returncode == 0 and "test" not in helped.stdout.lower(), helped.stdout


def test_export_the_journal_of_a_bug_report(build):
    """A bug report, as a user makes one: at 1200 px with Rex beside My pets, Add pet, a name
    typed; then `raypets --export-journal=FILE` while the app runs writes its navigation journal:
    the intents by name, the stacks by route, the width, and none of the typed text. (The
    journal in Tests/RayPetsTests/Journals was exported this way, on a branch where the
    sidebar's Add pet did nothing beside a pet.)"""
    with started(build) as app:
        resize(app, 1200)
        open_pet_page(app, "Rex")
        app.click("Add pet")
        try:
            app.wait_title("New pet")
            # Beside the list the focus stays in the sidebar (on Add pet): Tab to the name.
            for _ in range(12):
                if app.focused() in (("text", "Name"), ("entry", "Name")):
                    break
                app.keys("Tab")
            app.type_text("Secret Name")
            wait_for(lambda: app.is_sensitive("Save"), "Save, once a name is typed")
            app.screenshot("journal-typed.png")
        finally:
            # Exported whether the editor came or not: the journal is the bug report.
            path = os.path.join(build.artifacts, "journal.txt")
            done = subprocess.run([build.binary, f"--export-journal={path}"], capture_output=True, text=True,
                                  timeout=30)
        assert done.returncode == 0, done
        assert "Wrote the navigation journal to" in done.stdout, done.stdout
        with open(path) as file:
            text = file.read()
        assert text.startswith("navigation-journal 1\n"), text[:100]
        for line in ["\tclinic\tresized\t", "\tclinic\tintent\tmy-pets\thome",
                     "\tclinic\tintent\tchoose-pet\tpets\trex", "\tclinic\tintent\tadd-pet\tpets",
                     "\tclinic\tstack\thome\tpets\taddPet", "\tclinic\tintent\tchanged\taddPet"]:
            assert line in text, f"{line!r} not in the journal:\n{text}"
        assert "Secret" not in text, "typed text in the journal"
    with tempfile.TemporaryDirectory() as folder:
        # No RayPets running: a clear message, exit status 1, no file.
        missing = os.path.join(folder, "journal.txt")
        done = subprocess.run([build.binary, f"--export-journal={missing}"], capture_output=True, text=True,
                              timeout=30)
        assert done.returncode == 1 and "RayPets is not running" in done.stderr, done
        assert not os.path.exists(missing)


def test_round_3_row_3_export_never_writes_over_a_file_that_is_not_a_journal(build):
    """round 3, row 3 (issue 57): `raypets --export-journal=FILE` while the app runs refuses,
    with exit status 1 and a message that says why, FILE being the records (or their `-wal`),
    the navigation state, the settings, or any file that is not a navigation journal; each is
    left as it was. A new file, and then a journal written before, are written. The running
    app refuses too when asked over D-Bus directly (its action), not through the command line."""
    env = private_folders()
    records = os.path.join(env["XDG_DATA_HOME"], "raypets", "clinic.sqlite3")
    state = os.path.join(env["XDG_STATE_HOME"], "raypets", "navigation")
    settings = os.path.join(env["XDG_CONFIG_HOME"], "raypets", "settings")
    app = RayPets(build.binary, build.artifacts, env=env)
    try:
        app.click("My pets")
        app.wait_title("My pets")
        notes = os.path.join(build.artifacts, "my-notes.txt")
        with open(notes, "w") as file:
            file.write("my own notes\n")
        targets = [records, records + "-wal", state, settings, notes]
        before = {path: open(path, "rb").read() if os.path.exists(path) else None for path in targets}

        def export(path):
            return subprocess.run([build.binary, f"--export-journal={path}"], env=dict(os.environ, **env),
                                  capture_output=True, text=True, timeout=30)

        for path in targets:
            done = export(path)
            assert done.returncode == 1, (path, done)
            assert ("one of RayPets' own files" in done.stderr if path != notes
                    else "is not a navigation journal" in done.stderr), (path, done.stderr)
        app_action("export-journal", f"[<'{records}'>]")  # the running app's own check
        wait_for(lambda: "one of RayPets' own files" in app.stderr(), "the running app's refusal in its log")
        for path in targets:
            after = open(path, "rb").read() if os.path.exists(path) else None
            if path == state:  # the app writes it itself within a second of a change
                assert after is None or not after.startswith(b"navigation-journal"), f"{path}: a journal"
            else:
                assert after == before[path], f"{path} changed"
        journal = os.path.join(tempfile.mkdtemp(prefix="raypets-e2e-journal."), "journal.txt")
        for _ in range(2):  # a new file, then over the journal written before
            done = export(journal)
            assert done.returncode == 0 and "Wrote the navigation journal" in done.stdout, done
        app.click("Back")
        app.wait_title("RayPets")
    finally:
        app.quit()
    with sqlite3.connect(records) as db:
        assert db.execute("SELECT count(*) FROM pets").fetchone()[0] == 4, "the records are still the records"


def test_round_3_row_9_demo_data_stops_on_ctrl_c(build):
    """round 3, row 9 (issue 57): `raypets --demo-data` stops within a second of Ctrl+C
    (SIGINT), SIGTERM or SIGHUP (the test allows two, for a loaded machine, and prints what it
    saw), says how many pets it added, and leaves a consistent file holding exactly those."""
    for way in ["SIGINT", "SIGTERM", "SIGHUP"]:
        env = private_folders()
        records = os.path.join(env["XDG_DATA_HOME"], "raypets", "clinic.sqlite3")
        demo = subprocess.Popen([build.binary, "--demo-data=5000000"], env=dict(os.environ, **env),
                                stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
        wait_for(lambda: os.path.exists(records + "-wal") and os.path.getsize(records + "-wal") > 1_000_000,
                 "the pets being added", timeout=30)
        sent = time.monotonic()
        demo.send_signal(getattr(signal, way))
        try:
            out, err = demo.communicate(timeout=30)
        finally:
            demo.kill()
        took = time.monotonic() - sent
        print(f"  {way}: stopped {took:.2f} s after the signal")
        assert took < 2.0, f"{way}: it ran {took:.1f} s on"
        assert demo.returncode == 1 and "Stopped before all were added" in err, (way, demo.returncode, err)
        added = int(out.split()[1])
        with sqlite3.connect(records) as db:
            assert db.execute("PRAGMA integrity_check").fetchone()[0] == "ok"
            assert db.execute("SELECT count(*) FROM pets").fetchone()[0] == 4 + added, (way, out)
        assert 0 < added < 5_000_000, out


def test_round_3_row_10_a_stopped_app_is_said_to_be_stopped(build):
    """round 3, row 10 (issue 57): with the running app stopped (SIGSTOP), a link and
    `--export-journal` each say within a few seconds that the running RayPets did not answer,
    and how long it waited (GLib's registration waited 25 s, then "Failed to register: Timeout
    was reached" or "RayPets is not running", which was untrue)."""
    env = private_folders()
    app = RayPets(build.binary, build.artifacts, env=env)
    try:
        app.process.send_signal(signal.SIGSTOP)
        try:
            journal = os.path.join(tempfile.mkdtemp(prefix="raypets-e2e-journal."), "journal.txt")
            for arguments in [["raypets://clinic/info"], [f"--export-journal={journal}"]]:
                started_at = time.monotonic()
                done = subprocess.run([build.binary, *arguments], env=dict(os.environ, **env), capture_output=True,
                                      text=True, timeout=60)
                took = time.monotonic() - started_at
                assert done.returncode == 1, (arguments, done)
                assert "The running RayPets did not answer in 5 s (it may be stopped or frozen)" in done.stderr, done
                assert took < 10, f"{arguments}: {took:.1f} s"
            assert not os.path.exists(journal)
        finally:
            app.process.send_signal(signal.SIGCONT)
        app.click("My pets")  # it goes on, as it was
        app.wait_title("My pets")
    finally:
        app.quit()


def test_round_3_row_11_an_export_never_holds_the_apps_name(build):
    """round 3, row 11 (issue 57): `raypets --export-journal=FILE &` with no RayPets running,
    and `raypets` 40 ms later: the export says no RayPets runs, and the launch beside it
    starts (the export used to take the application's name while it ran, and 4 of 5 such
    launches failed: "No such interface org.gtk.Actions")."""
    journal = os.path.join(tempfile.mkdtemp(prefix="raypets-e2e-journal."), "journal.txt")
    for _ in range(3):
        env = private_folders()
        export = subprocess.Popen([build.binary, f"--export-journal={journal}"], env=dict(os.environ, **env),
                                  stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
        time.sleep(0.04)  # the launch the row describes: 40 ms after the export's
        app = RayPets(build.binary, build.artifacts, env=env)
        try:
            app.wait_title("RayPets")
        finally:
            app.quit()
        out, err = export.communicate(timeout=30)
        assert export.returncode == 1 and "RayPets is not running" in err, (out, err)
