import { formatTimeAgo } from "contextfmt";
import { describe, expect, it } from "vitest";

const now = new Date("2025-10-04T20:00:00Z");
const hoursAgo = (hours: number) => new Date(now.getTime() - hours * 3_600_000);

describe("formatTimeAgo", () => {
  it.each([
    [0, "just now"],
    [1 / 60, "1 minute ago"],
    [59 / 60, "59 minutes ago"],
    [1, "1 hour ago"],
    [23.9, "23 hours ago"],
    [24, "Yesterday"],
    [47, "Yesterday"],
    [48, "2 days ago"],
    [24 * 7, "1 week ago"],
    [24 * 27, "3 weeks ago"],
    [24 * 28, "28 days ago"],
    [24 * 400, "400 days ago"],
    [-5, "just now"],
  ])("%s hours before now: %s", (hours, text) => {
    expect(formatTimeAgo(hoursAgo(hours), now)).toBe(text);
  });

  it("rejects an invalid Date", () => {
    expect(() => formatTimeAgo(new Date(Number.NaN), now)).toThrow(/date: expected a valid Date/);
  });
});
