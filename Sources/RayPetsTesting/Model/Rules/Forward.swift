import RayPets

/// Forward: the pages the user's Back takes (the button, Alt+Left, Back's history, a swipe,
/// the sidebar's Back) are kept on their stack's forward history, the next one first, and
/// Alt+Right brings the next one back as it was (an editor with what it held). The dialog's
/// Cancel, Escape and close button keep its pages too when a guard keeps them (the
/// appointment request once a question is answered, an editor with changes). Any other change
/// of a stack (a new page, a removal from code, a link, Save) drops them; a deleted pet's pages
/// go from it as from the stack. An editor that ends with changes (dropped from forward
/// history, taken away by a change of the records, its window closed) leaves them on its
/// window's shelf, and the next editor of its page opens with them.
extension NavigationModel.Window {
    /// This window keeping `forward` for Forward on its stacks (the next page first), with no
    /// kept editor and nothing on the shelf: what a restored state file holds, which no
    /// sequence of clicks need have made (the fuzzer compares a restore with it).
    public func keeping(_ forward: [NavigationModel.Location: [AppRoute]]) -> Self {
        var window = self
        window.forward = forward.filter { !$0.value.isEmpty }
        window.keptEditors = [:]
        window.shelf = []
        return window
    }
}

extension NavigationModel {
    /// Every stack a window has, the dialog's first (the order its routers are asked in).
    static let locations: [Location] = [.dialog] + AppTab.allCases.map(Location.tab)

    /// An editor's unsaved changes on the shelf: its page and what it held.
    struct Shelved: Hashable, Sendable {
        var route: AppRoute
        var editor: Editor
    }

    /// How many pages a stack keeps for Forward (`WindowCoordinator.forwardLimit`).
    static var forwardLimit: Int { WindowCoordinator.forwardLimit }

    /// The pages `location` keeps for Forward in the window being acted on, the next one first.
    func forwardRoutes(at location: Location) -> [AppRoute] { windows[active].forward[location] ?? [] }

    /// Alt+Right where the shown stack keeps pages for Forward.
    var forwardActions: [UserAction] { forwardRoutes(at: location).isEmpty ? [] : [.altRight] }

    /// The pages above the first `count` of the stack at `place` leave into its forward
    /// history (Back, or a guard that keeps them), before the pages it held.
    mutating func keepForForward(from count: Int, at place: Location) {
        let stack = routes(at: place)
        guard count < stack.count else { return }
        let leaving = Array(stack[count...])
        set(Array(stack[..<count]), at: place)
        if Self.isEditor(leaving.last), let editor = editors[place] {
            windows[active].keptEditors[place] = editor
            editors[place] = nil
        }
        var ahead = leaving + forwardRoutes(at: place)
        if ahead.count > Self.forwardLimit {
            let past = ahead[Self.forwardLimit...]
            ahead = Array(ahead.prefix(Self.forwardLimit))
            if past.contains(where: Self.isEditor) { shelveKeptEditor(at: place) }
        }
        windows[active].forward[place] = ahead
        touched.value.insert(Touch(window: windows[active].id, place: place))
    }

    /// Alt+Right: the next page kept on the shown stack comes back on top, as it was.
    mutating func goForward() {
        let place = location
        var ahead = forwardRoutes(at: place)
        guard !ahead.isEmpty else { return }
        let next = ahead.removeFirst()
        set(routes(at: place) + [next], at: place)
        windows[active].forward[place] = ahead.isEmpty ? nil : ahead
        if Self.isEditor(next) { editors[place] = windows[active].keptEditors.removeValue(forKey: place) }
        touched.value.insert(Touch(window: windows[active].id, place: place))
    }

    /// The pages `place` kept for Forward end: a kept editor with changes leaves them on the
    /// shelf.
    mutating func dropForward(at place: Location) {
        guard windows[active].forward[place] != nil else { return }
        shelveKeptEditor(at: place)
        windows[active].forward[place] = nil
    }

    /// The pages of `pet` leave the forward history of every stack of the window acted on.
    mutating func dropForwardPages(of pet: Pet.ID) {
        for place in Self.locations {
            guard var ahead = windows[active].forward[place], ahead.contains(where: { $0.pet == pet }) else { continue }
            if ahead.contains(where: { $0.pet == pet && Self.isEditor($0) }) { shelveKeptEditor(at: place) }
            ahead.removeAll { $0.pet == pet }
            windows[active].forward[place] = ahead.isEmpty ? nil : ahead
            touched.value.insert(Touch(window: windows[active].id, place: place))
        }
    }

    /// The editor kept at `place` ends: its changes, if any, go on the shelf.
    private mutating func shelveKeptEditor(at place: Location) {
        guard let editor = windows[active].keptEditors.removeValue(forKey: place),
            let route = (windows[active].forward[place] ?? []).last(where: Self.isEditor)
        else { return }
        shelve(route, editor)
    }

    /// Puts `editor`'s changes on the shelf of the window acted on, if it has any.
    mutating func shelve(_ route: AppRoute, _ editor: Editor) {
        if editor.hasChanges { windows[active].shelf.append(Shelved(route: route, editor: editor)) }
    }

    /// The editor `route` opens on the stack at `place`: with the changes of the same page
    /// kept ahead on that stack (they move to it), else with the oldest shelved changes of that
    /// page, taken off the shelf, else with the pet's fields.
    mutating func openEditor(_ route: AppRoute, at place: Location) -> Editor {
        var editor: Editor
        if forwardRoutes(at: place).last == route, let kept = windows[active].keptEditors[place], kept.hasChanges {
            windows[active].keptEditors[place] = nil
            editor = kept
        } else if let index = windows[active].shelf.firstIndex(where: { $0.route == route }) {
            editor = windows[active].shelf.remove(at: index).editor
        } else {
            return Editor(route, pets: pets)
        }
        // It opens based on the pet as that editor had read it.
        editor.savedNotes = editor.base?.notes ?? ""
        return editor
    }

    /// Replaces the routes of the stack at `place` in the window acted on.
    private mutating func set(_ routes: [AppRoute], at place: Location) {
        switch place {
        case .tab(let tab): stacks[tab] = routes
        case .dialog: dialog = routes
        }
    }

    /// A stack of a window that an action changed itself (Back, Forward, a deletion): its
    /// forward history is as that rule left it.
    struct Touch: Hashable, Sendable {
        var window: Int
        var place: Location
    }

    /// After an action: every stack that changed in another way (a new page, a removal from
    /// code) drops its forward history; editors that left their stack's top without being kept
    /// end, leaving their changes on the shelf.
    mutating func followForward(from before: [Window]) {
        for index in windows.indices {
            active = index
            let id = windows[index].id
            let old = before.first { $0.id == id }
            for place in Self.locations {
                if let old, old.routes(at: place) != routes(at: place),
                    !touched.value.contains(Touch(window: id, place: place))
                {
                    dropForward(at: place)
                }
                if let editor = editors[place], !Self.isEditor(routes(at: place).last),
                    let route = old?.routes(at: place).last, Self.isEditor(route)
                {
                    shelve(route, editor)
                    editors[place] = nil
                }
            }
        }
        touched.value = []
    }
}
