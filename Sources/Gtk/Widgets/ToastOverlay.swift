import CGtk

/// GNOME's toast, for GTK 4.8 (which has none; libadwaita's `AdwToastOverlay` needs 1.0+ and
/// is not used here): a short message with at most one button, at the bottom centre of
/// `child`, for about five seconds. One toast at a time: a new one replaces the one showing.
/// It slides up with a `GtkRevealer` over a `GtkOverlay`, and its box has the accessible role
/// *alert*, so a screen reader announces it when it appears.
@MainActor
public final class ToastOverlay: Widget {
    /// How long a toast stays, in seconds.
    public static let defaultTimeout = 5.0

    private let revealer: Widget
    private let box: Widget
    /// The message.
    package let label = Label()
    /// The action button (hidden when the toast has none).
    package let button = Button(label: "")
    private let closeButton: Button
    private var action: (@MainActor () -> Void)?
    private var generation = 0

    /// An overlay over `child` (put the overlay where `child` would go).
    public init(child: Widget, closeLabel: String = "Close") {
        closeButton = Button(iconName: "window-close-symbolic", accessibleLabel: closeLabel)
        revealer = Widget(UnsafeMutableRawPointer(gtk_revealer_new()), transfer: .none)
        box = Widget(
            UnsafeMutableRawPointer(rp_box_new_with_role(GTK_ORIENTATION_HORIZONTAL, 12, GTK_ACCESSIBLE_ROLE_ALERT)),
            transfer: .none)
        super.init(UnsafeMutableRawPointer(gtk_overlay_new()), transfer: .none)
        gtk_overlay_set_child(rp_overlay(gobject), child.widget)
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
        gtk_overlay_add_overlay(rp_overlay(gobject), revealer.widget)
        revealer.isVisible = false
        button.onClicked { [weak self] in self?.performAction() }
        closeButton.onClicked { [weak self] in self?.dismiss() }
        Self.installStyle()
    }

    /// Shows `text` with a button `actionTitle` that runs `action` once and closes the toast;
    /// it closes by itself after `timeout` seconds. Replaces the toast showing, if any.
    public func show(
        _ text: String, actionTitle: String? = nil, timeout: Double = ToastOverlay.defaultTimeout,
        action: (@MainActor () -> Void)? = nil
    ) {
        generation += 1
        let shown = generation
        label.text = text
        box.setAccessibleLabel(text)
        gtk_button_set_label(rp_button(button.gobject), actionTitle ?? "")
        button.isVisible = actionTitle != nil
        self.action = action
        // Re-adding the alert makes it new to assistive technologies, so each toast is announced.
        revealer.isVisible = false
        revealer.isVisible = true
        gtk_revealer_set_reveal_child(rp_revealer(revealer.gobject), 1)
        Task { @MainActor [weak self] in
            try? await Task.sleep(nanoseconds: UInt64(timeout * 1_000_000_000))
            if let self, self.generation == shown { self.dismiss() }
        }
    }

    /// Closes the toast (its action is no longer offered).
    public func dismiss() {
        action = nil
        gtk_revealer_set_reveal_child(rp_revealer(revealer.gobject), 0)
        revealer.isVisible = false
    }

    /// Presses the toast's button, as a click does.
    package func performAction() {
        let action = self.action
        dismiss()
        action?()
    }

    private static var styleInstalled = false

    /// The toast's shape, below the app's own stylesheet so an app can restyle it.
    private static func installStyle() {
        guard !styleInstalled, let display = gdk_display_get_default() else { return }
        styleInstalled = true
        let provider = CSSProvider(
            css: """
                .toast { border-radius: 999px; padding: 6px 6px 6px 18px; margin: 12px; }
                """)
        // Above the theme (whose .osd gives the colours), below the app's own stylesheet.
        gtk_style_context_add_provider_for_display(
            display, rp_style_provider(provider.gobject), UInt32(GTK_STYLE_PROVIDER_PRIORITY_THEME + 1))
        retainedProvider = provider
    }

    private static var retainedProvider: CSSProvider?
}
