import { useId, useRef, useState, type FocusEvent, type KeyboardEvent } from 'react';
import { Link } from 'react-router';
import type { User } from '#contract/schemas/user';
import { ChevronDownIcon, UserIcon } from '#web/components/icons';
import { useLogout } from './use-logout';
import styles from './user-menu.module.css';

/**
 * "Hi, {name or e-mail}" with Profile and Logout. The spec opens it on hover; it also opens on keyboard
 * focus and on click (touch screens have no hover), and Escape closes it and returns focus to the button.
 */
export function UserMenu({ user }: { user: User }) {
  const [open, setOpen] = useState(false);
  const listId = useId();
  const buttonRef = useRef<HTMLButtonElement>(null);
  const logout = useLogout();

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
        <UserIcon size={20} />
        <span className={styles.name}>Hi, {user.name || user.email}</span>
        <ChevronDownIcon size={16} />
      </button>
      <ul id={listId} className={styles.menu} hidden={!open}>
        <li>
          <Link to="/profile" className={styles.item} onClick={() => setOpen(false)}>
            Profile
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
