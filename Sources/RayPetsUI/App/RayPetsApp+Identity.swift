extension RayPetsApp {
    /// The app id: GApplication id, desktop file, metainfo, icon and resource base path.
    public static let id = "io.github.raypets.RayPets"
    /// Where the GResource bundle's files live.
    public static let resourceBase = "/io/github/raypets/RayPets"
}
