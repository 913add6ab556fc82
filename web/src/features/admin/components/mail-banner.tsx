import styles from './mail-page.module.css';

/** Said while no SMTP_URL is set, so nobody takes the mailbox for a record of what customers received. */
export function MailBanner() {
  return (
    <aside className={styles.banner} aria-labelledby="mail-banner-title">
      <p id="mail-banner-title" className={styles.bannerTitle}>
        Mail is not being delivered
      </p>
      <p>
        No mail leaves the store: each one is kept here for you to read. To send them, set{' '}
        <code>SMTP_URL</code> in the server&apos;s environment (for example{' '}
        <code>smtp://user:password@smtp.example.com:587</code>, or <code>smtps://…</code> on port 465) and{' '}
        <code>MAIL_FROM</code> if the store&apos;s own address should not be the sender, then restart the
        server.
      </p>
    </aside>
  );
}
