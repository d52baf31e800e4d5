/**
 * Amazon Q Developer (its IDE plugins and `q chat`): from its documentation only, since no
 * Amazon Q runs here.
 */
import { AGENTS_MD, type ClientSpec, one } from "./spec.js";

/** Amazon Q Developer. */
export const amazonq = {
  id: "amazonq",
  label: "Amazon Q Developer",
  checked: "documentation",
  documentation:
    "https://docs.aws.amazon.com/amazonq/latest/qdeveloper-ug/context-project-rules.html",
  // Its CLI's default agent reads AmazonQ.md, AGENTS.md and README.md at the root
  // (DEFAULT_AGENT_RESOURCES in github.com/aws/amazon-q-developer-cli): AGENTS.md, written once
  // for it and the others.
  instructionFile: AGENTS_MD,
  rulesFormat: "codex",
  nestedInstructions: false,
  loading: {
    instructions: {
      places: [
        one("AmazonQ.md"),
        one(AGENTS_MD),
        one("README.md"),
        // Every Markdown file below .amazonq/rules, whole, at every start (its project-rules
        // page): no frontmatter decides.
        { dir: ".amazonq/rules", extension: ".md", nested: true },
      ],
      order: "start-only",
      below: "none",
      imports: false,
    },
  },
  items: {},
  // Workspace servers, `.mcp.json`'s shape
  // (https://docs.aws.amazon.com/amazonq/latest/qdeveloper-ug/mcp-ide.html).
  mcp: { format: "amazonq", path: ".amazonq/mcp.json", key: "mcpServers" },
  cannotHold: {
    command: "Amazon Q Developer keeps saved prompts in ~/.aws/amazonq/prompts, not in the project",
    agent:
      "Amazon Q Developer's agents are JSON files (.amazonq/cli-agents/*.json), which sync does not write",
    skill: "Amazon Q Developer has no skill folder",
  },
} as const satisfies ClientSpec;
