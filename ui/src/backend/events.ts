//! The backend's events, name → payload, derived from the Rust `AppEvent` (generated into
//! `bindings/`): listening for a name the backend never sends, or for another payload than
//! the one it sends, fails `tsc`.

import type { AppEvent } from "../bindings/AppEvent";

/** Each event's payload, by the event's name. */
export type EventPayloads = { [E in AppEvent as E["name"]]: E["payload"] };

/** The name of an event the backend sends. */
export type EventName = keyof EventPayloads;
