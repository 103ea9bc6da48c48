// Client error reports (§7 "client errors POSTed to /development/log_js_error"). The error reporter
// (src/error-reporter.ts) decides when and how often; this only sends one.
import { type LogJsErrorRequest, PATHS } from '../../contract/api.ts';
import type { ApiClient } from './client.ts';

export async function sendErrorReport(api: ApiClient, report: LogJsErrorRequest): Promise<void> {
  // A report is a state change, refused without the session's token (§7 CSRF): one made before the form
  // state has answered (an error on a slow phone's drawn page, while the scripts start) waits for it
  // instead of being refused.
  await api.sessionKnown();
  return api.post<void>(PATHS.logJsError, report, { timeout: 10_000 });
}
