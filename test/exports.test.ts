import * as core from "contextfmt";
import * as adapters from "contextfmt/adapters";
import * as agentConfig from "contextfmt/agent-config";
import * as hooks from "contextfmt/hooks";
import * as sync from "contextfmt/sync";
import * as testing from "contextfmt/testing";
import * as tiktoken from "contextfmt/tiktoken";
import { expect, it } from "vitest";

it("pins the public exports of contextfmt: at most 60 values, what an application needs", () => {
  expect(Object.keys(core).length).toBeLessThanOrEqual(60);
  expect(Object.keys(core).sort()).toMatchInlineSnapshot(`
    [
      "ContextFmtError",
      "DEFAULT_PROJECT_TOKENS",
      "DivergenceAlertSchema",
      "FormatManager",
      "FormatValidationError",
      "InjectionCandidateSchema",
      "InvalidInputError",
      "MEMORY_CATEGORIES",
      "MemoryRuleSchema",
      "MemorySchema",
      "MemorySetSchema",
      "PROJECT_CONTEXT_DDL",
      "ProjectContextSchema",
      "ProjectListSchema",
      "RuleSetSchema",
      "SessionCandidatesSchema",
      "SessionContextSchema",
      "UnknownAdapterError",
      "UserFactsSchema",
      "buildCombinedContext",
      "charRatioCounter",
      "claudeAdapter",
      "codexAdapter",
      "createFormatManager",
      "createHeuristicCounter",
      "createSessionNonce",
      "deduplicateContext",
      "defaultCounter",
      "detectActiveProject",
      "detectCompletions",
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
      "packByBudget",
      "projectAdapter",
      "projectMarkdownAdapter",
      "projectToRow",
      "rowToProject",
      "sessionBriefAdapter",
      "sessionFullAdapter",
      "summarize",
      "summarizeSession",
      "toAnthropic",
      "toGoogle",
      "truncateByPriority",
      "updateProjectContext",
      "wordPunctuationCounter",
      "xmlMemoryAdapter",
    ]
  `);
});

it("pins the public exports of contextfmt/adapters", () => {
  expect(Object.keys(adapters).sort()).toMatchInlineSnapshot(`
    [
      "AuthoritySchema",
      "CLAUDE_DEFAULT_TEMPLATE",
      "CODEX_DEFAULT_TEMPLATE",
      "CommonOptionsSchema",
      "DOCUMENT_VARIABLES",
      "GEMINI_DEFAULT_TEMPLATE",
      "InjectionCategorySchema",
      "MemoryCategorySchema",
      "ProjectBlocksInputSchema",
      "ProjectStatusSchema",
      "RULE_VARIABLES",
      "TodoSchema",
      "UserFactSchema",
      "builtinAdapters",
      "defaultTemplates",
      "defineAdapter",
      "defineTemplateAdapter",
      "escapeLineStart",
      "escapeMarkdownInline",
      "escapeMarkdownLineStart",
      "escapeTags",
      "escapeXmlAttribute",
      "escapeXmlText",
      "inlineText",
      "isSafeBoundary",
      "parseWith",
      "renderTemplate",
      "sanitizeText",
      "sectionBreakdown",
      "selectTemplate",
      "splitLineUnits",
      "templateVariables",
      "titleCase",
    ]
  `);
});

it("pins the public exports of contextfmt/tiktoken", () => {
  expect(Object.keys(tiktoken).sort()).toEqual(["createTiktokenCounter"]);
});

it("pins the public exports of contextfmt/hooks", () => {
  expect(Object.keys(hooks).sort()).toEqual([
    "DEFAULT_HOOK_BUDGET",
    "HOOK_CONTEXT_LIMITS",
    "HOOK_EVENTS",
    "HOOK_SOURCE_FLAGS",
    "HOOK_TOOLS",
    "SESSION_START_CONTEXT",
    "answerHook",
    "hookContext",
    "hookContextLimit",
    "hookMoment",
    "hookOutput",
    "isHookTool",
    "overHookLimit",
    "parseHookInput",
    "rankForPrompt",
    "resolveHookEvent",
    "sessionStartContext",
    "utf8Length",
    "wordOverlap",
  ]);
});

it("pins the public exports of contextfmt/sync: the project verbs, for Node", () => {
  expect(Object.keys(sync).sort()).toEqual([
    "DOCTOR_PROBLEM_CODES",
    "InputFileError",
    "ProjectFileError",
    "SYNC_KINDS",
    "SYNC_TOOLS",
    "UsageError",
    "applyPlan",
    "conflictError",
    "doctor",
    "doctorHtml",
    "initPlaces",
    "planInit",
    "planInitRemoval",
    "planSync",
  ]);
});

it("pins the public exports of contextfmt/agent-config", () => {
  expect(Object.keys(agentConfig).sort()).toMatchInlineSnapshot(`
    [
      "AGENT_FORMATS",
      "AgentConfigRegistry",
      "AgentSchema",
      "COMMAND_FORMATS",
      "CommandSchema",
      "ConfigParseError",
      "MCP_CONFIG_FORMATS",
      "McpServerSchema",
      "SKILL_FORMATS",
      "SkillSchema",
      "UnknownFormatError",
      "builtinAgentConfigFormats",
      "convertAgent",
      "convertAgentConfig",
      "convertCommand",
      "convertMcpConfig",
      "convertSkill",
      "createAgentConfigRegistry",
      "parseAgent",
      "parseAgentConfig",
      "parseCommand",
      "parseMcpConfig",
      "parseSkill",
      "renderAgent",
      "renderAgentConfig",
      "renderCommand",
      "renderMcpConfig",
      "renderSkill",
      "skillName",
    ]
  `);
});

it("pins the public exports of contextfmt/testing", () => {
  expect(Object.keys(testing).sort()).toEqual([
    "checkHookOutput",
    "conserves",
    "contextfmtMatchers",
    "createFixedCounter",
    "findForgedStructure",
    "fitsBudget",
    "fixedCounter",
    "hasNoForgedStructure",
    "hostileTexts",
    "hostileValues",
    "invisiblePrefixes",
    "isDeterministic",
    "lineBreaks",
    "makeCandidates",
    "makeHookInput",
    "makeMemories",
    "makeProject",
    "makeRules",
    "roundTripsXml",
    "runHook",
    "specialTexts",
  ]);
});
