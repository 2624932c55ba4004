/// The one place the version lives: `boomerang --version`, `GET /version`, `/__admin/health`,
/// the metrics' build info and the OpenAPI document all read it.
public enum BoomerangVersion {
    /// The release, as semantic versioning.
    public static let current = "0.2.0"
}
