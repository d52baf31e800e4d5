import * as core from "contextfmt";
import * as agentConfig from "contextfmt/agent-config";
import * as tiktoken from "contextfmt/tiktoken";
import { expect, it } from "vitest";

it("pins the public exports of contextfmt", () => {
  expect(Object.keys(core).sort()).toMatchInlineSnapshot(`
    [
      "AuthoritySchema",
      "CLAUDE_DEFAULT_TEMPLATE",
      "CODEX_DEFAULT_TEMPLATE",
      "CommonOptionsSchema",
      "ContextFmtError",
      "DOCUMENT_VARIABLES",
      "FormatManager",
      "FormatValidationError",
      "GEMINI_DEFAULT_TEMPLATE",
      "InvalidInputError",
      "MemoryRuleSchema",
      "RULE_VARIABLES",
      "RuleSetSchema",
      "UnknownAdapterError",
      "builtinAdapters",
      "charRatioCounter",
      "claudeAdapter",
      "codexAdapter",
      "createFormatManager",
      "createHeuristicCounter",
      "defaultCounter",
      "defaultTemplates",
      "defineAdapter",
      "defineTemplateAdapter",
      "escapeMarkdownInline",
      "estimateTokens",
      "geminiAdapter",
      "hasErrors",
      "inlineText",
      "isSafeBoundary",
      "packByBudget",
      "parseWith",
      "renderTemplate",
      "sanitizeText",
      "selectTemplate",
      "splitLineUnits",
      "templateVariables",
      "titleCase",
      "wordPunctuationCounter",
    ]
  `);
});

it("pins the public exports of contextfmt/tiktoken", () => {
  expect(Object.keys(tiktoken).sort()).toEqual(["createTiktokenCounter"]);
});

it("pins the public exports of contextfmt/agent-config", () => {
  expect(Object.keys(agentConfig).sort()).toMatchInlineSnapshot(`
    [
      "COMMAND_FORMATS",
      "CommandSchema",
      "ConfigParseError",
      "MCP_CONFIG_FORMATS",
      "McpServerSchema",
      "convertCommand",
      "convertMcpConfig",
      "parseCommand",
      "parseMcpConfig",
      "renderCommand",
      "renderMcpConfig",
      "skillName",
    ]
  `);
});
