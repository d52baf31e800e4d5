// The sample stdin lives beside the hooks it feeds: `contextfmt init` previews a session with it.
export { makeHookInput } from "../hooks/sample-input.js";
