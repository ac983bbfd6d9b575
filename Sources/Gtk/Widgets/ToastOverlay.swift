import CGtk

/// GNOME's toast, for GTK 4.8 (which has none; libadwaita's `AdwToastOverlay` needs 1.0+ and
/// is not used here): a short message with at most one button, at the bottom centre of
/// `child`, for about five seconds. One toast at a time: a new one replaces the one showing.
///
/// As the GNOME HIG asks, the toast waits for the person using it: its time stops while the
/// pointer is over it or the keyboard focus is in it (a slow reader, a hand on the mouse on
/// its way to *Undo*), and runs on, for what was left of it, once both have gone. Escape,
/// with the focus in the toast, closes it.
/// It slides up with a `GtkRevealer` over a `GtkOverlay`, and its box has the accessible role
/// *alert*, so a screen reader announces it when it appears.
@MainActor
public final class ToastOverlay: Widget {
    /// How long a toast stays, in seconds.
    public static let defaultTimeout = 5.0

    private let revealer: Widget
    /// What the toast being shown says to screen readers once it is on screen.
    private var pendingAnnouncement: String?
    private let box: Widget
    /// The message.
    package let label = Label()
    /// The action button (hidden when the toast has none).
    package let button = Button(label: "")
    private let closeButton: Button
    private var action: (@MainActor () -> Void)?
    private var generation = 0
    /// The toast's time left, in seconds, counted while nothing holds it.
    private var remaining = 0.0
    /// When the running time started (nil: stopped, or no toast).
    private var runningSince: ContinuousClock.Instant?
    private var timer: Task<Void, Never>?
    private var pointerInside = false
    private var focusInside = false
    /// The action `shortcut` activates (enabled while a toast with a button shows).
    private var shortcutAction: Action?
    /// The pointer's and the keys' controllers on the toast (tests drive them with signals).
    package private(set) var pointer: Object!
    package private(set) var keys: Object!

    /// An overlay over `child` (put the overlay where `child` would go). With `shortcut` (an
    /// action name with its accelerator, such as `toast.undo` on Ctrl+Z), the accelerator
    /// presses the toast's button while a toast with a button shows, whichever widget of the
    /// window has the focus, so that the keyboard reaches it before it goes; a focused text
    /// field's own use of the keys (its undo) comes first. The button's tooltip names it.
    public init(child: Widget, closeLabel: String = "Close", shortcut: ActionName? = nil) {
        closeButton = Button(iconName: "window-close-symbolic", accessibleLabel: closeLabel)
        revealer = Widget(UnsafeMutableRawPointer(gtk_revealer_new()), transfer: .none)
        box = Widget(
            UnsafeMutableRawPointer(rp_box_new_with_role(GTK_ORIENTATION_HORIZONTAL, 12, GTK_ACCESSIBLE_ROLE_ALERT)),
            transfer: .none)
        super.init(UnsafeMutableRawPointer(gtk_overlay_new()), transfer: .none)
        gtk_overlay_set_child(rp_overlay(gobject), child.widget)
        rp_accessible_set_label(gobject, "")  // a layout box: not named after its type on GTK 4.8
        gtk_revealer_set_transition_type(rp_revealer(revealer.gobject), GTK_REVEALER_TRANSITION_TYPE_SLIDE_UP)
        revealer.setAlignment(horizontal: .center, vertical: .end)
        box.addCSSClass("toast")
        box.addCSSClass("osd")  // the theme's on-screen-display look: dark, light text and buttons
        label.addCSSClass("toast-title")
        // One line: a toast's text is short; a long one is cut with "…" rather than wrapped.
        label.ellipsizeEnd()
        gtk_label_set_max_width_chars(rp_label(label.gobject), 50)
        closeButton.addCSSClass("flat")
        closeButton.addCSSClass("circular")
        gtk_box_append(rp_box(box.gobject), label.widget)
        gtk_box_append(rp_box(box.gobject), button.widget)
        gtk_box_append(rp_box(box.gobject), closeButton.widget)
        gtk_revealer_set_child(rp_revealer(revealer.gobject), box.widget)
        box.connect("map") { [weak self] in self?.announcePending() }
        gtk_overlay_add_overlay(rp_overlay(gobject), revealer.widget)
        revealer.isVisible = false
        button.onClicked { [weak self] in self?.performAction() }
        closeButton.onClicked { [weak self] in self?.dismiss() }
        pointer = box.onPointer(
            entered: { [weak self] in self?.hold(pointer: true) }, left: { [weak self] in self?.hold(pointer: false) })
        box.onFocusEnter { [weak self] in self?.hold(focus: true) }
        box.onFocusLeave { [weak self] in self?.hold(focus: false) }
        if let shortcut, let accelerator = shortcut.accelerator {
            let press: @MainActor () -> Void = { [weak self] in self?.performAction() }
            shortcutAction = insertActions([(shortcut, press)])[shortcut]
            shortcutAction?.isEnabled = false
            rp_add_window_shortcut(gobject, accelerator, shortcut.detailedName)
            if let label = rp_accelerator_label_new(accelerator) {
                button.tooltip = String(cString: label)
                g_free(label)
            }
        }
        keys = box.onKeyPressed { [weak self] key in
            guard key == KeyValue.escape, let self, self.isShowing else { return false }
            self.dismiss()
            return true
        }
        // The toast's shape; the theme's `.osd` gives its colours.
        CSSProvider.installDefault(".toast { border-radius: 999px; padding: 6px 6px 6px 18px; margin: 12px; }")
    }

    /// Whether a toast is showing.
    public var isShowing: Bool { revealer.isVisible }

    /// Whether the toast's time is stopped: the pointer is over it or the focus is in it.
    package var isHeld: Bool { pointerInside || focusInside }

    private func hold(pointer: Bool? = nil, focus: Bool? = nil) {
        let wasHeld = isHeld
        if let pointer { pointerInside = pointer }
        if let focus { focusInside = focus }
        guard isShowing, wasHeld != isHeld else { return }
        if isHeld { stopTime() } else { runTime() }
    }

    /// Counts down what is left of the toast's time; at zero the toast closes.
    private func runTime() {
        timer?.cancel()
        runningSince = .now
        let shown = generation
        let left = remaining
        timer = Task { @MainActor [weak self] in
            try? await Task.sleep(for: .seconds(left))
            guard !Task.isCancelled, let self, self.generation == shown, !self.isHeld else { return }
            self.dismiss()
        }
    }

    private func stopTime() {
        timer?.cancel()
        timer = nil
        if let since = runningSince {
            let elapsed = since.duration(to: .now)
            let seconds = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
            remaining = max(0, remaining - seconds)
        }
        runningSince = nil
    }

    /// Shows `text` with a button `actionTitle` that runs `action` once and closes the toast;
    /// it closes by itself after `timeout` seconds, not counting the time the pointer is over it
    /// or the focus is in it. Replaces the toast showing, if any.
    public func show(
        _ text: String, actionTitle: String? = nil, timeout: Double = ToastOverlay.defaultTimeout,
        action: (@MainActor () -> Void)? = nil
    ) {
        generation += 1
        label.text = text
        box.setAccessibleLabel(text)
        gtk_button_set_label(rp_button(button.gobject), actionTitle ?? "")
        button.isVisible = actionTitle != nil
        self.action = action
        shortcutAction?.isEnabled = actionTitle != nil
        // Announced once the alert is on screen, by the overlay: asked of the alert itself
        // (here, or when it maps), GTK 4.18 sent Orca 48 no announcement at all; from the
        // overlay, which is always on screen, it arrives and is said. Set before the alert is
        // re-added: replacing a toast that shows, the alert maps again at once.
        pendingAnnouncement = actionTitle.map { "\(text), \($0)" } ?? text
        // Re-adding the alert makes it new to assistive technologies, so each toast is announced.
        revealer.isVisible = false
        revealer.isVisible = true
        gtk_revealer_set_reveal_child(rp_revealer(revealer.gobject), 1)
        if box.isMapped { announcePending() }
        remaining = timeout
        runningSince = nil
        if !isHeld { runTime() }
    }

    private func announcePending() {
        guard let message = pendingAnnouncement else { return }
        pendingAnnouncement = nil
        _ = announce(message)
    }

    /// Closes the toast (its action is no longer offered).
    public func dismiss() {
        pendingAnnouncement = nil
        timer?.cancel()
        timer = nil
        runningSince = nil
        action = nil
        shortcutAction?.isEnabled = false
        gtk_revealer_set_reveal_child(rp_revealer(revealer.gobject), 0)
        revealer.isVisible = false
    }

    /// Presses the toast's button, as a click does.
    package func performAction() {
        let action = self.action
        dismiss()
        action?()
    }
}
