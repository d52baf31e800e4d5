/**
 * The forged lines of a built-in format's output for a given input: the structure oracle
 * (formats/structure.ts) with the most lines of each rule the input allows. Kept apart from the
 * rules, which every validator loads, because it parses the inputs of every format.
 */
import { MemorySetSchema } from "../model/memory.js";
import { parseWith } from "../model/parse.js";
import { RuleSetSchema } from "../model/rule.js";
import { SessionContextSchema } from "../model/session.js";
import { arrayArgument, optionsArgument, stringArgument } from "../problems/arguments.js";
import { ProjectBlocksInputSchema } from "./project/adapter.js";
import { type ForgedLine, readStructure } from "./structure.js";

const count = (list: readonly unknown[], has: (item: never) => boolean) =>
  list.filter((item) => has(item as never)).length;

/** The most lines of each own rule a format writes for `input` (whatever the budget keeps). */
function allowances(
  formatId: string,
  input: unknown,
  cacheStable: boolean,
): Record<string, number> {
  switch (formatId) {
    case "claude":
    case "codex":
    case "gemini": {
      const { rules } = parseWith(RuleSetSchema, input);
      const fields = rules.reduce(
        (sum, rule) =>
          sum +
          (rule.scope.length > 0 ? 1 : 0) +
          (rule.conditions?.condition ? 1 : 0) +
          (formatId === "claude" && rule.source ? 1 : 0),
        0,
      );
      const headings = {
        claude: {
          title: 1,
          "critical-section": 1,
          "default-section": 1,
          category: new Set(rules.map((rule) => `${rule.authority}/${rule.category}`)).size,
          footer: 1,
        },
        codex: { title: 1, generated: 1, section: 2, footer: 1 },
        gemini: { "mandatory-section": 1, "recommended-section": 1 },
      }[formatId];
      return { ...headings, entry: rules.length, field: fields };
    }
    case "xml-memory": {
      const { memories } = parseWith(MemorySetSchema, input);
      const blocks = new Set(memories.map((memory) => memory.category)).size;
      return {
        directive: 1,
        "directive-end": 1,
        block: blocks,
        "block-end": blocks,
        memory: memories.length,
      };
    }
    case "project":
    case "project-markdown": {
      const { projects } = parseWith(ProjectBlocksInputSchema, input);
      const blocks = Math.max(projects.length, formatId === "project" ? 1 : 0);
      const todos = projects.reduce(
        (sum, project) => sum + Math.min(project.activeTodos.length, 3),
        0,
      );
      return formatId === "project"
        ? { block: blocks, "block-end": blocks, user: 0, "user-end": 0, todo: todos }
        : { block: blocks, user: 0, todo: todos };
    }
    case "session-full": {
      const { candidates } = parseWith(SessionContextSchema, input);
      return {
        title: 1,
        section: 4,
        // The cache-stable layout lists the previous sessions among the entries too.
        entry: cacheStable
          ? candidates.length
          : count(
              candidates,
              (candidate: { category: string }) => candidate.category !== "recent_session",
            ),
      };
    }
    case "session-brief":
      return { related: 1 };
    default:
      return {};
  }
}

/**
 * The lines of `content`, the output of the built-in format `formatId` for `input`, that read as
 * structure the format did not write for that input: see {@link readStructure}. `context` names
 * the other formats the content is placed with (a hook's joined context), whose structure no line
 * may read as either. One limit: a forged line identical to one the format writes for an item the
 * budget left out is not told apart from it. `options.cacheStable` reads the content as the
 * format's cache-stable layout (`metadata.layout === "cache-stable"`).
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
  const allowed = allowances(formatId, input, cacheStable === true);
  return [...readStructure(formatId, content, { allowed, context }).forged];
}
