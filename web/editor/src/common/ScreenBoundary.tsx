import { Component, type ReactNode } from "react";

/**
 * Shows `failure` in place of a screen that failed (its code did not arrive after its retries, or it threw while
 * drawing): the top bar and the way to other screens stay, where a failed lazy import unmounted the whole editor.
 */
export class ScreenBoundary extends Component<{ failure: ReactNode; children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError() {
    return { failed: true };
  }

  override render() {
    return this.state.failed ? this.props.failure : this.props.children;
  }
}
