// Rules of contract/ that the client and the server share (§5): no yup message reaches a payer in
// English, whatever rule a schema forgot to give a key.
import * as yup from 'yup';
import { describe, expect, it } from 'vitest';
import { MSG, collectErrors, isMessageKey } from '../../contract/schemas.ts';

describe("yup's own messages", () => {
  it('are i18n keys: wrong type, null, a rule without a message', () => {
    const schema = yup.object({
      n: yup.number(),
      s: yup.string(),
      m: yup.mixed(),
      b: yup.boolean(),
      d: yup.date(),
      a: yup.array().of(yup.string()).min(2),
      o: yup.object({ x: yup.string().required() }),
      e: yup.string().email(),
      r: yup.string().matches(/^x$/),
      t: yup.string().test(
        't',
        () => 'plain English',
        () => false,
      ),
    });
    const errors = collectErrors(schema, {
      n: 'abc',
      s: null,
      m: null,
      b: 'yes',
      d: 'never',
      a: ['one'],
      o: {},
      e: 'nope',
      r: 'y',
      t: 'z',
    });
    expect(Object.keys(errors).sort()).toEqual(['a', 'b', 'd', 'e', 'm', 'n', 'o.x', 'r', 's', 't']);
    for (const [field, message] of Object.entries(errors)) expect(isMessageKey(message), field).toBe(true);
    expect(errors).toMatchObject({ n: MSG.invalid, s: MSG.required, 'o.x': MSG.required, t: MSG.invalid });
  });

  it('tells a key from text', () => {
    expect(isMessageKey('VALIDATION.REQUIRED')).toBe(true);
    expect(isMessageKey('ERROR.GENERIC_TRANSER_ERROR')).toBe(true);
    expect(isMessageKey('amount cannot be null')).toBe(false);
    expect(isMessageKey('REQUIRED')).toBe(false);
  });
});
