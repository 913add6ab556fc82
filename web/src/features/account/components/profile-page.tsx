/** Placeholder until its issue builds the screen. */
export function ProfilePage() {
  return <h1>Profile</h1>;
}
