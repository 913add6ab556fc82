import { Component, type ReactNode } from 'react';
import { useLocation } from 'react-router';
import { Button } from '#web/components/button';
import { markHydrated } from '#web/lib/hydrated-mark';
import { applyUpdate } from '#web/lib/pwa';
import styles from './route-error-boundary.module.css';

interface Props {
  children: ReactNode;
}
interface BoundaryProps extends Props {
  resetKey: string;
}
interface State {
  error: Error | null;
}

/** Catches a screen that failed to load or render, instead of leaving a blank page. */
class Boundary extends Component<BoundaryProps, State> {
  override state: State = { error: null };

  static getDerivedStateFromError(error: unknown): State {
    return { error: error instanceof Error ? error : new Error(String(error)) };
  }

  override componentDidCatch(error: unknown): void {
    console.error(error);
    // A server-rendered page whose screen failed is as hydrated as it gets: its Reload button must work.
    markHydrated();
  }

  override componentDidUpdate(prev: BoundaryProps): void {
    if (prev.resetKey !== this.props.resetKey && this.state.error) this.setState({ error: null });
  }

  override render() {
    const { error } = this.state;
    if (!error) return this.props.children;
    const chunk = error.name === 'ChunkLoadError';
    return (
      <div role="alert" className={styles.box}>
        <h1 className={styles.title}>{chunk ? 'This page could not be loaded' : 'Something went wrong'}</h1>
        <p>
          {chunk
            ? 'Threadline may have been updated, or the connection dropped. Reload to get the latest version.'
            : 'Reload the page to try again.'}
        </p>
        <Button variant="primary" onClick={applyUpdate}>
          Reload
        </Button>
      </div>
    );
  }
}

/**
 * Cleared on navigation, so a failed screen does not stick once the shopper goes elsewhere (a reset, not a
 * remount: the children keep their state when nothing failed).
 */
export function RouteErrorBoundary({ children }: Props) {
  const { pathname } = useLocation();
  return <Boundary resetKey={pathname}>{children}</Boundary>;
}
