import { hasUnsendable } from "../formats/escape.js";
import type { Issue } from "../problems/issue.js";

/** Facts the common checks need about one format call. */
export interface CheckFacts {
  readonly content: string;
  readonly tokenCount: number;
  readonly budget: number;
  readonly itemsTotal: number;
}

/**
 * The checks every format gets after rendering (the original design's common validation): output
 * exists where items exist, the budget holds, and the text is valid UTF-16 with no NUL.
 * Format-specific structure is each adapter's own `validate`.
 */
export function commonChecks({ content, tokenCount, budget, itemsTotal }: CheckFacts): Issue[] {
  const issues: Issue[] = [];
  if (itemsTotal > 0 && content.trim() === "") {
    issues.push({
      code: "empty_output",
      severity: "error",
      message: `${itemsTotal} item(s) in the input but the content is empty`,
    });
  }
  if (tokenCount > budget) {
    issues.push({
      code: "budget_exceeded",
      severity: "error",
      message: `content is ${tokenCount} tokens; the budget is ${budget}`,
    });
  }
  if (hasUnsendable(content)) {
    issues.push({
      code: "invalid_encoding",
      severity: "error",
      message: "content holds a NUL character or a lone surrogate",
    });
  }
  return issues;
}
