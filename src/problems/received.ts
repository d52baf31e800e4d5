/** How a value reads in an error message: `"abc"`, `null`, `an object`, `NaN`. */
export function describeReceived(input: unknown): string {
  if (input === undefined) return "nothing";
  if (input === null) return "null";
  if (Array.isArray(input)) return "an array";
  if (input instanceof Date) return Number.isNaN(input.getTime()) ? "an invalid Date" : "a Date";
  if (typeof input === "string") {
    return JSON.stringify(input.length > 40 ? `${input.slice(0, 40)}…` : input);
  }
  if (typeof input === "number" || typeof input === "boolean") return String(input);
  if (typeof input === "bigint") return `${input}n`;
  return typeof input === "object" ? "an object" : typeof input;
}
