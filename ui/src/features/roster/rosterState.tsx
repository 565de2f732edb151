//! The Rosters area's state: the connection shown, the navigation's scope, the main pane's view
//! (classes, calendar, data checks) and the record open in the detail pane, with back and
//! forward through the records opened. Components read it and call its actions.

import { createContext, useContext, useMemo, useReducer, type ReactNode } from "react";

import type { RosterScope } from "../../bindings/RosterScope";

/** A record the detail pane shows. */
export interface RosterLocation {
  kind: "class" | "user" | "record";
  id: string;
  /** The collection (`orgs`, `enrollments`, ...) of a plain record. */
  collection?: string;
}

export type RosterView = "classes" | "calendar" | "checks";

export interface RosterState {
  connection: string | null;
  scope: RosterScope;
  view: RosterView;
  history: RosterLocation[];
  /** The position in `history` of the record shown (-1: none). */
  at: number;
}

type Action =
  | { type: "connection"; connection: string }
  | { type: "scope"; scope: RosterScope }
  | { type: "view"; view: RosterView }
  | { type: "open"; location: RosterLocation }
  | { type: "back" }
  | { type: "forward" }
  | { type: "close" };

export const EMPTY_SCOPE: RosterScope = { org: null, term: null, course: null };

export const initialState: RosterState = { connection: null, scope: EMPTY_SCOPE, view: "classes", history: [], at: -1 };

/** A link's collection as a location: classes and users have their own pages. */
export function locationOf(collection: string, id: string): RosterLocation {
  if (collection === "classes") return { kind: "class", id };
  if (collection === "users" || collection === "demographics") return { kind: "user", id };
  return { kind: "record", id, collection };
}

export function reduce(state: RosterState, action: Action): RosterState {
  switch (action.type) {
    case "connection":
      return action.connection === state.connection ? state : { ...initialState, connection: action.connection };
    case "scope":
      return { ...state, scope: action.scope };
    case "view":
      return { ...state, view: action.view };
    case "open": {
      const current = state.history[state.at];
      if (current && current.kind === action.location.kind && current.id === action.location.id) return state;
      const history = [...state.history.slice(0, state.at + 1), action.location].slice(-100);
      return { ...state, history, at: history.length - 1 };
    }
    case "back":
      return state.at > 0 ? { ...state, at: state.at - 1 } : state;
    case "forward":
      return state.at < state.history.length - 1 ? { ...state, at: state.at + 1 } : state;
    case "close":
      return { ...state, history: [], at: -1 };
  }
}

export interface RosterActions {
  state: RosterState;
  location: RosterLocation | null;
  setConnection(connection: string): void;
  setScope(scope: RosterScope): void;
  setView(view: RosterView): void;
  open(location: RosterLocation): void;
  back(): void;
  forward(): void;
  close(): void;
}

const Context = createContext<RosterActions | null>(null);

/** Holds the Rosters area's state for what is below. */
export function RosterProvider({ children, initial = initialState }: { children: ReactNode; initial?: RosterState }) {
  const [state, dispatch] = useReducer(reduce, initial);
  const value = useMemo<RosterActions>(
    () => ({
      state,
      location: state.history[state.at] ?? null,
      setConnection: (connection) => dispatch({ type: "connection", connection }),
      setScope: (scope) => dispatch({ type: "scope", scope }),
      setView: (view) => dispatch({ type: "view", view }),
      open: (location) => dispatch({ type: "open", location }),
      back: () => dispatch({ type: "back" }),
      forward: () => dispatch({ type: "forward" }),
      close: () => dispatch({ type: "close" }),
    }),
    [state],
  );
  return <Context.Provider value={value}>{children}</Context.Provider>;
}

/** The Rosters area's state and actions. */
export function useRoster(): RosterActions {
  const value = useContext(Context);
  if (!value) throw new Error("useRoster outside RosterProvider");
  return value;
}
