import CGtk

/// A GNOME alert: a small modal window over another that asks one question and offers a few
/// answers — GTK 4.8 has no `GtkAlertDialog` (it arrived in 4.10), so this builds one with the
/// theme's message-dialog look (`window.dialog.message`).
///
/// - The heading is the window's title too, and the window's accessible role is *alert
///   dialog*, so a screen reader announces the question when the alert opens.
/// - Each answer is a button; a destructive one is red
///   (`destructive-action`), a suggested one blue (`suggested-action`).
/// - The *safe* answer (the one that loses nothing) has the keyboard focus when the alert
///   opens, and Escape and the window's close request answer it.
///
/// The alert reports answers through `onResponse`; it does not close itself. Whoever shows it
/// closes it (`close()`), e.g. a `GtkAlertHost` when its page leaves the router.
@MainActor
public final class AlertWindow {
    /// How an answer's button looks.
    public enum Appearance: Sendable {
        /// A plain button.
        case normal
        /// The answer most people want: blue.
        case suggested
        /// An answer that destroys something: red.
        case destructive
    }

    /// One answer.
    public struct Response: Sendable {
        /// The answer's identifier, passed to `onResponse`.
        public var id: String
        /// The button's label (a mnemonic mark, `"_Discard"`, is dropped).
        public var label: String
        /// How the button looks.
        public var appearance: Appearance

        /// An answer `id` on a button reading `label`.
        public init(id: String, label: String, appearance: Appearance = .normal) {
            self.id = id
            self.label = label
            self.appearance = appearance
        }
    }

    /// Gives the safe answer: Escape.
    private static let safeAction = ActionName(group: "alert", name: "safe", accelerator: "Escape")

    /// The alert's window.
    public let window = Window(role: GTK_ACCESSIBLE_ROLE_ALERT_DIALOG)
    /// The safe answer: focused first, and what Escape and the close request answer.
    public let safeResponse: String
    /// Called with the answer's `id` when the user answers.
    public var onResponse: (@MainActor (String) -> Void)?
    private var buttons: [(id: String, button: Button)] = []
    private let actions = Box(.horizontal)

    /// Whether the responses are stacked one above the other (see `present(over:)`).
    package var stacksResponses: Bool {
        gtk_orientable_get_orientation(rp_orientable(actions.gobject)) == GTK_ORIENTATION_VERTICAL
    }

    /// An alert asking `heading` (a short question: "Discard changes?"), explained by `body`,
    /// with `responses` in order (start to end); `safeResponse` is one of their ids.
    public init(heading: String, body: String, responses: [Response], safeResponse: String) {
        precondition(responses.contains { $0.id == safeResponse }, "the safe response must be one of the responses")
        self.safeResponse = safeResponse
        window.title = heading
        window.isModal = true
        window.isResizable = false
        window.destroysWithParent = true
        window.addCSSClass("dialog")
        window.addCSSClass("message")
        window.titlebar = Box(.horizontal)  // no title bar: the message dialog's look

        let headingLabel = Label(heading)
        headingLabel.addCSSClass("title")
        headingLabel.wrapCentered()
        let bodyLabel = Label(body)
        bodyLabel.wrapCentered()
        let message = Box(.vertical, spacing: 10)
        message.addCSSClass("message-area")
        message.setMargins(top: 0, bottom: 24, start: 30, end: 30)
        message.append(headingLabel)
        message.append(bodyLabel)

        actions.addCSSClass("dialog-action-area")
        actions.isHomogeneous = true
        for response in responses {
            // Shown without its mnemonic mark: GTK 4.8 names a mnemonic button twice on the
            // accessibility bus ("Keep editing Keep editing").
            let button = Button(label: String(response.label.filter { $0 != "_" }))
            button.setExpand(horizontal: true, vertical: false)
            switch response.appearance {
            case .normal: break
            case .suggested: button.addCSSClass("suggested-action")
            case .destructive: button.addCSSClass("destructive-action")
            }
            let id = response.id
            button.onClicked { [weak self] in self?.answer(id) }
            actions.append(button)
            buttons.append((id, button))
        }

        let content = Box(.vertical)
        content.addCSSClass("dialog-vbox")
        content.append(message)
        content.append(actions)
        window.child = content

        let safe = safeResponse
        let answerSafely: @MainActor () -> Void = { [weak self] in self?.answer(safe) }
        window.insertActions([(Self.safeAction, answerSafely)])
        window.addShortcut(for: Self.safeAction)
        window.onCloseRequest { [weak self] in
            self?.answer(safe)
            return true  // the owner closes the alert
        }
    }

    /// Shows the alert over `parent`, with the safe answer focused.
    ///
    /// The responses sit in a row; when the row would be wider than `parent` (long labels, a
    /// language with long words, a phone's 360 px), they stack one above the other, as
    /// libadwaita's message dialogs do, so they fit the window the alert is over.
    public func present(over parent: Window?) {
        // Measured now that the alert's window styles it.
        if let parent, parent.allocatedWidth > 0, actions.minimumWidth > parent.allocatedWidth {
            gtk_orientable_set_orientation(rp_orientable(actions.gobject), GTK_ORIENTATION_VERTICAL)
            gtk_box_set_spacing(rp_box(actions.gobject), 6)
        }
        window.setTransient(for: parent)
        window.joinApplication(of: parent)
        window.present()
        _ = button(safeResponse)?.grabFocus()
    }

    /// Closes (destroys) the alert window.
    public func close() { window.destroy() }

    /// The button of answer `id`.
    public func button(_ id: String) -> Button? { buttons.first { $0.id == id }?.button }

    private func answer(_ id: String) { onResponse?(id) }
}
