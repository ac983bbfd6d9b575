import CGtk

/// A `GtkWindow`.
@MainActor
public final class Window: Widget {
    private var content: Widget?
    private var titleBar: Widget?
    private var actions: [String: Action] = [:]
    private var controllers: [Object] = []

    /// A window; with `application`, a `GtkApplicationWindow` of it (it can hold `win.*`
    /// actions, and the application's accelerators reach them).
    public init(application: Application? = nil) {
        let pointer = application.map { gtk_application_window_new(rp_application($0.gobject)) } ?? gtk_window_new()
        super.init(UnsafeMutableRawPointer(pointer!), transfer: .none)
        watchDestruction()
    }

    /// A window with the accessible role `role`, which can only be set when the window is
    /// made: *alert dialog* for `AlertWindow`, *dialog* for `dialog()`.
    init(role: GtkAccessibleRole) {
        super.init(UnsafeMutableRawPointer(rp_window_new_with_role(role)!), transfer: .none)
        watchDestruction()
    }

    /// A window that screen readers announce as a dialog (its accessible role is *dialog*,
    /// not *window*; GTK lets the role be set only when the window is made). Make it modal
    /// and transient for the window it is over, and give it a title: the title is its name.
    public static func dialog() -> Window { Window(role: GTK_ACCESSIBLE_ROLE_DIALOG) }

    /// Adopts a window made elsewhere (e.g. by a `GtkBuilder`).
    public init(adopting pointer: UnsafeMutableRawPointer) {
        super.init(pointer, transfer: .none)
        watchDestruction()
    }

    private func watchDestruction() {
        // Make "destroy" (and so destroy-with-parent) work although this wrapper holds a
        // reference: see rp_window_dispose_when_destroyed in Sources/CGtk/window-dispose.h.
        connect("unrealize") { [weak self] in
            if let self { rp_window_dispose_when_destroyed(self.gobject) }
        }
    }

    /// The button Enter activates in this window (a dialog's *Save*), from any text field that
    /// lets it (`Entry.activatesDefault`), or `nil`. GTK shows it with the `default` style.
    public var defaultButton: Button? {
        didSet { gtk_window_set_default_widget(rp_window(gobject), defaultButton?.widget) }
    }

    /// Adds `action`, a `win.` action (`ActionName.win(_:accelerator:)`); the window must be
    /// an application window. Its accelerator is the application's to set
    /// (`Application.setAccelerator(of:)`).
    @discardableResult
    public func addAction(_ action: ActionName, _ handler: @escaping @MainActor () -> Void) -> Action {
        precondition(action.group == "win", "\(action) is not a win. action")
        let made = Action(name: action.name, handler)
        made.add(to: gobject)
        actions[action.name] = made
        return made
    }

    /// Runs `handler` right after each frame the window draws (its frame clock's
    /// "after-paint"), from the first one on. Used to measure start-up and drawing.
    package func onAfterPaint(_ handler: @escaping @MainActor () -> Void) {
        connect("map") { [weak self] in
            guard let self, let clock = gtk_widget_get_frame_clock(self.widget) else { return }
            let clockObject = Object(UnsafeMutableRawPointer(clock), transfer: .none)
            clockObject.connect("after-paint", handler)
            self.controllers.append(clockObject)
        }
    }

    /// Runs `handler` once, right after the window's first frame is drawn.
    package func onFirstFrame(_ handler: @escaping @MainActor () -> Void) {
        var fired = false
        onAfterPaint {
            guard !fired else { return }
            fired = true
            handler()
        }
    }

    private var window: UnsafeMutablePointer<GtkWindow> { rp_window(gobject) }

    /// The window title (shown by its header bar; read by screen readers unless
    /// `accessibleName` is set).
    public var title: String {
        get { gtk_window_get_title(window).map { String(cString: $0) } ?? "" }
        set {
            gtk_window_set_title(window, newValue)
            // GTK names the window after its title on every change: keep the chosen name.
            if let accessibleName { setAccessibleLabel(accessibleName) }
        }
    }

    /// The name screen readers announce for the window, when it is not its title: a dialog's
    /// name ("Schedule appointment") while its title follows the page shown in it ("Which
    /// pet?"). `nil`: the title.
    public var accessibleName: String? {
        didSet { setAccessibleLabel(accessibleName ?? title) }
    }

    /// The window's content.
    public var child: Widget? {
        get { content }
        set {
            content = newValue
            gtk_window_set_child(window, newValue?.widget)
        }
    }

    /// The window's title bar, usually a `HeaderBar`.
    public var titlebar: Widget? {
        get { titleBar }
        set {
            titleBar = newValue
            gtk_window_set_titlebar(window, newValue?.widget)
        }
    }

    /// The size the window opens at.
    public func setDefaultSize(width: Int32, height: Int32) {
        gtk_window_set_default_size(window, width, height)
    }

    /// The width the window opens at, or was last resized to by the user (not updated while
    /// it is maximized or fullscreen); 0 when none was set.
    public var defaultWidth: Int {
        var width: Int32 = 0
        var height: Int32 = 0  // GTK 4.8 writes both: neither may be NULL
        gtk_window_get_default_size(window, &width, &height)
        return Int(max(0, width))
    }

    /// The size the window opens at, or was last resized to (GTK keeps it while the window is
    /// maximized: the size it goes back to): what to save to open it the same way next time.
    /// 0 for a side that was never set.
    public var defaultSize: (width: Int, height: Int) {
        var width: Int32 = 0
        var height: Int32 = 0
        gtk_window_get_default_size(window, &width, &height)
        return (Int(max(0, width)), Int(max(0, height)))
    }

    /// Whether the window is maximized.
    public var isMaximized: Bool { gtk_window_is_maximized(window) != 0 }

    /// Maximizes the window (before it is shown: it opens maximized).
    public func maximize() { gtk_window_maximize(window) }

    /// Whether the window blocks input to other windows of the app.
    public var isModal: Bool {
        get { gtk_window_get_modal(window) != 0 }
        set { gtk_window_set_modal(window, newValue ? 1 : 0) }
    }

    /// Whether this is the window the user works in now (it has the keyboard focus of the
    /// desktop): GtkWindow's "is-active".
    public var isActive: Bool { gtk_window_is_active(window) != 0 }

    /// Runs `handler` whenever the window becomes, or stops being, the active one (`isActive`).
    @discardableResult
    public func onActiveChange(_ handler: @escaping @MainActor () -> Void) -> SignalConnection {
        onNotify("is-active", handler)
    }

    /// Gives the window a window group of its own, so a modal dialog of it (and its dialogs'
    /// dialogs, which join their parent's group) blocks only this window, not the app's other
    /// windows. Every window is in one default group otherwise.
    public func blocksOnlyItself() {
        let group = gtk_window_group_new()
        gtk_window_group_add_window(group, window)
        g_object_unref(group)  // the window holds it
    }

    /// The window's group (its own after `blocksOnlyItself()`, else the default one), as a
    /// raw pointer: windows in one group share modality (for tests).
    package var group: UnsafeMutableRawPointer? { UnsafeMutableRawPointer(gtk_window_get_group(window)) }

    /// The window this one is a dialog of (not retained). The window forgets its parent when
    /// the parent is destroyed (see `rp_window_set_transient_for` in `CGtk/window-dispose.h`).
    public func setTransient(for parent: Window?) {
        rp_window_set_transient_for(gobject, parent?.gobject)
    }

    /// The window this one is transient for, as a raw pointer (for tests and diagnostics).
    package var transientParent: UnsafeMutableRawPointer? {
        gtk_window_get_transient_for(window).map { UnsafeMutableRawPointer($0) }
    }

    /// Makes this window part of `other`'s application (if it has one), so the application's
    /// accelerators (Ctrl+Q, Ctrl+?) work in it too.
    public func joinApplication(of other: Window?) {
        guard let other, let application = gtk_window_get_application(other.window) else { return }
        gtk_window_set_application(window, application)
    }

    /// Whether the window is destroyed along with its transient parent.
    public var destroysWithParent: Bool {
        get { gtk_window_get_destroy_with_parent(window) != 0 }
        set { gtk_window_set_destroy_with_parent(window, newValue ? 1 : 0) }
    }

    /// Shows the window and raises it.
    public func present() { gtk_window_present(window) }

    /// Whether the user can resize the window (`true` unless set).
    public var isResizable: Bool {
        get { gtk_window_get_resizable(window) != 0 }
        set { gtk_window_set_resizable(window, newValue ? 1 : 0) }
    }

    /// Asks the window to close, as its close button does (emits "close-request").
    public func close() { gtk_window_close(window) }

    /// Presses the keys of `accelerator` in this window through the X server, as a keyboard
    /// does (`Sources/CGtk/key-press.h`): 0 when they were sent, else why not. For
    /// `GtkTestDriver.press(_:in:)`.
    package func pressKeys(_ accelerator: String) -> Int32 { rp_press_keys(window, accelerator) }

    /// Destroys the window (no "close-request"): it disappears now; "destroy" is emitted,
    /// and dialogs that are destroyed with it close, on the next main-loop iteration.
    public func destroy() { gtk_window_destroy(window) }

    /// The widget with keyboard focus inside this window, as a raw pointer.
    public var focusedWidget: UnsafeMutableRawPointer? {
        gtk_window_get_focus(window).map { UnsafeMutableRawPointer($0) }
    }

    /// Runs `handler` when the user asks to close the window. Return `true` to
    /// keep it open (the handler then decides), `false` to let GTK destroy it.
    @discardableResult
    public func onCloseRequest(_ handler: @escaping @MainActor () -> Bool) -> SignalConnection {
        connectReturningBool("close-request", handler)
    }

    /// Runs `handler` when the window is destroyed, whoever destroyed it (`destroy()`, the
    /// close button, its parent going away); it runs on the loop iteration after.
    @discardableResult
    public func onDestroy(_ handler: @escaping @MainActor () -> Void) -> SignalConnection {
        connect("destroy", handler)
    }
}
