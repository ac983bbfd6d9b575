import RayPets

/// Ctrl+W on one window of several asks its routers in turn, the dialog's first (its editor,
/// then the appointment request), then the Clinic tab's (its editor): a guard that agrees lets
/// its pages leave; *Keep editing* keeps the window (with what has left gone). When all agree,
/// the window goes and the window focused before it is focused. A question open in the window
/// is taken over by the close (the request it waited for gives up); a second Ctrl+W while the
/// close asks waits for the same answer. The last window is not closed (that quits), and a
/// window is the last when every other one is itself closing.
extension NavigationModel {
    /// Whether the window's close (Ctrl+W) is asking: the question open there waits for it.
    static func isClosing(_ window: Window) -> Bool { window.question?.exit == .closeWindow }

    /// Ctrl+W on the focused window, one of several (closing the last one quits). Its close
    /// asks its routers in turn; a question open there is taken over (the close's request
    /// replaces the one that waited: a Delete it asked for then waits for the close); a close
    /// already asking there is joined (the same answer, no second question).
    mutating func closeWindow() {
        guard windows.count > 1 else { return }
        if let asked = question {
            if asked.exit == .closeWindow {
                events.append(.closeJoined)
            } else {
                join(.closeWindow)
                events.append(.closeAsked)
            }
            return
        }
        let id = windows[active].id
        continueClose(approved: [])
        if windows.contains(where: { $0.id == id && $0.question != nil }) { events.append(.closeAsked) }
    }

    /// Closing the window being acted on, from where it is: each router's guards not yet
    /// approved ask in turn, the dialog's first; when none is left, the window goes, and the
    /// Deletes that waited for its close go on (it agreed).
    mutating func continueClose(approved: Set<Guarded>) {
        if !dialog.isEmpty {
            var guards: [Guarded] = []
            if hasChangedEditor(at: .dialog) { guards.append(.editor(.dialog)) }
            if answered { guards.append(.appointmentRequest) }
            if let next = guards.first(where: { !approved.contains($0) }) {
                return ask(next, exit: .closeWindow, approved: approved)
            }
            dialog = []
        }
        let clinicEditor = Guarded.editor(.tab(.clinic))
        if hasChangedEditor(at: .tab(.clinic)) && !approved.contains(clinicEditor) {
            return ask(clinicEditor, exit: .closeWindow, approved: approved)
        }
        // The pages kept for Forward end with the window (its routers' dismissAll); the
        // changes on its shelf, theirs among them, go to the first window left.
        for place in Self.locations { dropForward(at: place) }
        let shelf = windows[active].shelf
        let id = windows[active].id
        let waiting = windows[active].deletesWaitingForClose
        windows.removeAll { $0.id == id }
        if !windows.isEmpty { windows[0].shelf += shelf }
        focusOrder.removeAll { $0 == id }
        active = focusedWindow
        events.append(.windowClosed)
        // They wait for the close task's value: the last to wait is woken first.
        for request in waiting.reversed() { resumeDelete(request) }
    }

    /// A later request joined the open question: the exit that waited gives up (a close is
    /// kept, a Delete is refused, or waits for the close that took its place) and so do the
    /// Deletes that waited with it; the new one waits instead.
    mutating func join(_ exit: Exit) {
        guard var asked = question else { return }
        let (earlier, joined) = (asked.exit, asked.joined)
        asked.exit = exit
        asked.joined = []
        question = asked
        giveUp(earlier, joined: joined, replaced: true)
    }

    /// `exit` was refused, and with it the Deletes `joined` to it (they waited for its
    /// answer); `replaced`: by a later request.
    mutating func giveUp(_ exit: Exit, joined: [Int], replaced: Bool = false) {
        switch exit {
        case .user: break
        case .closeWindow:
            events.append(.closeKept)
            let waiting = windows[active].deletesWaitingForClose
            windows[active].deletesWaitingForClose = []
            for request in waiting.reversed() { concludeDelete(request, made: false) }
        case .deletePet(_, let request): refuseAsk(of: request, replaced: replaced)
        }
        for request in joined { refuseAsk(of: request, replaced: replaced) }
    }
}
