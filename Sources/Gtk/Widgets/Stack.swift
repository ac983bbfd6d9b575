import CGtk

/// A `GtkStack`: named children, one visible at a time.
@MainActor
public final class Stack: Widget {
    private var named: [String: Widget] = [:]

    /// An empty stack.
    public init() {
        super.init(UnsafeMutableRawPointer(gtk_stack_new()), transfer: .none)
    }

    private var stack: OpaquePointer { rp_stack(gobject) }

    /// Adds `child` under `name`, a page with no title: assistive technologies name it with
    /// nothing, so a screen reader passes over it (GTK 4.8 would name it "GtkStackPage").
    public func add(_ child: Widget, name: String) {
        let page = gtk_stack_add_named(stack, child.widget, name)
        rp_accessible_set_label(UnsafeMutableRawPointer(page), "")
        named[name] = child
    }

    /// Adds `child` under `name` with a `title` (what a `StackSwitcher` shows for it).
    public func add(_ child: Widget, name: String, title: String) {
        gtk_stack_add_titled(stack, child.widget, name, title)
        named[name] = child
    }

    /// Changes the title of the child called `name` (added with a title), if there is one.
    public func setTitle(_ title: String, of name: String) {
        guard let child = named[name], let page = gtk_stack_get_page(stack, child.widget) else { return }
        gtk_stack_page_set_title(page, title)
    }

    /// Removes the child called `name`, if there is one, and drops this wrapper's hold on it.
    public func remove(name: String) {
        guard let child = named.removeValue(forKey: name) else { return }
        gtk_stack_remove(stack, child.widget)
    }

    /// The names of the children, in no particular order.
    package var childNames: [String] { Array(named.keys) }

    /// The child called `name`.
    public func child(named name: String) -> Widget? { named[name] }

    /// Shows the child called `name` with `transition`.
    public func setVisibleChild(name: String, transition: StackTransition) {
        gtk_stack_set_visible_child_full(stack, name, transition.gtk)
    }

    /// The name of the visible child.
    public var visibleChildName: String? {
        gtk_stack_get_visible_child_name(stack).map { String(cString: $0) }
    }

    /// Runs `handler` whenever the visible child changes (by code or by a switcher).
    @discardableResult
    public func onVisibleChildChanged(_ handler: @escaping @MainActor () -> Void) -> SignalConnection {
        onNotify("visible-child-name", handler)
    }

    /// Whether the stack is as large as its largest child, shown or not (`true` unless set);
    /// `false`: only the visible child's size counts, so a window can shrink to it.
    public var isHomogeneous: Bool {
        get { gtk_stack_get_hhomogeneous(stack) != 0 && gtk_stack_get_vhomogeneous(stack) != 0 }
        set {
            gtk_stack_set_hhomogeneous(stack, newValue ? 1 : 0)
            gtk_stack_set_vhomogeneous(stack, newValue ? 1 : 0)
        }
    }

    /// Whether a transition animation is playing now.
    public var isTransitionRunning: Bool { gtk_stack_get_transition_running(stack) != 0 }
}
