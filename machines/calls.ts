// The calls a machine invokes (§7), named and typed by actors.types.ts. A machine lists them with
// `calls(...)`; their implementations are handed in at the composition root (src/api/actors.ts) or by
// a test's or a story's fakes, with `.provide()`. A call nobody provided fails loudly.
import { type PromiseActorLogic, fromPromise } from 'xstate';
import type { ActorIO } from './actors.types.ts';

export type CallLogic<K extends keyof ActorIO> = PromiseActorLogic<ActorIO[K]['output'], ActorIO[K]['input']>;

export function calls<const K extends keyof ActorIO>(...names: K[]): { [P in K]: CallLogic<P> } {
  const out = {} as { [P in K]: CallLogic<P> };
  for (const name of names) {
    out[name] = fromPromise(async () => {
      throw new Error(`actor ${name} not provided`);
    }) as CallLogic<typeof name>;
  }
  return out;
}
