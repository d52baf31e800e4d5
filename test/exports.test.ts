import * as core from "contextfmt";
import * as agentConfig from "contextfmt/agent-config";
import * as hooks from "contextfmt/hooks";
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
      "DEFAULT_PROJECT_TOKENS",
      "DOCUMENT_VARIABLES",
      "DivergenceAlertSchema",
      "FormatManager",
      "FormatValidationError",
      "GEMINI_DEFAULT_TEMPLATE",
      "InjectionCandidateSchema",
      "InjectionCategorySchema",
      "InvalidInputError",
      "MEMORY_CATEGORIES",
      "MemoryCategorySchema",
      "MemoryRuleSchema",
      "MemorySchema",
      "MemorySetSchema",
      "PROJECT_CONTEXT_DDL",
      "ProjectBlocksInputSchema",
      "ProjectContextSchema",
      "ProjectListSchema",
      "ProjectStatusSchema",
      "RULE_VARIABLES",
      "RuleSetSchema",
      "SessionCandidatesSchema",
      "SessionContextSchema",
      "TodoSchema",
      "UnknownAdapterError",
      "UserFactSchema",
      "UserFactsSchema",
      "buildCombinedContext",
      "builtinAdapters",
      "charRatioCounter",
      "claudeAdapter",
      "codexAdapter",
      "createFormatManager",
      "createHeuristicCounter",
      "createSessionNonce",
      "deduplicateContext",
      "defaultCounter",
      "defaultTemplates",
      "defineAdapter",
      "defineTemplateAdapter",
      "detectActiveProject",
      "detectCompletions",
      "escapeMarkdownInline",
      "escapeMarkdownLineStart",
      "escapeXmlAttribute",
      "escapeXmlText",
      "estimateTokens",
      "extractTodos",
      "formatBriefContext",
      "formatDivergenceAlert",
      "formatFullContext",
      "formatProjectContext",
      "formatTimeAgo",
      "geminiAdapter",
      "hasErrors",
      "injectMemories",
      "inlineText",
      "isSafeBoundary",
      "packByBudget",
      "parseWith",
      "projectAdapter",
      "projectToRow",
      "renderTemplate",
      "rowToProject",
      "sanitizeText",
      "selectTemplate",
      "sessionBriefAdapter",
      "sessionFullAdapter",
      "splitLineUnits",
      "summarize",
      "summarizeSession",
      "templateVariables",
      "titleCase",
      "toAnthropic",
      "toGoogle",
      "truncateByPriority",
      "wordPunctuationCounter",
      "xmlMemoryAdapter",
    ]
  `);
});

it("pins the public exports of contextfmt/tiktoken", () => {
  expect(Object.keys(tiktoken).sort()).toEqual(["createTiktokenCounter"]);
});

it("pins the public exports of contextfmt/hooks", () => {
  expect(Object.keys(hooks).sort()).toEqual([
    "HOOK_CONTEXT_LIMITS",
    "HOOK_EVENTS",
    "HOOK_TOOLS",
    "fitHookContext",
    "hookMoment",
    "hookOutput",
    "isHookTool",
    "overHookLimit",
    "parseHookInput",
    "rankForPrompt",
    "resolveHookEvent",
    "wordOverlap",
  ]);
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
