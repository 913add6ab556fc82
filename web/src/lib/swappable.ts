/**
 * One shared instance, made on first use (the app's IndexedDB databases); tests swap in their own, a fresh
 * database each, and `set(null)` makes the next `get()` start over.
 */
export function swappable<T>(make: () => T): { get: () => T; set: (value: T | null) => void } {
  let instance: T | null = null;
  return {
    get: () => (instance ??= make()),
    set: (value) => {
      instance = value;
    },
  };
}
