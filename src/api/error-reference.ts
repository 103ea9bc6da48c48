// The reference of the latest error answer (docs/decisions/0051): the server puts its request id in
// every error body (`request_id`) and in the X-Request-Id header, and the payer can quote it to
// customer service, who find the request's log lines with it. The machines keep a failure's message
// only; the screens ask here for the reference of the message they show, which is the latest
// failure's when its code is that message (an older failure's reference is never shown for a newer
// one: every failure, with a reference or without, replaces the one before).
export interface FailureReference {
  code: string;
  requestId: string | undefined;
}

let latest: FailureReference | undefined;
const listeners = new Set<() => void>();

/** Records a failed call's code and the request id its answer carried (none for no answer). */
export function noteFailure(code: string, requestId: string | undefined): void {
  latest = { code, requestId };
  for (const listener of listeners) listener();
}

export function subscribeFailures(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function latestFailure(): FailureReference | undefined {
  return latest;
}

/** The reference to show beside messageKey: the latest failure's request id when it is that message's. */
export function referenceFor(messageKey: string | null | undefined, failure = latest): string | undefined {
  return messageKey && failure?.code === messageKey ? failure.requestId : undefined;
}
