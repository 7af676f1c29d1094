import ContractsCore
import ContractsSQL

/// The `db-*` findings of `check --database-url`: the migrations parsed once, the live database read once
/// (by `read`, handed the functions whose definitions the rules need and the schemas whose catalog `db-schema-drift`
/// compares), the two compared. Never cached: the database is not a file the cache could hash.
public enum LiveDatabaseFindings {
    public static func findings(in context: CheckContext,
                                read: (_ functions: [String], _ schemas: [String]) throws -> LiveSnapshot) throws -> [Finding] {
        let analysis = try SQLAnalysis.load(context)
        return LiveDatabaseCheck.findings(analysis, try read(LiveDatabaseCheck.functionsToRead(analysis),
                                                             LiveDatabaseCheck.schemasToRead(analysis)))
    }
}
