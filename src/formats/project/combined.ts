import type * as z from "zod/mini";
import * as d from "../../model/declare.js";
import { NoOptionsSchema } from "../../model/no-options.js";
import { defineAdapter } from "../adapter.js";
import {
  escapeMarkdownLineStart,
  escapeTags,
  escapeXmlAttribute,
  escapeXmlText,
  inlineField,
  inlineText,
} from "../escape.js";
import { checkStructure } from "../structure.js";
import { projectMarkdownStructure, projectStructure } from "./adapter.js";
import { type ProjectMarkup, reportForbiddenCharacters } from "./components.js";

/** The USER block's input: facts already chosen and folded, and the project text that follows. */
export const UserBlockInputSchema = d.object({
  userId: d.string(),
  facts: d.array(d.object({ path: d.string(), text: d.string(), confidence: d.number() })),
  /** The PROJECT block(s), placed after the USER block and a blank line. */
  projects: d.string(),
});

/** Parsed input of the USER block. */
export type UserBlockInput = z.output<typeof UserBlockInputSchema>;
type UserBlockFact = UserBlockInput["facts"][number];

/** The lines around the USER facts and how a fact becomes a `- ` entry, by markup. */
function userFrame(markup: ProjectMarkup) {
  if (markup === "markdown") {
    return {
      opening: (userId: string) => `### User: ${inlineField(userId)}\n`,
      closing: "",
      // A fact could otherwise open a block inside its entry ("- ### x").
      entry: (text: string) => escapeMarkdownLineStart(escapeTags(text)),
    };
  }
  return {
    opening: (userId: string) => `<USER id="${escapeXmlAttribute(inlineText(userId))}">\n`,
    closing: "</USER>\n",
    entry: escapeXmlText,
  };
}

/**
 * The combined context's USER block, one fact per item (the most confident first), followed by a
 * blank line and the PROJECT text it was given: the format `buildCombinedContext` runs, so the
 * USER block is fitted against the whole text it ends up in. Not registered by default.
 */
export function userBlockAdapter(markup: ProjectMarkup) {
  const frame = userFrame(markup);
  return defineAdapter<UserBlockInput, Record<string, never>, UserBlockFact>({
    id: markup === "markdown" ? "user-markdown" : "user",
    formatType: markup,
    capabilities: {
      toolName: "any",
      formatType: markup,
      maxContextTokens: 300,
      supportsSections: true,
      supportsMarkdown: markup === "markdown",
      supportsPriorities: true,
      injectionMethod: "hook",
    },
    input: UserBlockInputSchema,
    options: NoOptionsSchema,
    items(input, { report }) {
      reportForbiddenCharacters(
        [
          ["user.userId", input.userId],
          ...input.facts.map((fact): [string, string] => [`${fact.path}.text`, fact.text]),
        ],
        report,
        markup,
      );
      return input.facts.map((fact) => ({
        id: fact.path,
        path: fact.path,
        value: fact,
        required: false,
        priority: fact.confidence,
      }));
    },
    renderItem: (fact) => `- ${frame.entry(fact.text)}\n`,
    render({ input, included, item }) {
      const entries = included.map((fact) => item(fact, 0)).join("");
      const block = frame.opening(input.userId) + entries + frame.closing;
      return { content: `${block}\n${input.projects}`, metadata: { facts: included.length } };
    },
    validate(content, ctx) {
      // The USER block is read with the PROJECT blocks after it, by the project formats' rules.
      if (markup === "markdown")
        checkStructure(projectMarkdownStructure, content, { user: 1 }, ctx);
      else checkStructure(projectStructure, content, { user: 1, "user-end": 1 }, ctx);
    },
  });
}
