/** Memory injection and the session context (docs/formats.md), as a runnable script. */
import { formatBriefContext, formatFullContext, injectMemories } from "contextfmt";

const { messages, metadata } = injectMemories([{ role: "user", content: "Set up the project" }], {
  directive: "Follow procedural memories.",
  memories: [
    {
      id: "m1",
      content: "Always run `uv sync` before the tests",
      category: "procedural",
      confidence: 0.9,
      score: 0.87,
    },
    { id: "m2", content: "The user's name is Ada & she owns <billing>", score: 0.81 },
  ],
  nonce: "3f9c2e7a1b5d4c60", // in real use: createSessionNonce(), once per session
  contextWindow: 200_000,
});
console.log(messages[0]?.content);
console.log(metadata.memoryIds.join(", "));

const candidates = [
  {
    id: "c1",
    content: "Implemented HDBSCAN clustering",
    relevance: 0.9,
    category: "high_relevance_cluster" as const,
    createdAt: "2025-10-04T18:00:00Z",
  },
  {
    id: "c2",
    content: "Rust async patterns",
    relevance: 0.6,
    category: "single_space_match" as const,
    createdAt: "2025-10-01T20:00:00Z",
  },
  {
    id: "c3",
    content: "Added the divergence detector; threshold tuning left for later.",
    relevance: 0.5,
    category: "recent_session" as const,
    createdAt: "2025-10-03T20:00:00Z",
  },
];
const alerts = [{ space: "semantic", recentContext: "Refactoring the parser", similarity: 0.12 }];
console.log(formatFullContext(candidates, alerts, { now: "2025-10-04T20:00:00Z" }));
console.log(formatBriefContext(candidates));
