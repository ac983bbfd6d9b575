import CGtk
import CGtkList

/// A `GtkListView` for lists too long to build a widget per item: only the rows on screen
/// (and a few around them) exist, each made by `makeRow` and re-used as the list scrolls, so
/// its cost follows the window's height, not the number of items. Put it in a
/// ``ScrolledWindow``.
///
/// The app keeps the items. The list knows only how many there are (``itemsChanged(at:removed:added:)``)
/// and asks `keyAt` for an item's key (an id) when a row is about to show it; the row gets the
/// key and the position. When items change, tell the list where: the rows elsewhere stay as
/// they are, with the keyboard focus and the scroll position.
///
/// A click or Enter on a row activates it (``onActivate(_:)``). As in ``ListBox``, the user's
/// focus never selects a row: the app marks the one row whose item is shown
/// (``selectedIndex``). Up and Down move the focus between rows, Tab leaves the list.
@MainActor
public final class ListView: Widget {
    private let model: UnsafeMutableRawPointer
    private let source: Unmanaged<ListViewSource>
    private let factory: Object
    private let makeRow: @MainActor () -> any ListViewRow
    /// The rows that exist, by the address of the `GtkListItem` that holds them.
    private var rows: [UInt: any ListViewRow] = [:]
    /// Rows whose list item went, kept for the next list item GTK makes: a new search replaces
    /// every list item (~200), and a kept row is only shown again, not made.
    private var spareRows: [any ListViewRow] = []
    /// How many rows were made since the list was (it stays near the number that fits on
    /// screen, whatever the number of items).
    package private(set) var rowsMade = 0

    /// An empty list; `makeRow` makes a row, `keyAt` says the key of the item at a position
    /// (`nil`: the item cannot be read; its row is shown with the empty key, `""`).
    ///
    /// `accessibleLabel` names the list to assistive technologies: a screen reader says it
    /// when the focus enters the list ("Pets list. List with 4 items."). Without one GTK 4.8
    /// would name the list after its type ("GtkListView") and later GTKs leave it unnamed.
    public convenience init(
        accessibleLabel: String, makeRow: @escaping @MainActor () -> any ListViewRow,
        keyAt: @escaping @MainActor (Int) -> String?
    ) {
        self.init(unnamedWith: makeRow, keyAt: keyAt)
        setAccessibleLabel(accessibleLabel)
    }

    /// An unnamed list: a screen reader names it by its type or not at all.
    @available(*, deprecated, message: "name the list: init(accessibleLabel:makeRow:keyAt:)")
    public convenience init(
        makeRow: @escaping @MainActor () -> any ListViewRow, keyAt: @escaping @MainActor (Int) -> String?
    ) {
        self.init(unnamedWith: makeRow, keyAt: keyAt)
    }

    private init(
        unnamedWith makeRow: @escaping @MainActor () -> any ListViewRow, keyAt: @escaping @MainActor (Int) -> String?
    ) {
        self.makeRow = makeRow
        model = rp_list_model_new()
        source = Unmanaged.passRetained(ListViewSource(keyAt: keyAt))
        factory = Object(UnsafeMutableRawPointer(gtk_signal_list_item_factory_new()), transfer: .none)
        g_object_ref(model)  // one reference is ours, the other is given to the list view
        let list = gtk_list_view_new(OpaquePointer(model), OpaquePointer(factory.gobject))
        super.init(UnsafeMutableRawPointer(list!), transfer: .none)
        gtk_list_view_set_single_click_activate(OpaquePointer(gobject), 1)
        rp_list_model_set_source(model, listViewKey, listViewIsSelected, source.toOpaque())
        factory.connectWithPointer("setup") { [weak self] item in self?.setUp(item) }
        factory.connectWithPointer("bind") { [weak self] item in self?.bind(item) }
        factory.connectWithPointer("teardown") { [weak self] item in self?.tearDown(item) }
        connect("map") { [weak self] in self?.tellUntoldSelection() }
    }

    isolated deinit {
        rp_list_model_set_source(model, nil, nil, nil)
        source.release()
        g_object_unref(model)
    }

    private func setUp(_ item: UnsafeMutableRawPointer?) {
        guard let item else { return }
        let row: any ListViewRow
        if let spare = spareRows.popLast() {
            row = spare
        } else {
            row = makeRow()
            rowsMade += 1
        }
        rows[UInt(bitPattern: item)] = row
        gtk_list_item_set_child(OpaquePointer(item), row.widget.widget)
    }

    private func tearDown(_ item: UnsafeMutableRawPointer?) {
        guard let item, let row = rows.removeValue(forKey: UInt(bitPattern: item)) else { return }
        gtk_list_item_set_child(OpaquePointer(item), nil)
        if spareRows.count < Self.maximumSpareRows { spareRows.append(row) }
    }

    /// At most as many rows as GTK 4.8's list view keeps (200 around what is shown, 2 more per
    /// tracked item) are kept spare.
    private static let maximumSpareRows = 210

    private func bind(_ item: UnsafeMutableRawPointer?) {
        guard let item, let row = rows[UInt(bitPattern: item)],
            let object = gtk_list_item_get_item(OpaquePointer(item))
        else { return }
        let key = String(cString: rp_list_key_get(UnsafeMutableRawPointer(object)))
        show(row, key: key, position: Int(gtk_list_item_get_position(OpaquePointer(item))), in: item)
    }

    /// Shows `key` in `row` and gives the list item that holds it the label the row returns
    /// (what a screen reader reads for the list item; `rp_list_item_set_label`).
    private func show(_ row: any ListViewRow, key: String, position: Int, in item: UnsafeMutableRawPointer) {
        let name = row.show(key: key, position: position)
        rp_list_item_set_label(item, gtk_widget_get_parent(row.widget.widget), name)
    }

    /// Items replaced one for one at `index`: each row showing one of them gets the new key and
    /// shows it again, GTK is not told (as for an item whose properties changed). Returns
    /// `false`, having changed nothing, when an item cannot be read.
    private func replaceInPlace(at index: Int, count changed: Int) -> Bool {
        let source = source.takeUnretainedValue()
        let range = index..<(index + changed)
        var shown: [(item: UnsafeMutableRawPointer, row: any ListViewRow, position: Int, key: String)] = []
        for (address, row) in rows {
            guard let item = UnsafeMutableRawPointer(bitPattern: address),
                case let position = Int(gtk_list_item_get_position(OpaquePointer(item))), range.contains(position)
            else { continue }
            guard let key = source.keyAt(position) else { return false }
            shown.append((item, row, position, key))
        }
        for entry in shown {
            if let object = gtk_list_item_get_item(OpaquePointer(entry.item)) { rp_list_key_set(object, entry.key) }
            show(entry.row, key: entry.key, position: entry.position, in: entry.item)
        }
        return true
    }

    /// How many items there are.
    public var count: Int { Int(g_list_model_get_n_items(OpaquePointer(model))) }

    /// Tells the list that at `index`, `removed` items went and `added` came (the items before
    /// `index` and after the change did not change). The rows of changed items show them again.
    /// Items replaced one for one (as many added as removed, not every item) stay in their rows:
    /// the focus, the selection and the scroll position do not move, on every GTK version.
    /// When every item is replaced, the list shows its first items, and GTK asks only for the
    /// items of the rows it makes (not for every new item).
    public func itemsChanged(at index: Int, removed: Int, added: Int) {
        precondition(index >= 0 && removed >= 0 && added >= 0 && index + removed <= count, "items outside the list")
        guard removed > 0 || added > 0 else { return }
        // Told as a change, GTK 4.18 (unlike 4.8) moves the scroll position by a row and drops
        // the focus when the focused item is replaced: a replacement in place is not a change
        // of the list's items, only of what they show.
        if removed == added, removed < count, replaceInPlace(at: index, count: added) { return }
        let selected = source.takeUnretainedValue().selected
        if let selected, selected >= index {
            // The selection moves with the items after the change, and goes with a removed item.
            source.takeUnretainedValue().selected =
                selected >= index + removed ? selected - removed + added : nil
        }
        let focused = focusedIndex
        if index == 0, removed == count, removed > 0, added > 0 {
            // Every item replaced (a new search): told as two changes, all gone then all new.
            // In one change, GTK 4.8 looks for the row it tracks (focus, scroll anchor) among
            // the new items by asking for every one of them (19,001 for "b" in 100,000 pets:
            // most of a keystroke); with nothing added, or nothing removed, it does not look.
            // The list then starts again at its top, as a new search should.
            rp_list_model_splice(model, 0, guint(removed), 0)
            rp_list_model_splice(model, 0, 0, guint(added))
        } else {
            rp_list_model_splice(model, guint(index), guint(removed), guint(added))
        }
        // GTK moves the focus with an item that moved, but a changed or removed item's row
        // loses it: the item now in its place (or the one after, or the last) takes it.
        // GTK 4.18 gives the focus of a removed item's row to another row itself (the first,
        // when the list did not move), so the focus is checked, not only whether one has it.
        guard let focused, count > 0 else { return }
        let target =
            focused < index
            ? focused
            : focused >= index + removed ? focused - removed + added : index + min(focused - index, max(added - 1, 0))
        if focusedIndex != min(target, count - 1) { focusRow(at: min(target, count - 1)) }
    }

    /// The row shown as selected (highlighted, and "selected" for assistive technologies), or
    /// `nil`. Only the app changes it; it moves with the items when items change before it.
    ///
    /// The rows learn of a change once the main loop is idle, and only while the list is
    /// shown; a list on a page under another (or sliding out) tells them when it is shown
    /// again. A screen reader follows a row that becomes selected wherever it is: Orca 43
    /// moves its focus to it, and read the hidden list's page after the pet's page that had
    /// just come, when the app marked the pet's row as the page was pushed.
    public var selectedIndex: Int? {
        get { source.takeUnretainedValue().selected }
        set {
            let old = source.takeUnretainedValue().selected
            let new = newValue.flatMap { (0..<count).contains($0) ? $0 : nil }
            guard old != new else { return }
            source.takeUnretainedValue().selected = new
            selectionUntold = true
            MainLoop.whenIdle { [weak self] in self?.tellUntoldSelection() }
        }
    }

    /// Whether the selection changed since the rows were last told (`selectedIndex`).
    private var selectionUntold = false

    /// Tells the rows of a changed selection, if the list is shown (else it waits for "map").
    private func tellUntoldSelection() {
        guard selectionUntold, isMapped, isOnVisibleBranch else { return }
        selectionUntold = false
        // Every row: the items may have moved since (GTK asks only the rows that exist).
        if count > 0 { rp_list_model_selection_changed(model, 0, guint(count)) }
    }

    /// Runs `handler` with the item's index when a row is activated (a click, Enter).
    @discardableResult
    public func onActivate(_ handler: @escaping @MainActor (Int) -> Void) -> SignalConnection {
        connectWithPosition("activate", handler)
    }

    /// Activates the item at `index` as a click or Enter on its row does (whether or not its
    /// row exists). Does nothing for an index outside the list.
    package func activateItem(at index: Int) {
        guard (0..<count).contains(index) else { return }
        activate("list.activate-item", index)
    }

    /// Activates the list's own `action` with the item's position: the argument is sunk and
    /// released here, as GTK does not take a floating variant when the action is missing (a
    /// list not in a window yet), and it would leak.
    private func activate(_ action: String, _ index: Int) {
        let argument = g_variant_ref_sink(g_variant_new_uint32(guint32(index)))
        defer { g_variant_unref(argument) }
        gtk_widget_activate_action_variant(widget, action, argument)
    }

    /// The index of the row that has the keyboard focus, if one has.
    public var focusedIndex: Int? {
        guard containsFocus, let root = gtk_widget_get_root(widget), let focus = gtk_root_get_focus(root) else {
            return nil
        }
        return index(holding: focus)
    }

    /// The index of the row `inner` is in (a widget of the row, or the list item holding it).
    private func index(holding inner: UnsafeMutablePointer<GtkWidget>) -> Int? {
        var holder = inner
        while let parent = gtk_widget_get_parent(holder), parent != widget { holder = parent }
        for (item, row) in rows where gtk_widget_get_parent(row.widget.widget) == holder {
            return Int(gtk_list_item_get_position(OpaquePointer(bitPattern: item)))
        }
        return nil
    }

    /// Runs `handler` with a row's index and the point (in the list's coordinates) when the
    /// user right-clicks it (or long-presses it on a touchscreen): where a context menu opens.
    /// The keyboard's way, as GNOME's guidelines ask: the Menu key or Shift+F10 on the focused
    /// row, with the middle of that row as the point.
    public func onContextClick(_ handler: @escaping @MainActor (Int, Double, Double) -> Void) {
        let keys = Object(UnsafeMutableRawPointer(gtk_event_controller_key_new()), transfer: .none)
        _ = keys.connectKeyPressed { [weak self, weak keys] key in
            guard let self, let keys else { return false }
            let state = gtk_event_controller_get_current_event_state(rp_event_controller(keys.gobject))
            let shifted = state.rawValue & GDK_SHIFT_MASK.rawValue != 0
            guard key == UInt32(GDK_KEY_Menu) || (key == UInt32(GDK_KEY_F10) && shifted),
                let index = self.focusedIndex, let point = self.middle(ofRowAt: index)
            else { return false }
            handler(index, point.x, point.y)
            return true
        }
        gtk_widget_add_controller(widget, rp_event_controller(keys.gobject))
        contextGestures.append(keys)
        let click = Object(UnsafeMutableRawPointer(gtk_gesture_click_new()), transfer: .none)
        gtk_gesture_single_set_button(rp_gesture_single(click.gobject), 3)
        let press = Object(UnsafeMutableRawPointer(gtk_gesture_long_press_new()), transfer: .none)
        gtk_gesture_single_set_touch_only(rp_gesture_single(press.gobject), 1)
        let picked: @MainActor (Double, Double) -> Void = { [weak self] x, y in
            guard let self, let inner = gtk_widget_pick(self.widget, x, y, GTK_PICK_DEFAULT),
                let index = self.index(holding: inner)
            else { return }
            handler(index, x, y)
        }
        click.connectPressedAt(picked)
        press.connectWithPoint("pressed", picked)
        for gesture in [click, press] {
            // Before the rows' own gestures, which take every press on a row.
            gtk_event_controller_set_propagation_phase(rp_event_controller(gesture.gobject), GTK_PHASE_CAPTURE)
            gtk_widget_add_controller(widget, rp_event_controller(gesture.gobject))
            contextGestures.append(gesture)
        }
    }

    /// The middle of the row showing item `index`, in the list's coordinates (`nil`: no row).
    private func middle(ofRowAt index: Int) -> (x: Double, y: Double)? {
        guard let row = rowsShown.first(where: { $0.index == index })?.row,
            let holder = gtk_widget_get_parent(row.widget.widget)
        else { return nil }
        var x = 0.0
        var y = 0.0
        let width = Double(gtk_widget_get_width(holder))
        let height = Double(gtk_widget_get_height(holder))
        guard rp_widget_translate_point(holder, widget, width / 2, height / 2, &x, &y) != 0 else { return nil }
        return (x, y)
    }

    /// The right-click and long-press gestures and the Menu key's controller (`onContextClick`);
    /// the list holds them too.
    private var contextGestures: [Object] = []

    /// Scrolls the row at `index` into view and gives it the keyboard focus (in a window not
    /// shown yet, the focus it gets when it shows). Returns whether it did: `false` for an
    /// index outside the list, or a list on a hidden page.
    @discardableResult
    public func focusRow(at index: Int) -> Bool {
        // A list on a page or tab not shown takes no focus: a person could not see it (GTK
        // gives focus to an unmapped row).
        guard (0..<count).contains(index), isOnVisibleBranch else { return false }
        // Scrolling to the item makes its row (the list keeps rows around the item it scrolls
        // to); on GTK 4.12 and later the same call focuses it. On 4.8 the widget holding that
        // row takes the focus here.
        rp_list_view_scroll_to(widget, guint(index), 1)
        guard let row = rowsShown.first(where: { $0.index == index })?.row,
            let holder = gtk_widget_get_parent(row.widget.widget)
        else { return false }
        if gtk_widget_grab_focus(holder) != 0 { return true }
        // Not on screen yet (a page still being shown): the row the window will focus.
        guard isOnVisibleBranch, !isMapped, let root = gtk_widget_get_root(holder) else { return false }
        gtk_root_set_focus(root, holder)
        return true
    }

    /// The rows that exist now, with the index of the item each shows (for tests).
    package var rowsShown: [(index: Int, row: any ListViewRow)] {
        rows.compactMap { item, row in
            let position = gtk_list_item_get_position(OpaquePointer(bitPattern: item))
            return position == GTK_INVALID_LIST_POSITION ? nil : (Int(position), row)
        }.sorted { $0.index < $1.index }
    }
}

/// What the C model asks a ``ListView`` for (not generic, so one C function serves every list).
@MainActor
final class ListViewSource {
    let keyAt: @MainActor (Int) -> String?
    var selected: Int?
    init(keyAt: @escaping @MainActor (Int) -> String?) { self.keyAt = keyAt }
}

private func listViewKey(_ data: UnsafeMutableRawPointer?, _ position: guint) -> UnsafeMutablePointer<CChar>? {
    let box = UInt(bitPattern: data)  // an integer crosses into the isolated closure as Sendable
    let copy = MainActor.assumeIsolated { () -> UInt in
        let source = Unmanaged<ListViewSource>.fromOpaque(UnsafeRawPointer(bitPattern: box)!).takeUnretainedValue()
        return UInt(bitPattern: source.keyAt(Int(position)).flatMap { g_strdup($0) })
    }
    return UnsafeMutablePointer(bitPattern: copy)
}

private func listViewIsSelected(_ data: UnsafeMutableRawPointer?, _ position: guint) -> gboolean {
    let box = UInt(bitPattern: data)
    return MainActor.assumeIsolated {
        let source = Unmanaged<ListViewSource>.fromOpaque(UnsafeRawPointer(bitPattern: box)!).takeUnretainedValue()
        return source.selected == Int(position) ? 1 : 0
    }
}
