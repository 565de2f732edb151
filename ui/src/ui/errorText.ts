//! What each error code means for the person at the window, and what they can do.

import type { AppError } from "../bindings/AppError";

/** A heading and an advice for `error`. */
export function explain(error: AppError): { heading: string; advice: string } {
  switch (error.code) {
    case "not_found":
      return { heading: "Not in the cache", advice: "It may have been removed by the last sync. Pick another framework or item, or sync again." };
    case "offline":
      return { heading: "The server cannot be reached", advice: "Check the network or the server's address, then try again. What is cached stays available." };
    case "server":
      return { heading: "The server refused", advice: "The server's own answer is below. Check the connection's credentials and scopes, or ask the server's operator." };
    case "store":
      return { heading: "The cache failed", advice: "Try again. If it keeps failing, the cache file may be damaged: a full sync rebuilds it." };
    case "cancelled":
      return { heading: "Cancelled", advice: "Nothing was lost. Start it again when you are ready." };
    case "sync":
      return { heading: "The sync did not complete", advice: "What was cached before is kept. Try again; the details below say which collections failed." };
    case "keyring":
      return { heading: "The OS keyring cannot be used", advice: "Cairn keeps client secrets only in the OS keyring; nothing was saved. Install and start a Secret Service (GNOME Keyring: sudo apt install gnome-keyring, or KWallet), then try again." };
    case "invalid":
      return { heading: "Something in the request is not valid", advice: "Check what you entered and try again." };
    default:
      return { heading: "Something went wrong in Cairn", advice: "Try again. If it happens again, please report it with the details below." };
  }
}
