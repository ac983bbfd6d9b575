import Glibc
import Gtk
import GtkNavigation
import Navigation

/// The `Gtk` and `GtkNavigation` API an outside app asked for: rows inserted and removed at a
/// position, a dialog's default button, a split's sidebar width.
@MainActor
func widgetAPITests(_ runner: TestRunner) {
    runner.test("Widget.framesDrawn counts the window's frames; atNextFrame runs once, or never once unrealized") {
        final class Token {}
        let window = Window()
        defer { window.destroy() }
        try check(
            window.framesDrawn == nil, "a window never shown has \(String(describing: window.framesDrawn)) frames")
        window.present()
        waitLoop(until: { (window.framesDrawn ?? 0) > 0 })
        let before = window.framesDrawn ?? 0
        try check(before >= 1, "a shown window drew \(before) frames")
        var calls = 0
        var token: Token? = Token()
        weak var released = token
        window.atNextFrame { [token] in
            _ = token
            calls += 1
        }
        token = nil
        waitLoop(until: { calls > 0 })
        window.atNextFrame {}  // asks for another frame: the first handler must not run again
        MainLoop.run(for: 0.3)
        try check(calls == 1, "the handler ran \(calls) times")
        try check((window.framesDrawn ?? 0) > before, "frames drawn stayed at \(before)")
        try check(released == nil, "the handler was kept after it ran")

        let gone = Window()
        gone.present()
        waitLoop(until: { gone.isMapped })
        var ranAfterDestroy = false
        token = Token()
        released = token
        gone.atNextFrame { [token] in
            _ = token
            ranAfterDestroy = true
        }
        token = nil
        gone.destroy()
        MainLoop.run(for: 0.3)
        try check(!ranAfterDestroy, "the handler ran after its window was destroyed")
        try check(released == nil, "the handler was kept after its window was destroyed")
    }
    runner.test("Log.debug: the message is made only when G_MESSAGES_DEBUG names the domain (or all)") {
        // GLib reads G_MESSAGES_DEBUG once (2.80 and later cache it): each case is a process of
        // its own, this binary run with `--log-debug-child` and the variable set from the start.
        // It opens no display: a second GTK client on the display while this one is blocked made
        // GTK 4.8's X11 clipboard lose 64 bytes (valgrind, after the pasted-search test).
        let binary = binaryFolder() + "/raypets-gtk-tests"
        for (value, made) in [(nil, 0), ("another-domain", 0), ("raypets-log-test", 1), ("all", 1)] {
            let variable = value.map { "G_MESSAGES_DEBUG=\($0)" } ?? "-u G_MESSAGES_DEBUG"
            let command =
                "env -u DISPLAY -u WAYLAND_DISPLAY \(variable) '\(binary)' \(logDebugChildArgument) \(made) >/dev/null 2>&1"
            try check(
                system(command) == 0, "G_MESSAGES_DEBUG=\(value ?? "(unset)"): the message was not made \(made) time(s)"
            )
        }
    }

    runner.testAsync(
        "TextView.maxLength and Entry.maxLength: a paste is cut to the room left, by characters as a person sees them"
    ) {
        let window = Window()
        defer { window.destroy() }
        let box = Box(.vertical, spacing: 0)
        let notes = TextView()
        let name = Entry()
        box.append(notes)
        box.append(name)
        window.child = box
        window.present()
        // "é" as "e" and a combining accent: 2 code points, 1 character. A cut by code points
        // would leave room for fewer letters than the limit says (and could split one).
        let letter = "e\u{301}"
        notes.maxLength = 10
        notes.text = "ab"
        notes.grabFocus()
        notes.pasteAsUser(String(repeating: letter, count: 50_000))
        await settle(until: { notes.text.count > 2 })
        try check(notes.text == "ab" + String(repeating: letter, count: 8), "notes: \(notes.text)")
        // A text set longer stays whole, and takes nothing more.
        notes.text = String(repeating: "x", count: 12)
        notes.pasteAsUser("more")
        await settle(until: { false }, seconds: 0.3)
        try check(notes.text == String(repeating: "x", count: 12), "a longer text set: \(notes.text)")
        notes.append("yz", dimmed: true)  // what the app appends is not cut either
        try check(notes.text == String(repeating: "x", count: 12) + "yz", "appended past the limit: \(notes.text)")
        try check(notes.isDimmed(at: 13) && !notes.isDimmed(at: 11), "the appended text is not the dimmed part")
        notes.text = String(repeating: "x", count: 12)
        notes.maxLength = 0
        notes.pasteAsUser("more")
        await settle(until: { notes.text.count > 12 })
        try check(notes.text.hasSuffix("more"), "no limit: \(notes.text)")
        name.maxLength = 5
        name.grabFocus()
        name.pasteAsUser(String(repeating: "z", count: 50_000))
        await settle(until: { !name.text.isEmpty })
        try check(name.text == "zzzzz" && name.maxLength == 5, "name: \(name.text.prefix(20))")
    }

    runner.test("Alert: responses too wide for the window it is in stack; in a wide window they stay a row") {
        for (width, stacks) in [(300, true), (1000, false)] {
            let parent = Window()
            let layer = ModalLayer(window: parent, header: nil, content: Label("content"))
            parent.setDefaultSize(width: Int32(width), height: 300)
            parent.present()
            waitLoop(until: { parent.allocatedWidth > 0 }, timeout: 5)
            let alert = Alert(
                heading: "Änderungen verwerfen?", body: "Wenn Sie sie verwerfen, gehen sie verloren.",
                responses: [
                    .init(id: "keep", label: "Weiter bearbeiten"), .init(id: "discard", label: "Verwerfen"),
                    .init(id: "save", label: "Speichern"),
                ], safeResponse: "keep")
            alert.present(in: layer)
            waitLoop(until: { alert.widget.allocatedWidth > 0 }, timeout: 5)
            try check(alert.stacksResponses == stacks, "over \(width) px: stacked \(alert.stacksResponses)")
            if stacks {
                try check(
                    alert.widget.allocatedWidth <= width,
                    "in \(width) px the alert is \(alert.widget.allocatedWidth) px")
            }
            alert.close()
            parent.destroy()
            MainLoop.run(until: { !MainLoop.iterate() }, timeout: 1)
        }
    }

    runner.test(
        "TextView.onChanged: the connection can be disconnected (its weak reference to the buffer was always nil)"
    ) {
        let text = TextView()
        var changes = 0
        let connection = text.onChanged { changes += 1 }
        try check(connection.isConnected, "the connection says it is not connected")
        text.text = "a"
        try check(changes == 1, "\(changes) changes seen, 1 made")
        connection.disconnect()
        try check(!connection.isConnected, "still connected after disconnect()")
        text.text = "b"
        try check(changes == 1, "a disconnected handler ran")
    }

    runner.test("Label.wrapCentered: about ten characters at the narrowest, whatever the text; a long word breaks") {
        @MainActor func wrapped(_ text: String) -> Label {
            let label = Label(text)
            label.wrapCentered()
            return label
        }
        let one = wrapped("a")
        let word = wrapped(String(repeating: "W", count: 60))  // no place to break but inside it
        let plain = Label(String(repeating: "a", count: Label.minimumWrapCharacters))  // one line, 10 a's
        try check(one.minimumWidth == word.minimumWidth, "narrowest: \(one.minimumWidth) vs \(word.minimumWidth)")
        // Ten average characters: about as wide as ten a's (GTK's width-chars uses the font's
        // average character width).
        let ratio = Double(word.minimumWidth) / Double(plain.minimumWidth)
        try check(ratio > 0.7 && ratio < 1.5, "ten characters wide: \(word.minimumWidth) vs \(plain.minimumWidth) px")
        try check(word.minimumWidth < 200, "a 60-letter word must not make the label \(word.minimumWidth) px wide")
    }

    runner.test(
        "Button.wrapLabel: a long text makes the button narrow enough, not wider; where there is room, one line"
    ) {
        let text = "Schedule an appointment for every pet"  // under 40 characters: one line where it fits
        let plain = Button(label: text)
        let wrapping = Button(label: text)
        wrapping.wrapLabel()
        try check(plain.minimumWidth > 250, "the one-line button is only \(plain.minimumWidth) px wide")
        try check(
            wrapping.minimumWidth < plain.minimumWidth / 2,
            "wrapping: \(wrapping.minimumWidth) px at the narrowest, one line: \(plain.minimumWidth) px")
        try check(
            wrapping.naturalWidth == plain.naturalWidth,
            "natural width: \(wrapping.naturalWidth) px wrapping, \(plain.naturalWidth) px one line")
        let long = Button(label: text + " " + text)  // over 40 characters: wraps at about 40
        long.wrapLabel()
        try check(
            long.naturalWidth < Button(label: text + " " + text).naturalWidth * 3 / 4,
            "a 75-character text would be \(long.naturalWidth) px wide")
        let icon = Button(iconName: "go-previous-symbolic", accessibleLabel: "Back")
        let iconWidth = icon.minimumWidth
        icon.wrapLabel()  // no text label: nothing to wrap
        try check(icon.minimumWidth == iconWidth, "an icon button changed: \(iconWidth) to \(icon.minimumWidth) px")
    }

    runner.test("ListBox: insert(_:at:) and remove(at:) keep the rows in order and the selection on its row") {
        let list = ListBox()
        let finalized = FinalizationCounter()
        var names: [ObjectIdentifier: String] = [:]
        @MainActor func row(_ text: String) -> ListBoxRow {
            let row = ListBoxRow(child: Label(text))
            finalized.watch(row)
            names[ObjectIdentifier(row)] = text
            return row
        }
        @MainActor func texts() -> [String] { list.rows.map { names[ObjectIdentifier($0)] ?? "?" } }
        list.append(row("a"))
        list.append(row("c"))
        list.selectedIndex = 1  // "c"
        list.insert(row("b"), at: 1)
        list.insert(row("start"), at: -5)
        list.insert(row("end"), at: 99)
        try check(texts() == ["start", "a", "b", "c", "end"], "rows \(texts())")
        try check(list.rows.enumerated().allSatisfy { $0.element.index == $0.offset }, "GTK's order differs")
        try check(
            list.selectedIndex == 3, "the selection did not follow \"c\": \(String(describing: list.selectedIndex))")
        try check(list.remove(at: 1) != nil, "a row at 1")
        try check(list.remove(at: 42) == nil, "no row at 42")
        try check(texts() == ["start", "b", "c", "end"], "rows after remove \(texts())")
        try check(list.selectedIndex == 2, "the selection did not follow \"c\" up")
        list.remove(at: 2)
        try check(list.selectedIndex == nil, "the removed row stayed selected")
        MainLoop.run(until: { !MainLoop.iterate() }, timeout: 1)
        try check(finalized.alive == 3, "removed rows not freed: \(finalized.alive) of 5 alive")
    }

    runner.test("Window.defaultButton: Enter in an entry that activates the default presses it") {
        let window = Window()
        let box = Box(.vertical)
        let entry = Entry()
        let save = Button(label: "Save")
        var saves = 0
        save.onClicked { saves += 1 }
        box.append(entry)
        box.append(save)
        window.child = box
        window.defaultButton = save
        window.present()
        waitLoop(until: { window.isMapped })
        // A button activated by the keyboard shows its press first: "clicked" comes ~250 ms later.
        @MainActor func enter() {
            entry.pressEnter()
            MainLoop.run(for: 0.4)
        }
        enter()
        try check(saves == 0, "Enter pressed the default button without activatesDefault")
        entry.activatesDefault = true
        enter()
        try check(saves == 1, "Enter did not press the default button (\(saves))")
        window.defaultButton = nil
        enter()
        try check(saves == 1, "Enter pressed a button that is no longer the default")
        window.destroy()
    }

    runner.test("GtkSplitOptions.sidebarWidth: the sidebar is as wide as asked when split") {
        for width in [260, 420] {
            let window = Window()
            window.setDefaultSize(width: 1200, height: 600)
            let layout = SplitLayout<TestRoute>(minimumWidth: 720) { $0 == .a }
            let host = GtkStackHost(
                window: window, split: GtkSplitOptions(layout: layout, sidebarWidth: width),
                makeView: { TestPageView($0) })
            let router = StackRouter(host: host)
            window.child = host.widget
            router.present(.root, model: TitledModel("Root"), animated: false, onDismissed: nil)
            router.present(.a, model: TitledModel("List"), animated: false, onDismissed: nil)
            window.present()
            waitLoop(until: { host.sidebarAllocatedWidth ?? 0 > 0 })
            MainLoop.run(until: { !MainLoop.iterate() }, timeout: 1)
            try check(host.isSplit, "not split at 1200 px")
            try check(
                host.sidebarAllocatedWidth == width,
                "sidebar \(String(describing: host.sidebarAllocatedWidth)) px, asked \(width)")
            window.destroy()
            MainLoop.run(until: { !MainLoop.iterate() }, timeout: 1)
        }
    }
}

/// The argument that runs this binary as the Log.debug test's child: `--log-debug-child N`
/// logs one debug message in the test's domain and exits 0 if its text was made N times.
let logDebugChildArgument = "--log-debug-child"

/// The Log.debug test's child (see `logDebugChildArgument`): GLib only, no display.
func logDebugChild(expecting expected: Int) -> Int32 {
    var made = 0
    func message() -> String {
        made += 1
        return "a debug message from the Log test"
    }
    Log(domain: "raypets-log-test").debug(message())
    return made == expected ? 0 : 1
}
