import Gtk

/// A class whose lifetime shows whether a signal handler's closure was released.
@MainActor
private final class Witness {}

/// Ownership rule 2: the GObject owns its handlers' closures.
@MainActor
func signalTests(_ runner: TestRunner) {
    runner.test("a handler runs on its signal and stops after disconnect, which frees its closure") {
        let button = Button(label: "Press")
        var calls = 0
        weak var weakWitness: Witness?
        let connection: SignalConnection
        do {
            let witness = Witness()
            weakWitness = witness
            connection = button.onClicked { [witness] in
                _ = witness
                calls += 1
            }
        }
        button.click()
        try check(calls == 1, "handler ran \(calls) times")
        try check(connection.isConnected, "connection reports disconnected")
        try check(weakWitness != nil, "the closure was freed while connected")
        connection.disconnect()
        connection.disconnect()  // twice is harmless
        button.click()
        try check(calls == 1, "handler ran after disconnect")
        try check(weakWitness == nil, "the closure outlived its disconnected handler")
    }

    runner.test("a scrolled window shown and taken away leaves no handler on the settings (GTK 4.8 did)") {
        let window = Window()
        let box = Box(.vertical)
        window.child = box
        window.present()
        var left: [Int] = []
        for _ in 0..<3 {
            let scrolled = ScrolledWindow(child: Label("Scrolls"))
            box.append(scrolled)
            waitLoop(until: { scrolled.isMapped })
            try check(scrolled.handlersOnSettings >= 1, "GTK connects to the settings at realize")
            box.removeAll()
            MainLoop.run(until: { !MainLoop.iterate() }, timeout: 1)
            left.append(scrolled.handlersOnSettings)
        }
        window.destroy()
        try check(left == [0, 0, 0], "handlers left on the settings per scrolled window: \(left)")
    }

    runner.test("a widget's handlers are freed with the widget, and the widget is finalized") {
        let finalized = FinalizationCounter()
        weak var weakWitness: Witness?
        do {
            let witness = Witness()
            weakWitness = witness
            let button = Button(label: "Press")
            finalized.watch(button)
            button.onClicked { [witness] in _ = witness }
        }
        try check(finalized.alive == 0, "the button was not finalized when its wrapper went away")
        try check(weakWitness == nil, "the handler's closure outlived the button")
    }

    runner.test("a handler that captures its owner weakly does not keep it alive") {
        @MainActor final class Owner {
            let button = Button(label: "Press")
            var presses = 0
            init() { button.onClicked { [weak self] in self?.presses += 1 } }
        }
        let finalized = FinalizationCounter()
        weak var weakOwner: Owner?
        do {
            let owner = Owner()
            weakOwner = owner
            finalized.watch(owner.button)
            owner.button.click()
            try check(owner.presses == 1, "presses \(owner.presses)")
        }
        try check(weakOwner == nil, "owner kept alive through its own button's handler")
        try check(finalized.alive == 0, "button not finalized with its owner")
    }

    runner.test("after-paint handlers run once per drawn frame; the first-frame one runs once") {
        let window = Window()
        let label = Label("one")
        window.child = label
        var frames = 0
        var firstFrames = 0
        window.onAfterPaint { frames += 1 }
        window.onFirstFrame { firstFrames += 1 }
        window.present()
        try check(waitLoop(until: { frames >= 1 }), "no frame drawn after present")
        let seen = frames
        label.text = "two, which needs a new frame"
        try check(waitLoop(until: { frames > seen }), "no frame drawn after the label changed")
        MainLoop.run(for: 0.1)
        try check(firstFrames == 1, "the first-frame handler ran \(firstFrames) times over \(frames) frames")
        window.destroy()
        MainLoop.run(for: 0.05)
    }
}
