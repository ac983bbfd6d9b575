import Gtk

/// The shared shape of a RayPets page: a centred column with a headline, a text and a
/// column of action buttons.
@MainActor
struct PageLayout {
    let root = Box(.vertical, spacing: 18)
    let actions = Box(.vertical, spacing: 10)

    init(headline: String, text: String, caption: String? = nil) {
        root.addCSSClass("raypets-page")
        root.setAlignment(horizontal: .center, vertical: .center)
        root.setExpand(horizontal: true, vertical: true)
        if let caption {
            let label = Label(caption)
            label.addCSSClass("raypets-caption")
            root.append(label)
        }
        let title = Label(headline)
        title.addCSSClass("raypets-headline")
        title.wrapCentered()
        let body = Label(text)
        body.addCSSClass("raypets-message")
        body.wrapCentered()
        actions.addCSSClass("raypets-actions")
        actions.setAlignment(horizontal: .center, vertical: .start)
        root.append(title)
        root.append(body)
        root.append(content)
        root.append(actions)
    }

    /// Where a page puts what sits between its text and its buttons (a list, a table).
    let content = Box(.vertical)

    /// Adds an action button that calls `action`, with `style`'s CSS class.
    @discardableResult
    func addButton(_ title: String, cssClass: String?, action: @escaping @MainActor () -> Void) -> Button {
        let button = Button(label: title)
        if let cssClass { button.addCSSClass(cssClass) }
        button.onClicked(action)
        actions.append(button)
        return button
    }
}
