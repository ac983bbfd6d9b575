/// A GAction's name, declared once, with the accelerator that activates it beside it.
///
/// GTK finds an action by its *detailed name*, `group.name`: `app.quit` for an action of the
/// `Application`, `win.close` for one of an application `Window`, and `navigation.back` for
/// one of the group `navigation` that a widget inserts (`Widget.insertActions(_:taking:)`). Declare
/// each action once, as a constant, and pass that constant wherever the action is added,
/// bound to a button or menu item, given a shortcut or activated, so no name is spelled twice:
///
/// ```swift
/// enum AppAction {
///     static let quit = ActionName.app("quit", accelerator: "<Control>q")
///     static let about = ActionName.app("about")
/// }
/// application.addAction(AppAction.quit) { application.quit() }  // and its Ctrl+Q
/// ```
public struct ActionName: Hashable, Sendable, CustomStringConvertible {
    /// The action's group: `app`, `win`, or the prefix of a group a widget inserts.
    public let group: String
    /// The action's name within its group.
    public let name: String
    /// The keyboard accelerator that activates it, in GTK's syntax (`"<Control>q"`,
    /// `"<Alt>Left"`, `"Escape"`), if it has one.
    public let accelerator: String?

    /// The action `name` of `group`, activated by `accelerator` if given.
    public init(group: String, name: String, accelerator: String? = nil) {
        self.group = group
        self.name = name
        self.accelerator = accelerator
    }

    /// An action of the `Application`: `app.NAME`.
    public static func app(_ name: String, accelerator: String? = nil) -> ActionName {
        ActionName(group: "app", name: name, accelerator: accelerator)
    }

    /// An action of an application `Window`: `win.NAME`.
    public static func win(_ name: String, accelerator: String? = nil) -> ActionName {
        ActionName(group: "win", name: name, accelerator: accelerator)
    }

    /// `group.name`, what GTK looks the action up by.
    public var detailedName: String { "\(group).\(name)" }

    /// The detailed name.
    public var description: String { detailedName }
}
