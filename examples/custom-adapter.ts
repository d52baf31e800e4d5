/** A format of your own ("Writing an adapter", docs/adapters.md), as a runnable script (exercised by the tests). */
import { FormatManager } from "contextfmt";
import { defineAdapter } from "contextfmt/adapters";
import { z } from "zod";

const bullets = defineAdapter({
  id: "bullets",
  formatType: "plain",
  capabilities: {
    toolName: "any",
    formatType: "plain",
    maxContextTokens: 8000,
    supportsSections: false,
    supportsMarkdown: false,
    supportsPriorities: true,
    injectionMethod: "api",
  },
  input: z.object({ notes: z.array(z.string()) }),
  options: z.object({}),
  items: (input) =>
    input.notes.map((note, i) => ({
      id: `n${i}`,
      path: `notes[${i}]`,
      value: note,
      required: false,
      priority: 0,
    })),
  renderItem: (note) => `- ${note}\n`,
  render: ({ included, item }) => ({
    content: included.map((note, i) => item(note, i + 1)).join(""),
  }),
  validate: () => {},
});

const result = new FormatManager()
  .register(bullets)
  .format("bullets", { notes: ["a", "b"] }, { budget: 50 });
console.log(result.content);
