/**
 * The forged lines of a built-in format's output for a given input: the structure oracle
 * (formats/structure.ts) read with each format's own rules and the most lines of each its input
 * allows. Kept apart from the validators, which need only their own format's rules.
 */
import { arrayArgument, optionsArgument, stringArgument } from "../problems/arguments.js";
import { xmlMemoryStructure } from "./memories/xml-memory.js";
import { projectMarkdownStructure, projectStructure } from "./project/adapter.js";
import { claudeStructure } from "./rules/claude.js";
import { codexStructure } from "./rules/codex.js";
import { geminiStructure } from "./rules/gemini.js";
import { sessionBriefStructure } from "./session/session-brief.js";
import { sessionFullStructure } from "./session/session-full.js";
import {
  defineStructure,
  type ForgedLine,
  type FormatStructure,
  GENERIC_RULES,
  readStructure,
} from "./structure.js";

/** The structure of every built-in format, each declared beside its adapter. */
export const BUILTIN_STRUCTURES: readonly FormatStructure[] = [
  claudeStructure,
  codexStructure,
  geminiStructure,
  xmlMemoryStructure,
  projectStructure,
  projectMarkdownStructure,
  sessionFullStructure,
  sessionBriefStructure,
];

/**
 * The structure of the built-in format `formatId`; for any other id, a format with no rules of its
 * own that writes no generic structure.
 */
export function structureOf(formatId: string): FormatStructure {
  return (
    BUILTIN_STRUCTURES.find((structure) => structure.id === formatId) ??
    defineStructure({ id: formatId, own: [], foreign: GENERIC_RULES, allowed: () => ({}) })
  );
}

/**
 * The lines of `content`, the output of the built-in format `formatId` for `input`, that read as
 * structure the format did not write for that input: see `readStructure`. `context` names
 * the other formats the content is placed with (a hook's joined context), whose structure no line
 * may read as either. One limit: a forged line identical to one the format writes for an item the
 * budget left out is not told apart from it. `options.cacheStable` reads the content as the
 * format's cache-stable layout (`metadata.layout === "cache-stable"`), which writes none of the
 * default layout's sections and headings.
 *
 * @example
 * ```ts
 * findForgedStructure("codex", content, { rules }, ["project", "session-full"]); // [] when nothing is forged
 * ```
 */
export function findForgedStructure(
  formatId: string,
  content: string,
  input: unknown,
  context: readonly string[] = [],
  options: { readonly cacheStable?: boolean } = {},
): ForgedLine[] {
  stringArgument(formatId, "formatId");
  stringArgument(content, "content");
  arrayArgument(context, "context");
  for (let index = 0; index < context.length; index += 1) {
    stringArgument(context[index], `context[${index}]`);
  }
  const { cacheStable = false } = optionsArgument(options);
  const structure = structureOf(formatId);
  const allowed = structure.allowed(input, { cacheStable: cacheStable === true });
  const others = context.flatMap((id) => BUILTIN_STRUCTURES.filter((known) => known.id === id));
  return [...readStructure(structure, content, { allowed, context: others }).forged];
}
