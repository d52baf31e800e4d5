/**
 * The JSON Schemas of the hook outputs Codex CLI accepts, by event (kebab-case), as Codex
 * generates them (`codex-rs/hooks/schema/generated/*.command.output.schema.json`). Written by
 * `npm run codex-schemas` from test/fixtures/codex-hook-output-schemas/; do not edit.
 */
export const CODEX_HOOK_OUTPUT_SCHEMAS: Readonly<Record<string, unknown>> = {
  interrupt: {
    $schema: "http://json-schema.org/draft-07/schema#",
    additionalProperties: false,
    properties: {
      systemMessage: {
        default: null,
        type: "string",
      },
    },
    title: "interrupt.command.output",
    type: "object",
  },
  "permission-request": {
    $schema: "http://json-schema.org/draft-07/schema#",
    additionalProperties: false,
    definitions: {
      PermissionRequestBehaviorWire: {
        enum: ["allow", "deny"],
        type: "string",
      },
      PermissionRequestDecisionWire: {
        additionalProperties: false,
        properties: {
          behavior: {
            $ref: "#/definitions/PermissionRequestBehaviorWire",
          },
          interrupt: {
            default: false,
            description:
              "Reserved for future short-circuiting semantics.\n\nPermissionRequest hooks currently fail closed if this field is `true`.",
            type: "boolean",
          },
          message: {
            default: null,
            type: "string",
          },
          updatedInput: {
            default: null,
            description:
              "Reserved for a future input-rewrite capability.\n\nPermissionRequest hooks currently fail closed if this field is present.",
          },
          updatedPermissions: {
            default: null,
            description:
              "Reserved for a future permission-rewrite capability.\n\nPermissionRequest hooks currently fail closed if this field is present.",
          },
        },
        required: ["behavior"],
        type: "object",
      },
      PermissionRequestHookSpecificOutputWire: {
        additionalProperties: false,
        properties: {
          decision: {
            allOf: [
              {
                $ref: "#/definitions/PermissionRequestDecisionWire",
              },
            ],
            default: null,
          },
          hookEventName: {
            const: "PermissionRequest",
            type: "string",
          },
        },
        required: ["hookEventName"],
        type: "object",
      },
    },
    properties: {
      continue: {
        default: true,
        type: "boolean",
      },
      hookSpecificOutput: {
        allOf: [
          {
            $ref: "#/definitions/PermissionRequestHookSpecificOutputWire",
          },
        ],
        default: null,
      },
      stopReason: {
        default: null,
        type: "string",
      },
      suppressOutput: {
        default: false,
        type: "boolean",
      },
      systemMessage: {
        default: null,
        type: "string",
      },
    },
    title: "permission-request.command.output",
    type: "object",
  },
  "post-compact": {
    $schema: "http://json-schema.org/draft-07/schema#",
    additionalProperties: false,
    properties: {
      continue: {
        default: true,
        type: "boolean",
      },
      stopReason: {
        default: null,
        type: "string",
      },
      suppressOutput: {
        default: false,
        type: "boolean",
      },
      systemMessage: {
        default: null,
        type: "string",
      },
    },
    title: "post-compact.command.output",
    type: "object",
  },
  "post-tool-use": {
    $schema: "http://json-schema.org/draft-07/schema#",
    additionalProperties: false,
    definitions: {
      BlockDecisionWire: {
        enum: ["block"],
        type: "string",
      },
      PostToolUseHookSpecificOutputWire: {
        additionalProperties: false,
        properties: {
          additionalContext: {
            default: null,
            type: "string",
          },
          hookEventName: {
            const: "PostToolUse",
            type: "string",
          },
          updatedMCPToolOutput: {
            default: null,
          },
        },
        required: ["hookEventName"],
        type: "object",
      },
    },
    properties: {
      continue: {
        default: true,
        type: "boolean",
      },
      decision: {
        allOf: [
          {
            $ref: "#/definitions/BlockDecisionWire",
          },
        ],
        default: null,
      },
      hookSpecificOutput: {
        allOf: [
          {
            $ref: "#/definitions/PostToolUseHookSpecificOutputWire",
          },
        ],
        default: null,
      },
      reason: {
        default: null,
        type: "string",
      },
      stopReason: {
        default: null,
        type: "string",
      },
      suppressOutput: {
        default: false,
        type: "boolean",
      },
      systemMessage: {
        default: null,
        type: "string",
      },
    },
    title: "post-tool-use.command.output",
    type: "object",
  },
  "pre-compact": {
    $schema: "http://json-schema.org/draft-07/schema#",
    additionalProperties: false,
    properties: {
      continue: {
        default: true,
        type: "boolean",
      },
      stopReason: {
        default: null,
        type: "string",
      },
      suppressOutput: {
        default: false,
        type: "boolean",
      },
      systemMessage: {
        default: null,
        type: "string",
      },
    },
    title: "pre-compact.command.output",
    type: "object",
  },
  "pre-tool-use": {
    $schema: "http://json-schema.org/draft-07/schema#",
    additionalProperties: false,
    definitions: {
      PreToolUseDecisionWire: {
        enum: ["approve", "block"],
        type: "string",
      },
      PreToolUseHookSpecificOutputWire: {
        additionalProperties: false,
        properties: {
          additionalContext: {
            default: null,
            type: "string",
          },
          hookEventName: {
            const: "PreToolUse",
            type: "string",
          },
          permissionDecision: {
            allOf: [
              {
                $ref: "#/definitions/PreToolUsePermissionDecisionWire",
              },
            ],
            default: null,
          },
          permissionDecisionReason: {
            default: null,
            type: "string",
          },
          updatedInput: {
            default: null,
          },
        },
        required: ["hookEventName"],
        type: "object",
      },
      PreToolUsePermissionDecisionWire: {
        enum: ["allow", "deny", "ask"],
        type: "string",
      },
    },
    properties: {
      continue: {
        default: true,
        type: "boolean",
      },
      decision: {
        allOf: [
          {
            $ref: "#/definitions/PreToolUseDecisionWire",
          },
        ],
        default: null,
      },
      hookSpecificOutput: {
        allOf: [
          {
            $ref: "#/definitions/PreToolUseHookSpecificOutputWire",
          },
        ],
        default: null,
      },
      reason: {
        default: null,
        type: "string",
      },
      stopReason: {
        default: null,
        type: "string",
      },
      suppressOutput: {
        default: false,
        type: "boolean",
      },
      systemMessage: {
        default: null,
        type: "string",
      },
    },
    title: "pre-tool-use.command.output",
    type: "object",
  },
  "session-start": {
    $schema: "http://json-schema.org/draft-07/schema#",
    additionalProperties: false,
    definitions: {
      SessionStartHookSpecificOutputWire: {
        additionalProperties: false,
        properties: {
          additionalContext: {
            default: null,
            type: "string",
          },
          hookEventName: {
            const: "SessionStart",
            type: "string",
          },
        },
        required: ["hookEventName"],
        type: "object",
      },
    },
    properties: {
      continue: {
        default: true,
        type: "boolean",
      },
      hookSpecificOutput: {
        allOf: [
          {
            $ref: "#/definitions/SessionStartHookSpecificOutputWire",
          },
        ],
        default: null,
      },
      stopReason: {
        default: null,
        type: "string",
      },
      suppressOutput: {
        default: false,
        type: "boolean",
      },
      systemMessage: {
        default: null,
        type: "string",
      },
    },
    title: "session-start.command.output",
    type: "object",
  },
  stop: {
    $schema: "http://json-schema.org/draft-07/schema#",
    additionalProperties: false,
    definitions: {
      BlockDecisionWire: {
        enum: ["block"],
        type: "string",
      },
    },
    properties: {
      continue: {
        default: true,
        type: "boolean",
      },
      decision: {
        allOf: [
          {
            $ref: "#/definitions/BlockDecisionWire",
          },
        ],
        default: null,
      },
      reason: {
        default: null,
        description:
          "Claude requires `reason` when `decision` is `block`; we enforce that semantic rule during output parsing rather than in the JSON schema.",
        type: "string",
      },
      stopReason: {
        default: null,
        type: "string",
      },
      suppressOutput: {
        default: false,
        type: "boolean",
      },
      systemMessage: {
        default: null,
        type: "string",
      },
    },
    title: "stop.command.output",
    type: "object",
  },
  "subagent-start": {
    $schema: "http://json-schema.org/draft-07/schema#",
    additionalProperties: false,
    definitions: {
      SubagentStartHookSpecificOutputWire: {
        additionalProperties: false,
        properties: {
          additionalContext: {
            default: null,
            type: "string",
          },
          hookEventName: {
            const: "SubagentStart",
            type: "string",
          },
        },
        required: ["hookEventName"],
        type: "object",
      },
    },
    properties: {
      continue: {
        default: true,
        type: "boolean",
      },
      hookSpecificOutput: {
        allOf: [
          {
            $ref: "#/definitions/SubagentStartHookSpecificOutputWire",
          },
        ],
        default: null,
      },
      stopReason: {
        default: null,
        type: "string",
      },
      suppressOutput: {
        default: false,
        type: "boolean",
      },
      systemMessage: {
        default: null,
        type: "string",
      },
    },
    title: "subagent-start.command.output",
    type: "object",
  },
  "subagent-stop": {
    $schema: "http://json-schema.org/draft-07/schema#",
    additionalProperties: false,
    definitions: {
      BlockDecisionWire: {
        enum: ["block"],
        type: "string",
      },
    },
    properties: {
      continue: {
        default: true,
        type: "boolean",
      },
      decision: {
        allOf: [
          {
            $ref: "#/definitions/BlockDecisionWire",
          },
        ],
        default: null,
      },
      reason: {
        default: null,
        description:
          "Claude requires `reason` when `decision` is `block`; we enforce that semantic rule during output parsing rather than in the JSON schema.",
        type: "string",
      },
      stopReason: {
        default: null,
        type: "string",
      },
      suppressOutput: {
        default: false,
        type: "boolean",
      },
      systemMessage: {
        default: null,
        type: "string",
      },
    },
    title: "subagent-stop.command.output",
    type: "object",
  },
  "user-prompt-submit": {
    $schema: "http://json-schema.org/draft-07/schema#",
    additionalProperties: false,
    definitions: {
      BlockDecisionWire: {
        enum: ["block"],
        type: "string",
      },
      UserPromptSubmitHookSpecificOutputWire: {
        additionalProperties: false,
        properties: {
          additionalContext: {
            default: null,
            type: "string",
          },
          hookEventName: {
            const: "UserPromptSubmit",
            type: "string",
          },
        },
        required: ["hookEventName"],
        type: "object",
      },
    },
    properties: {
      continue: {
        default: true,
        type: "boolean",
      },
      decision: {
        allOf: [
          {
            $ref: "#/definitions/BlockDecisionWire",
          },
        ],
        default: null,
      },
      hookSpecificOutput: {
        allOf: [
          {
            $ref: "#/definitions/UserPromptSubmitHookSpecificOutputWire",
          },
        ],
        default: null,
      },
      reason: {
        default: null,
        type: "string",
      },
      stopReason: {
        default: null,
        type: "string",
      },
      suppressOutput: {
        default: false,
        type: "boolean",
      },
      systemMessage: {
        default: null,
        type: "string",
      },
    },
    title: "user-prompt-submit.command.output",
    type: "object",
  },
};
