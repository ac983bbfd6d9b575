/// Facts about this build of RayPets.
public enum AppInfo {
    /// The version; `meson.build` declares the same one (a test checks they agree).
    public static let version = "0.1.0"
}
