import Gtk

/// The Swift-concurrency bridge (DESIGN.md rule 5).
@MainActor
func bridgeTests(_ runner: TestRunner) {
    runner.test("without the bridge, a main-actor Task waits; with it, the Task runs inside the GLib loop") {
        try check(!MainQueueBridge.isInstalled, "bridge must start uninstalled in this process")
        var ran = false
        Task { @MainActor in ran = true }
        waitLoop(until: { ran }, timeout: 0.3)
        try check(!ran, "the Task ran without the bridge: this test would prove nothing")
        MainQueueBridge.install()
        try check(waitLoop(until: { ran }, timeout: 2), "Task did not run within 2 s of installing the bridge")
    }

    runner.test("await continuations resume inside the GLib loop") {
        var steps: [String] = []
        Task { @MainActor in
            steps.append("start")
            await Task.yield()
            steps.append("after yield")
            try? await Task.sleep(nanoseconds: 20_000_000)
            steps.append("after sleep")
        }
        try check(waitLoop(until: { steps.count == 3 }, timeout: 2), "steps so far: \(steps)")
    }

    runner.test("the idle loop sleeps: no wake-ups and almost no CPU while nothing happens") {
        MainLoop.run(until: { !MainLoop.iterate() }, timeout: 1)
        let drains = MainQueueBridge.drainCount
        let cpu = MainLoop.processCPUTime
        let start = MainLoop.now
        let iterations = MainLoop.run(for: 0.5)
        let wall = MainLoop.now - start
        let used = MainLoop.processCPUTime - cpu
        log("  idle 0.5 s: \(iterations) loop iterations, \(used) µs CPU over \(wall) µs")
        try check(
            MainQueueBridge.drainCount == drains,
            "the bridge woke \(MainQueueBridge.drainCount - drains) times while idle")
        try check(iterations < 20, "the loop iterated \(iterations) times in 0.5 s idle: it spins")
        try check(used < wall / 10, "used \(used) µs of CPU in \(wall) µs idle")
    }
}
