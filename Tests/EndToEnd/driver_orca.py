"""Orca, the screen reader, beside the app under test: what it says, as a user of it hears it.

Orca runs with its debug log on (`--debug-file`), in a private preferences folder, on the test's
display and accessibility bus, and with no speech server to speak through: it logs each
utterance (`SPEECH OUTPUT: '...'`) before handing it to the server, and `Orca.said()` reads
them. Not `orca -d speech`: with speech turned off, Orca 43 drops every message it presents
(`presentMessage` checks the setting before it logs anything), so an error under a field or a
toast would never show in a transcript. Speech stays on and speech-dispatcher out of reach:
SPEECHD_ADDRESS names a socket nobody listens on and SPEECHD_CMD, the command the client
would start a server with, is /bin/false ("SPEECH: Not available" in the log).

One Orca at a time on the machine: Orca refuses to start while a process of its user is called
`orca` (it names itself so), whatever the display or session, and the end-to-end tier runs in
two halves at once, on Debian 12 and in the newer systems' folders beside it (and a second
checkout's run may share the machine). An `Orca` holds a lock (/dev/shm/raypets-orca.lock,
which every system's folder shares) from before it starts until it has stopped; the others
wait for it.

Key echo (Orca naming each key as it is pressed) is left out: Orca speaks it while it handles
a key event (the log's `vvvvv PROCESS ATSPI_KEY_...` blocks), and it says only which key the
test typed.

Orca opens its debug file with Python's default buffering: a file fills an 8 KB buffer before
anything reaches the disk, so what was said after a key would show only after the next key's
events. A terminal is written line by line: the debug file is Orca's standard output, a
pseudo-terminal whose other end a thread copies into the log as it comes.
"""
import fcntl
import os
import pty
import re
import shutil
import signal
import subprocess
import tempfile
import threading
import time
import tty

# One utterance: the text between the quotes, which Orca writes with repr-like escaping.
_UTTERANCE = re.compile(r"SPEECH OUTPUT: '(.*)'\s*(\{.*\})?\s*$")
_BLOCK = re.compile(r"^(vvvvv|\^\^\^\^\^) PROCESS (\S+)")


# Held while an Orca runs: in /dev/shm, which every system's folder shares with this machine
# (scripts/debian binds /dev into them), so that two checkouts' runs wait for each other too.
LOCK = "/dev/shm/raypets-orca.lock"


class OrcaError(Exception):
    pass


def utterances(text):
    """What Orca said in a debug log's `text`, in order, key echo left out."""
    said, in_key_event = [], False
    for line in text.splitlines():
        block = _BLOCK.match(line)
        if block:
            in_key_event = block.group(1) == "vvvvv" and "KEY" in block.group(2)
            continue
        match = _UTTERANCE.search(line)
        if match and not in_key_event:
            said.append(match.group(1).replace("\\'", "'").strip())
    return [s for s in said if s]


def _group_alive(process):
    """Whether a process of `process`'s group (it leads one) is left; reaps `process`."""
    process.poll()
    try:
        os.killpg(process.pid, 0)
        return True
    except ProcessLookupError:
        return False


class Orca:
    """One Orca process with no speech server, logging to a file in `artifacts`."""

    def __init__(self, artifacts, name="orca"):
        if shutil.which("orca") is None:
            raise OrcaError("orca is not installed (scripts/lib.sh's TEST_PACKAGES has it: scripts/test installs it)")
        self.lock = open(LOCK, "a")
        fcntl.flock(self.lock, fcntl.LOCK_EX)  # released in stop()
        try:
            self._start(artifacts, name)
        except BaseException:
            self.stop()
            raise

    def _start(self, artifacts, name):
        self.prefs = tempfile.mkdtemp(prefix="raypets-orca-prefs.")
        os.makedirs(artifacts, exist_ok=True)
        self.log_path = os.path.join(artifacts, f"{name}.debug.log")
        if os.path.exists(self.log_path):
            os.remove(self.log_path)
        self.offset = 0
        terminal, orca_end = pty.openpty()
        tty.setraw(orca_end)  # lines as written: no carriage returns added
        env = dict(os.environ, SPEECHD_ADDRESS=f"unix_socket:{self.prefs}/no-speech-dispatcher",
                   SPEECHD_CMD="/bin/false")
        self.process = subprocess.Popen(
            ["orca", "--user-prefs", self.prefs, "--debug-file", "/dev/stdout"], env=env,
            stdin=subprocess.DEVNULL, stdout=orca_end, stderr=subprocess.DEVNULL, start_new_session=True)
        os.close(orca_end)
        self.copier = threading.Thread(target=self._copy, args=(terminal,), daemon=True)
        self.copier.start()
        # Ready when it says so ("Screen reader on.", in the log with no braille display); it
        # is then listening to every application's events.
        deadline = time.monotonic() + 30
        while "Screen reader on" not in self._text():
            if self.process.poll() is not None:
                raise OrcaError(f"orca exited with status {self.process.returncode} before it was ready")
            if time.monotonic() > deadline:
                self.stop()
                raise OrcaError("orca did not say 'Screen reader on' within 30 s")
            time.sleep(0.1)
        self.mark()

    def _copy(self, terminal):
        """Copies what Orca writes to its terminal into the log until Orca closes it."""
        with open(self.log_path, "ab") as log:
            while True:
                try:
                    chunk = os.read(terminal, 65536)
                except OSError:  # EIO: Orca's end is closed
                    break
                if not chunk:
                    break
                log.write(chunk)
                log.flush()
        os.close(terminal)

    def _text(self):
        try:
            with open(self.log_path, errors="replace") as log:
                return log.read()
        except FileNotFoundError:
            return ""

    def mark(self):
        """From here on: what `said()` returns starts after what was said until now."""
        self.offset = len(self._text())

    def said(self, quiet=0.8, timeout=8.0):
        """What Orca said since the last `mark()` (which this then moves), once it has been
        quiet for `quiet` seconds. Orca speaks after the app's events reach it, a moment after
        the key: the test types nothing meanwhile, so no key is swallowed by the wait."""
        deadline = time.monotonic() + timeout
        last, last_change = None, time.monotonic()
        while True:
            text = self._text()[self.offset:]
            now = time.monotonic()
            if now > deadline:
                break
            if text != last:
                last, last_change = text, now
            elif now - last_change >= quiet:
                break
            time.sleep(0.1)
        self.offset += len(last)
        return utterances(last)

    def stop(self):
        """Ends Orca (if it started) and lets the next one start."""
        process = getattr(self, "process", None)
        if process is not None:
            # Every process of its group, not only the one started: the next Orca refuses to
            # start while any process called orca is left.
            for sig, seconds in ((signal.SIGTERM, 10), (signal.SIGKILL, 5)):
                try:
                    os.killpg(process.pid, sig)
                except ProcessLookupError:
                    break
                deadline = time.monotonic() + seconds
                while time.monotonic() < deadline and _group_alive(process):
                    time.sleep(0.05)
                if not _group_alive(process):
                    break
        if getattr(self, "copier", None) is not None:
            self.copier.join(timeout=10)
        if getattr(self, "prefs", None) is not None:
            shutil.rmtree(self.prefs, ignore_errors=True)
        if not self.lock.closed:
            self.lock.close()  # the next Orca may start
