import { Component, type ComponentType, lazy, type ReactNode, Suspense } from "react";
import { useLoadRetries } from "./load-retries.js";

/** Loads a part's code (a dynamic import). */
export type PartCode<P> = () => Promise<{ default: ComponentType<P> }>;

/** Leaves its part out when the part fails (its code did not arrive, or it threw while drawing). */
class PartBoundary extends Component<{ onFailure: () => void; children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError() {
    return { failed: true };
  }

  override componentDidCatch() {
    this.props.onFailure();
  }

  override render() {
    return this.state.failed ? null : this.props.children;
  }
}

/** Each part's lazy component per try: a try after a failure imports its code again. */
const tries = new WeakMap<PartCode<never>, ComponentType<never>[]>();

function lazyPart<P>(code: PartCode<P>, attempt: number): ComponentType<P> {
  const known = (tries.get(code as PartCode<never>) ?? []) as ComponentType<P>[];
  tries.set(code as PartCode<never>, known as ComponentType<never>[]);
  known[attempt] ??= lazy(code);
  return known[attempt];
}

/**
 * A part of the reader whose code loads on demand (reading statistics and the lead form, media items, dialogs).
 * When its code does not arrive (a dropped connection, the server restarting) the part is left out and tried again
 * after the load-retries.ts delays (useLoadRetries), while the book stays readable: a failed lazy import otherwise unmounts the whole
 * reader, leaving a blank page.
 */
export function OptionalPart<P extends object>({ code, props }: { code: PartCode<P>; props: P }) {
  // The boundary of a failed try shows nothing until the next try mounts a new one.
  const { attempt, failed } = useLoadRetries(code);
  const Part = lazyPart(code, attempt);
  return (
    <PartBoundary key={attempt} onFailure={failed}>
      <Suspense fallback={null}>
        <Part {...props} />
      </Suspense>
    </PartBoundary>
  );
}
