/**
 * The JSON Schemas of the hook outputs Codex CLI accepts, by event (kebab-case), as Codex
 * generates them (`codex-rs/hooks/schema/generated/*.command.output.schema.json`). Written by
 * `npm run codex-schemas` from test/fixtures/codex-hook-output-schemas/; do not edit.
 */
export const CODEX_HOOK_OUTPUT_SCHEMAS: Readonly<Record<string, unknown>> = {
  "post-tool-use": {
    $schema: "http://json-schema.org/draft-07/schema#",
    additionalProperties: false,
    definitions: {
      BlockDecisionWire: {
        enum: ["block"],
        type: "string",
      },
      HookEventNameWire: {
        enum: [
          "PreToolUse",
          "PermissionRequest",
          "PostToolUse",
          "PreCompact",
          "PostCompact",
          "SessionStart",
          "UserPromptSubmit",
          "Stop",
        ],
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
            $ref: "#/definitions/HookEventNameWire",
          },
          updatedMCPToolOutput: {
            default: null,
          },
          updatedToolOutput: {
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
  "pre-tool-use": {
    $schema: "http://json-schema.org/draft-07/schema#",
    additionalProperties: false,
    definitions: {
      HookEventNameWire: {
        enum: ["PreToolUse", "SessionStart", "UserPromptSubmit", "Stop"],
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
            $ref: "#/definitions/HookEventNameWire",
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
      hookSpecificOutput: {
        allOf: [
          {
            $ref: "#/definitions/PreToolUseHookSpecificOutputWire",
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
          env: {
            additionalProperties: {
              type: "string",
            },
            default: {},
            type: "object",
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
  "user-prompt-submit": {
    $schema: "http://json-schema.org/draft-07/schema#",
    additionalProperties: false,
    allOf: [
      {
        if: {
          properties: {
            decision: {
              const: "block",
            },
          },
          required: ["decision"],
        },
        then: {
          properties: {
            reason: {
              pattern: ".*\\S.*",
              type: "string",
            },
          },
          required: ["reason"],
        },
      },
    ],
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
            type: ["string", "null"],
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
        anyOf: [
          {
            $ref: "#/definitions/BlockDecisionWire",
          },
          {
            type: "null",
          },
        ],
        default: null,
      },
      hookSpecificOutput: {
        anyOf: [
          {
            $ref: "#/definitions/UserPromptSubmitHookSpecificOutputWire",
          },
          {
            type: "null",
          },
        ],
        default: null,
      },
      reason: {
        default: null,
        type: ["string", "null"],
      },
      stopReason: {
        default: null,
        type: ["string", "null"],
      },
      suppressOutput: {
        default: false,
        type: "boolean",
      },
      systemMessage: {
        default: null,
        type: ["string", "null"],
      },
    },
    title: "user-prompt-submit.command.output",
    type: "object",
  },
};
