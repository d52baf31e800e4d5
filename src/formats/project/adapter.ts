import * as z from "zod/mini";
import { ProjectListSchema } from "../../model/project.js";
import { defineAdapter } from "../adapter.js";
import { checkStructure } from "../structure.js";
import { noProjectText, type ProjectComponent, type ProjectMarkup } from "./components.js";
import { componentsOf, DEFAULT_PROJECT_TOKENS } from "./format.js";

/** Input of the `project` adapter: the projects, primary first (none gives the no-project block). */
export const ProjectBlocksInputSchema = z.object({ projects: ProjectListSchema });

/** A component with its place in the blocks. */
interface PlacedComponent {
  readonly component: ProjectComponent;
  readonly order: number;
}

/** The adapter of one markup: the same items, the markup's lines around them and checks. */
function projectBlocksAdapter(id: string, markup: ProjectMarkup) {
  const xml = markup === "xml";
  return defineAdapter<
    z.output<typeof ProjectBlocksInputSchema>,
    Record<string, never>,
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
    options: z.object({}),
    items: (input, ctx) =>
      componentsOf(input.projects, ctx.now, ctx.report, markup).map((component, order) => ({
        id: component.id,
        path: `projects[${component.project}]`,
        value: { component, order },
        required: component.priority === 0,
        // The pipeline puts higher numbers first; P1 is the most important after P0.
        priority: -component.priority,
        ...(component.time !== undefined ? { time: component.time } : {}),
      })),
    renderItem: ({ component }) => component.text,
    render({ input, included, item }) {
      if (input.projects.length === 0) {
        // In markdown the placeholder is a plain line, not a block.
        return { content: noProjectText(markup), metadata: { blocks: xml ? 1 : 0 } };
      }
      const placed = [...included].sort((a, b) => a.order - b.order);
      const content = placed.map((part, index) => item(part, index + 1)).join("");
      const blocks = placed.filter(
        ({ component }) => component.part === "name" || component.part === "block",
      );
      return { content, metadata: { blocks: blocks.length, projects: input.projects.length } };
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
 * session, TODOs, recent files, stack, blockers, notes) is an item, P0 required; the pipeline
 * leaves out whole parts, lowest priority first, when the budget is short. Use
 * `formatProjectContext` to shrink parts (first sentence, top TODO, basenames…) before leaving
 * them out.
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
