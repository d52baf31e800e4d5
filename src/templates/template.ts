import { escapeLineStart, visibleStart } from "../formats/escape.js";
import { badArgument, optionsArgument, stringArgument } from "../problems/arguments.js";
import { InvalidInputError } from "../problems/errors.js";

/**
 * A template for rule formats (the original design's template system): header, one block per
 * rule, footer, each with `{variable}` placeholders. `{{` and `}}` stand for literal braces.
 */
export interface ContextTemplate {
  /** Template name; the default adapter id of {@link defineTemplateAdapter}. */
  readonly name: string;
  /** Tool the text is for (`claude`, `codex`, `gemini`, …). */
  readonly toolName: string;
  /** Kind of text produced; default `markdown` for claude, `system_instruction` for gemini, else `plain`. */
  readonly formatType?: "markdown" | "plain" | "system_instruction";
  /** Set to make the template apply only to this project (see `selectTemplate`). */
  readonly projectId?: string;
  readonly headerTemplate: string;
  /** Rendered once per included rule; a line break is added if it does not end with one. */
  readonly ruleTemplate: string;
  readonly footerTemplate: string;
  /** Documentation of the variables the template uses: name → meaning. */
  readonly variables: Readonly<Record<string, string>>;
}

const PLACEHOLDER = /\{\{|\}\}|\{([^{}]*)\}/g;

/** The variable names a template string uses, in order of first use. */
export function templateVariables(template: string): string[] {
  stringArgument(template, "template");
  const names = new Set<string>();
  for (const match of template.matchAll(PLACEHOLDER)) {
    if (match[1] !== undefined) names.add(match[1]);
  }
  return [...names];
}

/**
 * Checks that a template string uses only `known` variables; throws `InvalidInputError` at `path`
 * naming the unknown ones and listing the known ones.
 */
export function assertKnownVariables(
  template: string,
  known: readonly string[],
  path: string,
): void {
  const unknown = templateVariables(template).filter((name) => !known.includes(name));
  if (unknown.length === 0) return;
  throw new InvalidInputError(
    unknown.map((name) => ({
      code: "invalid_input",
      severity: "error",
      path,
      message: `unknown variable {${name}}; known variables: ${known.map((k) => `{${k}}`).join(", ")}`,
    })),
  );
}

/** `variables` when it maps names to strings. */
function checkVariables(
  variables: Readonly<Record<string, string>>,
): Readonly<Record<string, string>> {
  // No variables (undefined) is an empty set, not a TypeError from Object.keys further on.
  const checked = optionsArgument(variables, "variables");
  for (const [name, value] of Object.entries(checked)) {
    if (typeof value !== "string") badArgument(`variables.${name}`, "a string", value);
  }
  return checked;
}

/**
 * Substitutes `{variable}` placeholders. An unknown variable throws `InvalidInputError` naming it
 * and the known ones; `{{` and `}}` give literal braces.
 *
 * @example
 * ```ts
 * renderTemplate("# {project_name} Memory Rules\n", { project_name: "Atlas" }); // "# Atlas Memory Rules\n"
 * ```
 */
export function renderTemplate(
  template: string,
  variables: Readonly<Record<string, string>>,
  path = "template",
): string {
  stringArgument(path, "path");
  stringArgument(template, path);
  const checked = checkVariables(variables);
  assertKnownVariables(template, Object.keys(checked), path);
  return template.replace(PLACEHOLDER, (whole, name: string | undefined) => {
    if (name === undefined) return whole[0] ?? "";
    return checked[name] ?? "";
  });
}

/** A line break in any form Unicode knows, and the text up to the next one. */
const LINE_BREAK = /[\n\r\v\f\u0085\u2028\u2029]/;
const REST_OF_LINE = /[^\n\r\v\f\u0085\u2028\u2029]*/y;

/** Whether nothing a reader sees follows the last line break of `text` (or all of it, if none). */
function endsAtLineStart(text: string, before: boolean): boolean {
  let last = -1;
  for (let index = text.length - 1; index >= 0; index -= 1) {
    if (LINE_BREAK.test(text.charAt(index))) {
      last = index;
      break;
    }
  }
  const tail = last < 0 ? text : text.slice(last + 1);
  return (last >= 0 || before) && visibleStart(tail) === tail.length;
}

/**
 * {@link renderTemplate} for a format: a value of one of the `fields` (text from the input) that
 * starts a line, and with what follows it on the line reads as structure (`{rule_text}` at a line
 * start holding `[2] …` or `=== … ===`), gets a leading backslash (`escapeLineStart`), so the text
 * cannot forge a line of the template's own. A template's start counts as a line start.
 */
export function fillTemplate(
  template: string,
  variables: Readonly<Record<string, string>>,
  fields: ReadonlySet<string>,
  path = "template",
): string {
  assertKnownVariables(template, Object.keys(variables), path);
  let out = "";
  let atLineStart = true;
  let last = 0;
  // Where a field's value starts a line of `out`.
  const lineStarts: number[] = [];
  for (const match of template.matchAll(PLACEHOLDER)) {
    const literal = template.slice(last, match.index);
    out += literal;
    atLineStart = endsAtLineStart(literal, atLineStart);
    last = match.index + match[0].length;
    const name = match[1];
    const value = name === undefined ? (match[0][0] ?? "") : (variables[name] ?? "");
    if (value === "") continue;
    if (atLineStart && name !== undefined && fields.has(name)) lineStarts.push(out.length);
    out += value;
    atLineStart = endsAtLineStart(value, atLineStart);
  }
  out += template.slice(last);
  if (lineStarts.length === 0) return out;
  let escaped = "";
  let cursor = 0;
  for (const at of lineStarts) {
    if (at < cursor) continue;
    REST_OF_LINE.lastIndex = at;
    REST_OF_LINE.test(out);
    escaped += out.slice(cursor, at) + escapeLineStart(out.slice(at, REST_OF_LINE.lastIndex));
    cursor = REST_OF_LINE.lastIndex;
  }
  return escaped + out.slice(cursor);
}
