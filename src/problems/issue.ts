/**
 * Problems are values: every check, skip and lossy step is reported as an {@link Issue} attached to
 * the result, never as a log line.
 */

/** How bad an issue is. `error` issues make `strict: true` throw. */
export type IssueSeverity = "error" | "warning" | "info";

/**
 * Issue codes this library reports. Adapters may report their own codes as plain strings.
 *
 * - `invalid_input`: input did not match the schema (inside thrown errors; a warning where a
 *   tolerant hook parse went on without a field it does not need).
 * - `budget_exceeded`: the content is over the token budget (only when required items alone are).
 * - `item_skipped`: items were left out; `FormattedContext.skipped` lists them.
 * - `item_shortened`: items were shortened to fit; the report says which and to what form.
 * - `list_capped` (info): a format shows at most so many entries of a list (a PROJECT block's
 *   three TODOs); the rest are left out of it, whatever the budget.
 * - `not_matched` (info): a hook left out memories whose relevance to the prompt is below its
 *   `minRelevance`, before the budget saw them.
 * - `duplicate_removed`: a combined context left out what the other block already says.
 * - `empty_output`: items were included but the content is empty.
 * - `invalid_xml`, `invalid_structure`: the content does not have its format's shape.
 * - `invalid_encoding`: the content holds a lone surrogate or a NUL character.
 * - `text_sanitized`: characters that cannot be sent (NUL, lone surrogates) were replaced by U+FFFD.
 * - `lossy_conversion`, `unsupported_field`: a conversion could not carry a field over.
 * - `derived_field`, `ai_fallback` (info): agent config derived a required field, or did not use
 *   the AI converter's output.
 * - `over_hook_limit`: hook context is over what the receiving tool accepts inline.
 * - `continues_turn`: hook context at a stop event, which makes the agent take another turn.
 * - `cache_unstable`: with `cacheStable: true`, a template puts text that changes from call to
 *   call before its last rule.
 */
export type IssueCode =
  | "invalid_input"
  | "budget_exceeded"
  | "item_skipped"
  | "item_shortened"
  | "list_capped"
  | "not_matched"
  | "duplicate_removed"
  | "empty_output"
  | "invalid_xml"
  | "invalid_structure"
  | "invalid_encoding"
  | "text_sanitized"
  | "lossy_conversion"
  | "unsupported_field"
  | "over_hook_limit"
  | "continues_turn"
  | "cache_unstable"
  | (string & {});

/**
 * One problem found while formatting or validating.
 *
 * @example
 * ```ts
 * const issue: Issue = { code: "budget_exceeded", severity: "error", message: "612 tokens > budget 500" };
 * ```
 */
export interface Issue {
  readonly code: IssueCode;
  readonly severity: IssueSeverity;
  readonly message: string;
  /** Where in the input or output, e.g. `rules[3].rule`. */
  readonly path?: string;
}
