"""Records which project functions a walk's action runs, in order: a gdb script (gdb's own
Python runs it; scripts/check-walks starts gdb with it, on a private display).

It launches the GTK test binary once, with the filter `walk 1:|walk 2:|...`. When a test calls
`walkActionStarts(_:)` it puts a breakpoint on the first instruction of every function whose
code comes from a file under Sources/ (every function, closure, initializer, computed property
and observer a line of ours wrote; what the compiler wrote on its own, thunks and the accessors
of stored properties, is left out), and takes them away at `walkActionEnded()`, or as soon as
the walk's last hop has run (the table's rows come in WALK_TRACE_HOPS). At each stop it
looks up the stack for the nearest function of ours, seen through the plumbing (PLUMBING),
the compiler's thunks, the Swift runtime and GTK itself (a signal GTK emits while one of our
functions calls it comes from that function). An async function's caller is read from its
async context (r14 on entry: the context's parent and the function it resumes), since the
call from one async function to another is a jump that leaves no frame. A stop whose caller
is in the same file is a call inside that file and is not recorded; the others are entries
into a file, recorded with the function, its file and the caller's file, or:
- "loop": nothing of ours below it before GLib's main loop dispatch (an idle, a timer, an event
  from the display);
- "task": it starts a task (`Task { }`, `Task.immediate { }`: an async function whose chain of
  async callers ends in the runtime);
- "input": the call came from the test's input (the signal it emitted, the action it
  activated);
and an entry the test itself made (its checks, its turns of the main loop: the test is below
it with nothing of GTK's in between) is left out.

A function called more than HITS times in one walk (a check per character of a text) is no
longer stopped at after its HITS-th call, unless a hop names it: each stop costs time.

The symbols come from the binary: `nm` (start and size), `swift demangle` (names) and gdb's
line tables (the file of a function's first instruction).

Environment: WALK_TRACE_ROOT (the checkout), WALK_TRACE_BINARY (raypets-gtk-tests),
WALK_TRACE_WALKS ("1 2 3"), WALK_TRACE_HOPS (JSON: each walk's rows, [file, function, caller]),
WALK_TRACE_HITS (default 10), WALK_TRACE_OUT (a folder: walk-N.json for each, tests.log, the
tests' output, and summary.json).
"""
import bisect
import json
import os
import re
import shlex
import subprocess
import time

import gdb

# Files that only pass a call on and are the same for every input: GTK signal trampolines,
# GLib source callbacks, the main actor's executor over GLib, and the C modules' headers (casts,
# constants and one-line calls). A call through them counts as coming from whoever is above them.
PLUMBING = (
    "Sources/Gtk/Objects/Object+Signals.swift",
    "Sources/Gtk/Internal/SourceHandler.swift",
    "Sources/Gtk/MainLoop/MainQueueBridge.swift",
    "Sources/CGtk/",
    "Sources/CSQLite/",
    "Sources/CGettext/",
)
# Test support, wherever it is: the test's hand, not the app.
TEST_CODE = ("Tests/", "Sources/GtkTesting/", "Sources/NavigationTesting/", "Sources/RayPetsTesting/")
# Code the compiler wrote that no line of ours asked for there (full demangled names).
GENERATED = (
    "implicit closure", "protocol witness", "reabstraction thunk", "partial apply", "outlined ",
    "merged ", "type metadata", "default argument", "one-time initialization", "key path ",
    "thunk for", "dispatch thunk", "method lookup", "nominal type", "__ivar_destroyer", "async function pointer",
    "protocol conformance", "value witness", "lazy protocol", "associated type", "autoreleased",
    "@objc", "variable initialization expression", "globalinit", "coroutine continuation",
)
WRAPPERS = ("__allocating_init", "__deallocating_deinit", "__isolated_deallocating_deinit")
# GLib's main loop dispatch: below it, nothing of ours asked for what runs.
LOOP = ("g_main_context_dispatch",)
# The app's own clocks, which run whatever the walk does (the once-a-second state save, the
# day's check): whether one fires during a walk is timing, so what they run is left out, and
# does not count towards HITS.
PERIODIC = ("closure #1 in RayPetsApp.keepStateSaved()", "closure #1 in RayPetsApp.followTheDay()")
# How many calls of one function a walk records; later ones are not seen.
HITS = int(os.environ.get("WALK_TRACE_HITS", "10"))
# Libraries that are the language's, not GTK's: calls through them are like calls in Swift.
RUNTIME = ("libswift", "libdispatch", "libFoundation", "lib_FoundationICU", "libBlocksRuntime")
# A partial function of an async one is that function's code after an await.
PARTIAL = re.compile(r"^\(\d+\) (?:await|suspend) resume partial function for ")


def main():
    root = os.path.realpath(os.environ["WALK_TRACE_ROOT"])
    binary = os.environ["WALK_TRACE_BINARY"]
    out = os.environ["WALK_TRACE_OUT"]
    walks = os.environ["WALK_TRACE_WALKS"].split()
    hops = json.loads(os.environ.get("WALK_TRACE_HOPS", "{}"))
    for setting in ("pagination off", "confirm off", "print thread-events off", "print inferior-events off",
                    "debuginfod enabled off", "startup-with-shell on", "follow-fork-mode parent",
                    "detach-on-fork on", "breakpoint pending off", "width 0"):
        gdb.execute(f"set {setting}", to_string=True)
    for signal in ("SIGPIPE", "SIGUSR1", "SIGUSR2", "SIGCHLD", "SIGALRM", "SIGPROF", "SIGWINCH", "SIG32", "SIG33"):
        gdb.execute(f"handle {signal} nostop noprint pass", to_string=True)
    Tracer(root, binary).run_all(walks, hops, out)


def demangled(names, simplified):
    """`swift demangle` of each of `names`, in order."""
    command = ["swift", "demangle"] + (["--simplified"] if simplified else [])
    text = subprocess.run(command, input="\n".join(names) + "\n", capture_output=True, text=True).stdout
    lines = text.split("\n")
    return [lines[i] if i < len(lines) else names[i] for i in range(len(names))]


class Progress:
    """How far a walk has come along its table's rows ([file, function, caller]): a row that
    names a file for the first time is passed once that file has been entered; a row naming a
    file again, once that function of it is entered (from that caller, if the row names one)
    after the row before was passed."""

    def __init__(self, rows):
        self.rows, self.next, self.entered, self.named = rows, 0, set(), set()
        # (A hop's function is traced however often it is called: the walk may end there.)
        self.named_hops = {(row[0], row[1]) for row in rows}

    def passed(self, event):
        """Takes `event` into account; whether the last row has now been passed."""
        self.entered.add(event["file"])
        while self.next < len(self.rows):
            path, function, caller = self.rows[self.next]
            if path in self.named:
                came = event["caller"] if event["caller"] in ("input", "loop", "task") else event["from"]
                if (event["file"], event["function"]) != (path, function) or caller not in (None, came):
                    return False
            elif path not in self.entered:
                return False
            self.named.add(path)
            self.next += 1
            if self.next == len(self.rows):
                return True
            event = {"file": None, "function": None, "caller": None, "from": None}  # one re-entry row per entry
        return False


class Mark(gdb.Breakpoint):
    """A breakpoint that stops the program: the tracer's main loop acts on it."""

    def __init__(self, address, tracer, kind):
        super().__init__(f"*{address:#x}", internal=True)
        self.tracer, self.kind = tracer, kind

    def stop(self):
        self.tracer.pending.append((self.kind, self))
        return True


class Entry(gdb.Breakpoint):
    """A breakpoint on one of our functions: records the entry and goes on, unless the walk's
    last hop has run or the function was called too often (the main loop then takes breakpoints
    away, which a stop handler must not do)."""

    def __init__(self, address, tracer):
        super().__init__(f"*{address:#x}", internal=True)
        self.tracer, self.address = tracer, address

    def stop(self):
        return self.tracer.entered(self)


class Tracer:
    def __init__(self, root, binary):
        self.root = root
        self.binary = os.path.realpath(binary)
        started = time.time()
        gdb.execute(f"file {shlex.quote(self.binary)}", to_string=True)
        self.sources = {}
        listed = subprocess.run(["nm", "-S", "--defined-only", self.binary], capture_output=True, text=True).stdout
        code = []
        for line in listed.split("\n"):
            parts = line.split()
            if len(parts) == 4 and parts[2] in "tTwW":
                code.append((int(parts[0], 16), int(parts[1], 16), parts[3]))
        full = demangled([c[2] for c in code], simplified=False)
        short = demangled([c[2] for c in code], simplified=True)
        symbols, self.traced, self.asynchronous, self.marks = [], [], set(), {}
        for (start, size, mangled), name, display in zip(code, full, short):
            for mark in ("walkActionStarts", "walkActionEnded"):
                if name.startswith(f"raypets_gtk_tests.{mark}("):
                    self.marks[mark] = start
            line = gdb.find_pc_line(start)
            # A function with no line of its own (a generic of the standard library's made for
            # our types) gets the line before it from gdb: that is not its file.
            own = line.symtab is not None and line.pc == start
            path = self.relative(line.symtab.fullname()) if own else None
            if name.startswith(GENERATED) or any(w in name for w in WRAPPERS) or not path:
                kind = "generated"
            elif path.startswith(TEST_CODE):
                kind = "test"
            elif path.startswith(PLUMBING):
                kind = "plumbing"
            elif path.startswith("Sources/"):
                kind = "ours"
            else:
                kind = "generated"
            display = PARTIAL.sub("", display)
            symbols.append((start, start + max(size, 1), kind, path, display))
            if kind == "ours" and " async" in name and "partial function for" not in name:
                self.asynchronous.add(start)
            if kind == "ours" and line.line > 0 and self.written(name, path, line.line):
                self.traced.append(start)
        if len(self.marks) != 2:
            raise SystemExit(f"walk tracer: the test binary has no walkActionStarts/walkActionEnded ({binary})")
        symbols.sort()
        self.starts = [s[0] for s in symbols]
        self.symbols = symbols
        self.pending = []
        self.record = None
        self.setup = time.time() - started

    def relative(self, path):
        path = os.path.normpath(os.path.join(self.root, path))
        return path[len(self.root) + 1:] if path.startswith(self.root + "/") else None

    def line(self, path, number):
        if path not in self.sources:
            try:
                with open(os.path.join(self.root, path), errors="replace") as file:
                    self.sources[path] = file.read().split("\n")
            except OSError:
                self.sources[path] = []
        lines = self.sources[path]
        return lines[number - 1] if 0 < number <= len(lines) else ""

    def written(self, name, path, number):
        """Whether the symbol is code a line of ours wrote: not a partial function of an async
        one (its continuation after an await: the function goes on, nothing enters), not the
        accessors the compiler made for a stored property, nor a struct's memberwise init."""
        if "partial function for" in name:
            return False
        if path.endswith((".c", ".h")) or name.startswith("closure #"):
            return True
        text = self.line(path, number)
        base = (name.split(" in ")[-1] if " in " in name else name).split("(")[0].split(" : ")[0]
        for accessor in (".getter", ".setter", ".modify", ".read", "._modify", "._read", ".unsafeMutableAddressor"):
            if base.endswith(accessor):
                # A computed property's accessor starts on its `var x: T {` line or on its own
                # `get {` / `set {` line; a stored property's accessors point at its declaration,
                # which has no body.
                prop = base[: -len(accessor)].split(".")[-1]
                if re.match(r"\s*(mutating |nonmutating )?(get|set|_modify|_read)\b", text):
                    return True
                return prop in text and "{" in text.split(prop, 1)[1]
        if base.endswith((".didset", ".willset")):
            return True
        last = base.split(".")[-1]
        if last in ("init", "deinit"):
            return last in text
        return last in text
    def run_all(self, walks, hops, out):
        """Runs the walks' tests in one process; writes walk-N.json for each and summary.json."""
        os.makedirs(out, exist_ok=True)
        log = os.path.join(out, "tests.log")
        started = time.time()
        walked, status = self.run(walks, hops, log)
        with open(log, errors="replace") as file:
            lines = file.read().split("\n")
        summary = {"setup": round(self.setup, 2), "functions": len(self.traced), "status": status,
                   "seconds": round(time.time() - started, 2), "walks": {}}
        for walk in walks:
            record = walked.get(walk, {"events": [], "stops": 0, "recorded": 0.0, "limited": [], "marks": 0})
            outcome = next((l for l in lines if l.startswith(("PASS walk " + walk + ":", "FAIL walk " + walk + ":"))),
                           None)
            if outcome is None:
                result = f"the test 'walk {walk}:' did not run (exit status {status})"
            elif outcome.startswith("FAIL"):
                result = outcome
            elif record["marks"] != 2:
                result = f"its marks were hit {record['marks']} times, not twice"
            else:
                result = 0
            with open(os.path.join(out, f"walk-{walk}.json"), "w") as file:
                json.dump({"walk": walk, "status": result, "events": record["events"],
                           "limited": record["limited"], "ended": record.get("ended")}, file, indent=0)
            summary["walks"][walk] = {"recording": round(record["recorded"], 2), "stops": record["stops"],
                                      "entries": len(record["events"]), "status": result}
        with open(os.path.join(out, "summary.json"), "w") as file:
            json.dump(summary, file, indent=1)
    def run(self, walks, hops, log):
        """Runs the tests `walk N:` of `walks` and records each one's entries; stops recording a
        walk once its last hop (of `hops`, the table's rows) has run."""
        for name in [k for k in os.environ if k.startswith("WALK_TRACE")]:
            gdb.execute(f"unset environment {name}", to_string=True)
        gdb.execute(f"cd {shlex.quote(self.root)}", to_string=True)
        pattern = shlex.quote("|".join(f"walk {walk}:" for walk in walks))
        gdb.execute(f"starti {pattern} < /dev/null > {shlex.quote(log)} 2>&1", to_string=True)
        self.map_binary()
        for mark, address in self.marks.items():
            Mark(address + self.slide, self, mark)
        walked, entries, self.hits = {}, [], {}
        status = None
        while True:
            try:
                gdb.execute("continue", to_string=True)
            except gdb.error as error:
                status = f"gdb: {error}"
                break
            if not gdb.selected_inferior().pid:
                code = gdb.convenience_variable("_exitcode")
                status = int(code) if code is not None else "killed by a signal"
                break
            pending, self.pending = self.pending, []
            for kind, breakpoint in pending:
                if kind == "walkActionStarts":
                    walk = str(int(gdb.newest_frame().read_register("rdi")))
                    self.record = walked.setdefault(walk, {"events": [], "stops": 0, "recorded": 0.0,
                                                           "limited": [], "marks": 0})
                    self.record["marks"] += 1
                    self.progress = Progress(hops.get(walk, []))
                    self.hits = {}
                    entries = [Entry(address + self.slide, self) for address in self.traced]
                    self.since = time.time()
                elif kind == "walkActionEnded":
                    if self.record:
                        self.record["marks"] += 1
                    entries = self.stop_tracing(entries)
                elif kind == "ended":
                    entries = self.stop_tracing(entries)
                elif kind == "limit" and breakpoint.is_valid():
                    breakpoint.enabled = False
        if gdb.selected_inferior().pid:
            gdb.execute("kill", to_string=True)
        return walked, status

    def stop_tracing(self, entries):
        for entry in entries:
            if entry.is_valid():
                entry.delete()
        if self.record is not None and self.since:
            self.record["recorded"] += time.time() - self.since
        self.since = None
        return []

    def entered(self, breakpoint):
        """At a stop on one of our functions: records it; whether the main loop must act."""
        record = self.record
        if record is None:
            return False
        record["stops"] += 1
        event = self.event()
        if event == "periodic":
            return False
        if event:
            record["events"].append(event)
            if self.progress.passed(event):
                record["ended"] = len(record["events"])
                self.pending.append(("ended", breakpoint))  # the walk's last hop ran
                return True
        # A function called in a loop (a check per character of a text) would stop the
        # program thousands of times: after HITS calls it is no longer traced.
        hits = self.hits[breakpoint.address] = self.hits.get(breakpoint.address, 0) + 1
        if hits == HITS:
            here = self.classify(breakpoint.address + self.slide)
            if (here[1], here[2]) not in self.progress.named_hops:
                record["limited"].append(here[2])
                self.pending.append(("limit", breakpoint))
                return True
        return False

    def map_binary(self):
        """Where the binary is loaded (a position-independent one anywhere)."""
        pid = gdb.selected_inferior().pid
        with open(self.binary, "rb") as file:
            header = file.read(18)
        position_independent = int.from_bytes(header[16:18], "little") == 3  # ET_DYN
        self.slide = 0
        if position_independent:
            with open(f"/proc/{pid}/maps") as maps:
                for line in maps:
                    parts = line.split()
                    if len(parts) >= 6 and os.path.realpath(parts[5]) == self.binary and int(parts[2], 16) == 0:
                        self.slide = int(parts[0].split("-")[0], 16)
                        break
        self.main_range = (self.symbols[0][0] + self.slide, self.symbols[-1][1] + self.slide)
        self.libraries = {}

    def classify(self, pc):
        """What the code at `pc` is: ("ours"|"test"|"plumbing"|"generated", file, name),
        ("runtime",) or ("gtk",) (any other library)."""
        if self.main_range[0] <= pc < self.main_range[1]:
            address = pc - self.slide
            index = bisect.bisect_right(self.starts, address) - 1
            if index >= 0 and address < self.symbols[index][1]:
                start, end, kind, path, name = self.symbols[index]
                return (kind, path, name)
            return ("generated", None, None)
        library = gdb.solib_name(pc) or ""
        return ("runtime",) if os.path.basename(library).startswith(RUNTIME) else ("gtk",)

    def above(self):
        """What called the stopped function, nearest first, classified (see `classify`), ending
        with ("loop",) at GLib's dispatch or ("task",) at a task's start or a thread's.

        Our code keeps frame pointers, so as long as the callers are ours the stack is read
        directly (the stop is at a function's first instruction: the return address is on top
        of the stack, the caller's frame pointer still in rbp); from the first caller that is
        not, gdb's unwinder (which knows GTK's unwind tables) goes on. An async function's
        callers are its async context's chain: each context's parent and the partial function
        it resumes (its caller's code after the await).
        """
        frame = gdb.newest_frame()
        inferior = gdb.selected_inferior()

        def pointer(address):
            return int.from_bytes(inferior.read_memory(address, 8).tobytes(), "little")

        try:
            if frame.pc() - self.slide in self.asynchronous:
                context = int(frame.read_register("r14")) & 0xFFFFFFFFFFFFFFFF
                while context:
                    resume = pointer(context + 8)
                    if not self.main_range[0] <= resume < self.main_range[1]:
                        break
                    yield self.classify(resume)
                    context = pointer(context)
                yield ("task",)
                return
            pc = pointer(int(frame.read_register("rsp")))
            fp = int(frame.read_register("rbp")) & 0xFFFFFFFFFFFFFFFF
            count = 1
            while self.main_range[0] <= pc < self.main_range[1]:
                yield self.classify(pc)
                count += 1
                if not fp:
                    yield ("task",)
                    return
                pc = pointer(fp + 8)
                fp = pointer(fp)
        except gdb.MemoryError:
            yield ("task",)
            return
        # gdb's frames from the same place on: find the frame with this return address.
        frames, older = [], frame.older()
        while older is not None and len(frames) < 400:
            frames.append(older)
            older = older.older()
        index = next((i for i, f in enumerate(frames) if f.pc() == pc), None)
        if index is None:
            yield self.classify(pc)
            yield ("task",)
            return
        for older in frames[index:]:
            if older.name() in LOOP:
                yield ("loop",)
                return
            yield self.classify(older.pc())
        yield ("task",)  # the bottom: a thread's start

    def under_periodic(self):
        """Whether one of the app's own clocks (PERIODIC) is below the stop, before the loop."""
        for kind in self.above():
            if kind[0] in ("loop", "task", "test"):
                return False
            if kind[0] == "ours" and kind[2] in PERIODIC:
                return True
        return False

    def event(self):
        """The stop as an entry, or None: a call inside one file, or the test's own doing."""
        here = self.classify(gdb.newest_frame().pc())
        if here[0] != "ours":
            return None
        path, function = here[1], here[2]
        caller = None  # (file, function) of the nearest function of ours above
        crossed = False  # GTK's code anywhere between the stop and the test
        since_caller = False  # GTK's code between the caller and the next function up
        start = "loop"
        for kind in self.above():
            if kind[0] in ("loop", "task"):
                start = kind[0]
                break  # GLib's dispatch, or the start of a task
            if kind[0] == "gtk":
                crossed = since_caller = True
                if caller:
                    break  # the caller is not the test's hand: GTK is below it
                continue
            if kind[0] in ("runtime", "plumbing", "generated"):
                continue
            if kind[0] == "test":
                if not crossed:
                    return None  # the test called it (its checks, its loop) or what it called did
                if caller is None or not since_caller:
                    caller = ("input", "")  # the input's first function of ours
                break
            if caller is None:
                if kind[1] == path:
                    return None  # a call inside the file
                caller = (kind[1], kind[2])
                since_caller = False
        if function in PERIODIC or self.under_periodic():
            return "periodic"
        return {
            "file": path,
            "function": function,
            "caller": caller[0] if caller else start,
            "from": caller[1] if caller else "",
            "thread": gdb.selected_thread().num,
        }


main()
