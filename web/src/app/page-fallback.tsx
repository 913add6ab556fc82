/** Shown while a screen's chunk loads. */
export function PageFallback() {
  return (
    <div
      role="status"
      aria-live="polite"
      style={{ padding: '4rem 1rem', textAlign: 'center', color: 'var(--color-muted)' }}
    >
      Loading…
    </div>
  );
}
