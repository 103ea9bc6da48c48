// A message that appears after something the payer did, where the control they used may be gone (a
// refused or failed call, a deposit cancelled): it is announced (alert for a problem, status otherwise)
// and takes focus, so keyboard and screen-reader users are not left on a button that disappeared.
import { useEffect, useRef } from 'react';

export function FocusNotice({ text, error = false }: { text: string; error?: boolean }) {
  const ref = useRef<HTMLParagraphElement>(null);
  useEffect(() => {
    ref.current?.focus();
  }, [text]);
  return (
    <p ref={ref} tabIndex={-1} className={error ? 'notice notice--error' : 'notice'} role={error ? 'alert' : 'status'}>
      {text}
    </p>
  );
}
