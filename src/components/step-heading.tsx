import { useEffect, useRef, type ReactNode } from 'react';

/** The step's heading; it takes focus when the step appears (so screen readers announce it). */
export function StepHeading({ children, focus = true }: { children: ReactNode; focus?: boolean }) {
  const ref = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    // A dialog that is open keeps focus (the session warning may open over a step still loading).
    if (focus && !document.activeElement?.closest('[aria-modal="true"]')) ref.current?.focus();
  }, [focus]);
  return (
    <h1 ref={ref} tabIndex={-1} className="step-heading">
      {children}
    </h1>
  );
}
