import CGtk

/// A `GSimpleAction`: what a menu item, a button and an accelerator all activate, named by an
/// `ActionName`. Add it to an `Application` (`app.quit`), an application `Window`
/// (`win.close`) or a group a widget inserts (`navigation.back`, `Widget.insertActions(_:taking:)`).
@MainActor
public final class Action: Object {
    /// The action's name, without its group's prefix (`quit` for `app.quit`).
    public let name: String

    init(name: String, _ handler: @escaping @MainActor () -> Void) {
        self.name = name
        super.init(UnsafeMutableRawPointer(g_simple_action_new(name, nil)), transfer: .full)
        connectWithPointer("activate") { _ in handler() }
    }

    init(name: String, stringHandler: @escaping @MainActor (String) -> Void) {
        self.name = name
        super.init(UnsafeMutableRawPointer(rp_simple_action_new_with_string(name)), transfer: .full)
        connectWithPointer("activate") { variant in
            guard let text = rp_variant_string(variant) else { return }
            stringHandler(String(cString: text))
        }
    }

    var action: OpaquePointer { OpaquePointer(gobject) }

    /// Adds this action to the GActionMap `map` (an application, an application window, a
    /// GSimpleActionGroup); the map holds its own reference.
    func add(to map: UnsafeMutableRawPointer) {
        g_action_map_add_action(rp_action_map(map), action)
    }

    /// Whether the action can be activated now; buttons bound to it follow.
    public var isEnabled: Bool {
        get { g_action_get_enabled(OpaquePointer(gobject)) != 0 }
        set { g_simple_action_set_enabled(rp_simple_action(gobject), newValue ? 1 : 0) }
    }

    /// Activates the action, as its accelerator or a menu item would.
    public func activate() { g_action_activate(OpaquePointer(gobject), nil) }
}

extension Button {
    /// Makes the button activate `action` (e.g. `navigation.back`): the button is insensitive
    /// while the action is disabled.
    public func setAction(_ action: ActionName) {
        gtk_actionable_set_action_name(rp_actionable(gobject), action.detailedName)
    }
}
