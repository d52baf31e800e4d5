import type * as z from "zod/mini";
import { shrinkForms } from "../../budget/truncate.js";
import * as d from "../../model/declare.js";
import { ProjectListSchema } from "../../model/project.js";
import { defineAdapter } from "../adapter.js";
import { CACHE_STABLE_LAYOUT, cacheStableOption } from "../stable.js";
import { checkStructure } from "../structure.js";
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

/** A component with its place in the blocks and its forms, longest first. */
interface PlacedComponent {
  readonly component: ProjectComponent;
  readonly order: number;
  readonly forms: readonly string[];
}

/** The adapter of one markup: the same items, the markup's lines around them and checks. */
function projectBlocksAdapter(id: string, markup: ProjectMarkup) {
  const xml = markup === "xml";
  return defineAdapter<
    z.output<typeof ProjectBlocksInputSchema>,
    z.output<typeof ProjectBlocksOptionsSchema>,
    PlacedComponent
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
      componentsOf(
        input.projects,
        ctx.options.cacheStable ? undefined : ctx.now,
        ctx.report,
        markup,
      ).map((component, order) => {
        const required = component.priority === 0;
        const forms = required ? [component.text] : shrinkForms(component);
        return {
          id: component.id,
          path: `projects[${component.project}]`,
          value: { component, order, forms },
          required,
          // The pipeline puts higher numbers first; P1 is the most important after P0.
          priority: -component.priority,
          ...(component.time !== undefined ? { time: component.time } : {}),
          forms: forms.length,
          // A part with no shorter form (blockers, notes) gives way whole, at its turn.
          ...(!required && forms.length === 1 ? { omitFirst: true } : {}),
        };
      }),
    renderItem: ({ forms }, { form }) => forms[form] ?? (forms[0] as string),
    render({ input, included, item }, { options }) {
      const layout = options.cacheStable ? { layout: CACHE_STABLE_LAYOUT } : {};
      if (input.projects.length === 0) {
        // In markdown the placeholder is a plain line, not a block.
        return { content: noProjectText(markup), metadata: { blocks: xml ? 1 : 0, ...layout } };
      }
      const placed = [...included].sort((a, b) => a.order - b.order);
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
        checkStructure(id, content, { block: blocks, user: 0 }, ctx);
        return;
      }
      if (content === "") return;
      checkStructure(id, content, { block: blocks, "block-end": blocks, user: 0 }, ctx);
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
