import type * as z from "zod/mini";
import * as d from "../../model/declare.js";
import { parseWith } from "../../model/parse.js";
import { ProjectListSchema } from "../../model/project.js";
import { defineAdapter } from "../adapter.js";
import {
  componentItems,
  componentText,
  inInputOrder,
  type PlacedComponent,
} from "../components.js";
import { CACHE_STABLE_LAYOUT, cacheStableOption } from "../stable.js";
import {
  checkStructure,
  defineStructure,
  GENERIC_RULES,
  lineRule,
  TAG_RULES,
} from "../structure.js";
import {
  componentsOf,
  noProjectText,
  type ProjectComponent,
  type ProjectMarkup,
} from "./components.js";

/** The default budget of PROJECT blocks: the middle of the original design's 150–200 tokens. */
export const DEFAULT_PROJECT_TOKENS = 175;

/**
 * Below this many tokens of room beyond the name and status (P0), nothing else is shown: the
 * original design's "not worth including".
 */
export const PROJECT_MIN_ROOM = 10;

/** Input of the `project` adapter: the projects, primary first (none gives the no-project block). */
export const ProjectBlocksInputSchema = d.object({ projects: ProjectListSchema });

/** Options of the `project` and `project-markdown` adapters. */
export const ProjectBlocksOptionsSchema = d.object({
  /** Tokens of room beyond P0 below which nothing else is shown; default 10. */
  minRoom: d.optional(d.int(d.gte(0, { error: "expected an integer >= 0" }))),
  ...cacheStableOption,
});

/** The most blocks and TODO lines the projects of `input` give, for the structure oracle. */
function projectLines(input: unknown, xml: boolean): { blocks: number; todos: number } {
  const { projects } = parseWith(ProjectBlocksInputSchema, input);
  let todos = 0;
  for (const project of projects) todos += Math.min(project.activeTodos.length, 3);
  // No project is one block in XML ("No active project detected") and a plain line in markdown.
  return { blocks: Math.max(projects.length, xml ? 1 : 0), todos };
}

/** The lines of the `<PROJECT>` blocks (and the combined context's USER block before them). */
export const projectStructure = defineStructure({
  id: "project",
  own: [
    lineRule("block", "block", /^<PROJECT[ >]/, "<", { label: "PROJECT opening tags" }),
    lineRule("block-end", "block", /^<\/PROJECT>$/, "<", { label: "PROJECT closing tags" }),
    lineRule("user", "block", /^<USER /, "<"),
    lineRule("user-end", "block", /^<\/USER>$/, "<"),
    lineRule("todo", "entry", /^- \[(?:HIGH|MED|LOW)\] /, "-"),
    lineRule("list-entry", "entry", /^- /, "-"),
  ],
  foreign: TAG_RULES,
  allowed(input) {
    const { blocks, todos } = projectLines(input, true);
    return { block: blocks, "block-end": blocks, user: 0, "user-end": 0, todo: todos };
  },
});

/** The lines of the projects in markdown (and the combined context's USER heading before them). */
export const projectMarkdownStructure = defineStructure({
  id: "project-markdown",
  own: [
    lineRule("block", "heading", /^### Project: /, "#", { label: "project headings" }),
    lineRule("user", "heading", /^### User: /, "#"),
    lineRule("todo", "entry", /^- \[(?:HIGH|MED|LOW)\] /, "-"),
    lineRule("list-entry", "entry", /^- /, "-"),
  ],
  foreign: GENERIC_RULES,
  allowed(input) {
    const { blocks, todos } = projectLines(input, false);
    return { block: blocks, user: 0, todo: todos };
  },
});

/** The adapter of one markup: the same items, the markup's lines around them and checks. */
function projectBlocksAdapter(id: string, markup: ProjectMarkup) {
  const xml = markup === "xml";
  const structure = xml ? projectStructure : projectMarkdownStructure;
  return defineAdapter<
    z.output<typeof ProjectBlocksInputSchema>,
    z.output<typeof ProjectBlocksOptionsSchema>,
    PlacedComponent<ProjectComponent>
  >({
    id,
    formatType: markup,
    capabilities: {
      toolName: "any",
      formatType: markup,
      maxContextTokens: DEFAULT_PROJECT_TOKENS,
      supportsSections: true,
      supportsMarkdown: !xml,
      supportsPriorities: true,
      injectionMethod: "hook",
    },
    input: ProjectBlocksInputSchema,
    options: ProjectBlocksOptionsSchema,
    minRoom: (options) => options.minRoom ?? PROJECT_MIN_ROOM,
    items: (input, ctx) =>
      // The parts always stand in the same order; cache-stable, dates do not depend on the clock.
      componentItems(
        componentsOf(
          input.projects,
          ctx.options.cacheStable ? undefined : ctx.now,
          ctx.report,
          markup,
        ),
        (component) => `projects[${component.project}]`,
      ),
    renderItem: (placed, { form }) => componentText(placed, form),
    render({ input, included, item }, { options }) {
      const layout = options.cacheStable ? { layout: CACHE_STABLE_LAYOUT } : {};
      if (input.projects.length === 0) {
        // In markdown the placeholder is a plain line, not a block.
        return { content: noProjectText(markup), metadata: { blocks: xml ? 1 : 0, ...layout } };
      }
      const placed = inInputOrder(included);
      const content = placed.map((part, index) => item(part, index + 1)).join("");
      const blocks = placed.filter(
        ({ component }) => component.part === "name" || component.part === "block",
      );
      return {
        content,
        metadata: { blocks: blocks.length, projects: input.projects.length, ...layout },
      };
    },
    validate(content, ctx) {
      const blocks = typeof ctx.metadata.blocks === "number" ? ctx.metadata.blocks : 0;
      if (!xml) {
        checkStructure(structure, content, { block: blocks, user: 0 }, ctx);
        return;
      }
      if (content === "") return;
      checkStructure(structure, content, { block: blocks, "block-end": blocks, user: 0 }, ctx);
    },
  });
}

/**
 * `<PROJECT>` blocks through the `FormatManager`: each part of a project (name and status, last
 * session, TODOs, recent files, stack, blockers, notes) is an item, P0 required. When the budget
 * is short the parts give way lowest priority first, each shortened by its rule before any is
 * left out (first sentence, top TODO, basenames, first language; blockers and notes are left
 * out at their turn): the same text `formatProjectContext` gives for the same budget.
 *
 * @example
 * ```ts
 * new FormatManager().format("project", { projects: [project] }, { budget: 175 }).content;
 * ```
 */
export const projectAdapter = projectBlocksAdapter("project", "xml");

/**
 * The `project` adapter's items as markdown, for tools that escape `<` and `>` (Gemini CLI): a
 * `### Project: SAM Terminal (active)` heading per project (`(paused, secondary)` among several),
 * the same lines under it, a blank line between blocks, and the plain "No active project
 * detected" line for none. No field can open a heading or a list item of its own.
 *
 * @example
 * ```ts
 * new FormatManager().format("project-markdown", { projects: [project] }, { budget: 175 }).content;
 * // "### Project: SAM Terminal (active)\nLast session (Jan 23): …"
 * ```
 */
export const projectMarkdownAdapter = projectBlocksAdapter("project-markdown", "markdown");
