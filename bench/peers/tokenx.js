/**
 * tokenx, a popular token estimator without a vocabulary, for the per-language accuracy table
 * (bench/languages.ts). Lives in this package so that `tokenx` resolves from
 * bench/peers/node_modules (`npm run bench:setup`).
 */
export { estimateTokenCount } from "tokenx";
