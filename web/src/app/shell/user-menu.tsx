import { useId, useRef, useState, type FocusEvent, type KeyboardEvent } from 'react';
import { Link } from 'react-router';
import type { User } from '#contract/schemas/user';
import { ChevronDownIcon, UserIcon } from '#web/components/icons';
import { NOTIFICATIONS_POLL_MS, useNotifications } from '#web/features/account/use-notifications';
import { useLogout } from './use-logout';
import styles from './user-menu.module.css';

/**
 * "Hi, {name or e-mail}" with Profile and Logout. The spec opens it on hover; it also opens on keyboard
 * focus and on click (touch screens have no hover), and Escape closes it and returns focus to the button.
 * A badge counts unread back-in-stock notifications (issue 14), looked for every minute while the page is
 * visible and as it becomes visible again; the list itself is in the profile.
 */
export function UserMenu({ user }: { user: User }) {
  const [open, setOpen] = useState(false);
  const listId = useId();
  const buttonRef = useRef<HTMLButtonElement>(null);
  const logout = useLogout();
  const { unread } = useNotifications({ pollMs: NOTIFICATIONS_POLL_MS });
  const unreadText = `${unread} unread ${unread === 1 ? 'notification' : 'notifications'}`;

  const onBlur = (e: FocusEvent<HTMLDivElement>) => {
    if (!e.currentTarget.contains(e.relatedTarget)) setOpen(false);
  };
  const onKeyDown = (e: KeyboardEvent<HTMLDivElement>) => {
    if (e.key === 'Escape' && open) {
      setOpen(false);
      buttonRef.current?.focus();
    }
  };

  return (
    <div
      className={styles.wrap}
      onMouseEnter={() => setOpen(true)}
      onMouseLeave={() => setOpen(false)}
      onFocus={() => setOpen(true)}
      onBlur={onBlur}
      onKeyDown={onKeyDown}
    >
      <button
        ref={buttonRef}
        type="button"
        className={styles.trigger}
        aria-expanded={open}
        aria-controls={listId}
        onClick={() => setOpen(true)}
      >
        <span className={styles.icon}>
          <UserIcon size={20} />
          {unread > 0 ? (
            <span className={styles.badge} data-testid="notifications-badge" aria-hidden="true">
              {unread}
            </span>
          ) : null}
        </span>
        <span className={styles.name}>Hi, {user.name || user.email}</span>
        {unread > 0 ? <span className="visually-hidden">, {unreadText}</span> : null}
        <ChevronDownIcon size={16} />
      </button>
      <ul id={listId} className={styles.menu} hidden={!open}>
        <li>
          <Link to="/profile" className={styles.item} onClick={() => setOpen(false)}>
            Profile
            {unread > 0 ? (
              <span className={styles.itemCount}>
                <span aria-hidden="true">{unread} new</span>
                <span className="visually-hidden">, {unreadText}</span>
              </span>
            ) : null}
          </Link>
        </li>
        <li>
          <button type="button" className={styles.item} onClick={() => void logout()}>
            Logout
          </button>
        </li>
      </ul>
    </div>
  );
}
