/// registry.schema.json as shipped with the tool, written beside a new registry so editors validate it.
/// A test (`InitCommandTests.testTheSchemaWrittenBesideIsTheToolsSchema`) keeps it byte-identical to the
/// repository's registry.schema.json: after editing the schema, paste it between the delimiters again.
public enum RegistrySchemaText {
    public static let json = #"""
{
  "$schema": "http://json-schema.org/draft-07/schema#",
  "$id": "https://raw.githubusercontent.com/your-org/naars-contracts/main/registry.schema.json",
  "title": "naars-contracts registry",
  "description": "One file declaring the notification types, deep links and payload shapes that Swift, PostgreSQL and TypeScript must agree on.",
  "type": "object",
  "additionalProperties": false,
  "properties": {
    "version": {
      "description": "Registry format version; always 1.",
      "const": 1
    },
    "notification_types": {
      "description": "The notification types: where each stack names them, the SQL column that stores them, and the values with their per-case attributes.",
      "type": "object",
      "additionalProperties": false,
      "properties": {
        "swift_enum": {
          "type": "string",
          "pattern": "^[A-Za-z_][A-Za-z0-9_]*$",
          "description": "Swift enum name, e.g. NotificationType."
        },
        "typescript_const": {
          "type": "string",
          "pattern": "^[A-Za-z_][A-Za-z0-9_]*$",
          "description": "TypeScript `as const` object, e.g. NOTIFICATION_TYPES."
        },
        "typescript_type": {
          "type": "string",
          "pattern": "^[A-Za-z_][A-Za-z0-9_]*$",
          "description": "TypeScript union type name (default: swift_enum)."
        },
        "payload_key": {
          "type": "string",
          "pattern": "^[A-Za-z_][A-Za-z0-9_]*$",
          "description": "Key carrying the raw type in push payloads and rows (default: type); a JSON key, camelCase allowed, e.g. notificationType.",
          "examples": [
            "type",
            "notificationType"
          ]
        },
        "sql": {
          "type": "object",
          "additionalProperties": false,
          "properties": {
            "table": {
              "description": "Table holding the type column, `table` or `schema.table` (schema default: public).",
              "type": "string",
              "pattern": "^([a-z_][a-z0-9_]*\\.)?[a-z_][a-z0-9_]*$"
            },
            "column": {
              "description": "The column that stores the raw type.",
              "type": "string",
              "pattern": "^[a-z_][a-z0-9_]*$",
              "maxLength": 63
            },
            "constraint": {
              "type": "string",
              "pattern": "^[a-z_][a-z0-9_]*$",
              "maxLength": 63,
              "description": "The CHECK constraint's name; optional: a free-text column (or an ENUM type) has none, and then no constraint drift is reported; `generate` then writes a first constraint only when `outputs.sql` is set, and refuses while values the registry lacks are written.",
              "examples": [
                "notifications_type_check"
              ]
            },
            "enum_type": {
              "type": "string",
              "pattern": "^([a-z_][a-z0-9_]*\\.)?[a-z_][a-z0-9_]*$",
              "description": "The PostgreSQL ENUM type the column has, `type` or `schema.type`; its values are the set (the replay follows CREATE TYPE, ADD VALUE, RENAME VALUE, RENAME TO and DROP TYPE).",
              "examples": [
                "remote_match_status"
              ]
            }
          },
          "required": [
            "table",
            "column"
          ],
          "description": "Where the type column lives and what restricts it: a CHECK constraint, an ENUM type, or nothing (free text).",
          "examples": [
            {
              "table": "notifications",
              "column": "kind"
            },
            {
              "table": "matches",
              "column": "remote_status",
              "enum_type": "remote_match_status"
            }
          ]
        },
        "fallback": {
          "type": "string",
          "pattern": "^[a-z][a-z0-9_]*$",
          "description": "Raw value unknown server values decode to."
        },
        "swift_properties": {
          "type": "object",
          "additionalProperties": false,
          "properties": {
            "icon": {
              "description": "Swift property for each value's `icon` (e.g. icon).",
              "type": "string",
              "pattern": "^[A-Za-z_][A-Za-z0-9_]*$"
            },
            "can_be_disabled": {
              "description": "Swift property for each value's `can_be_disabled` (e.g. canBeDisabled).",
              "type": "string",
              "pattern": "^[A-Za-z_][A-Za-z0-9_]*$"
            },
            "preference_key": {
              "description": "Swift property for each value's `preference_key` (e.g. preferenceKey).",
              "type": "string",
              "pattern": "^[A-Za-z_][A-Za-z0-9_]*$"
            },
            "badge": {
              "description": "Swift property for each value's `badge` (e.g. badgeTab); needs `badges`.",
              "type": "string",
              "pattern": "^[A-Za-z_][A-Za-z0-9_]*$"
            }
          },
          "description": "Swift property names of the per-case attributes."
        },
        "attributes": {
          "type": "object",
          "description": "Custom per-case attributes: registry key → Swift property (string), or { swift, type: string|bool|int }. Generated as `switch self` properties (optional when a value is null or unset) and in the TypeScript attribute table; checked by swift-attribute-drift. Values set them by key.",
          "propertyNames": {
            "pattern": "^[a-z][a-z0-9_]*$"
          },
          "additionalProperties": {
            "oneOf": [
              {
                "type": "string",
                "pattern": "^[A-Za-z_][A-Za-z0-9_]*$"
              },
              {
                "type": "object",
                "additionalProperties": false,
                "properties": {
                  "swift": {
                    "description": "Swift property name of the attribute.",
                    "type": "string",
                    "pattern": "^[A-Za-z_][A-Za-z0-9_]*$"
                  },
                  "type": {
                    "description": "The attribute's value type: string, bool or int.",
                    "enum": [
                      "string",
                      "bool",
                      "int"
                    ]
                  }
                },
                "required": [
                  "swift"
                ]
              }
            ]
          },
          "examples": [
            {
              "entity_id_key": "entityIdKey",
              "sort_rank": {
                "swift": "sortRank",
                "type": "int"
              }
            }
          ]
        },
        "values": {
          "description": "The registered notification types, in order (the generated enum and constraint follow it).",
          "type": "array",
          "minItems": 1,
          "items": {
            "type": "object",
            "additionalProperties": false,
            "properties": {
              "raw": {
                "type": "string",
                "pattern": "^[a-z][a-z0-9_]*$",
                "description": "The wire value stored in SQL and sent in payloads."
              },
              "case": {
                "type": "string",
                "pattern": "^[A-Za-z_][A-Za-z0-9_]*$",
                "description": "Swift case name (default: camelCase of raw)."
              },
              "icon": {
                "type": [
                  "string",
                  "null"
                ],
                "description": "Icon (SF Symbol or asset name): a free string, escaped wherever it is emitted.",
                "examples": [
                  "bell.fill",
                  "Town \"Hall\" icon"
                ]
              },
              "can_be_disabled": {
                "description": "Whether users may turn this type off (default true).",
                "type": "boolean"
              },
              "preference_key": {
                "type": [
                  "string",
                  "null"
                ],
                "description": "The preference that turns the type off: a free string (camelCase allowed).",
                "examples": [
                  "notifyMessages"
                ]
              },
              "badge": {
                "description": "The badge case this type bumps (a `badges.cases` entry), or null.",
                "oneOf": [
                  {
                    "type": "string",
                    "pattern": "^[A-Za-z_][A-Za-z0-9_]*$"
                  },
                  {
                    "type": "null"
                  }
                ]
              },
              "deep_link": {
                "oneOf": [
                  {
                    "type": "string",
                    "pattern": "^[A-Za-z_][A-Za-z0-9_]*$"
                  },
                  {
                    "type": "array",
                    "items": {
                      "type": "string",
                      "pattern": "^[A-Za-z_][A-Za-z0-9_]*$"
                    }
                  },
                  {
                    "type": "null"
                  }
                ],
                "description": "Deep-link case(s) this type opens; the first whose required params are present wins."
              },
              "scope": {
                "enum": [
                  "all",
                  "app",
                  "server"
                ],
                "description": "Where the value exists (default all): app = the Swift enum only (a UI-only case; a literal of it in SQL or TypeScript is drift); server = the database and edge functions only (a literal of it in Swift is drift).",
                "examples": [
                  "app"
                ]
              }
            },
            "required": [
              "raw"
            ],
            "patternProperties": {
              "^(?!(raw|case|icon|can_be_disabled|preference_key|badge|deep_link|scope)$)[a-z][a-z0-9_]*$": {
                "type": [
                  "string",
                  "boolean",
                  "integer",
                  "null"
                ],
                "description": "The value of a custom attribute declared in notification_types.attributes (the loader checks the key is declared and the type matches).",
                "examples": [
                  "town_hall_post_id"
                ]
              }
            }
          }
        },
        "retired": {
          "type": "array",
          "items": {
            "type": "string",
            "pattern": "^[a-z][a-z0-9_]*$"
          },
          "description": "Values old rows may hold that are no longer registered (protobuf's reserved): never generated; a retired value declared in the Swift enum or the TypeScript const is drift; it cannot come back in values.",
          "examples": [
            [
              "admin_child_add"
            ]
          ]
        }
      },
      "required": [
        "swift_enum",
        "sql",
        "values"
      ]
    },
    "badges": {
      "description": "The badge enum (tabs or counters a notification type bumps); generates a Swift enum.",
      "type": "object",
      "additionalProperties": false,
      "properties": {
        "swift_enum": {
          "description": "Swift enum name for the badges, e.g. BadgeTab.",
          "type": "string",
          "pattern": "^[A-Za-z_][A-Za-z0-9_]*$"
        },
        "cases": {
          "description": "Badge case names, in order (snake_case becomes camelCase in Swift).",
          "type": "array",
          "items": {
            "type": "string",
            "pattern": "^[A-Za-z_][A-Za-z0-9_]*$"
          }
        }
      },
      "required": [
        "cases"
      ]
    },
    "deep_links": {
      "description": "Where a notification or URL takes the app: the Swift deep-link enum, its cases and their parameters.",
      "type": "object",
      "additionalProperties": false,
      "properties": {
        "swift_enum": {
          "description": "Swift enum name for the deep links, e.g. DeepLink.",
          "type": "string",
          "pattern": "^[A-Za-z_][A-Za-z0-9_]*$"
        },
        "url_scheme": {
          "description": "URL scheme for `url` / `init?(url:)` (lowercase, e.g. naarscars); omit for no URLs.",
          "type": "string",
          "pattern": "^[a-z][a-z0-9+.-]*$"
        },
        "link_key": {
          "type": "string",
          "pattern": "^[A-Za-z_][A-Za-z0-9_]*$",
          "description": "Payload key naming a case directly (default: deep_link); a JSON key, camelCase allowed.",
          "examples": [
            "deep_link",
            "deepLink"
          ]
        },
        "cases": {
          "description": "The deep-link cases, in order.",
          "type": "array",
          "items": {
            "type": "object",
            "additionalProperties": false,
            "properties": {
              "name": {
                "description": "Case name (Swift enum case, and the value under `link_key`).",
                "type": "string",
                "pattern": "^[A-Za-z_][A-Za-z0-9_]*$"
              },
              "params": {
                "description": "The case's parameters (associated values), read from the push payload.",
                "type": "array",
                "items": {
                  "type": "object",
                  "additionalProperties": false,
                  "properties": {
                    "name": {
                      "description": "Parameter name: the associated value's label in Swift.",
                      "type": "string",
                      "pattern": "^[A-Za-z_][A-Za-z0-9_]*$"
                    },
                    "type": {
                      "description": "The parameter's type: uuid, string, int, double, bool or timestamp.",
                      "enum": [
                        "uuid",
                        "string",
                        "int",
                        "double",
                        "bool",
                        "timestamp"
                      ]
                    },
                    "payload_key": {
                      "type": "string",
                      "pattern": "^[A-Za-z_][A-Za-z0-9_]*$",
                      "description": "The JSON key the push carries the parameter under; camelCase allowed.",
                      "examples": [
                        "ride_id",
                        "matchId"
                      ]
                    },
                    "optional": {
                      "description": "Whether the case can be built without it (default false).",
                      "type": "boolean"
                    }
                  },
                  "required": [
                    "name",
                    "payload_key"
                  ]
                }
              }
            },
            "required": [
              "name"
            ]
          }
        }
      },
      "required": [
        "cases"
      ]
    },
    "payloads": {
      "description": "Payload shapes (JSON returned by RPCs or carried in pushes), by name: generate Swift structs and TypeScript interfaces, and are checked against the code that builds them.",
      "type": "object",
      "maxProperties": 1000,
      "propertyNames": {
        "pattern": "^[A-Za-z_][A-Za-z0-9_]*$"
      },
      "additionalProperties": {
        "type": "object",
        "additionalProperties": false,
        "properties": {
          "type_name": {
            "description": "The generated type's name (default: the payload's name).",
            "type": "string",
            "pattern": "^[A-Za-z_][A-Za-z0-9_]*$"
          },
          "rpc": {
            "description": "The SQL function (RPC) that returns this shape, checked against its JSON keys.",
            "type": "string",
            "pattern": "^[a-z_][a-z0-9_]*$",
            "maxLength": 63
          },
          "fields": {
            "description": "The payload's JSON keys, in order: a type, or { type, default, optional, enum, swift_name }.",
            "type": "object",
            "propertyNames": {
              "pattern": "^[a-z][a-z0-9_]*$"
            },
            "additionalProperties": {
              "oneOf": [
                {
                  "type": "string",
                  "pattern": "^\\[*([a-z]+|[A-Za-z_][A-Za-z0-9_]*)\\]*$",
                  "description": "A scalar (uuid, string, int, double, bool, timestamp), a payload name, or [type]."
                },
                {
                  "type": "object",
                  "additionalProperties": false,
                  "properties": {
                    "type": {
                      "type": "string",
                      "pattern": "^\\[*([a-z]+|[A-Za-z_][A-Za-z0-9_]*)\\]*$",
                      "description": "A scalar (uuid, string, int, double, bool, timestamp), a payload name, or [type]."
                    },
                    "default": {
                      "description": "Value a missing or null key decodes to (a scalar of the field's type, or [] for a list)."
                    },
                    "optional": {
                      "description": "Whether the key may be missing or null with no default (Swift optional).",
                      "type": "boolean"
                    },
                    "enum": {
                      "description": "The string values the field may hold; generates a nested Swift enum.",
                      "type": "array",
                      "items": {
                        "type": "string",
                        "pattern": "^[a-z][a-z0-9_]*$"
                      }
                    },
                    "swift_name": {
                      "description": "Swift property name (default: camelCase of the key).",
                      "type": "string",
                      "pattern": "^[A-Za-z_][A-Za-z0-9_]*$"
                    }
                  },
                  "required": [
                    "type"
                  ]
                }
              ]
            }
          }
        },
        "required": [
          "fields"
        ]
      }
    },
    "emitters": {
      "type": "object",
      "additionalProperties": false,
      "properties": {
        "sql": {
          "description": "SQL functions whose argument is a notification type.",
          "type": "array",
          "items": {
            "type": "object",
            "additionalProperties": false,
            "properties": {
              "function": {
                "description": "Function name, optionally schema-qualified.",
                "type": "string",
                "pattern": "^([A-Za-z_][A-Za-z0-9_]*\\.)?[A-Za-z_][A-Za-z0-9_]*$"
              },
              "argument": {
                "description": "The 1-based position of the argument that carries the type (omitted: any argument that is a type literal).",
                "type": "integer",
                "minimum": 1
              }
            },
            "required": [
              "function"
            ]
          }
        },
        "typescript": {
          "description": "TypeScript functions whose argument is a notification type.",
          "type": "array",
          "items": {
            "type": "object",
            "additionalProperties": false,
            "properties": {
              "function": {
                "description": "Function name, or `object.method` (e.g. supabase.from).",
                "type": "string",
                "pattern": "^([A-Za-z_][A-Za-z0-9_]*\\.)?[A-Za-z_][A-Za-z0-9_]*$"
              },
              "argument": {
                "description": "The 1-based position of a string argument that carries the type (omitted: an object literal argument's type key, or any argument).",
                "type": "integer",
                "minimum": 1
              }
            },
            "required": [
              "function"
            ]
          }
        },
        "swift": {
          "type": "array",
          "items": {
            "type": "object",
            "additionalProperties": false,
            "properties": {
              "function": {
                "description": "Function name.",
                "type": "string",
                "pattern": "^[A-Za-z_][A-Za-z0-9_]*$"
              },
              "argument": {
                "oneOf": [
                  {
                    "type": "string",
                    "pattern": "^[A-Za-z_][A-Za-z0-9_]*$"
                  },
                  {
                    "type": "integer",
                    "minimum": 1
                  }
                ],
                "description": "The argument label that carries the type, or its 1-based position."
              }
            },
            "required": [
              "function",
              "argument"
            ]
          },
          "description": "Swift functions whose argument carries a notification type.",
          "examples": [
            [
              {
                "function": "sendNotification",
                "argument": "kind"
              }
            ]
          ]
        }
      },
      "description": "Functions whose arguments are notification types."
    },
    "push_keys": {
      "type": "array",
      "description": "Keys push payloads carry beyond deep-link parameters, the type key and the link key. Swift userInfo reads are judged against all of them; with push_keys declared, a key an edge function sends that nothing declares is drift. `types` (default: any) lists the types whose pushes carry it.",
      "items": {
        "type": "object",
        "additionalProperties": false,
        "properties": {
          "key": {
            "description": "The payload key.",
            "type": "string",
            "pattern": "^[A-Za-z_][A-Za-z0-9_]*$"
          },
          "type": {
            "description": "The value's type: uuid, string, int, double, bool or timestamp.",
            "enum": [
              "uuid",
              "string",
              "int",
              "double",
              "bool",
              "timestamp"
            ]
          },
          "optional": {
            "description": "Whether a payload may leave the key out (default false).",
            "type": "boolean"
          },
          "types": {
            "description": "The notification types (raw values) whose payloads carry the key (empty or omitted: every type).",
            "type": "array",
            "items": {
              "type": "string",
              "pattern": "^[a-z][a-z0-9_]*$"
            }
          }
        },
        "required": [
          "key"
        ]
      },
      "examples": [
        [
          {
            "key": "message_id",
            "type": "uuid",
            "types": [
              "message"
            ]
          },
          {
            "key": "matchId",
            "type": "uuid",
            "optional": true
          }
        ]
      ]
    },
    "migrations": {
      "type": "array",
      "description": "Migration folders in replay order.",
      "items": {
        "type": "object",
        "additionalProperties": false,
        "properties": {
          "dir": {
            "description": "Migration folder, relative to the registry's folder.",
            "type": "string",
            "pattern": "^(?!/)(?!.*(^|/)\\.\\.(/|$))[A-Za-z0-9_.@+/-]+$"
          },
          "scheme": {
            "description": "File naming: sequential (`001_name.sql`) or timestamp (`20250101120000_name.sql`, the Supabase CLI's).",
            "enum": [
              "sequential",
              "timestamp"
            ]
          },
          "width": {
            "description": "Digits of a sequential number (default 3).",
            "type": "integer",
            "minimum": 1,
            "maximum": 9
          }
        },
        "required": [
          "dir",
          "scheme"
        ]
      }
    },
    "sources": {
      "description": "Hand-written code checked for drift: globs relative to the registry's folder.",
      "type": "object",
      "additionalProperties": false,
      "properties": {
        "swift": {
          "description": "Globs of Swift files checked against the registry.",
          "type": "array",
          "items": {
            "type": "string",
            "pattern": "^(?!/)(?!.*(^|/)\\.\\.(/|$))[A-Za-z0-9_.@+/*?{},-]+$"
          }
        },
        "typescript": {
          "description": "Globs of TypeScript files (edge functions) checked against the registry.",
          "type": "array",
          "items": {
            "type": "string",
            "pattern": "^(?!/)(?!.*(^|/)\\.\\.(/|$))[A-Za-z0-9_.@+/*?{},-]+$"
          }
        },
        "exclude": {
          "description": "Globs left out of both lists (generated output is always left out).",
          "type": "array",
          "items": {
            "type": "string",
            "pattern": "^(?!/)(?!.*(^|/)\\.\\.(/|$))[A-Za-z0-9_.@+/*?{},-]+$"
          }
        }
      }
    },
    "outputs": {
      "description": "Where `generate` writes, relative to the registry's folder, and how the Swift is declared.",
      "type": "object",
      "additionalProperties": false,
      "properties": {
        "swift": {
          "type": "string",
          "description": "Folder for the generated Swift: not the registry's own folder, not in .git, not a migration folder nor around or inside one.",
          "pattern": "^(?!/)(?!\\./?$)(?!(.*/)?\\.git(/|$))(?!.*(^|/)\\.\\.(/|$))[A-Za-z0-9_.@+/-]+$"
        },
        "typescript": {
          "type": "string",
          "description": "Folder for the generated TypeScript: not the registry's own folder, not in .git, not a migration folder nor around or inside one.",
          "pattern": "^(?!/)(?!\\./?$)(?!(.*/)?\\.git(/|$))(?!.*(^|/)\\.\\.(/|$))[A-Za-z0-9_.@+/-]+$"
        },
        "sql": {
          "description": "Migration folder `generate` writes constraint migrations into (default: the first sequential folder).",
          "type": "string",
          "pattern": "^(?!/)(?!.*(^|/)\\.\\.(/|$))[A-Za-z0-9_.@+/-]+$"
        },
        "swift_access": {
          "description": "Access level of the generated Swift: public (default; a module of its own other targets import) or internal (files inside the app target, which should not export its contract).",
          "enum": [
            "public",
            "internal"
          ],
          "default": "public"
        }
      },
      "required": [
        "swift",
        "typescript"
      ]
    },
    "rules": {
      "description": "Per-rule severity overrides, by rule id (`naars-contracts rules` lists them): error, warning, note or off.",
      "type": "object",
      "propertyNames": {
        "enum": [
          "generated-stale",
          "generated-edited",
          "sql-syntax-error",
          "sql-constraint-drift",
          "sql-constraint-unreadable",
          "sql-constraint-unknown",
          "sql-unknown-literal",
          "migration-order-ambiguous",
          "migration-duplicate-number",
          "migration-bad-name",
          "migration-gap",
          "migration-mixed-scheme",
          "migration-version-collision",
          "migration-not-newer-than-base",
          "migration-edited",
          "swift-enum-drift",
          "swift-attribute-drift",
          "swift-deeplink-drift",
          "swift-unknown-literal",
          "ts-const-drift",
          "ts-unknown-literal",
          "ts-payload-key-drift",
          "payload-shape-drift",
          "source-nul-byte",
          "swift-source-too-deep",
          "db-constraint-drift",
          "db-function-drift",
          "db-unknown-literal",
          "db-migration-not-applied",
          "db-migration-unknown",
          "db-unregistered-rows",
          "breaking-type-removed",
          "breaking-type-renamed",
          "breaking-deeplink-changed",
          "breaking-payload-changed",
          "breaking-fallback-changed"
        ]
      },
      "additionalProperties": {
        "enum": [
          "error",
          "warning",
          "note",
          "off"
        ]
      }
    },
    "accept_breaking": {
      "type": "array",
      "description": "Breaking changes made on purpose (reported by `check --against REF`): a rule id, or { rule, value, reason } scoped to one raw value, deep-link case (`ride`, `ride.id`) or payload (`BadgeCounts`, `BadgeCounts.total`). An entry accepts only the change since REF: one REF's registry already has (same rule, value and reason) accepts nothing.",
      "items": {
        "oneOf": [
          {
            "type": "string",
            "enum": [
              "breaking-type-removed",
              "breaking-type-renamed",
              "breaking-deeplink-changed",
              "breaking-payload-changed",
              "breaking-fallback-changed"
            ]
          },
          {
            "type": "object",
            "additionalProperties": false,
            "properties": {
              "rule": {
                "description": "The breaking-change rule this entry accepts.",
                "type": "string",
                "enum": [
                  "breaking-type-removed",
                  "breaking-type-renamed",
                  "breaking-deeplink-changed",
                  "breaking-payload-changed",
                  "breaking-fallback-changed"
                ]
              },
              "value": {
                "description": "What it accepts the rule for: a raw value, a deep-link case (`ride`) or parameter (`ride.id`), a payload (`BadgeCounts`) or field (`BadgeCounts.total`); absent: every finding of the rule.",
                "type": "string"
              },
              "reason": {
                "description": "Why the break is deliberate (recorded in review; part of the entry's identity).",
                "type": "string"
              }
            },
            "required": [
              "rule"
            ]
          }
        ]
      },
      "examples": [
        [
          {
            "rule": "breaking-type-removed",
            "value": "favor_update",
            "reason": "no app before 2.0 is supported"
          }
        ]
      ]
    },
    "baseline": {
      "description": "Baseline file of accepted findings, relative to the registry's folder (default .naars-contracts-baseline.json); `check --write-baseline` writes it.",
      "type": "string",
      "pattern": "^(?!/)(?!.*(^|/)\\.\\.(/|$))[A-Za-z0-9_.@+/-]+$"
    }
  },
  "required": [
    "version",
    "notification_types"
  ]
}
"""#
}
