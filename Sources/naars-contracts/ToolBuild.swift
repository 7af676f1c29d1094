import ContractsCore

/// Which build of the tool this is, for the check cache's key: the release version and the digest of the
/// sources it was compiled from (`ToolSourceDigest`, generated at build time by SourceDigestPlugin). Not the
/// executable's path or time: a rebuild of the same source, or a copy restored by CI's cache, trusts what
/// an identical build stored; any edit to Sources/ (or the resolved dependencies) trusts nothing.
enum ToolBuild {
    static let identity = "\(ToolVersion.version)+\(ToolSourceDigest.value)"
}
