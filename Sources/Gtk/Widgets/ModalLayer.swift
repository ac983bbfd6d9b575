import CGtk

/// The place in a window where its dialogs and alerts open: inside the window, over its content,
/// as current GNOME apps show them (libadwaita's `AdwDialog`, which GTK 4.8 lacks).
///
/// The layer holds the window's header and content, one above the other, and becomes the
/// window's child; the window's own title bar is hidden, so the header is part of what a dialog
/// covers. While a card (a dialog or an alert) is shown, everything under the top card is dimmed
/// and inert: no click, tap or key reaches it, the focus cannot move into it (Tab goes round
/// the top card only) and assistive technologies do not see it. Window-wide shortcuts made
/// with this package (`SearchEntry.addFocusShortcut(on:trigger:)`, a `ToastOverlay`'s) do
/// nothing under a card; the window's Ctrl+W (`navigation.close`) closes the top card
/// (`closeTopCard()`). Don't make a button in the covered content the window's default button
/// (`Window.defaultButton`): Enter in a card's field would press it. Each card is placed for the
/// window's width: floating in the middle when the window is at least `sheetWidth` wide, else a
/// bottom sheet as wide as the window, with its top corners rounded; a resize across that width
/// moves it live, its widgets untouched.
///
/// Whoever shows a card moves the focus into it and brings it back when the card goes (the
/// layer does not know which control opened it).
@MainActor
public final class ModalLayer {
    /// The layer's root: the window's child.
    public let widget: Overlay
    private let base: Box
    private let watcher = WidthWatcher()
    /// The cards shown, the top one last, each over a scrim of its own (which dims what is under
    /// it and takes the clicks made on it).
    private var cards: [(card: Widget, scrim: Widget, close: @MainActor () -> Void)] = []
    /// Every layer made, held weakly (for `of(_:)`).
    private static var layers: [WeakLayer] = []

    /// The width below which cards are bottom sheets (450 px unless set: a phone's width, as
    /// libadwaita's dialogs have it).
    public var sheetWidth = 450 {
        didSet { place() }
    }

    private var placementHandlers: [@MainActor () -> Void] = []

    /// Calls `handler` after the cards changed from floating to sheets or back (a resize
    /// across `sheetWidth`).
    public func onPlacementChange(_ handler: @escaping @MainActor () -> Void) {
        placementHandlers.append(handler)
    }

    /// The window the layer is in.
    public private(set) weak var window: Window?

    /// Whether cards are bottom sheets now: the window is narrower than `sheetWidth`.
    public private(set) var isSheet = false

    /// Makes `content`, under `header`, the content of `window`, in a layer where dialogs
    /// and alerts open. The window's title bar is hidden: `header` (a `HeaderBar`, say) takes its
    /// place and still moves the window and shows its buttons.
    public init(window: Window, header: Widget?, content: Widget) {
        self.window = window
        base = Box(.vertical)
        base.append(watcher)
        if let header { base.append(header) }
        base.append(content)
        content.setExpand(horizontal: true, vertical: true)
        widget = Overlay(child: base)
        // No title bar of the window's own: an empty one that is never shown (what
        // libadwaita's windows do), so the window keeps its client-side decorations.
        let none = Box(.vertical)
        none.isVisible = false
        window.titlebar = none
        window.child = widget
        Self.installStyle()
        watcher.onWidthChanged { [weak self] _ in
            MainLoop.whenIdle { [weak self] in self?.place() }  // not during GTK's layout
        }
        // The window goes: so do its cards. (The layer's overlay outlives the window, held by
        // this wrapper, and would keep them.)
        window.onDestroy { [weak self] in
            guard let self else { return }
            for (card, scrim, _) in self.cards {
                self.widget.removeOverlay(card)
                self.widget.removeOverlay(scrim)
            }
            self.cards.removeAll()
        }
        Self.layers.removeAll { $0.layer?.window == nil || $0.layer?.window === window }
        Self.layers.append(WeakLayer(self))
    }

    /// The layer of `window`, if it has one.
    public static func of(_ window: Window?) -> ModalLayer? {
        guard let window else { return nil }
        return layers.first { $0.layer?.window?.gobject == window.gobject }?.layer
    }

    /// Whether a card is shown: the window's content is inert.
    public var isBlocking: Bool { !cards.isEmpty }

    /// Whether the window's header and content are inert now: no focus can move into them and
    /// no click lands on them (for tests).
    package var isContentInert: Bool { gtk_widget_get_can_focus(base.widget) == 0 && !base.canTarget }

    /// Asks the top card to close, as its own close keys would (what the window's Ctrl+W does
    /// while a card is shown). Returns whether a card was shown.
    @discardableResult
    public func closeTopCard() -> Bool {
        guard let top = cards.last else { return false }
        top.close()
        return true
    }

    /// Puts the focus in the top card, on its first control, unless it is in there already:
    /// call it after showing a card whose content may focus nothing of its own, so the focus
    /// does not stay on the covered content.
    public func focusTopCard() {
        guard let top = cards.last?.card, let window, !window.focusIsInside(top) else { return }
        rp_trap_focus_move(top.widget, GTK_DIR_TAB_FORWARD)
    }

    /// Moves the focus as Tab (or Shift+Tab) does in the top card (for tests).
    package func tab(backward: Bool = false) {
        guard let top = cards.last?.card else { return }
        rp_trap_focus_move(top.widget, backward ? GTK_DIR_TAB_BACKWARD : GTK_DIR_TAB_FORWARD)
    }

    /// The cards shown, the top one last.
    public var shownCards: [Widget] { cards.map { $0.card } }

    /// Shows `card` on top of the cards shown (the one below, and the window's content, become
    /// inert and dim). `close` is what the window's close keys (Ctrl+W) do while the card is on
    /// top: a dialog closes as its close button does, an alert gives its safe answer.
    public func show(_ card: Widget, close: @escaping @MainActor () -> Void) {
        guard !cards.contains(where: { $0.card === card }) else { return }
        let scrim = Box(.vertical)
        scrim.addCSSClass(Self.scrimCSSClass)
        card.addCSSClass(Self.cardCSSClass)
        card.addCSSClass("background")  // the theme's window background
        gtk_widget_set_overflow(card.widget, GTK_OVERFLOW_HIDDEN)  // its header inside its round corners
        rp_trap_focus(card.widget)  // once per card
        widget.addOverlay(scrim)
        widget.addOverlay(card)
        cards.append((card, scrim, close))
        update()
    }

    /// Takes `card` away; what it covered becomes usable again once no card covers it.
    public func remove(_ card: Widget) {
        guard let index = cards.firstIndex(where: { $0.card === card }) else { return }
        let (_, scrim, _) = cards.remove(at: index)
        widget.removeOverlay(card)
        widget.removeOverlay(scrim)
        update()
    }

    private func update() {
        setInert(base, !cards.isEmpty)
        for (index, shown) in cards.enumerated() { setInert(shown.card, index < cards.count - 1) }
        place()
        // What a card covers leaves the accessibility tree once the main loop is idle, after
        // the card's host has put the focus inside it: a screen reader then follows the focus
        // from the opener into the card. Hidden at once, the opener would leave the tree with
        // the focus still on it, and Orca, whose focus it took along, would read the whole way
        // from the window into the card ("RayPets. Schedule appointment dialog. ...") or not,
        // by how its events happened to interleave.
        MainLoop.whenIdle { [weak self] in self?.hideCovered() }
    }

    /// Keys, clicks and the keyboard focus no longer reach `widget` (or reach it again). An
    /// inert widget leaves the accessibility tree at the next `hideCovered()`; one that is no
    /// longer inert comes back at once.
    private func setInert(_ widget: Widget, _ inert: Bool) {
        gtk_widget_set_can_focus(widget.widget, inert ? 0 : 1)
        widget.canTarget = !inert
        if !inert { rp_accessible_set_hidden(widget.gobject, 0) }
    }

    /// Hides what is inert now from assistive technologies.
    private func hideCovered() {
        for (widget, inert) in [(base, !cards.isEmpty)] + cards.enumerated().map({ ($1.card, $0 < cards.count - 1) })
        where inert {
            rp_accessible_set_hidden(widget.gobject, 1)
        }
    }

    private func place() {
        let width = watcher.width ?? widget.allocatedWidth
        let sheet = width > 0 && width < sheetWidth
        let changed = sheet != isSheet
        isSheet = sheet
        for (card, _, _) in cards {
            if sheet {
                card.setAlignment(horizontal: .fill, vertical: .end)
                card.addCSSClass(Self.sheetCSSClass)
                card.setMargins(top: 24, bottom: 0, start: 0, end: 0)
            } else {
                card.setAlignment(horizontal: .center, vertical: .center)
                card.removeCSSClass(Self.sheetCSSClass)
                card.setMargins(top: 24, bottom: 24, start: 24, end: 24)
            }
        }
        if changed { for handler in placementHandlers { handler() } }
    }

    /// The CSS class of the dimming under the top card: `modal-scrim`.
    public static var scrimCSSClass: String { "modal-scrim" }
    /// The CSS class of every card: `modal-card`.
    public static var cardCSSClass: String { "modal-card" }
    /// The CSS class a card has while it is a bottom sheet: `bottom-sheet`.
    public static var sheetCSSClass: String { "bottom-sheet" }

    private static var styled = false
    private static func installStyle() {
        guard !styled else { return }
        styled = true
        CSSProvider.installDefault(
            """
            .modal-scrim { background-color: alpha(black, 0.3); }
            .modal-card { border-radius: 12px;
                box-shadow: 0 2px 12px alpha(black, 0.35); }
            .modal-card.bottom-sheet { border-radius: 12px 12px 0 0; }
            button.modal-handle { min-width: 48px; min-height: 16px; padding: 0; margin: 4px 0 0 0; border: none;
                box-shadow: none; background-color: transparent; background-repeat: no-repeat;
                background-image: linear-gradient(alpha(black, 0.3), alpha(black, 0.3));
                background-size: 36px 4px; background-position: center; }
            """)
    }
}

/// A layer held weakly: the list of layers must keep neither them nor their windows alive.
@MainActor
private final class WeakLayer {
    weak var layer: ModalLayer?
    init(_ layer: ModalLayer) { self.layer = layer }
}
