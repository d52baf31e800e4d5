import type { Issue } from "../problems/issue.js";
import { hasUnsendable, hasXmlIllegal } from "./escape.js";

const MESSAGES = {
  text: "NUL or lone surrogate characters replaced with U+FFFD",
  xml: "characters XML cannot carry (NUL, control characters, lone surrogates) replaced with U+FFFD",
} as const;

/**
 * Reports a `text_sanitized` warning at `path` when `text` holds characters its format replaces
 * with U+FFFD: NUL and lone surrogates (`text`), or everything XML 1.0 cannot carry (`xml`).
 */
export function reportSanitized(
  report: (issue: Issue) => void,
  path: string,
  text: string | undefined,
  kind: keyof typeof MESSAGES = "text",
): void {
  if (text === undefined) return;
  if (!(kind === "xml" ? hasXmlIllegal(text) : hasUnsendable(text))) return;
  report({ code: "text_sanitized", severity: "warning", path, message: MESSAGES[kind] });
}
