import Gtk

/// The shared shape of a RayPets page: a centred column with a caption, a headline, a text
/// and a column of action buttons, scrolling when the window is shorter than the page (a
/// phone, a tiled window). The texts can change while the page shows (`update`).
/// A page whose content scrolls itself (a long list) fills the height instead (`fillsHeight`):
/// the content takes what the texts and buttons leave, and the page scrolls only when even
/// the content's minimum does not fit.
@MainActor
struct PageLayout {
    /// The page's widget: the column, in a scrolled window.
    let root: ScrolledWindow
    private let column = Box(.vertical, spacing: 18)
    let actions = Box(.vertical, spacing: 10)
    private let captionLabel = Label()
    private let title = Label()
    private let body = Label()

    init(headline: String, text: String, caption: String? = nil, fillsHeight: Bool = false) {
        root = ScrolledWindow(child: column)
        root.setExpand(horizontal: true, vertical: true)
        column.addCSSClass("raypets-page")
        // A list page's column is as wide as the page: the list's natural width would change
        // with the rows on screen as it scrolls.
        column.setAlignment(horizontal: fillsHeight ? .fill : .center, vertical: fillsHeight ? .fill : .center)
        if fillsHeight { content.setExpand(horizontal: true, vertical: true) }
        column.setExpand(horizontal: true, vertical: true)
        captionLabel.addCSSClass("raypets-caption")
        captionLabel.wrapCentered()
        title.addCSSClass("raypets-headline")
        title.wrapCentered()
        body.addCSSClass("raypets-message")
        body.wrapCentered()
        actions.addCSSClass("raypets-actions")
        actions.setAlignment(horizontal: .center, vertical: .start)
        column.append(captionLabel)
        column.append(title)
        column.append(body)
        column.append(content)
        column.append(actions)
        update(headline: headline, text: text, caption: caption)
    }

    /// Where a page puts what sits between its text and its buttons (a list, a table).
    let content = Box(.vertical, spacing: 12)

    /// Shows new texts (the model changed).
    func update(headline: String, text: String, caption: String?) {
        captionLabel.text = caption ?? ""
        captionLabel.isVisible = caption != nil
        title.text = headline
        body.text = text
        // A page with no control focuses its scrolled window (the arrow keys scroll it): a
        // screen reader then reads the text as its description, after the page's name (its
        // title, which the scrolled window must not repeat: see `PageViews`). GTK 4.10 and
        // later make a scrolled window *generic*, which has no description.
        if root.hasGroupRole {
            root.setAccessibleDescription(text)
        }
    }

    /// Adds an action button that calls `action`, with `style`'s CSS class. Its text wraps:
    /// at large text sizes, or with wider fonts, it makes the button taller, not the page wider.
    @discardableResult
    func addButton(_ title: String, cssClass: String?, action: @escaping @MainActor () -> Void) -> Button {
        let button = Button(label: title)
        button.wrapLabel()
        if let cssClass { button.addCSSClass(cssClass) }
        button.onClicked(action)
        actions.append(button)
        return button
    }
}
