import * as core from "contextfmt";
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
      "FormatManager",
      "FormatValidationError",
      "GEMINI_DEFAULT_TEMPLATE",
      "InvalidInputError",
      "MemoryRuleSchema",
      "PROJECT_CONTEXT_DDL",
      "ProjectBlocksInputSchema",
      "ProjectContextSchema",
      "ProjectStatusSchema",
      "RULE_VARIABLES",
      "RuleSetSchema",
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
      "deduplicateContext",
      "defaultCounter",
      "defaultTemplates",
      "defineAdapter",
      "defineTemplateAdapter",
      "detectActiveProject",
      "detectCompletions",
      "escapeMarkdownInline",
      "escapeXmlAttribute",
      "escapeXmlText",
      "estimateTokens",
      "extractTodos",
      "formatProjectContext",
      "geminiAdapter",
      "hasErrors",
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
      "splitLineUnits",
      "summarizeSession",
      "templateVariables",
      "titleCase",
      "truncateByPriority",
      "wordPunctuationCounter",
    ]
  `);
});

it("pins the public exports of contextfmt/tiktoken", () => {
  expect(Object.keys(tiktoken).sort()).toEqual(["createTiktokenCounter"]);
});
