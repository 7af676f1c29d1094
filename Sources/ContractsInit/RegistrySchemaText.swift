/// registry.schema.json as shipped with the tool, written beside a new registry so editors validate it.
/// A test (`InitCommandTests.testTheSchemaWrittenBesideIsTheToolsSchema`) keeps it byte-identical to the
/// repository's registry.schema.json: after editing the schema, paste it between the delimiters again.
public enum RegistrySchemaText {
    public static let json = #"""
{
  "$schema": "http://json-schema.org/draft-07/schema#",
  "$id": "registry.schema.json",
  "title": "naars-contracts registry",
  "description": "One file declaring the notification types, deep links and payload shapes that Swift, PostgreSQL and TypeScript must agree on.",
  "type": "object",
  "additionalProperties": false,
  "properties": {
    "version": {
      "const": 1
    },
    "notification_types": {
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
              "type": "string",
              "pattern": "^([a-z_][a-z0-9_]*\\.)?[a-z_][a-z0-9_]*$"
            },
            "column": {
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
              "type": "string",
              "pattern": "^[A-Za-z_][A-Za-z0-9_]*$"
            },
            "can_be_disabled": {
              "type": "string",
              "pattern": "^[A-Za-z_][A-Za-z0-9_]*$"
            },
            "preference_key": {
              "type": "string",
              "pattern": "^[A-Za-z_][A-Za-z0-9_]*$"
            },
            "badge": {
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
                    "type": "string",
                    "pattern": "^[A-Za-z_][A-Za-z0-9_]*$"
                  },
                  "type": {
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
      "type": "object",
      "additionalProperties": false,
      "properties": {
        "swift_enum": {
          "type": "string",
          "pattern": "^[A-Za-z_][A-Za-z0-9_]*$"
        },
        "cases": {
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
      "type": "object",
      "additionalProperties": false,
      "properties": {
        "swift_enum": {
          "type": "string",
          "pattern": "^[A-Za-z_][A-Za-z0-9_]*$"
        },
        "url_scheme": {
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
          "type": "array",
          "items": {
            "type": "object",
            "additionalProperties": false,
            "properties": {
              "name": {
                "type": "string",
                "pattern": "^[A-Za-z_][A-Za-z0-9_]*$"
              },
              "params": {
                "type": "array",
                "items": {
                  "type": "object",
                  "additionalProperties": false,
                  "properties": {
                    "name": {
                      "type": "string",
                      "pattern": "^[A-Za-z_][A-Za-z0-9_]*$"
                    },
                    "type": {
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
            "type": "string",
            "pattern": "^[A-Za-z_][A-Za-z0-9_]*$"
          },
          "rpc": {
            "type": "string",
            "pattern": "^[a-z_][a-z0-9_]*$",
            "maxLength": 63
          },
          "fields": {
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
                    "default": {},
                    "optional": {
                      "type": "boolean"
                    },
                    "enum": {
                      "type": "array",
                      "items": {
                        "type": "string",
                        "pattern": "^[a-z][a-z0-9_]*$"
                      }
                    },
                    "swift_name": {
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
          "type": "array",
          "items": {
            "type": "object",
            "additionalProperties": false,
            "properties": {
              "function": {
                "type": "string",
                "pattern": "^([A-Za-z_][A-Za-z0-9_]*\\.)?[A-Za-z_][A-Za-z0-9_]*$"
              },
              "argument": {
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
          "type": "array",
          "items": {
            "type": "object",
            "additionalProperties": false,
            "properties": {
              "function": {
                "type": "string",
                "pattern": "^([A-Za-z_][A-Za-z0-9_]*\\.)?[A-Za-z_][A-Za-z0-9_]*$"
              },
              "argument": {
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
            "type": "string",
            "pattern": "^[A-Za-z_][A-Za-z0-9_]*$"
          },
          "type": {
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
            "type": "boolean"
          },
          "types": {
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
            "type": "string",
            "pattern": "^(?!/)(?!.*(^|/)\\.\\.(/|$))[A-Za-z0-9_.@+/-]+$"
          },
          "scheme": {
            "enum": [
              "sequential",
              "timestamp"
            ]
          },
          "width": {
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
      "type": "object",
      "additionalProperties": false,
      "properties": {
        "swift": {
          "type": "array",
          "items": {
            "type": "string",
            "pattern": "^(?!/)(?!.*(^|/)\\.\\.(/|$))[A-Za-z0-9_.@+/*?{},-]+$"
          }
        },
        "typescript": {
          "type": "array",
          "items": {
            "type": "string",
            "pattern": "^(?!/)(?!.*(^|/)\\.\\.(/|$))[A-Za-z0-9_.@+/*?{},-]+$"
          }
        },
        "exclude": {
          "type": "array",
          "items": {
            "type": "string",
            "pattern": "^(?!/)(?!.*(^|/)\\.\\.(/|$))[A-Za-z0-9_.@+/*?{},-]+$"
          }
        }
      }
    },
    "outputs": {
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
          "type": "string",
          "pattern": "^(?!/)(?!.*(^|/)\\.\\.(/|$))[A-Za-z0-9_.@+/-]+$"
        }
      },
      "required": [
        "swift",
        "typescript"
      ]
    },
    "rules": {
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
                "type": "string"
              },
              "reason": {
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
