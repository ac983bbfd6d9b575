#!/usr/bin/env python3
"""Crash safety of the clinic's records, measured on the real app.

Starts the test app (`raypets-test-app`, Tests/TestApp: exactly what `raypets` runs, plus
changes to the records read from stdin) again and again on one database, has it make random changes
(`churn`: add, rename, delete, undo, record, unrecord; each reported on stdout only after its
transaction committed), and kills it with SIGKILL at a random moment: after a random number of
reported changes plus a random few milliseconds, so kills land before, inside and between
transactions, and sometimes while the app is still starting. After every kill:

- the database opens and `PRAGMA integrity_check` says ok;
- every change the app reported as saved is in it, and nothing else, except the one change
  the app had begun and not yet reported (it may or may not have committed: both are fine);
- no file was moved aside as corrupt, and the next run of the app can write again;
- the navigation state of two windows (each run starts from one, written before it) is
  still there whole: after a SIGKILL the last good file (the test app writes the state after
  every change, as a window's close does, so kills also land in the middle of that write:
  `AtomicFile` must leave the old file or the new, never half), after a SIGTERM every window's
  state as the app saved it (both windows restored, then saved where they were).

With LIMIT=fsize each run has a file-size limit (RLIMIT_FSIZE, as `ulimit -f` or a quota
sets it) a little above the records' files' size, so that writes fail during the run: the app
must not die of SIGXFSZ, a change that does not fit must reply `error` with the full-disk
message and leave no trace, and every change it reported as saved must be there, nothing
corrupt, the navigation state whole.

With SIGNAL=TERM the same runs end with SIGTERM instead (a logout, `kill`): then the app must
also quit in order — exit status 0, the navigation state written — every time (each signal is
sent once the app has reported a change: before its main loop runs it ends at once, having
nothing of the user's yet).

With SIGNAL=DISPLAY each run has an X server of its own (Xvfb), and the window an editor with
unsaved text (a draft in the state each run starts from); the X server is killed instead of the
app, mid-churn. The app must end by itself (no signal), having written its state: both windows,
and the draft as it was.

With LIMIT=demo the app makes single changes (adds, and requests for Rex) while `--demo-data`
(another RayPets, on the same records) writes beside it and is killed (SIGKILL) at a random
moment; then the app ends by SIGNAL. Every change the app reported is there; one it refused
because the records were in use left no trace; the other RayPets' pets are all there or none
(one transaction); nothing was moved aside (`.orphan`, `.corrupt`); the app can still write.

Usage (needs a display; scripts/test runs it under scripts/with-display):
    crash_test.py TEST_APP [KILLS] [SEED] [SIGNAL] [LIMIT]
Prints one line per 50 kills and a summary; exits 1 on the first lost or corrupt state.
"""
import atexit
import os
import random
import re
import resource
import select
import shutil
import signal
import sqlite3
import subprocess
import sys
import tempfile
import time

TEST_APP = sys.argv[1]
KILLS = int(sys.argv[2]) if len(sys.argv) > 2 else 200
SEED = int(sys.argv[3]) if len(sys.argv) > 3 else 14
SIGNAL = sys.argv[4] if len(sys.argv) > 4 else "KILL"
LIMITED = len(sys.argv) > 5 and sys.argv[5] == "fsize"
DEMO = len(sys.argv) > 5 and sys.argv[5] == "demo"
# What the app replies when a change does not fit (StoreError.Kind.full's message).
FULL = "error There is no room to save"
# What it replies when another program holds the records (StoreError.Kind.busy's message).
BUSY = "error The clinic's records are in use by another program."
# The names `--demo-data` gives ("Biscuit Fern", "Biscuit Fern 2"): never a churn's or a test's.
DEMO_NAME = re.compile(r"^[A-Z][a-z]+ [A-Z][a-z]+( [0-9]+)?$")


class Lost(Exception):
    pass


class Model:
    """What the database must hold: pets (id -> name) and records (id -> pet), from the
    changes the app reported as saved."""

    def __init__(self, pets, records):
        self.pets, self.records = dict(pets), dict(records)
        self.stash = {}  # a deleted pet's records, for its undo

    def copy(self):
        other = Model(self.pets, self.records)
        other.stash = {k: (name, dict(records)) for k, (name, records) in self.stash.items()}
        return other

    def apply(self, words):
        """Applies a `saved ...` reply (without `saved`)."""
        kind = words[0]
        if kind == "added" or kind == "renamed":
            self.pets[words[1]] = words[2]
        elif kind == "deleted":
            pet = words[1]
            records = {r: p for r, p in self.records.items() if p == pet}
            self.stash[pet] = (self.pets.pop(pet), records)
            for record in records:
                del self.records[record]
        elif kind == "restored":
            name, records = self.stash.pop(words[1])
            if name != words[2]:
                raise Lost(f"restored {words[1]} as {words[2]}, deleted as {name}")
            self.pets[words[1]] = name
            self.records.update(records)
        elif kind == "recorded":
            self.records[int(words[2])] = words[1]
        elif kind == "unrecorded":
            del self.records[int(words[1])]
        else:
            raise Lost(f"unknown reply {words}")

    def state(self):
        return self.pets, self.records


def database_state(path):
    connection = sqlite3.connect(path, timeout=5)
    try:
        integrity = connection.execute("PRAGMA integrity_check").fetchall()
        if integrity != [("ok",)]:
            raise Lost(f"integrity_check: {integrity}")
        pets = dict(connection.execute("SELECT id, name FROM pets"))
        records = dict(connection.execute("SELECT id, pet_id FROM appointment_requests"))
        return pets, records
    finally:
        connection.close()


def matching(model, pending, found):
    """The model the database holds now, if the reported changes allow it: the reported
    state, or, when a change was begun and not reported (it may have committed), the
    reported state with that change. None if it is neither: something was lost."""
    candidates = [model]
    if pending:
        verb, *rest = pending.split(" ", 1)
        argument = rest[0] if rest else ""
        pets, records = found
        new_pets = [pet for pet in pets if pet not in model.pets]
        new_records = [record for record in records if record not in model.records]
        after = model.copy()
        try:
            if verb == "rename":
                pet, name = argument.split(" ", 1)
                after.apply(["renamed", pet, name])
            elif verb == "delete":
                after.apply(["deleted", argument])
            elif verb == "unrecord":
                after.apply(["unrecorded", argument])
            elif verb == "add" and len(new_pets) == 1 and pets[new_pets[0]] == argument:
                after.apply(["added", new_pets[0], argument])  # its id was never reported
            elif verb == "record" and len(new_records) == 1 and records[new_records[0]] == argument:
                after.apply(["recorded", argument, str(new_records[0])])
            elif verb == "undo" and len(new_pets) == 1 and new_pets[0] in model.stash:
                after.apply(["restored", new_pets[0], model.stash[new_pets[0]][0]])
            else:
                after = None
        except (KeyError, ValueError, Lost):
            after = None
        if after is not None:
            candidates.append(after)
    return next((candidate for candidate in candidates if candidate.state() == found), None)


def apply_replies(model, lines, run):
    """Applies the `saved` replies to `model`; returns the change begun and not reported.
    With a file-size limit, a change that did not fit replies the full-disk error: it must
    have left no trace."""
    pending = None
    for line in lines:
        if LIMITED and line.startswith(FULL):
            pending = None
            continue
        words = line.split(" ")
        if words[0] == "begin":
            pending = line[len("begin "):]
        elif words[0] == "saved":
            model.apply(words[1:3] + ([" ".join(words[3:])] if len(words) > 3 else []))
            pending = None
        elif words[0] == "error":
            raise SystemExit(f"crash: run {run}: the app could not write: {line}")
    return pending


def launch(env, log, limit=None):
    """Starts the test app; with `limit`, under that file-size limit (bytes; SIGXFSZ at its
    default action, as in a shell: Popen restores it)."""
    def limit_file_size():
        resource.setrlimit(resource.RLIMIT_FSIZE, (limit, limit))
    app = subprocess.Popen([TEST_APP], env=env, stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=log,
                           bufsize=0, preexec_fn=limit_file_size if limit else None)
    return app


def file_size_limit(database, rng):
    """A limit the records' files are close to: the largest of them (SQLite's -shm, 32 KiB,
    at least) and a random 0-48 KiB, so that a run's writes fit for a while, then fail."""
    sizes = [os.path.getsize(database + suffix) for suffix in ("", "-wal", "-shm")
             if os.path.exists(database + suffix)]
    return max(sizes + [32768]) + rng.randrange(0, 48 * 1024)


def read_until(app, count, what, run):
    """Reads the app's replies until `count` `saved` lines (or, with a file-size limit, refusals
    as too large) came; returns the bytes read."""
    buffer, deadline = b"", time.monotonic() + 30
    while buffer.count(b"saved ") + (buffer.count(FULL.encode()) if LIMITED else 0) < count:
        ready, _, _ = select.select([app.stdout], [], [], max(0.0, deadline - time.monotonic()))
        if not ready:
            app.kill()
            raise SystemExit(f"crash: run {run}: no {what} from the app within 30 s")
        chunk = os.read(app.stdout.fileno(), 65536)
        if not chunk:
            status = app.wait()
            died = f" (killed by {signal.Signals(-status).name})" if status < 0 else f" (status {status})"
            raise SystemExit(f"crash: run {run}: the app ended by itself{died}")
        buffer += chunk
    return buffer


def kill(app, how="KILL", state_file=None):
    os.kill(app.pid, getattr(signal, "SIG" + how))
    try:
        status = app.wait(timeout=20)
    except subprocess.TimeoutExpired:
        app.kill()
        raise SystemExit(f"crash: SIG{how}: the app did not quit within 20 s")
    if status < 0 and -status != getattr(signal, "SIG" + how):
        raise SystemExit(f"crash: the app died of {signal.Signals(-status).name} before the SIG{how}")
    if how != "KILL":
        if status != 0:
            raise SystemExit(f"crash: SIG{how}: exit status {status}, not an orderly quit")
        if state_file and not os.path.exists(state_file):
            raise SystemExit(f"crash: SIG{how}: the navigation state was not written")
    rest = app.stdout.read()  # what it wrote before it died was reported too
    app.stdout.close()
    app.stdin.close()
    return rest


# Two windows: My pets in the first, How to code's first step in the second (focused).
TWO_WINDOWS = ("version=3\nwindows=2\nfocused=1\ntab=clinic\nclinic=home,pets\nlearn=learn\ndialog=\n"
               "window2.tab=learn\nwindow2.clinic=home\nwindow2.learn=learn,how-to-code:1\nwindow2.dialog=\n")


# The same, with an editor in the first window holding unsaved text (SIGNAL=DISPLAY).
WITH_DRAFT = TWO_WINDOWS.replace("clinic=home,pets\n", "clinic=home,pets,add-pet\n", 1) + (
    "draft-in=clinic\ndraft-page=add-pet\ndraft-name=Crashy\ndraft-species=dog\ndraft-age=\n"
    "draft-notes=typed%20before%20the%20display%20went\n")


def start_xvfb():
    """A private X server of its own; (process, display number)."""
    read, write = os.pipe()
    xvfb = subprocess.Popen(["Xvfb", "-displayfd", str(write), "-screen", "0", "1280x800x24", "-nolisten", "tcp",
                             "-noreset"], pass_fds=[write], stderr=subprocess.DEVNULL)
    os.close(write)
    with os.fdopen(read) as pipe:
        number = pipe.readline().strip()
    if not number:
        raise SystemExit("crash: Xvfb did not start")
    atexit.register(lambda: xvfb.poll() is None and xvfb.kill())  # a failed run leaves none behind
    return xvfb, number


def lose_display(app, xvfb, run):
    """Kills the app's X server; the app must end by itself, its state written. Returns what
    it replied meanwhile."""
    xvfb.kill()
    xvfb.wait()
    try:
        status = app.wait(timeout=20)
    except subprocess.TimeoutExpired:
        app.kill()
        raise SystemExit(f"crash: run {run}: the app went on for 20 s without its display")
    if status < 0:
        raise SystemExit(f"crash: run {run}: the app died of {signal.Signals(-status).name} with its display")
    rest = app.stdout.read()
    app.stdout.close()
    app.stdin.close()
    return rest


def ask(app, command, run):
    """Sends one command and returns its reply line."""
    app.stdin.write(command.encode() + b"\n")
    line, deadline = b"", time.monotonic() + 30
    while not line.endswith(b"\n"):
        ready, _, _ = select.select([app.stdout], [], [], max(0.0, deadline - time.monotonic()))
        if not ready:
            app.kill()
            raise SystemExit(f"crash: run {run}: no reply to {command} within 30 s")
        byte = os.read(app.stdout.fileno(), 1)
        if not byte:
            raise SystemExit(f"crash: run {run}: the app ended during {command}")
        line += byte
    return line.decode().rstrip("\n")


def without_demo_pets(found, model):
    """The database's pets and records without those `--demo-data` added (pets the model does
    not know, with demo names, and their records); and how many such pets there are."""
    pets, records = found
    demo = {pet for pet, name in pets.items() if pet not in model.pets and DEMO_NAME.match(name)}
    return ({pet: name for pet, name in pets.items() if pet not in demo},
            {record: pet for record, pet in records.items() if pet not in demo}), len(demo)


def set_aside(database):
    folder = os.path.dirname(database)
    return [name for name in os.listdir(folder) if ".corrupt" in name or ".orphan" in name]


def check_windows(state_file, run, layout=TWO_WINDOWS):
    """The state file holds both windows where they were (the last good one, or the app's
    own save of the same places)."""
    try:
        text = open(state_file).read()
    except OSError as error:
        raise SystemExit(f"crash: run {run}: the navigation state is gone: {error}")
    values = dict(line.split("=", 1) for line in text.splitlines() if "=" in line)
    want = {key: value for key, value in (line.split("=", 1) for line in layout.splitlines())}
    # Which window has the focus is the display's to say (Xvfb has no window manager to give
    # it to the window raised last): every window's pages must be there.
    wrong = {key: values.get(key) for key in want if key not in ("version", "focused") and values.get(key) != want[key]}
    if wrong:
        raise SystemExit(f"crash: run {run}: a window's state was lost: {wrong}\n{text}")


def main():
    rng = random.Random(SEED)
    home = tempfile.mkdtemp(prefix="raypets-crash.")
    for folder in ("config/raypets", "data", "state"):
        os.makedirs(os.path.join(home, folder), exist_ok=True)
    with open(os.path.join(home, "config/raypets/settings"), "w") as settings:
        settings.write("version=1\nwelcome-completed=true\n")
    env = dict(os.environ, XDG_CONFIG_HOME=f"{home}/config", XDG_DATA_HOME=f"{home}/data",
               XDG_STATE_HOME=f"{home}/state", GSK_RENDERER="cairo")
    database = f"{home}/data/raypets/clinic.sqlite3"
    log = open(f"{home}/app.log", "ab")
    # A first run creates the database (with the sample pets) and records one appointment request.
    app = launch(env, log)
    app.stdin.write(b"record rex\n")
    read_until(app, 1, "first change", 0)
    kill(app)
    model = Model(*database_state(database))
    saved_total = in_flight = committed_in_flight = before_first = refused = 0
    started = time.monotonic()
    state_file = f"{home}/state/raypets/navigation"
    if DEMO:
        return demo_runs(env, log, database, state_file, model, rng, home)
    for run in range(1, KILLS + 1):
        os.makedirs(os.path.dirname(state_file), exist_ok=True)
        layout = WITH_DRAFT if SIGNAL == "DISPLAY" else TWO_WINDOWS
        with open(state_file, "w") as state:
            state.write(layout)
        xvfb = None
        run_env = env
        if SIGNAL == "DISPLAY":
            xvfb, number = start_xvfb()
            run_env = dict(env, DISPLAY=f":{number}")
        app = launch(run_env, log, file_size_limit(database, rng) if LIMITED else None)
        app.stdin.write(f"churn {rng.randrange(1, 10**9)} 1000000\n".encode())
        # SIGKILL also lands while the app starts; SIGTERM and a lost display once it runs (a
        # signal before its main loop starts ends it at once, as before it has anything of the
        # user's to keep).
        target = rng.choice(([0, 0] if SIGNAL == "KILL" else []) + list(range(1, 40)))
        buffer = read_until(app, target, "reply", run) if target else b""
        time.sleep(rng.uniform(0, 0.004))
        if xvfb:
            log.flush()
            seen = os.path.getsize(log.name)
            buffer += lose_display(app, xvfb, run)
            with open(log.name, "rb") as said:
                said.seek(seen)
                if b"lost the connection to the display" not in said.read():
                    raise SystemExit(f"crash: run {run}: the app ended without its display-lost save")
        else:
            buffer += kill(app, SIGNAL, state_file)
        lines = buffer.decode().splitlines()
        try:
            pending = apply_replies(model, lines, run)
        except Lost as error:
            raise SystemExit(f"crash: run {run}: the app's replies do not add up: {error}")
        saved_total += sum(line.startswith("saved ") for line in lines)
        refused += sum(line.startswith(FULL) for line in lines)
        before_first += not lines
        try:
            found = database_state(database)
        except (Lost, sqlite3.DatabaseError) as error:
            raise SystemExit(f"crash: run {run}: the database is damaged: {error}")
        after = matching(model, pending, found)
        if after is None:
            raise SystemExit(f"crash: run {run}: lost or wrong data after the kill\n"
                             f"  expected {model.state()}\n  pending  {pending}\n  found    {found}")
        if pending:
            in_flight += 1
            committed_in_flight += after is not model
        model = after
        check_windows(state_file, run, layout)
        aside = [f for f in os.listdir(os.path.dirname(database)) if ".corrupt-" in f]
        if aside:
            raise SystemExit(f"crash: run {run}: the app moved the database aside: {aside}")
        if run % 50 == 0:
            print(f"crash: {run} kills, {saved_total} changes saved, all there", flush=True)
    elapsed = time.monotonic() - started
    if LIMITED:
        if refused == 0:
            raise SystemExit("crash: the file-size limit never refused a write: it tested nothing")
        print(f"crash: with a file-size limit (RLIMIT_FSIZE): {refused} changes refused as too large, "
              f"each reported with the full-disk message and without a trace; no SIGXFSZ", flush=True)
    how = {"KILL": "SIGKILL", "TERM": "SIGTERM, each an orderly quit with the state written",
           "DISPLAY": "the X server killed, an unsaved editor open: each time the app ended by itself with its state and the draft written"}[SIGNAL]
    print(f"crash: {KILLS} kills ({how}), 0 lost, 0 corrupt, both windows' state kept every time; {saved_total} reported changes all present; "
          f"{in_flight} kills with a change begun and not reported ({committed_in_flight} of them had committed, "
          f"the rest left no trace); {before_first} before the first reply; {elapsed:.0f} s", flush=True)
    log.close()
    shutil.rmtree(home, ignore_errors=True)  # kept only when a run failed, for its app.log


def demo_runs(env, log, database, state_file, model, rng, home):
    """LIMIT=demo: each run, the app's single changes while `--demo-data` writes beside it and
    is killed; then the app ends by SIGNAL."""
    saved_total = busy = demo_killed = demo_whole = 0
    started = time.monotonic()
    for run in range(1, KILLS + 1):
        os.makedirs(os.path.dirname(state_file), exist_ok=True)
        with open(state_file, "w") as state:
            state.write(TWO_WINDOWS)
        _, demo_before = without_demo_pets(database_state(database), model)
        app = launch(env, log)
        # Once the app runs (its first change answered), the other RayPets starts writing.
        lines = [ask(app, "record rex", run)]
        count = rng.choice([2000, 20000, 100000])
        wal = database + "-wal"
        wal_before = os.path.getsize(wal) if os.path.exists(wal) else 0
        demo = subprocess.Popen([TEST_APP, f"--demo-data={count}"], env=env, stdout=subprocess.PIPE,
                                stderr=subprocess.PIPE, text=True)
        # Each change waits up to the app's busy timeout (2 s) while the other one writes.
        kill_after = rng.randrange(0, 4)
        for step in range(6):
            if step == kill_after:
                # Once it writes (its log grew by 64 KiB), or has finished: then a moment later.
                deadline = time.monotonic() + 10
                while demo.poll() is None and time.monotonic() < deadline and not (
                        os.path.exists(wal) and os.path.getsize(wal) > wal_before + 65536):
                    time.sleep(0.005)
                time.sleep(rng.uniform(0, 0.3))
                demo.kill()
            lines.append(ask(app, f"add D{run}-{step}" if step % 2 == 0 else "record rex", run))
        demo_out, demo_err = demo.communicate(timeout=60)
        if demo.returncode not in (0, -signal.SIGKILL):
            raise SystemExit(f"crash: run {run}: --demo-data failed ({demo.returncode}): {demo_err[-500:]}")
        lines.append(ask(app, "add after-{0}".format(run), run))  # and it can still write
        rest = kill(app, SIGNAL, state_file).decode().splitlines()
        for line in lines + rest:
            if line.startswith(BUSY):
                busy += 1
            elif line.startswith("saved "):
                saved_total += 1
                words = line.split(" ")
                model.apply(words[1:3] + ([" ".join(words[3:])] if len(words) > 3 else []))
            elif line.startswith("error"):
                raise SystemExit(f"crash: run {run}: the app could not write: {line}")
        if not lines[-1].startswith("saved added"):
            raise SystemExit(f"crash: run {run}: after the other RayPets, the app could not write: {lines[-1]}")
        try:
            found, demo_after = without_demo_pets(database_state(database), model)
        except (Lost, sqlite3.DatabaseError) as error:
            raise SystemExit(f"crash: run {run}: the database is damaged: {error}")
        if found != model.state():
            raise SystemExit(f"crash: run {run}: lost or wrong data beside --demo-data\n"
                             f"  expected {model.state()}\n  found    {found}")
        added = re.search(r"Added ([0-9]+) pets", demo_out)
        want = {demo_before + int(added.group(1))} if added else {demo_before}
        if demo.returncode != 0:
            demo_killed += 1
        else:
            demo_whole += 1
        if demo_after not in want:
            raise SystemExit(f"crash: run {run}: --demo-data left {demo_after - demo_before} of its pets "
                             f"({'killed' if demo.returncode else demo_out.strip()}): not all or none")
        model.pets.update({pet: name for pet, name in database_state(database)[0].items() if pet not in model.pets})
        model.records.update({record: pet for record, pet in database_state(database)[1].items()
                              if record not in model.records})
        check_windows(state_file, run)
        if set_aside(database):
            raise SystemExit(f"crash: run {run}: something was set aside: {set_aside(database)}")
    print(f"crash: {KILLS} runs beside --demo-data (killed {demo_killed} times mid-write, finished {demo_whole}), "
          f"then SIG{SIGNAL}: 0 lost, 0 corrupt, 0 set aside; {saved_total} reported changes all present, "
          f"{busy} refused while the records were in use, without a trace; its pets all or none each time; "
          f"{time.monotonic() - started:.0f} s", flush=True)
    log.close()
    shutil.rmtree(home, ignore_errors=True)


if __name__ == "__main__":
    main()
