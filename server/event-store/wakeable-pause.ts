/** A pause that `wake()` cuts short (a commit arrived, the subscription closes); one pause at a time. */
export function createWakeablePause() {
  let wake: (() => void) | undefined;
  return {
    sleep(ms: number): Promise<void> {
      return new Promise((resolve) => {
        const timer = setTimeout(finish, ms);
        function finish(): void {
          clearTimeout(timer);
          wake = undefined;
          resolve();
        }
        wake = finish;
      });
    },
    wake(): void {
      wake?.();
    },
  };
}
