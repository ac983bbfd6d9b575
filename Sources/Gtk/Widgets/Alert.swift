import CGtk

/// A GNOME alert: a card inside a window (a `ModalLayer`'s) that asks one question and offers a
/// few answers, as libadwaita's `AdwAlertDialog` does — GTK 4.8 has neither that nor
/// `GtkAlertDialog` (4.10), so this builds one with the theme's message-dialog look.
///
/// - Its accessible role is *alert dialog*, its name the heading and its description the body,
///   so a screen reader reads the question and why it is asked when the alert opens.
/// - Each answer is a button; a destructive one is red
///   (`destructive-action`), a suggested one blue (`suggested-action`).
/// - The *safe* answer (the one that loses nothing) has the keyboard focus when the alert
///   opens, and Escape (and the window's Ctrl+W) answers it.
///
/// The alert reports answers through `onResponse`; it does not close itself. Whoever shows it
/// closes it (`close()`), e.g. a `GtkAlertHost` when its page leaves the router.
@MainActor
public final class Alert {
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
    package static let safeAction = ActionName(group: "alert", name: "safe", accelerator: "Escape")

    /// The alert's card.
    public let widget = Box.card(role: .alertDialog)
    /// The question.
    public let heading: String
    /// Why it is asked.
    public let body: String
    private weak var layer: ModalLayer?
    /// The safe answer: focused first, and what Escape and the window's Ctrl+W answer.
    public let safeResponse: String
    /// Called with the answer's `id` when the user answers.
    public var onResponse: (@MainActor (String) -> Void)?
    private var buttons: [(id: String, button: Button)] = []
    private let actions = Box(.horizontal)

    /// Whether the responses are stacked one above the other (see `present(in:)`).
    package var stacksResponses: Bool {
        gtk_orientable_get_orientation(rp_orientable(actions.gobject)) == GTK_ORIENTATION_VERTICAL
    }

    /// An alert asking `heading` (a short question: "Discard changes?"), explained by `body`,
    /// with `responses` in order (start to end); `safeResponse` is one of their ids.
    public init(heading: String, body: String, responses: [Response], safeResponse: String) {
        precondition(responses.contains { $0.id == safeResponse }, "the safe response must be one of the responses")
        self.safeResponse = safeResponse
        self.heading = heading
        self.body = body
        widget.setAccessibleLabel(heading)
        widget.setAccessibleDescription(body)
        widget.addCSSClass("message")

        let headingLabel = Label(heading)
        headingLabel.addCSSClass("title")
        headingLabel.wrapCentered()
        let bodyLabel = Label(body)
        bodyLabel.wrapCentered()
        let message = Box(.vertical, spacing: 10)
        message.addCSSClass("message-area")
        message.setMargins(top: 24, bottom: 24, start: 30, end: 30)
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
        widget.append(content)
        widget.setSizeRequest(width: 300, height: -1)

        let safe = safeResponse
        let answerSafely: @MainActor () -> Void = { [weak self] in self?.answer(safe) }
        widget.insertActions([(Self.safeAction, answerSafely)])
        widget.addShortcut(for: Self.safeAction)
    }

    /// Shows the alert in `layer` (over everything in its window), with the safe answer focused.
    ///
    /// The responses sit in a row; when the row would be wider than the window (long labels, a
    /// language with long words, a phone's 360 px), they stack one above the other, as
    /// libadwaita's alert dialogs do, so they fit.
    public func present(in layer: ModalLayer) {
        self.layer = layer
        let width = layer.widget.allocatedWidth
        if width > 0, actions.minimumWidth + 48 > width {
            gtk_orientable_set_orientation(rp_orientable(actions.gobject), GTK_ORIENTATION_VERTICAL)
            gtk_box_set_spacing(rp_box(actions.gobject), 6)
        }
        let safe = safeResponse
        layer.show(widget, close: { [weak self] in self?.answer(safe) })
        _ = button(safeResponse)?.grabFocus()
    }

    /// Whether the alert is shown.
    public var isShown: Bool { layer?.shownCards.contains { $0 === widget } == true }

    /// Takes the alert away.
    public func close() {
        layer?.remove(widget)
        layer = nil
    }

    /// The button of answer `id`.
    public func button(_ id: String) -> Button? { buttons.first { $0.id == id }?.button }

    private func answer(_ id: String) { onResponse?(id) }
}
