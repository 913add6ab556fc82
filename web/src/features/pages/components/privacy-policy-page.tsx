/** Placeholder until its issue builds the screen. */
export function PrivacyPolicyPage() {
  return <h1>Privacy Policy</h1>;
}
