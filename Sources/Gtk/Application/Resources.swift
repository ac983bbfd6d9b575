import CGtk

/// The app's GResource bundle: CSS, icons, the shortcuts window.
@MainActor
public enum Resources {
    /// Loads the bundle at the first of `paths` that exists and registers it, so
    /// `resource:///...` lookups (and GtkApplication's automatic icons path) find its files.
    /// Returns the path used, or `nil` (with a warning naming every path tried).
    @discardableResult
    public static func register(firstOf paths: [String]) -> String? {
        for path in paths where g_file_test(path, RP_FILE_TEST_EXISTS) != 0 {
            var error: UnsafeMutablePointer<GError>?
            guard let resource = g_resource_load(path, &error) else {
                Log.library.warning(
                    "cannot load resources from \(path): \(error.map { String(cString: $0.pointee.message) } ?? "?")")
                g_clear_error(&error)
                continue
            }
            g_resources_register(resource)
            g_resource_unref(resource)
            return path
        }
        Log.library.warning(
            "no resource bundle found (tried \(paths.joined(separator: ", "))); running without styles and icons")
        return nil
    }

    /// Whether a file exists in the registered resources.
    public static func exists(_ path: String) -> Bool {
        g_resources_get_info(path, RP_RESOURCE_LOOKUP_FLAGS_NONE, nil, nil, nil) != 0
    }
}
