/**
 * Resolves in a new task (a message to itself: not clamped like a nested setTimeout, and not deferred to an
 * idle moment): lets the browser paint and handle input between two halves of a long piece of work.
 */
export function nextTask(): Promise<void> {
  return new Promise((resolve) => {
    if (typeof MessageChannel === 'undefined') {
      setTimeout(resolve, 0);
      return;
    }
    const channel = new MessageChannel();
    channel.port1.onmessage = () => {
      channel.port1.close();
      resolve();
    };
    channel.port2.postMessage(null);
  });
}
