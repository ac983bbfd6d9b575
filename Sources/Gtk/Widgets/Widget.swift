import CGtk

/// A `GtkWidget`. Subclasses add what their widget does.
@MainActor
open class Widget: Object {
    var widget: UnsafeMutablePointer<GtkWidget> { rp_widget(gobject) }

    /// Whether the widget is shown (`gtk_widget_set_visible`).
    public var isVisible: Bool {
        get { gtk_widget_get_visible(widget) != 0 }
        set { gtk_widget_set_visible(widget, newValue ? 1 : 0) }
    }

    /// Whether the widget is in a shown, realized window right now.
    public var isMapped: Bool { gtk_widget_get_mapped(widget) != 0 }

    /// Runs `handler` once, as the widget's window starts its next frame (a tick callback: GTK
    /// draws that frame for it), or never if the widget is unrealized first. Either way GTK
    /// removes the callback and the handler is released (the destroy notify).
    public func atNextFrame(_ handler: @escaping @MainActor () -> Void) {
        let box = Unmanaged.passRetained(SignalBox(handler as VoidHandler)).toOpaque()
        gtk_widget_add_tick_callback(
            widget,
            { _, _, data in
                let body = Unmanaged<SignalBox<VoidHandler>>.fromOpaque(data!).takeUnretainedValue().body
                MainActor.assumeIsolated { body() }
                return 0  // G_SOURCE_REMOVE: GTK then calls the destroy notify
            }, box, { data in Unmanaged<SignalBox<VoidHandler>>.fromOpaque(data!).release() })
    }

    /// How many frames the widget's window has drawn (its frame clock's frame counter), or
    /// `nil` without a frame clock (not realized): 0 until the window is first drawn.
    public var framesDrawn: Int? {
        // The counter is the current frame's number: -1 before the first, 0 from its start.
        gtk_widget_get_frame_clock(widget).map { Int(gdk_frame_clock_get_frame_counter($0)) + 1 }
    }

    /// The narrowest width GTK can give the widget (`gtk_widget_measure`, horizontal), in pixels.
    package var minimumWidth: Int {
        var minimum: Int32 = 0
        gtk_widget_measure(widget, GTK_ORIENTATION_HORIZONTAL, -1, &minimum, nil, nil, nil)
        return Int(minimum)
    }

    /// The width GTK would like to give the widget (`gtk_widget_measure`, horizontal), in pixels.
    package var naturalWidth: Int {
        var natural: Int32 = 0
        gtk_widget_measure(widget, GTK_ORIENTATION_HORIZONTAL, -1, nil, &natural, nil, nil)
        return Int(natural)
    }

    /// The width the widget was last given (`gtk_widget_get_width`), in pixels; 0 before it is shown.
    public var allocatedWidth: Int { Int(gtk_widget_get_width(widget)) }

    /// The height GTK last gave the widget, in pixels (0 before it is laid out).
    public var allocatedHeight: Int { Int(gtk_widget_get_height(widget)) }

    /// Whether the widget reacts to input (`gtk_widget_set_sensitive`); an insensitive
    /// widget is greyed out and skipped by the keyboard.
    public var isSensitive: Bool {
        get { gtk_widget_get_sensitive(widget) != 0 }
        set { gtk_widget_set_sensitive(widget, newValue ? 1 : 0) }
    }

    /// Whether the widget has the keyboard focus.
    public var hasFocus: Bool { gtk_widget_has_focus(widget) != 0 }

    /// Whether the keyboard focus of this widget's window is on this widget or inside it
    /// (an entry's focus is on the text inside it, so its `hasFocus` is false).
    public var containsFocus: Bool {
        guard let root = gtk_widget_get_root(widget), let focus = gtk_root_get_focus(root) else { return false }
        return focus == widget || gtk_widget_is_ancestor(focus, widget) != 0
    }

    /// Removes a CSS class.
    public func removeCSSClass(_ name: String) { gtk_widget_remove_css_class(widget, name) }

    /// Sets the accessible description: what a screen reader says after the name (e.g. a
    /// field's problem).
    public func setAccessibleDescription(_ text: String) { rp_accessible_set_description(gobject, text) }

    /// Marks the widget's value as invalid (or valid) for assistive technologies, and shows it
    /// with the theme's `error` style.
    public func setInvalid(_ invalid: Bool) {
        rp_accessible_set_invalid(gobject, invalid ? 1 : 0)
        if invalid { addCSSClass("error") } else { removeCSSClass("error") }
    }

    /// Adds a CSS class (`gtk_widget_add_css_class`).
    public func addCSSClass(_ name: String) { gtk_widget_add_css_class(widget, name) }

    /// Whether the widget has the CSS class `name` (e.g. `destructive-action`).
    package func hasCSSClass(_ name: String) -> Bool { gtk_widget_has_css_class(widget, name) != 0 }

    /// Asks screen readers to speak `message` now, at once if `urgent` (else at the next
    /// pause), with `gtk_accessible_announce` (GTK 4.14 and later). Returns whether it could:
    /// GTK 4.8 has no way to, and there a message reaches a screen reader as the text of an
    /// alert or a status (`Label(message:)`) or as the name or description of the focus.
    @discardableResult
    public func announce(_ message: String, urgent: Bool = false) -> Bool {
        rp_accessible_announce(gobject, message, urgent ? 1 : 0) != 0
    }

    /// Whether the widget's accessible role is *group*: a region a screen reader announces by
    /// its name (GTK 4.8 gives boxes and scrolled windows that role; later versions make a box
    /// *generic*).
    public var hasGroupRole: Bool { rp_accessible_role(gobject) == GTK_ACCESSIBLE_ROLE_GROUP }

    /// The name assistive technologies read for this widget.
    public func setAccessibleLabel(_ label: String) { rp_accessible_set_label(gobject, label) }

    /// The tooltip text.
    public var tooltip: String? {
        get { gtk_widget_get_tooltip_text(widget).map { String(cString: $0) } }
        set { gtk_widget_set_tooltip_text(widget, newValue) }
    }

    /// Empty space around the widget, in pixels.
    public func setMargins(top: Int32, bottom: Int32, start: Int32, end: Int32) {
        gtk_widget_set_margin_top(widget, top)
        gtk_widget_set_margin_bottom(widget, bottom)
        gtk_widget_set_margin_start(widget, start)
        gtk_widget_set_margin_end(widget, end)
    }

    /// The smallest size the widget takes, in pixels; -1 leaves a side to the widget's content.
    public func setSizeRequest(width: Int32, height: Int32) {
        gtk_widget_set_size_request(widget, width, height)
    }

    /// Expands horizontally / vertically into free space.
    public func setExpand(horizontal: Bool, vertical: Bool) {
        gtk_widget_set_hexpand(widget, horizontal ? 1 : 0)
        gtk_widget_set_vexpand(widget, vertical ? 1 : 0)
    }

    /// Where the widget sits across the space its parent gives it, as `setAlignment` set it:
    /// `start` and `end` are the reading direction's.
    public var horizontalAlignment: Alignment {
        switch gtk_widget_get_halign(widget) {
        case GTK_ALIGN_START: .start
        case GTK_ALIGN_END: .end
        case GTK_ALIGN_CENTER: .center
        default: .fill
        }
    }

    /// Aligns the widget inside its allocation.
    public func setAlignment(horizontal: Alignment, vertical: Alignment) {
        gtk_widget_set_halign(widget, horizontal.gtk)
        gtk_widget_set_valign(widget, vertical.gtk)
    }

    /// Adds `actions`, all of one group (e.g. `navigation.back` and `navigation.cancel`), that
    /// this widget and its children can activate — from buttons (`Button.setAction(_:)`),
    /// shortcuts (`addShortcut(for:)`) and menus (`ContextMenu`) — and, of the same group, the
    /// actions `taking` a string parameter (a menu item's target). Returns them by name. A
    /// widget has one group of a prefix: a second call with the same prefix replaces the first.
    @discardableResult
    public func insertActions(
        _ actions: [(action: ActionName, handler: @MainActor () -> Void)],
        taking stringActions: [(action: ActionName, handler: @MainActor (String) -> Void)] = []
    ) -> [ActionName: Action] {
        guard let prefix = actions.first?.action.group ?? stringActions.first?.action.group else { return [:] }
        precondition(
            actions.allSatisfy { $0.action.group == prefix } && stringActions.allSatisfy { $0.action.group == prefix },
            "one group per insertActions")
        let group = g_simple_action_group_new()
        var made: [ActionName: Action] = [:]
        for (name, handler) in actions {
            let action = Action(name: name.name, handler)
            action.add(to: UnsafeMutableRawPointer(group!))
            made[name] = action
        }
        for (name, handler) in stringActions {
            let action = Action(name: name.name, stringHandler: handler)
            action.add(to: UnsafeMutableRawPointer(group!))
            made[name] = action
        }
        gtk_widget_insert_action_group(widget, prefix, OpaquePointer(group))
        g_object_unref(UnsafeMutableRawPointer(group))  // the widget holds the group, the group its actions
        return made
    }

    /// Activates `action` (e.g. `navigation.cancel`) as a button of this widget would: the
    /// nearest group with its prefix, looking from this widget up to the application. Returns
    /// `false` when there is no such action (or it is disabled).
    @discardableResult
    public func activateAction(_ action: ActionName) -> Bool {
        gtk_widget_activate_action_variant(widget, action.detailedName, nil) != 0
    }

    /// Activates `action` with `target` as its string parameter, as a menu item with that
    /// target would (`ContextMenu(on:choices:)`). Returns `false` when there is no such action.
    @discardableResult
    public func activateAction(_ action: ActionName, target: String) -> Bool {
        gtk_widget_activate_action_variant(widget, action.detailedName, g_variant_new_string(target)) != 0
    }

    /// A keyboard shortcut on this widget: `action`'s accelerator activates it while the focus
    /// is inside this widget (a window: anywhere in it). Does nothing for an action without one.
    public func addShortcut(for action: ActionName) {
        guard let accelerator = action.accelerator else { return }
        rp_add_shortcut(gobject, accelerator, action.detailedName)
    }

    /// Moves keyboard focus to this widget. In a window that is not shown yet, makes it the
    /// widget that gets the focus when the window appears.
    /// Does nothing for a widget on a hidden page (a stack child that is not the visible one).
    @discardableResult
    public func grabFocus() -> Bool {
        guard isOnVisibleBranch else { return false }
        if gtk_widget_grab_focus(widget) != 0 { return true }
        guard !isMapped, let root = gtk_widget_get_root(widget) else { return false }
        gtk_root_set_focus(root, widget)
        return true
    }

    /// Moves keyboard focus to this widget as `grabFocus()` does, except that the text of an
    /// entry (its `GtkText`) is not selected: focus coming back to a field leaves its cursor
    /// and selection where they are.
    @discardableResult
    public func grabFocusWithoutSelecting() -> Bool {
        guard isOnVisibleBranch else { return false }
        return Caret.grabFocusWithoutSelecting(widget)
    }

    /// Moves keyboard focus to this widget as `grabFocus()` does, and if it holds editable
    /// text (an entry, a search entry, a text view), puts the cursor at the text's end with
    /// nothing selected: what a field that opens with the focus should show, so that the
    /// next key adds to the text instead of replacing it (a plain grab on an entry selects it
    /// all).
    @discardableResult
    public func grabFocusWithCaretAtEnd() -> Bool {
        guard grabFocus() else { return false }
        Caret.atEnd(of: widget)?.restore(in: widget)
        return true
    }

    /// Whether this widget is `ancestor` or inside it.
    public func isInside(_ ancestor: Widget) -> Bool {
        widget == ancestor.widget || gtk_widget_is_ancestor(widget, ancestor.widget) != 0
    }

    /// Moves keyboard focus to the first widget inside this one that takes it, as Tab would
    /// (`gtk_widget_child_focus`). Returns whether one did; does nothing off screen.
    @discardableResult
    public func focusFirstChild() -> Bool {
        guard isOnVisibleBranch else { return false }
        return gtk_widget_child_focus(widget, GTK_DIR_TAB_FORWARD) != 0
    }

    /// If the keyboard focus is on this widget or inside it, its window focuses nothing
    /// instead (call it before taking the widget out of its window).
    public func giveUpFocus() {
        guard containsFocus, let root = gtk_widget_get_root(widget) else { return }
        gtk_root_set_focus(root, nil)
    }

    /// Whether this widget and every ancestor are visible and shown by their parents
    /// (a GtkStack hides all children but one), up to a window: the widget is drawn once its
    /// window is. A widget that is in no window (never added, or removed) is not.
    public var isOnVisibleBranch: Bool { Self.isOnVisibleBranch(widget) }

    static func isOnVisibleBranch(_ widget: UnsafeMutablePointer<GtkWidget>) -> Bool {
        var node = widget
        while true {
            if gtk_widget_get_visible(node) == 0 || gtk_widget_get_child_visible(node) == 0 { return false }
            guard let parent = gtk_widget_get_parent(node) else { break }
            // A stack's page sliding out is still drawn (child-visible) but no longer shown.
            if rp_is_stack(parent) != 0, rp_stack_visible_child(parent) != UnsafeMutableRawPointer(node) {
                return false
            }
            node = parent
        }
        return rp_is_root(node) != 0
    }
}
