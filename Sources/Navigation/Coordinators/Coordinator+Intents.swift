/// Intents: what a page's controls do, run only while the page is shown. Every control of
/// every page reaches its flow through one of these.
extension Coordinator {
    /// What a page's control does: `intent`, with this flow and the page's model, run only
    /// while the page `id` is shown (`Router/isShown(_:)`: on a split, the sidebar page counts
    /// too) and the flow and the model are alive. A double click, or a click on a page that is
    /// sliding away or is under a dialog, does nothing.
    ///
    /// The helper holds the flow and the model weakly and hands both to `intent`, so the
    /// natural code captures neither: store what it returns in the model, and inside `intent`
    /// use the `model` it is given (which shadows the outer one).
    ///
    /// Each run is recorded where the router records (`NavigationJournal`), as an `intent`
    /// event (a `step` inside `NavigationJournal/recordingSteps(_:)`) named `name`, or, without
    /// one, by where this helper was called (`file:line`); a press while the page is not shown
    /// is recorded as `ignored`.
    /// Give a name to an intent a replay must perform: it stays when the code moves.
    ///
    ///     let model = StepModel()
    ///     let id = router.present(.step(1), model: model, animated: animated, onDismissed: nil)
    ///     model.onNext = whenShown(id, model) { flow, model in
    ///         if model.isLast { flow.dismiss(animated: true) } else { flow.showNextStep() }
    ///     }
    public func whenShown<Model: AnyObject>(
        _ id: PageID, _ model: Model, named name: String? = nil, file: StaticString = #fileID, line: UInt = #line,
        _ intent: @escaping @MainActor (Self, Model) -> Void
    ) -> @MainActor () -> Void {
        { [weak self, weak model] in
            guard let self, let model, self.shown(id, name ?? "\(file):\(line)", value: Never?.none) else { return }
            intent(self, model)
        }
    }

    /// `whenShown(_:_:named:file:line:_:)` for a control that carries a value (the row or option chosen),
    /// whose type `value` names. The journal records the value only if its type is a
    /// `JournalValue` (it may be what the user typed):
    ///
    ///     model.onSelect = whenShown(id, model, value: Pet.self) { flow, model, pet in
    ///         flow.showDetails(of: pet)
    ///     }
    public func whenShown<Model: AnyObject, Value>(
        _ id: PageID, _ model: Model, value: Value.Type, named name: String? = nil, file: StaticString = #fileID,
        line: UInt = #line, _ intent: @escaping @MainActor (Self, Model, Value) -> Void
    ) -> @MainActor (Value) -> Void {
        { [weak self, weak model] value in
            guard let self, let model, self.shown(id, name ?? "\(file):\(line)", value: value) else { return }
            intent(self, model, value)
        }
    }

    /// What choosing an item on a list page does when the chosen item's page goes right above
    /// the list (a sidebar beside its content, see `SplitLayout`): `intent`, with this flow and
    /// the list's model, runs while page `id` is shown, once the pages above it — the old
    /// selection and whatever was opened from it — have left, so a new choice *replaces* the
    /// detail instead of stacking on it. Those pages' leave guards are asked first (reason
    /// `code`); if one keeps its page, `intent` does not run. With nothing above the list,
    /// `intent` runs at once, as with `whenShown(_:_:value:named:file:line:_:)`. With `unlessOnTop`, choosing a
    /// value whose page (the route it gives) is the top page already does nothing: the page
    /// stays as it is, and no guard is asked. A sidebar's other controls that open a page
    /// beside it (*Add*) use it too.
    ///
    ///     model.onSelect = whenSelecting(in: listID, model, value: Pet.self) { flow, list, pet in
    ///         flow.showDetails(of: pet)
    ///     }
    public func whenSelecting<Model: AnyObject, Value>(
        in id: PageID, _ model: Model, value: Value.Type, unlessOnTop route: ((Value) -> Route)? = nil,
        named name: String? = nil, file: StaticString = #fileID, line: UInt = #line,
        _ intent: @escaping @MainActor (Self, Model, Value) -> Void
    ) -> @MainActor (Value) -> Void {
        { [weak self, weak model] value in
            guard let self, model != nil, self.shown(id, name ?? "\(file):\(line)", value: value),
                let index = self.router.pages.firstIndex(where: { $0.id == id })
            else { return }
            // Choosing what is on top already changes nothing (and asks nothing).
            if let route, self.router.topPage?.route == route(value) { return }
            guard index + 1 < self.router.pages.count else {
                if let model { intent(self, model, value) }
                return
            }
            let selection = self.router.pages[index + 1].id
            Task.immediate { @MainActor [weak self, weak model] in
                guard let router = self?.router,
                    await router.request(.remove(from: selection), reason: .code, animated: false),
                    let self, let model, self.router.isShown(id)
                else { return }
                intent(self, model, value)
            }
        }
    }

    /// Whether the page `id` is shown, so its intent `name` runs (recorded as an `intent`), or
    /// not (recorded as `ignored`: the user's input, dropped).
    private func shown<Value>(_ id: PageID, _ name: String, value: Value?) -> Bool {
        let shown = router.isShown(id)
        if let place = router.journalPlace {
            var text: String?
            if let value { text = JournalTexts.text(of: value) }
            record(name, page: id, text: text, ran: shown, in: place)
        }
        return shown
    }

    /// Records that the intent `name` of the page `id` ran, with `value` if its type allows it
    /// in the journal (`JournalValue`), where the router records (`Router/journalPlace`): what
    /// the helpers above do for each run. Call it for a control that cannot use them (a Save
    /// that throws its error back to the page), when the intent runs; and for a user's input
    /// that is not a control but that a replay must make (the first change in an editor,
    /// without its text).
    public func recordIntent(_ name: String, page id: PageID, value: Any? = nil) {
        guard let place = router.journalPlace else { return }
        record(name, page: id, text: (value as? any JournalValue)?.journalValue, ran: true, in: place)
    }

    /// Records the intent `name` of page `id`, with its value's journal text, in `place`.
    private func record(_ name: String, page id: PageID, text: String?, ran: Bool, in place: JournalPlace) {
        var route: Route?
        for page in router.pages where page.id == id {
            route = page.route
            break
        }
        place.recordIntent(
            !ran ? .ignored : place.journal.isRecordingSteps ? .step : .intent, name, route: route, value: text)
    }
}
