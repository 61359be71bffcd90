import { Component, type ErrorInfo, type ReactNode } from "react";
import { ErrorScreen } from "../features/shell/components/error-screen.tsx";
import { isChunkLoadError } from "../lib/chunk-load.ts";

interface State {
  error: unknown;
}

/** The last line: anything that escapes the router ends on the full-page error screen (spec 01 §8). */
export class AppErrorBoundary extends Component<{ children: ReactNode }, State> {
  override state: State = { error: null };

  static getDerivedStateFromError(error: unknown): State {
    return { error };
  }

  override componentDidCatch(error: unknown, info: ErrorInfo): void {
    console.error("[app] unexpected error", error, info.componentStack);
  }

  override render(): ReactNode {
    if (this.state.error) return <ErrorScreen isChunkError={isChunkLoadError(this.state.error)} />;
    return this.props.children;
  }
}
