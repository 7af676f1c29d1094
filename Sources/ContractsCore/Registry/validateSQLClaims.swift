extension ReferenceValidator {
    /// One column, one CHECK constraint and one ENUM type hold one enum: the SQL rules and `generate` read each
    /// under the first entry that names it, so a second entry on the notification types' column makes every
    /// `generate` write a migration that flips the set back, and a second enum on a shared column is never
    /// generated while the database refuses its values. Each claim after the first is an error at the claim,
    /// naming the first. The notification enum's `sql` is an entry like each `enums.<Name>.sql`.
    ///
    /// Names are compared as PostgreSQL folds unquoted identifiers (lowercased; the table's schema is `public`
    /// when the registry names none, so `notifications` and `public.notifications` are one table). A constraint
    /// name is claimed on its table: PostgreSQL names a table's constraints apart, not a schema's, so two tables
    /// may each have a `status_check`. Only declared names count: a default name is never written by hand.
    func validateSQLClaims(_ registry: Registry) {
        var claims: [SQLClaim] = []
        if let types = registry.notificationTypes, let sql = types.sql {
            claims += SQLClaim.column(sql.schema, sql.table, sql.column, constraint: sql.constraint,
                                      entry: types.entry + ".sql", at: sql.location)
            if let type = sql.enumType { claims.append(.enumType(type, entry: types.entry + ".sql", at: sql.location)) }
        }
        for e in registry.enums {
            let entry = "enums.\(e.name).sql"
            for column in e.sql.columns {
                claims += SQLClaim.column(column.schema, column.table, column.column, constraint: column.constraint,
                                          entry: entry, at: column.location)
            }
            if let type = e.sql.enumType {
                claims.append(.enumType(type, entry: entry, at: registry.keyLocations["enums.\(e.name).sql"] ?? e.location))
            }
        }
        var first: [String: SQLClaim] = [:], reported: Set<SourceLocation> = []
        // In file order, so the error is at the later claim whichever section comes first; one error a claim (a
        // column taken twice with its constraint is one mistake).
        for claim in claims.enumerated().sorted(by: { ($0.element.location, $0.offset) < ($1.element.location, $1.offset) }).map(\.element) {
            guard let earlier = first[claim.key] else {
                first[claim.key] = claim
                continue
            }
            guard reported.insert(claim.location).inserted else { continue }
            diagnostics.error("\(claim.entry) claims \(claim.what), already claimed by \(earlier.entry) at \(earlier.location); "
                + claim.rule, at: claim.location)
        }
    }
}

/// A database object an entry's `sql:` names: a column, a CHECK constraint on a table, or an ENUM type.
private struct SQLClaim {
    /// What identifies the object, lowercased.
    let key: String
    /// The object as the message names it.
    let what: String
    let rule: String
    let entry: String
    let location: SourceLocation

    /// The column and, when declared, its constraint.
    static func column(_ schema: String, _ table: String, _ column: String, constraint: String?, entry: String,
                       at location: SourceLocation) -> [SQLClaim] {
        let qualifiedTable = "\(schema).\(table)".lowercased()
        var claims = [SQLClaim(key: "column \(qualifiedTable).\(column.lowercased())", what: "\(qualifiedTable).\(column.lowercased())",
                               rule: "one column has one enum", entry: entry, location: location)]
        if let constraint {
            let name = constraint.lowercased()
            claims.append(SQLClaim(key: "constraint \(qualifiedTable) \(name)", what: "constraint \(name) on \(qualifiedTable)",
                                   rule: "one constraint checks one enum", entry: entry, location: location))
        }
        return claims
    }

    static func enumType(_ type: SQLTypeName, entry: String, at location: SourceLocation) -> SQLClaim {
        let name = type.qualified.lowercased()
        return SQLClaim(key: "type \(name)", what: "ENUM type \(name)", rule: "one ENUM type has one enum", entry: entry, location: location)
    }
}
