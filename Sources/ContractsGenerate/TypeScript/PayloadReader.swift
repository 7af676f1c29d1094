import ContractsCore

/// A private helper function of `payloads.ts`. Only the ones a registry's payloads use are written, since
/// `deno lint` rejects unused functions; they are written in this order.
enum PayloadReader: String, CaseIterable, Hashable {
    case objectAt, required, withDefault, stringAt, integerAt, numberAt, booleanAt, unknownAt, oneOf, arrayOf, recordOf

    /// The reader for a scalar on the wire.
    static func scalar(_ type: ScalarType) -> PayloadReader {
        switch type {
        case .uuid, .string, .timestamp: return .stringAt
        case .int: return .integerAt
        case .double: return .numberAt
        case .bool: return .booleanAt
        }
    }

    /// The TypeScript source, in `deno fmt` layout.
    var source: String {
        switch self {
        case .objectAt:
            return """
                type Json = Readonly<Record<string, unknown>>;
                type Reader<T> = (value: unknown, path: string) => T;

                function objectAt(value: unknown, path: string): Json {
                  if (typeof value !== "object" || value === null || Array.isArray(value)) {
                    throw new TypeError(`${path}: expected an object`);
                  }
                  return value as Json;
                }
                """
        case .required:
            return """
                function required<T>(
                  json: Json,
                  path: string,
                  key: string,
                  read: Reader<T>,
                ): T {
                  const value = json[key];
                  if (value === undefined || value === null) {
                    throw new TypeError(`${path}.${key}: missing`);
                  }
                  return read(value, `${path}.${key}`);
                }
                """
        case .withDefault:
            return """
                function withDefault<T, D>(
                  json: Json,
                  path: string,
                  key: string,
                  read: Reader<T>,
                  fallback: D,
                ): T | D {
                  const value = json[key];
                  if (value === undefined || value === null) {
                    return fallback;
                  }
                  return read(value, `${path}.${key}`);
                }
                """
        case .stringAt: return Self.typeCheck("stringAt", "string", "typeof value !== \"string\"", "a string")
        case .integerAt:
            return Self.typeCheck("integerAt", "number", "!Number.isInteger(value)", "an integer",
                                  cast: " as number")
        case .numberAt:
            return Self.typeCheck("numberAt", "number", "typeof value !== \"number\" || !Number.isFinite(value)",
                                  "a number")
        case .booleanAt: return Self.typeCheck("booleanAt", "boolean", "typeof value !== \"boolean\"", "a boolean")
        case .unknownAt:
            return """
                function unknownAt(value: unknown): unknown {
                  return value;
                }
                """
        case .oneOf:
            return """
                function oneOf<T extends string>(allowed: readonly T[]): Reader<T> {
                  return (value, path) => {
                    const found = allowed.find((candidate) => candidate === value);
                    if (found === undefined) {
                      throw new TypeError(`${path}: expected one of ${allowed.join(", ")}`);
                    }
                    return found;
                  };
                }
                """
        case .arrayOf:
            return """
                function arrayOf<T>(read: Reader<T>): Reader<T[]> {
                  return (value, path) => {
                    if (!Array.isArray(value)) {
                      throw new TypeError(`${path}: expected an array`);
                    }
                    return value.map((item, index) => read(item, `${path}[${index}]`));
                  };
                }
                """
        case .recordOf:
            return """
                function recordOf<T>(read: Reader<T>): Reader<Record<string, T>> {
                  return (value, path) => {
                    const out: Record<string, T> = {};
                    for (const [key, item] of Object.entries(objectAt(value, path))) {
                      out[key] = read(item, `${path}.${key}`);
                    }
                    return out;
                  };
                }
                """
        }
    }

    /// A reader that checks one condition and returns the value with its type.
    private static func typeCheck(_ name: String, _ type: String, _ failing: String, _ expected: String,
                                  cast: String = "") -> String {
        """
        function \(name)(value: unknown, path: string): \(type) {
          if (\(failing)) {
            throw new TypeError(`${path}: expected \(expected)`);
          }
          return value\(cast);
        }
        """
    }
}
