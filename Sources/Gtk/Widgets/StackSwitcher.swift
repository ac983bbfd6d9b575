import CGtk

/// A `GtkStackSwitcher`: a row of toggle buttons, one per titled child of a `Stack`.
@MainActor
public final class StackSwitcher: Widget {
    private let stack: Stack

    /// A switcher for `stack`'s titled children.
    public init(stack: Stack) {
        self.stack = stack
        super.init(UnsafeMutableRawPointer(gtk_stack_switcher_new()), transfer: .none)
        gtk_stack_switcher_set_stack(rp_stack_switcher(gobject), rp_stack(stack.gobject))
    }
}
