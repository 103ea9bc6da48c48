// /develop/raise (§2 "Development only; throws a test error"): throws while rendering, so the error
// boundary shows the unexpected-error page of §8 and the error is reported. Offered in development
// builds only (src/screens/page-screens.ts, machines/page-machines.ts; docs/decisions/0009).
import { TEST_ERROR_MESSAGE } from '../../../machines/develop-raise.machine.ts';
import type { PageScreenProps } from '../page-screens.ts';

export function DevelopRaisePage(_props: PageScreenProps): never {
  throw new Error(TEST_ERROR_MESSAGE);
}
