/** Placeholder until its issue builds the screen. */
export function LoginPage() {
  return <h1>Welcome Back</h1>;
}
