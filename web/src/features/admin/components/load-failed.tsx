import ui from './admin-ui.module.css';

/** A screen (or a dialog) whose data did not come: says so as an alert, with a way to ask again. */
export function LoadFailed({
  what,
  onRetry,
  card = true,
}: {
  what: string;
  onRetry: () => void;
  card?: boolean;
}) {
  return (
    <div className={card ? `${ui.card} ${ui.center}` : undefined} role="alert">
      <p>Could not load {what}.</p>
      <button type="button" className={ui.secondary} onClick={onRetry}>
        Try again
      </button>
    </div>
  );
}
