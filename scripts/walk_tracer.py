"""Records which project functions a walk's action runs, in order: an lldb script (lldb's own
Python runs it; scripts/check-walks starts lldb with it, on a private display).

It launches the GTK test binary once, with the filter `walk 1:|walk 2:|...`. When a test calls
`walkActionStarts(_:)` it puts a breakpoint on the first instruction of every function whose
code comes from a file under Sources/ (every function, closure, initializer, computed property
and observer a line of ours wrote; what the compiler wrote on its own, thunks and the accessors
of stored properties, is left out), and takes them away at `walkActionEnded()`, or as soon as
the walk's last hop has run (the table's rows come in WALK_TRACE_HOPS). At each stop it
looks up the stack for the nearest function of ours, seen through the plumbing (PLUMBING),
the compiler's thunks, the Swift runtime and GTK itself (a signal GTK emits while one of our
functions calls it comes from that function). A stop whose caller is in the same file is a
call inside that file and is not recorded; the others are entries into a file, recorded with
the function, its file and the caller's file, or:
- "loop": nothing of ours below it before GLib's main loop dispatch (an idle, a timer, an event
  from the display);
- "task": it starts a task (`Task { }`, `Task.immediate { }`: an async function with no async
  caller; lldb's unwinder does not see past a task's start);
- "input": the call came from the test's input (the signal it emitted, the action it
  activated);
and an entry the test itself made (its checks, its turns of the main loop: the test is below
it with nothing of GTK's in between) is left out.

A function called more than HITS times in one walk (a check per character of a text) is no
longer stopped at after its HITS-th call, unless a hop names it: each stop costs milliseconds.

Environment: WALK_TRACE_ROOT (the checkout), WALK_TRACE_BINARY (raypets-gtk-tests),
WALK_TRACE_WALKS ("1 2 3"), WALK_TRACE_HOPS (JSON: each walk's rows, [file, function, caller]),
WALK_TRACE_HITS (default 10), WALK_TRACE_OUT (a folder: walk-N.json for each, tests.log, the
tests' output, and summary.json).
"""
import bisect
import json
import os
import re
import time

import lldb

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
# Code the compiler wrote that no line of ours asked for there.
GENERATED = (
    "implicit closure", "protocol witness", "reabstraction thunk", "partial apply", "outlined ",
    "merged ", "type metadata", "default argument", "one-time initialization", "key path ",
    "thunk for", "dispatch thunk", "method lookup", "nominal type", "__ivar_destroyer",
)
WRAPPERS = ("__allocating_init", "__deallocating_deinit", "__isolated_deallocating_deinit")
# GLib's main loop dispatch: below it, nothing of ours asked for what runs.
LOOP = ("g_main_context_dispatch",)
# How many calls of one function a walk records; later ones are not seen.
HITS = int(os.environ.get("WALK_TRACE_HITS", "10"))
# Libraries that are the language's, not GTK's: calls through them are like calls in Swift.
RUNTIME = ("libswift", "libdispatch", "libFoundation", "lib_FoundationICU", "libBlocksRuntime")


def __lldb_init_module(debugger, _internal_dict):
    root = os.path.realpath(os.environ["WALK_TRACE_ROOT"])
    binary = os.environ["WALK_TRACE_BINARY"]
    out = os.environ["WALK_TRACE_OUT"]
    walks = os.environ["WALK_TRACE_WALKS"].split()
    hops = json.loads(os.environ.get("WALK_TRACE_HOPS", "{}"))
    Tracer(debugger, root, binary).run_all(walks, hops, out)


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


class Tracer:
    def __init__(self, debugger, root, binary):
        self.root = root
        started = time.time()
        debugger.SetAsync(False)
        self.target = debugger.CreateTarget(binary)
        self.main = self.target.GetModuleAtIndex(0)
        self.sources = {}
        # Every code symbol of the binary: start, end, kind ("ours", "test", "plumbing",
        # "generated"), file, name; and which of ours get a breakpoint.
        symbols = []
        self.traced = []
        # The async functions: what calls them is on the task's chain of async frames, which
        # only lldb's unwinder follows (a call from one async function to another is a jump).
        self.asynchronous = set()
        for index in range(self.main.GetNumSymbols()):
            symbol = self.main.GetSymbolAtIndex(index)
            if symbol.GetType() != lldb.eSymbolTypeCode:
                continue
            address = symbol.GetStartAddress()
            start = address.GetFileAddress()
            end = symbol.GetEndAddress().GetFileAddress()
            name = symbol.GetName() or ""
            entry = address.GetLineEntry()
            path = self.relative(entry)
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
            display = name
            if kind == "ours":
                function = address.GetFunction()
                display = (function.GetDisplayName() if function.IsValid() else None) or name
            symbols.append((start, end, kind, path, display))
            if kind == "ours" and ") async" in name:
                self.asynchronous.add(start)
            if kind == "ours" and entry.GetLine() > 0 and self.written(name, path, entry.GetLine()):
                self.traced.append(address)
        symbols.sort()
        self.starts = [s[0] for s in symbols]
        self.symbols = symbols
        module = self.main.GetFileSpec().GetFilename()
        # The marks, at their first instruction: there the walk's number is still in rdi (the
        # first argument's register), whatever the frame's variables say.
        marks = {}
        for index in range(self.main.GetNumSymbols()):
            symbol = self.main.GetSymbolAtIndex(index)
            for mark in ("walkActionStarts", "walkActionEnded"):
                if symbol.GetType() == lldb.eSymbolTypeCode and (symbol.GetName() or "").startswith(
                        f"raypets_gtk_tests.{mark}("):
                    marks[mark] = symbol.GetStartAddress()
        if len(marks) != 2:
            raise SystemExit(f"walk tracer: the test binary has no walkActionStarts/walkActionEnded ({module})")
        self.mark_start = self.target.BreakpointCreateBySBAddress(marks["walkActionStarts"])
        self.mark_end = self.target.BreakpointCreateBySBAddress(marks["walkActionEnded"])
        self.setup = time.time() - started

    def relative(self, entry):
        if not entry.IsValid():
            return None
        path = entry.GetFileSpec().fullpath
        if not path:
            return None
        path = os.path.normpath(path)
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
        info = lldb.SBLaunchInfo(["|".join(f"walk {walk}:" for walk in walks)])
        info.SetWorkingDirectory(self.root)
        info.AddOpenFileAction(0, "/dev/null", True, False)
        info.AddOpenFileAction(1, log, False, True)
        info.AddOpenFileAction(2, log, False, True)
        info.SetEnvironmentEntries([f"{k}={v}" for k, v in os.environ.items() if not k.startswith("WALK_TRACE")], False)
        error = lldb.SBError()
        process = self.target.Launch(info, error)
        if not error.Success():
            return {}, f"launch failed: {error}"
        walked, record, breakpoints, traced, since = {}, None, [], set(), None

        def stop_tracing():
            nonlocal breakpoints, traced, since
            for breakpoint in breakpoints:
                self.target.BreakpointDelete(breakpoint.GetID())
            breakpoints, traced = [], set()
            if since:
                record["recorded"] += time.time() - since
            since = None

        while process.GetState() == lldb.eStateStopped:
            for thread in process:
                if thread.GetStopReason() != lldb.eStopReasonBreakpoint:
                    continue
                hit = thread.GetStopReasonDataAtIndex(0)
                if hit == self.mark_start.GetID():
                    walk = str(thread.GetFrameAtIndex(0).FindRegister("rdi").GetValueAsUnsigned())
                    record = walked.setdefault(walk, {"events": [], "stops": 0, "recorded": 0.0, "limited": [],
                                                      "marks": 0, "hits": {}})
                    record["marks"] += 1
                    progress = Progress(hops.get(walk, []))
                    self.map_libraries()
                    # Made here, not at launch: lldb would place them again in every library
                    # GTK loads.
                    breakpoints = [self.target.BreakpointCreateBySBAddress(a) for a in self.traced]
                    traced = {b.GetID() for b in breakpoints}
                    since = time.time()
                elif hit == self.mark_end.GetID():
                    if record:
                        record["marks"] += 1
                        stop_tracing()
                elif hit in traced:
                    record["stops"] += 1
                    event = self.event(thread)
                    if event:
                        record["events"].append(event)
                        if progress.passed(event):
                            record["ended"] = len(record["events"])
                            stop_tracing()  # the walk's last hop ran: the rest is what follows it
                            continue
                    # A function called in a loop (a check per character of a text) would stop
                    # the program thousands of times: after HITS calls it is no longer traced.
                    hits = record["hits"]
                    hits[hit] = hits.get(hit, 0) + 1
                    if hits[hit] == HITS:
                        here = self.classify(thread.GetFrameAtIndex(0).GetPC())
                        if (here[1], here[2]) not in progress.named_hops:
                            self.target.FindBreakpointByID(hit).SetEnabled(False)
                            record["limited"].append(here[2])
            process.Continue()
        if process.GetState() == lldb.eStateExited:
            status = process.GetExitStatus()
        else:
            status = f"ended in lldb state {process.GetState()}"
            process.Kill()
        return walked, status

    def map_libraries(self):
        """Where each loaded library is, and where GLib's dispatch is, in the running process."""
        self.slide = self.main.GetObjectFileHeaderAddress().GetLoadAddress(self.target) - \
            self.main.GetObjectFileHeaderAddress().GetFileAddress()
        first, last = self.symbols[0][0], self.symbols[-1][1]
        self.main_range = (first + self.slide, last + self.slide)
        self.libraries = []
        for module in self.target.module_iter():
            if module == self.main:
                continue
            name = module.GetFileSpec().GetFilename() or ""
            for section in module.section_iter():
                start = section.GetLoadAddress(self.target)
                if start != lldb.LLDB_INVALID_ADDRESS and section.GetByteSize():
                    self.libraries.append((start, start + section.GetByteSize(), name.startswith(RUNTIME)))
        self.libraries.sort()
        self.library_starts = [r[0] for r in self.libraries]
        self.loop = []
        for name in LOOP:
            for context in self.target.FindSymbols(name):
                symbol = context.GetSymbol()
                start = symbol.GetStartAddress().GetLoadAddress(self.target)
                end = symbol.GetEndAddress().GetLoadAddress(self.target)
                if start != lldb.LLDB_INVALID_ADDRESS:
                    self.loop.append((start, end))

    def classify(self, pc):
        """What the code at `pc` is: ("ours"|"test"|"plumbing"|"generated", file, name),
        ("loop",), ("runtime",) or ("gtk",) (any other library)."""
        if self.main_range[0] <= pc < self.main_range[1]:
            address = pc - self.slide
            index = bisect.bisect_right(self.starts, address) - 1
            if index >= 0 and address < self.symbols[index][1]:
                start, end, kind, path, name = self.symbols[index]
                return (kind, path, name)
            return ("generated", None, None)
        if any(start <= pc < end for start, end in self.loop):
            return ("loop",)
        index = bisect.bisect_right(self.library_starts, pc) - 1
        if index >= 0 and pc < self.libraries[index][1] and self.libraries[index][2]:
            return ("runtime",)
        return ("gtk",)

    def above(self, thread):
        """What called the stopped function, nearest first, classified (see `classify`).

        Our code keeps frame pointers, so as long as the callers are ours the stack is read
        directly (the stop is at a function's first instruction: the return address is on top
        of the stack, the caller's frame pointer still in rbp); from the first caller that is
        not, lldb's unwinder (which knows GTK's unwind tables and Swift's async frames) goes on.
        """
        frame = thread.GetFrameAtIndex(0)
        process = thread.GetProcess()
        error = lldb.SBError()
        pc = process.ReadPointerFromMemory(frame.GetSP(), error)
        fp = frame.GetFP()
        count = 1
        if frame.GetPC() - self.slide in self.asynchronous:
            error.SetErrorString("an async function: lldb's unwinder from the start")
        while error.Success() and self.main_range[0] <= pc < self.main_range[1]:
            yield self.classify(pc)
            count += 1
            if not fp:
                return
            pc = process.ReadPointerFromMemory(fp + 8, error)
            fp = process.ReadPointerFromMemory(fp, error)
        index = 1
        if error.Success():
            yield self.classify(pc)
            count += 1
            # lldb's frames from the same place on (it shows an inlined call as a frame of its
            # own: find the frame with the same return address, near the count read so far).
            index = count
            for candidate in range(max(1, count - 5), count + 3):
                frame = thread.GetFrameAtIndex(candidate)
                if frame.IsValid() and frame.GetPC() == pc:
                    index = candidate + 1
                    break
        while True:
            frame = thread.GetFrameAtIndex(index)
            index += 1
            pc = frame.GetPC() if frame.IsValid() else lldb.LLDB_INVALID_ADDRESS
            if pc in (lldb.LLDB_INVALID_ADDRESS, 0):
                yield ("task",)  # the bottom: a task's first job (its async chain ends) or a thread's start
                return
            yield self.classify(pc)

    def event(self, thread):
        """The stop as an entry, or None: a call inside one file, or the test's own doing."""
        here = self.classify(thread.GetFrameAtIndex(0).GetPC())
        if here[0] != "ours":
            return None
        path, function = here[1], here[2]
        caller = None  # (file, function) of the nearest function of ours above
        crossed = False  # GTK's code anywhere between the stop and the test
        since_caller = False  # GTK's code between the caller and the next function up
        start = "loop"
        for kind in self.above(thread):
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
        return {
            "file": path,
            "function": function,
            "caller": caller[0] if caller else start,
            "from": caller[1] if caller else "",
            "thread": thread.GetIndexID(),
        }
