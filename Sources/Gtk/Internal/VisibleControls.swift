import CGtk

/// What a person can see and press in the process's windows, read straight from GTK's widget
/// trees (no wrappers needed): for this package's tests, which press every control on screen
/// and check that each press does something a person can see.
///
/// "On screen" is GTK's *mapped*: a widget of a stack page that is not shown, of a hidden
/// pane or of a closed popover is not mapped.
@MainActor
package enum VisibleControls {
    /// Every button a person could press now, in every shown window, in tree order: mapped,
    /// sensitive (with its parents), and visible, in a window no modal window covers, in no
    /// part of a window a modal card covers (a `ModalLayer` makes it untargetable). Toggle
    /// buttons (a menu button's) count; the
    /// window's own minimize, maximize and close buttons (`GtkWindowControls`) do not: they ask
    /// the window manager.
    package static func buttons() -> [PressableButton] {
        var found: [PressableButton] = []
        // A window under a modal one takes no input: only the topmost of a modal chain counts.
        for window in shownWindows() where !Window.isUnderModalWindow(rp_window(window)) {
            let title = gtk_window_get_title(rp_window(window)).map { String(cString: $0) } ?? ""
            walk(rp_widget(window), skippingWindowControls: true, skippingUntargetable: true) { widget in
                guard rp_is_button(widget) != 0, gtk_widget_is_sensitive(widget) != 0 else { return }
                found.append(PressableButton(widget, window: title))
            }
        }
        return found
    }

    /// Everything a person sees, as text: each shown window's title, then the texts of its
    /// mapped labels, buttons, text fields and text views and the state of its toggles, in
    /// tree order. Two equal fingerprints: nothing visible changed (a focus ring aside).
    package static func fingerprint() -> String {
        var lines: [String] = []
        for window in shownWindows() {
            lines.append("window: " + (gtk_window_get_title(rp_window(window)).map { String(cString: $0) } ?? ""))
            walk(rp_widget(window)) { widget in
                if rp_is_label(widget) != 0 {
                    lines.append("label: " + String(cString: rp_label_text(widget)))
                } else if rp_is_text(widget) != 0 {
                    lines.append("text: " + String(cString: rp_editable_text(widget)))
                } else if rp_is_text_view(widget) != 0, let text = rp_text_view_text(widget) {
                    lines.append("text view: " + String(cString: text))
                    g_free(text)
                } else if rp_is_drop_down(widget) != 0 {
                    lines.append("drop-down: \(rp_drop_down_selected(widget))")
                }
                if rp_is_toggle_button(widget) != 0 {
                    lines.append("toggle: \(rp_toggle_active(widget))")
                } else if rp_is_check_button(widget) != 0 {
                    lines.append("check: \(rp_check_active(widget))")
                }
                if gtk_widget_is_sensitive(widget) == 0 { lines.append("insensitive") }
            }
        }
        return lines.joined(separator: "\n")
    }

    /// Closes every open popover (a menu), as Escape would: before a test closes its windows,
    /// so that no popover's surface goes away under GTK's pointer tracking.
    package static func closePopovers() {
        for window in shownWindows() {
            walk(rp_widget(window)) { widget in
                if rp_is_popover(widget) != 0 { rp_popover_popdown(widget) }
            }
        }
    }

    /// The whole texts of the shown labels that are drawn cut ("…"): what their tooltips show.
    package static func cutLabelTexts() -> [String] {
        var texts: [String] = []
        for window in shownWindows() {
            walk(rp_widget(window)) { widget in
                if rp_is_label(widget) != 0, let text = rp_label_cut_text(widget) {
                    texts.append(String(cString: text))
                }
            }
        }
        return texts
    }

    /// Each shown window's title, width now, and default width (what it was made, or what the
    /// user last made it).
    package static func windowWidths() -> [(title: String, width: Int, defaultWidth: Int)] {
        shownWindows().map { window in
            var width: Int32 = 0
            var height: Int32 = 0
            gtk_window_get_default_size(rp_window(window), &width, &height)
            let title = gtk_window_get_title(rp_window(window)).map { String(cString: $0) } ?? ""
            return (title, Int(gtk_widget_get_width(rp_widget(window))), Int(width))
        }
    }

    /// What the focus widget of the first shown window not under a modal one shows: its
    /// labels' texts (a row's title and subtitle, a button's label), else its type; `nil` when
    /// that window focuses nothing.
    package static func focusedText() -> String? {
        guard let window = shownWindows().last(where: { !Window.isUnderModalWindow(rp_window($0)) }),
            let focus = gtk_root_get_focus(rp_root(window))
        else { return nil }
        var texts: [String] = []
        walk(focus) { widget in
            if rp_is_label(widget) != 0 { texts.append(String(cString: rp_label_text(widget))) }
        }
        return texts.isEmpty ? String(cString: rp_type_name(focus)) : texts.joined(separator: " ")
    }

    /// The process's toplevel windows that are shown, oldest first.
    static func shownWindows() -> [UnsafeMutableRawPointer] {
        guard let toplevels = gtk_window_get_toplevels() else { return [] }  // not owned
        var windows: [UnsafeMutableRawPointer] = []
        for index in 0..<g_list_model_get_n_items(toplevels) {
            guard let item = g_list_model_get_item(toplevels, index) else { continue }
            if gtk_widget_get_mapped(rp_widget(item)) != 0 { windows.append(item) }
            g_object_unref(item)  // the list keeps it
        }
        return windows
    }

    /// Calls `visit` for `widget` and every mapped descendant, depth first.
    /// With `skippingUntargetable`, not into a widget no click can land on (what a modal card
    /// covers).
    static func walk(
        _ widget: UnsafeMutablePointer<GtkWidget>, skippingWindowControls: Bool = false,
        skippingUntargetable: Bool = false, _ visit: (UnsafeMutablePointer<GtkWidget>) -> Void
    ) {
        guard gtk_widget_get_mapped(widget) != 0 else { return }
        if skippingWindowControls && rp_is_window_controls(widget) != 0 { return }
        if skippingUntargetable && gtk_widget_get_can_target(widget) == 0 { return }
        visit(widget)
        var child = gtk_widget_get_first_child(widget)
        while let current = child {
            walk(
                current, skippingWindowControls: skippingWindowControls, skippingUntargetable: skippingUntargetable,
                visit)
            child = gtk_widget_get_next_sibling(current)
        }
    }
}

/// A button found on screen: its name as a person would read it, and a way to press it.
@MainActor
package final class PressableButton {
    private let widget: UnsafeMutablePointer<GtkWidget>
    /// "Window title: the button's label" (else its icon's name or tooltip).
    package let name: String

    init(_ widget: UnsafeMutablePointer<GtkWidget>, window: String) {
        self.widget = widget
        g_object_ref(widget)
        let button = rp_button(widget)
        let label =
            gtk_button_get_label(button).map { String(cString: $0) }
            ?? gtk_widget_get_tooltip_text(widget).map { String(cString: $0) }
            ?? gtk_button_get_icon_name(button).map { String(cString: $0) }
            ?? Self.innerText(widget)
            ?? String(cString: rp_type_name(widget))
        name = "\(window): \(label)"
    }

    isolated deinit { g_object_unref(widget) }

    /// The text of the first label inside `widget` (a tab switcher's button), else the name
    /// of the first icon inside it (a window's close button).
    private static func innerText(_ widget: UnsafeMutablePointer<GtkWidget>) -> String? {
        var found: String?
        var child = gtk_widget_get_first_child(widget)
        while let current = child, found == nil {
            if rp_is_label(current) != 0 {
                found = String(cString: rp_label_text(current))
            } else if rp_is_image(current) != 0, let icon = rp_image_icon_name(current) {
                found = String(cString: icon)
            } else {
                found = innerText(current)
            }
            child = gtk_widget_get_next_sibling(current)
        }
        return found?.isEmpty == false ? found : nil
    }

    /// Whether it is a tab switcher's button for the tab already shown: pressing it keeps that
    /// tab, which is all it can do.
    package var isShownTabsButton: Bool {
        guard rp_is_toggle_button(widget) != 0, rp_toggle_active(widget) != 0,
            let parent = gtk_widget_get_parent(widget)
        else { return false }
        return rp_is_stack_switcher(parent) != 0
    }

    /// Gives it the keyboard focus, as Tab would; whether it took it.
    package func focus() -> Bool { gtk_widget_grab_focus(widget) != 0 }

    /// Whether it is its window's focus widget (what has the keyboard focus when the window does).
    package var isFocus: Bool {
        guard let root = gtk_widget_get_root(widget) else { return false }
        return gtk_root_get_focus(root) == widget
    }

    /// Presses it as a click does (its "clicked" signal; the keyboard's "activate" would add
    /// GTK's 250 ms press animation first).
    package func press() {
        rp_signal_emit_void(widget, "clicked")
    }
}
