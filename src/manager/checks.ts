import { XMLValidator } from "fast-xml-parser";
import type { FormatType } from "../formats/adapter.js";
import { hasUnsendable } from "../formats/escape.js";
import type { Issue } from "../problems/issue.js";
import type { SizeLimit } from "./fit.js";
import { isPlainWellFormed } from "./plain-xml.js";

/** Facts the common checks need about one format call. */
export interface CheckFacts {
  readonly content: string;
  readonly formatType: FormatType;
  readonly tokenCount: number;
  readonly budget: number;
  /** Limits on the content's size beside the budget. */
  readonly sizes: readonly SizeLimit[];
  /** Items placed in the content; with none (nothing given, or nothing fit) it may be empty. */
  readonly itemsIncluded: number;
}

/**
 * The checks every format gets after rendering (the original design's common validation): output
 * exists where items were included, the budget holds, the text is valid UTF-16 with no NUL, and XML
 * formats are well-formed. Format-specific structure is each adapter's own `validate`.
 */
export function commonChecks({
  content,
  formatType,
  tokenCount,
  budget,
  sizes,
  itemsIncluded,
}: CheckFacts): Issue[] {
  const issues: Issue[] = [];
  if (itemsIncluded > 0 && content.trim() === "") {
    issues.push({
      code: "empty_output",
      severity: "error",
      message: `${itemsIncluded} item(s) included but the content is empty`,
    });
  }
  if (tokenCount > budget) {
    issues.push({
      code: "budget_exceeded",
      severity: "error",
      message: `content is ${tokenCount} tokens; the budget is ${budget}`,
    });
  }
  for (const size of sizes) {
    const used = size.of(content);
    if (used <= size.limit) continue;
    issues.push({
      code: "budget_exceeded",
      severity: "error",
      message: `content is ${used} ${size.unit}; the limit is ${size.limit}`,
    });
  }
  if (hasUnsendable(content)) {
    issues.push({
      code: "invalid_encoding",
      severity: "error",
      message: "content holds a NUL character or a lone surrogate",
    });
  }
  if (formatType === "xml") {
    const xml = xmlProblem(content);
    if (xml) issues.push(xml);
  }
  return issues;
}

/**
 * The first well-formedness error of XML content, or `undefined`. Several top-level elements are
 * allowed (a directive followed by memory blocks, a USER block followed by PROJECT blocks): the
 * content is checked inside a root element of its own, on a line of its own so that the positions
 * the validator reports are one line off and nothing else. The plain XML the formats write is
 * taken without the validator ({@link isPlainWellFormed}).
 */
export function xmlProblem(content: string): Issue | undefined {
  if (content.trim() === "" || isPlainWellFormed(content)) return undefined;
  const verdict = XMLValidator.validate(`<root>\n${content}</root>`);
  if (verdict === true) return undefined;
  const line = (n: number) => Math.max(1, n - 1);
  const msg = verdict.err.msg.replace(/\bline (\d+)/g, (_, n: string) => `line ${line(Number(n))}`);
  return {
    code: "invalid_xml",
    severity: "error",
    message: `content is not well-formed XML at line ${line(verdict.err.line)}, column ${verdict.err.col}: ${msg}`,
  };
}
