/** Placeholder until its issue builds the screen. */
export function RegisterPage() {
  return <h1>Create Account</h1>;
}
