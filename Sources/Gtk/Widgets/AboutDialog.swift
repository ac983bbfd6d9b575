import CGtk

/// Facts for the About dialog.
public struct AboutInfo: Sendable {
    /// The application's name.
    public var name: String
    /// Its version.
    public var version: String
    /// One sentence about it.
    public var comments: String
    /// Its web site.
    public var website: String
    /// The icon shown (an icon name).
    public var iconName: String
    /// Who wrote it.
    public var author: String
    /// Translator credits (the translated string "translator-credits").
    public var translators: String?

    /// About facts.
    public init(
        name: String, version: String, comments: String, website: String, iconName: String, author: String,
        translators: String? = nil
    ) {
        self.name = name
        self.version = version
        self.comments = comments
        self.website = website
        self.iconName = iconName
        self.author = author
        self.translators = translators
    }
}

extension Window {
    /// A `GtkAboutDialog` with `info`, transient for `parent` (GPL-3.0-or-later).
    public static func aboutDialog(_ info: AboutInfo, parent: Window?) -> Window {
        let dialog = Window(adopting: UnsafeMutableRawPointer(gtk_about_dialog_new()))
        let about = rp_about_dialog(dialog.gobject)
        gtk_about_dialog_set_program_name(about, info.name)
        gtk_about_dialog_set_version(about, info.version)
        gtk_about_dialog_set_comments(about, info.comments)
        gtk_about_dialog_set_website(about, info.website)
        gtk_about_dialog_set_logo_icon_name(about, info.iconName)
        gtk_about_dialog_set_license_type(about, GTK_LICENSE_GPL_3_0)
        rp_about_set_author(dialog.gobject, info.author)
        if let translators = info.translators { gtk_about_dialog_set_translator_credits(about, translators) }
        dialog.isModal = true
        dialog.destroysWithParent = true
        dialog.setTransient(for: parent)
        return dialog
    }

    /// The window called `name` in the GtkBuilder file at resource `path` (e.g. a
    /// GtkShortcutsWindow), or `nil` with a message if the resource or object is missing.
    public static func fromBuilderResource(_ path: String, name: String) -> Window? {
        guard g_resources_get_info(path, RP_RESOURCE_LOOKUP_FLAGS_NONE, nil, nil, nil) != 0 else {
            Log.library.warning("resource \(path) is missing")
            return nil
        }
        let builder = gtk_builder_new_from_resource(path)
        defer { g_object_unref(UnsafeMutableRawPointer(builder)) }
        guard let object = gtk_builder_get_object(builder, name), rp_is_window(UnsafeMutableRawPointer(object)) != 0
        else {
            Log.library.warning("\(path) has no window called \(name)")
            return nil
        }
        return Window(adopting: UnsafeMutableRawPointer(object))
    }
}
