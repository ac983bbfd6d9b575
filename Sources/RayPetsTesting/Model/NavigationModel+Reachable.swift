import RayPets

/// Where the user is, as a restore or a link sets it: the tab shown, each tab's stack and the
/// dialog's stack.
public struct NavigationPlace: Hashable, Sendable, CustomStringConvertible {
    /// The tab shown.
    public var tab: AppTab
    /// Each tab's routes, root first.
    public var stacks: [AppTab: [AppRoute]]
    /// The dialog's routes; empty when it is closed.
    public var dialog: [AppRoute]

    /// A place.
    public init(tab: AppTab, stacks: [AppTab: [AppRoute]], dialog: [AppRoute]) {
        self.tab = tab
        self.stacks = stacks
        self.dialog = dialog
    }

    /// Where the model is.
    public init(_ model: NavigationModel) {
        self.init(tab: model.tab, stacks: model.stacks, dialog: model.dialog)
    }

    /// One line, for failure reports.
    public var description: String {
        let stackText = AppTab.allCases.map { "\($0.rawValue): \(stacks[$0] ?? [])" }.joined(separator: "; ")
        return "tab \(tab.rawValue); \(stackText); dialog: \(dialog)"
    }
}

extension NavigationModel {
    /// Every navigation state a user can reach from launch with `pets` stored, by
    /// breadth-first search over the model's user actions. Changes of the records are the
    /// walk's business; states are told apart by their place, not by the appointment requests stored
    /// on the way.
    public static func reachableStates(pets: [Pet]) -> [NavigationModel] {
        let start = NavigationModel(pets: pets)
        var seen: Set<NavigationPlace> = [NavigationPlace(start)]
        var states = [start]
        var queue = [start]
        while let state = queue.popLast() {
            for action in state.availableActions where !action.changesData {
                var next = state
                next.apply(action)
                if seen.insert(NavigationPlace(next)).inserted {
                    queue.append(next)
                    states.append(next)
                }
            }
        }
        return states
    }
}
