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
  assertKnownVariables(template, Object.keys(variables), path);
  return template.replace(PLACEHOLDER, (whole, name: string | undefined) => {
    if (name === undefined) return whole[0] ?? "";
    return variables[name] ?? "";
  });
}
