import { Component, type ErrorInfo, type ReactNode } from "react";
import { ErrorScreen } from "./error-screen";

type Props = { children: ReactNode };
type State = { error: unknown; hasError: boolean };

/** Top-level boundary for errors outside the router (providers, router itself). */
export class ErrorBoundary extends Component<Props, State> {
  state: State = { error: null, hasError: false };

  static getDerivedStateFromError(error: unknown): State {
    return { error, hasError: true };
  }

  componentDidCatch(error: unknown, info: ErrorInfo) {
    console.error("uncaught error", error, info.componentStack);
  }

  render() {
    if (this.state.hasError) {
      return (
        <div className="flex min-h-dvh flex-col">
          <ErrorScreen error={this.state.error} />
        </div>
      );
    }
    return this.props.children;
  }
}
