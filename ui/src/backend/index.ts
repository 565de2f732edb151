//! The UI's door to the app's Rust side.

export type { Backend } from "./Backend";
export { BackendProvider, useBackend } from "./context";
export { isAppError, toAppError } from "./errors";
export { isExternalUrl } from "./links";
