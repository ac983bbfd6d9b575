import CGtk

/// Reads the accessibility of the process's shown windows as a screen reader meets it, and
/// names each problem: what `GtkTestDriver.accessibilityFindings()` reports.
///
/// The rules, each over the mapped widgets of every shown window:
/// - GTK Inspector's accessibility overlay (`gtk/inspector/a11yoverlay.c`, GTK 4.14 and later;
///   its errors, not its recommendations): no abstract role; a role whose name is *required*
///   (dialog, image, text box, search box, tab panel, ...) has a label or is labelled by a
///   named widget; a *conditional* one (button, check box, tab, menu item, link, ...) has a
///   name; *presentation*, *none* and *generic* have no label; a check box and a switch have
///   their checked state, a combo box its expanded state; a list item is in a list, a tab in a
///   tab list, a menu item in a menu.
/// - An image that is not decorative (role *presentation*) has a name (the overlay's rule for
///   *img*).
/// - A window that is modal or transient (a dialog) has the role *dialog* or *alert dialog*.
/// - A navigation page (a widget with the style class `pageClass`) is in a stack page with a
///   title, which names it for a screen reader, and does not carry that name itself while
///   the focus is on a control inside it (Orca takes a container whose one child has its
///   name for layout, and says neither).
/// - In the window that takes input (the newest one no modal window covers), the keyboard
///   focus is on a widget that is shown (mapped, and on the shown page of every stack it is
///   in), and the first widget at or above it with a role that is not *none*, *presentation*
///   or *generic* has a name.
/// - Two buttons of one page (or of the window's own bar) with the same name run the same
///   action (action name and target); two with a name and no action name differ, as far as a
///   screen reader user can tell.
///
/// The overlay's tables (naming, required states and contexts) are C switches in
/// `accessibility.h`, not Swift dictionaries or arrays of tuples: those types' generic metadata,
/// in the process's metadata cache, made every generic metadata lookup slower, in code that
/// never runs this check (measured: +2.1% on the appointment-flow benchmark, `raypets-bench
/// flows`, with nothing else changed).
///
/// GTK 4.8 has no public getter for an accessible's name: a widget is *named* when its label
/// is set and not empty, or when it is labelled by a widget it contains or is inside of that
/// is named (GTK labels an icon-only button by its image, which has no name). A labelled-by
/// target elsewhere in the tree is taken to be named.
@MainActor
package enum AccessibilityAudit {
    /// The style class of navigation pages: `GtkNavigation`'s hosts give it to the group that
    /// holds each page's view.
    package static let pageClass = "navigation-page"

    /// Every problem found now, as "window title: what and where: the problem".
    /// With `GTK_A11Y=none` GTK keeps no accessible properties at all: one finding says so.
    package static func findings() -> [String] {
        if let backend = getenv("GTK_A11Y").map({ String(cString: $0) }), backend.lowercased() == "none" {
            return [
                "GTK_A11Y=none: GTK keeps no accessibility data, so none can be checked "
                    + "(GTK_A11Y=test keeps it without a screen reader's bus)"
            ]
        }
        var found: [String] = []
        let windows = VisibleControls.shownWindows()
        let inputWindow = windows.last(where: { !Window.isUnderModalWindow(rp_window($0)) })
        for window in windows where String(cString: rp_type_name(window)) != "GtkInspectorWindow" {
            let title = gtk_window_get_title(rp_window(window)).map { String(cString: $0) } ?? ""
            var report = Report(window: title)
            checkWindow(rp_widget(window), &report)
            var context: [UInt32] = []
            check(rp_widget(window), context: &context, &report)
            checkDuplicates(rp_widget(window), &report)
            if window == inputWindow { checkFocus(window, &report) }
            found += report.lines
        }
        return found
    }

    @MainActor private struct Report {
        let window: String
        var lines: [String] = []
        mutating func add(_ widget: UnsafeMutablePointer<GtkWidget>, _ problem: String) {
            lines.append("\(window): \(AccessibilityAudit.describe(widget)): \(problem)")
        }
    }

    private static func checkWindow(_ window: UnsafeMutablePointer<GtkWidget>, _ report: inout Report) {
        let role = rp_accessible_role(window)
        let isDialog =
            gtk_window_get_modal(rp_window(window)) != 0 || gtk_window_get_transient_for(rp_window(window)) != nil
        if isDialog && role != GTK_ACCESSIBLE_ROLE_DIALOG && role != GTK_ACCESSIBLE_ROLE_ALERT_DIALOG {
            report.add(window, "a dialog window has the role \(roleName(role)), not dialog or alert-dialog")
        }
        if !isNamed(window) { report.add(window, "a window without a name (no title)") }
    }

    /// The overlay's rules and the pages' rule, for `widget` and its mapped descendants.
    private static func check(
        _ widget: UnsafeMutablePointer<GtkWidget>, context: inout [UInt32], _ report: inout Report
    ) {
        guard gtk_widget_get_mapped(widget) != 0 else { return }
        let role = rp_accessible_role(widget)
        if let problem = problem(widget, role: role, context: context) { report.add(widget, problem) }
        if gtk_widget_has_css_class(widget, pageClass) != 0, let problem = pageProblem(widget) {
            report.add(widget, problem)
        }
        context.append(role.rawValue)
        var child = gtk_widget_get_first_child(widget)
        while let current = child {
            // A window's widget tree holds its popovers' and the window's own child windows
            // (none here): a popover is checked as part of the window it opens from.
            check(current, context: &context, &report)
            child = gtk_widget_get_next_sibling(current)
        }
        context.removeLast()
    }

    private static func problem(
        _ widget: UnsafeMutablePointer<GtkWidget>, role: GtkAccessibleRole, context: [UInt32]
    ) -> String? {
        let name = roleName(role)
        if rp_role_is_abstract(role) != 0 { return "\(name) is an abstract role" }
        switch rp_role_naming(role) {
        case RP_NAMING_REQUIRED:
            if !isNamed(widget) {
                return role == GTK_ACCESSIBLE_ROLE_IMG
                    ? "an image without a name that is not decorative" : "a \(name) without a name"
            }
        case RP_NAMING_CONDITIONAL:
            if !isNamed(widget) { return "a \(name) without a name" }
        case RP_NAMING_PROHIBITED:
            if rp_accessible_has_label(widget) != 0 { return "a \(name) cannot have a label" }
        default:
            break
        }
        var kind: UnsafePointer<CChar>?
        let state = rp_role_required_state(role, &kind)
        if state >= 0, let kind, rp_accessible_has_state(widget, GtkAccessibleState(UInt32(state))) == 0 {
            return "a \(name) without its \(String(cString: kind)) state"
        }
        var needs: UnsafePointer<CChar>?
        let inContext = context.withUnsafeBufferPointer { rp_role_has_context(role, $0.baseAddress, $0.count, &needs) }
        if inContext == 0, let needs { return "a \(name) outside a \(String(cString: needs))" }
        return nil
    }

    /// A navigation page must be in a titled stack page (its name) and not repeat the title.
    private static func pageProblem(_ page: UnsafeMutablePointer<GtkWidget>) -> String? {
        guard let stack = gtk_widget_get_parent(page), rp_is_stack(stack) != 0,
            let title = rp_stack_child_title(stack, page), title.pointee != 0
        else { return "a page outside a stack, or without a title" }
        // Named as its stack page, the page's widget hides the title from a screen reader,
        // unless it has the focus itself (then its name is what is said).
        guard rp_accessible_label_is(page, title) != 0, gtk_widget_has_focus(page) == 0,
            let focus = gtk_root_get_focus(gtk_widget_get_root(page)), gtk_widget_is_ancestor(focus, page) != 0
        else { return nil }
        return "a page that repeats its title \"\(String(cString: title))\" as its own name while the focus is in it "
            + "(a screen reader then says neither)"
    }

    /// The focus must be on something shown and named.
    private static func checkFocus(_ root: UnsafeMutableRawPointer, _ report: inout Report) {
        let window = rp_widget(root)!
        guard let focus = gtk_root_get_focus(rp_root(root)) else {
            return report.add(window, "nothing has the keyboard focus")
        }
        if gtk_widget_get_mapped(focus) == 0 { return report.add(focus, "the keyboard focus is on a widget not shown") }
        var child = focus
        while let parent = gtk_widget_get_parent(child) {
            if rp_is_stack(parent) != 0, rp_stack_visible_child(parent) != UnsafeMutableRawPointer(child) {
                return report.add(focus, "the keyboard focus is on a stack page that is not shown")
            }
            child = parent
        }
        var named: UnsafeMutablePointer<GtkWidget>? = focus
        while let current = named, rp_role_is_presentational(rp_accessible_role(current)) != 0 {
            named = gtk_widget_get_parent(current)
        }
        if let named, !isNamed(named),
            rp_accessible_role(named) != GTK_ACCESSIBLE_ROLE_GROUP || gtk_widget_get_focusable(named) != 0
        {
            report.add(named, "the keyboard focus is on a \(roleName(rp_accessible_role(named))) without a name")
        }
    }

    /// Buttons of one page with one name must run one action.
    private static func checkDuplicates(_ window: UnsafeMutablePointer<GtkWidget>, _ report: inout Report) {
        var seen: [String: (widget: UnsafeMutablePointer<GtkWidget>, action: String?)] = [:]
        VisibleControls.walk(window) { widget in
            // A page sliding out is drawn, but its buttons are not the shown page's.
            guard rp_is_button(widget) != 0, Widget.isOnVisibleBranch(widget), isNamed(widget),
                let name = ownName(widget)
            else { return }
            let key = "\(scope(of: widget))\u{1}\(name)"
            let action = rp_actionable_action(widget).map { action -> String in
                let target = rp_actionable_target(widget)
                defer { g_free(target) }
                return String(cString: action) + (target.map { "(" + String(cString: $0) + ")" } ?? "")
            }
            if let other = seen[key] {
                if other.action == nil || other.action != action {
                    report.add(
                        widget,
                        "two buttons named \"\(name)\" on one page do different things (\(describe(other.widget)))")
                }
            } else {
                seen[key] = (widget, action)
            }
        }
    }

    /// The page (or, outside pages, the window) `widget` is on, as an address.
    private static func scope(of widget: UnsafeMutablePointer<GtkWidget>) -> UInt {
        var current: UnsafeMutablePointer<GtkWidget>? = widget
        while let widget = current {
            if gtk_widget_has_css_class(widget, pageClass) != 0 { return UInt(bitPattern: widget) }
            current = gtk_widget_get_parent(widget)
        }
        return 0
    }

    /// Whether a screen reader has a name to read for `widget` (see the type's comment).
    private static func isNamed(_ widget: UnsafeMutablePointer<GtkWidget>) -> Bool {
        if rp_accessible_has_label(widget) != 0 { return true }
        guard rp_accessible_has_labelled_by(widget) != 0 else { return false }
        var ancestor = gtk_widget_get_parent(widget)
        while let current = ancestor {
            if rp_accessible_labelled_by_is(widget, current) != 0 { return isNamed(current) }
            ancestor = gtk_widget_get_parent(current)
        }
        var target: UnsafeMutablePointer<GtkWidget>?
        VisibleControls.walk(widget) { candidate in
            if target == nil, candidate != widget, rp_accessible_labelled_by_is(widget, candidate) != 0 {
                target = candidate
            }
        }
        return target.map { isNamed($0) } ?? true
    }

    /// The label of `widget`'s own text, for comparing buttons: a label button's label, else
    /// its tooltip.
    private static func ownName(_ widget: UnsafeMutablePointer<GtkWidget>) -> String? {
        (rp_is_button(widget) != 0 ? gtk_button_get_label(rp_button(widget)).map { String(cString: $0) } : nil)
            ?? gtk_widget_get_tooltip_text(widget).map { String(cString: $0) }
    }

    private static func roleName(_ role: GtkAccessibleRole) -> String { String(cString: rp_role_name(role)) }

    /// "GtkButton (button) in 'Pet' page" style: the widget's type and role, and the nearest
    /// labelled ancestor, so a finding can be found.
    static func describe(_ widget: UnsafeMutablePointer<GtkWidget>) -> String {
        var text = "\(String(cString: rp_type_name(widget))) (\(roleName(rp_accessible_role(widget))))"
        if let label = ownName(widget) { text += " \"\(label)\"" }
        var ancestor = gtk_widget_get_parent(widget)
        while let current = ancestor {
            if gtk_widget_has_css_class(current, pageClass) != 0, let stack = gtk_widget_get_parent(current),
                let title = rp_stack_child_title(stack, current)
            {
                return text + " on the page \"\(String(cString: title))\""
            }
            ancestor = gtk_widget_get_parent(current)
        }
        return text
    }

    // MARK: For this package's tests

    /// `widget`'s accessible role, as GTK names it ("group", "dialog").
    package static func role(of widget: Widget) -> String { roleName(rp_accessible_role(widget.widget)) }

    /// Whether `widget`'s accessible label is exactly `text`.
    package static func label(of widget: Widget, is text: String) -> Bool {
        rp_accessible_label_is(widget.widget, text) != 0
    }

    /// Whether `widget`'s accessible description is exactly `text`.
    package static func description(of widget: Widget, is text: String) -> Bool {
        rp_accessible_description_is(widget.widget, text) != 0
    }

    /// Whether `widget` is marked invalid (a field whose text breaks a rule).
    package static func isInvalid(_ widget: Widget) -> Bool {
        rp_accessible_has_state(widget.widget, GTK_ACCESSIBLE_STATE_INVALID) != 0
            && rp_accessible_invalid_is_true(widget.widget) != 0
    }

    /// The GTK the process runs with, as (major, minor).
    package static var gtkVersion: (major: Int, minor: Int) {
        (Int(gtk_get_major_version()), Int(gtk_get_minor_version()))
    }

    /// Puts the focus of `widget`'s window on `widget`, shown or not, as a bug would: what the
    /// check's own test needs.
    package static func forceFocus(on widget: Widget) {
        guard let root = gtk_widget_get_root(widget.widget) else { return }
        gtk_root_set_focus(root, widget.widget)
    }

    /// The title of the stack page that holds `page` (what names the page for a screen
    /// reader), or `nil` outside a stack.
    package static func stackTitle(of page: Widget) -> String? {
        guard let stack = gtk_widget_get_parent(page.widget), rp_is_stack(stack) != 0,
            let title = rp_stack_child_title(stack, page.widget)
        else { return nil }
        return String(cString: title)
    }

    /// The navigation page (a widget with `pageClass`: a host's page view) at or around
    /// `widget`, or `nil`.
    package static func pageGroup(around widget: Widget) -> Widget? {
        var current: UnsafeMutablePointer<GtkWidget>? = widget.widget
        while let node = current {
            if gtk_widget_has_css_class(node, pageClass) != 0 {
                return Widget(UnsafeMutableRawPointer(node), transfer: .none)
            }
            current = gtk_widget_get_parent(node)
        }
        return nil
    }
}
