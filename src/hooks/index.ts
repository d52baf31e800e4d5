/**
 * contextfmt/hooks: the stdin and stdout contracts of Claude Code, Gemini CLI and Codex CLI hooks,
 * as pure functions. Parse what a tool sends, build exactly the JSON it accepts, and keep the
 * context inside what the tool takes inline.
 */

export { utf8Length } from "../tokens/utf8.js";
export {
  answerHook,
  DEFAULT_HOOK_BUDGET,
  type HookAnswer,
  type HookFile,
  type HookRequest,
} from "./answer.js";
export {
  HOOK_SOURCE_FLAGS,
  type HookContext,
  type HookContextRequest,
  type HookFiles,
  type HookRenderOptions,
  type HookSourceFlag,
  hookContext,
} from "./context.js";
export {
  HOOK_EVENTS,
  HOOK_TOOLS,
  type HookEventName,
  type HookMoment,
  type HookTool,
  hookMoment,
  isHookTool,
  resolveHookEvent,
} from "./events.js";
export {
  type HookInput,
  type ParseHookInputOptions,
  parseHookInput,
  type TolerantHookInput,
} from "./input.js";
export {
  SESSION_START_CONTEXT,
  type SessionStartContext,
  sessionStartContext,
} from "./lifecycle.js";
export { DEFAULT_MIN_RELEVANCE, relevanceScores } from "./match.js";
export {
  HOOK_CONTEXT_LIMITS,
  type HookContextLimit,
  type HookLimitExcess,
  type HookOutput,
  type HookOutputFields,
  type HookOutputResult,
  hookContextLimit,
  hookOutput,
  overHookLimit,
} from "./output.js";
export { rankForPrompt, wordOverlap } from "./relevance.js";
