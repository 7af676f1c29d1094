/// The tool's release version: one place that `--version`, the JSON and SARIF reports, the artifact bundle and the
/// cache key read, so they never disagree.
public enum ToolVersion {
    /// Semantic version of this source tree; raised with each release.
    public static let version = "0.2.0"
}
