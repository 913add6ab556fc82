import { PageMeta } from '#web/components/page-meta';
import { useAtomValue } from '#web/lib/jotai';
import { userAtom } from '#web/lib/session/auth-atoms';
import { ChangePassword } from './change-password';
import { NotificationsList } from './notifications-list';
import { OrdersList } from './orders-list';
import { ProfileEditForm } from './profile-form';
import page from '#web/styles/page.module.css';
import styles from './profile.module.css';

const orNotProvided = (v: string | undefined) => (v && v.trim() ? v : 'Not provided');

/** /profile (signed-in only, guarded in the route table): account details and their edit form, password, notifications, orders. */
export function ProfilePage() {
  const user = useAtomValue(userAtom);
  return (
    <div className={`container ${page.page}`}>
      <PageMeta title="My Account" description="Your account details, notifications and orders." />
      <h1 className={page.heading}>My Account</h1>
      <div className={styles.layout}>
        <div className={styles.side}>
          <section className={styles.card} aria-labelledby="account-title">
            <h2 id="account-title" className={styles.title}>
              Account Information
            </h2>
            <dl className={styles.facts}>
              <div>
                <dt>Full Name</dt>
                <dd>{orNotProvided(user?.name)}</dd>
              </div>
              <div>
                <dt>Email</dt>
                <dd>{orNotProvided(user?.email)}</dd>
              </div>
              <div>
                <dt>Phone</dt>
                <dd>{orNotProvided(user?.phone)}</dd>
              </div>
            </dl>
          </section>
          <ProfileEditForm />
          <ChangePassword />
        </div>
        <div className={styles.main}>
          <NotificationsList />
          <OrdersList />
        </div>
      </div>
    </div>
  );
}
