import { badArgument } from "../problems/arguments.js";

const MINUTE = 60_000;

function plural(count: number, unit: string): string {
  return `${count} ${unit}${count === 1 ? "" : "s"} ago`;
}

/**
 * How long before `now` `date` was, in words: `just now`, `N minutes ago`, `N hours ago`,
 * `Yesterday`, `N days ago`, `N weeks ago`, and `N days ago` again from four weeks on. Units are
 * whole (rounded down); a `date` after `now` reads `just now`.
 *
 * @example
 * ```ts
 * formatTimeAgo(new Date("2025-10-04T17:00:00Z"), new Date("2025-10-04T20:00:00Z")); // "3 hours ago"
 * ```
 */
export function formatTimeAgo(date: Date, now: Date): string {
  for (const [path, value] of [
    ["date", date],
    ["now", now],
  ] as const) {
    if (!(value instanceof Date) || Number.isNaN(value.getTime())) {
      badArgument(path, "a valid Date", value);
    }
  }
  const minutes = Math.floor(Math.max(0, now.getTime() - date.getTime()) / MINUTE);
  if (minutes < 1) return "just now";
  if (minutes < 60) return plural(minutes, "minute");
  const hours = Math.floor(minutes / 60);
  if (hours < 24) return plural(hours, "hour");
  const days = Math.floor(hours / 24);
  if (days === 1) return "Yesterday";
  if (days < 7) return plural(days, "day");
  const weeks = Math.floor(days / 7);
  return weeks < 4 ? plural(weeks, "week") : plural(days, "day");
}
