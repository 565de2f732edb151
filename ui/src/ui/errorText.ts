//! What each error code means for the person at the window, and what they can do. The switch
//! covers every `ErrorCode` the Rust side can send: a new code fails `tsc` until it has words here.

import type { AppError } from "../bindings/AppError";
import type { ErrorCode } from "../bindings/ErrorCode";

/** A heading and an advice for an error. */
export type ErrorText = { heading: string; advice: string };

/** The words for `code`. */
export function errorText(code: ErrorCode): ErrorText {
  switch (code) {
    case "not_found":
      return {
        heading: "Not in the cache",
        advice: "It may have been removed by the last sync. Pick another framework or item, or sync again.",
      };
    case "offline":
      return {
        heading: "The server cannot be reached",
        advice: "Check the network or the server's address, then try again. What is cached stays available.",
      };
    case "server":
      return {
        heading: "The server refused",
        advice:
          "The server's own answer is below. Check the connection's credentials and scopes, or ask the server's operator.",
      };
    case "forbidden":
      return {
        heading: "Not allowed for this connection",
        advice:
          "The connection's granted scopes do not include this. Ask the server's operator for the scope, or use a connection that has it.",
      };
    case "store":
      return {
        heading: "The cache failed",
        advice: "Try again. If it keeps failing, the cache file may be damaged: a full sync rebuilds it.",
      };
    case "cancelled":
      return { heading: "Cancelled", advice: "Nothing was lost. Start it again when you are ready." };
    case "invalid":
      return { heading: "Something in the request is not valid", advice: "Check what you entered and try again." };
    case "io":
      return {
        heading: "The file could not be written or read",
        advice:
          "The disk may be full, or the folder may not allow it. Free some space or choose another folder, then try again.",
      };
    case "keyring":
      return {
        heading: "The system keyring is unavailable",
        advice:
          "Cairn keeps client secrets only in the system keyring, and none answered, so nothing was saved. On Linux, install and start a keyring (GNOME Keyring: sudo apt install gnome-keyring, or KWallet) and log in again, then try again.",
      };
    case "sandbox":
      return {
        heading: "The built-in sandbox could not start",
        advice: "Your own connections still work. Restart Cairn to try again; the details below say what stopped it.",
      };
    case "sandbox_data":
      return {
        heading: "The built-in sandbox's data cannot be read",
        advice:
          "Its database is damaged, so the sandbox cannot start on it. Set the data aside to start on fresh demo data: the file is renamed beside it, not deleted. Or move the file named above yourself and try again.",
      };
    case "sync":
      return {
        heading: "The sync did not complete",
        advice: "What was cached before is kept. Try again; the details below say which collections failed.",
      };
    case "unsent":
      return {
        heading: "There are gradebook changes not sent yet",
        advice:
          "Going on would lose them. Send them from the gradebook's outbox first, or confirm that they may be discarded.",
      };
    case "internal":
      return {
        heading: "Something went wrong in Cairn",
        advice: "Try again. If it happens again, please report it with the details below.",
      };
    default:
      return unknownCode(code);
  }
}

/** Fails the type check when a code has no case above; at run time (an older or newer
 * backend) the words for a bug. */
function unknownCode(code: never): ErrorText {
  void code;
  return errorText("internal");
}

/** A heading and an advice for `error`. */
export function explain(error: AppError): ErrorText {
  return errorText(error.code);
}
