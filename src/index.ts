/**
 * contextfmt: turns what an AI coding agent should remember into the exact text each tool wants,
 * inside a token budget, and checks what it produced. This is the pure core entry: no I/O, no
 * `node:` modules, no tokenizer vocabulary.
 */

export {
  type PackCandidate,
  type PackOptions,
  type PackResult,
  packByBudget,
  type SkipReason,
} from "./budget/pack.js";
export { summarize } from "./budget/summarize.js";
export { formatTimeAgo } from "./budget/time-ago.js";
export { buildCombinedContext, type CombinedContextInput } from "./facades/combined-context.js";
export {
  type InjectedSystemMessage,
  type InjectionMetadata,
  type InjectionResult,
  type InjectMemoriesOptions,
  injectMemories,
  toAnthropic,
  toGoogle,
} from "./facades/inject-memories.js";
export {
  formatProjectContext,
  type ProjectContextOptions,
  type ProjectContextResult,
} from "./facades/project-context.js";
export {
  type BriefContextOptions,
  type FullContextOptions,
  formatBriefContext,
  formatFullContext,
} from "./facades/session-context.js";
export {
  type KeptComponent,
  type PriorityComponent,
  type TruncateOptions,
  type TruncateResult,
  truncateByPriority,
} from "./facades/truncate.js";
export {
  createSessionNonce,
  type XmlMemoryMetadata,
  type XmlMemoryOptions,
  xmlMemoryAdapter,
} from "./formats/memories/xml-memory.js";
export {
  DEFAULT_PROJECT_TOKENS,
  projectAdapter,
  projectMarkdownAdapter,
} from "./formats/project/adapter.js";
export type { ProjectMarkup } from "./formats/project/components.js";
export { claudeAdapter } from "./formats/rules/claude.js";
export { codexAdapter } from "./formats/rules/codex.js";
export { geminiAdapter } from "./formats/rules/gemini.js";
export {
  type SessionBriefOptions,
  sessionBriefAdapter,
} from "./formats/session/session-brief.js";
export {
  formatDivergenceAlert,
  type SessionEntry,
  sessionFullAdapter,
} from "./formats/session/session-full.js";
export {
  createFormatManager,
  FormatManager,
  type FormatOptions,
} from "./manager/format-manager.js";
export type { BuiltinFormats } from "./manager/format-types.js";
export type {
  BudgetReport,
  FormattedContext,
  ReportItem,
  ReportSection,
  SkippedItem,
} from "./manager/formatted-context.js";
export type { CommonOptions } from "./manager/options.js";
export {
  MEMORY_CATEGORIES,
  type Memory,
  type MemoryCategory,
  type MemoryInput,
  MemorySchema,
  type MemorySet,
  type MemorySetInput,
  MemorySetSchema,
} from "./model/memory.js";
export {
  type ProjectContext,
  type ProjectContextInput,
  ProjectContextSchema,
  ProjectListSchema,
  type ProjectStatus,
  type Todo,
  type TodoInput,
} from "./model/project.js";
export {
  PROJECT_CONTEXT_DDL,
  type ProjectContextRow,
  projectToRow,
  rowToProject,
} from "./model/project-row.js";
export {
  type Authority,
  type MemoryRule,
  type MemoryRuleInput,
  MemoryRuleSchema,
  type RuleSet,
  type RuleSetInput,
  RuleSetSchema,
} from "./model/rule.js";
export {
  type DivergenceAlert,
  type DivergenceAlertInput,
  DivergenceAlertSchema,
  type InjectionCandidate,
  type InjectionCandidateInput,
  InjectionCandidateSchema,
  type InjectionCategory,
  type SessionCandidates,
  type SessionCandidatesInput,
  SessionCandidatesSchema,
  type SessionContext,
  type SessionContextInput,
  SessionContextSchema,
} from "./model/session.js";
export {
  type UserFact,
  type UserFactInput,
  type UserFacts,
  type UserFactsInput,
  UserFactsSchema,
} from "./model/user.js";

export {
  ContextFmtError,
  FormatValidationError,
  hasErrors,
  InvalidInputError,
  UnknownAdapterError,
} from "./problems/errors.js";
export type { Issue, IssueCode, IssueSeverity } from "./problems/issue.js";
export {
  type ActiveProject,
  type ActiveProjectReason,
  type DetectActiveProjectOptions,
  detectActiveProject,
} from "./project/detect.js";
export { deduplicateContext } from "./project/overlap.js";
export {
  type SessionMessage,
  type SummarizeSessionOptions,
  summarizeSession,
} from "./project/session-summary.js";
export { detectCompletions, extractTodos } from "./project/todos.js";
export {
  type ProjectChange,
  type ProjectChangeKind,
  type ProjectUpdate,
  type UpdateProjectContextOptions,
  updateProjectContext,
} from "./project/update.js";
export type { TokenCounter } from "./tokens/counter.js";
export {
  createHeuristicCounter,
  defaultCounter,
  estimateTokens,
  type HeuristicCounterOptions,
} from "./tokens/heuristic.js";
export { charRatioCounter, wordPunctuationCounter } from "./tokens/seed-counters.js";
