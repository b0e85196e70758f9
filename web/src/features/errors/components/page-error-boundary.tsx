import { Component, type ErrorInfo, type ReactNode } from "react";
import { ErrorScreen } from "./error-screen";

type Props = {
  children: ReactNode;
  /** A new value (the app passes the path) clears a caught error, so navigating away recovers. */
  resetKey?: unknown;
};
type State = { error: unknown; hasError: boolean; resetKey?: unknown };

/**
 * Around the page in the layout: a page that throws shows the error screen
 * while the header and footer stay. The top-level ErrorBoundary catches
 * everything else.
 */
export class PageErrorBoundary extends Component<Props, State> {
  state: State = { error: null, hasError: false, resetKey: this.props.resetKey };

  static getDerivedStateFromError(error: unknown): Partial<State> {
    return { error, hasError: true };
  }

  static getDerivedStateFromProps(props: Props, state: State): Partial<State> | null {
    if (props.resetKey === state.resetKey) return null;
    return { error: null, hasError: false, resetKey: props.resetKey };
  }

  componentDidCatch(error: unknown, info: ErrorInfo) {
    console.error("page error", error, info.componentStack);
  }

  render() {
    return this.state.hasError ? <ErrorScreen error={this.state.error} /> : this.props.children;
  }
}
