// A call to another system given a bound: the processor's, the facility's, the mail server's.

/** A call that has not answered after `ms` is given up (its outcome unknown to the caller). */
export async function withTimeout<T>(call: Promise<T>, ms: number, timedOut: () => Error): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(timedOut()), ms);
  });
  try {
    return await Promise.race([call, timeout]);
  } finally {
    clearTimeout(timer);
  }
}
