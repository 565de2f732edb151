//! Keeps a failure inside one view: what threw is shown in its place, with a way to try again,
//! and the rest of the window goes on.

import { Component, type ReactNode } from "react";

import { toAppError } from "../backend";
import { ErrorView } from "./ErrorView";

interface State {
  error: unknown;
}

/** Shows `children`, or the error one of them threw. */
export class ErrorBoundary extends Component<{ children: ReactNode }, State> {
  state: State = { error: null };

  static getDerivedStateFromError(error: unknown): State {
    return { error };
  }

  render() {
    if (this.state.error === null) return this.props.children;
    return <ErrorView error={toAppError(this.state.error)} onRetry={() => this.setState({ error: null })} />;
  }
}
