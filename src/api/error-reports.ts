// Client error reports (§7 "client errors POSTed to /development/log_js_error"). The error reporter
// (src/error-reporter.ts) decides when and how often; this only sends one.
import { type LogJsErrorRequest, PATHS } from '../../contract/api.ts';
import type { ApiClient } from './client.ts';

export function sendErrorReport(api: ApiClient, report: LogJsErrorRequest): Promise<void> {
  return api.post<void>(PATHS.logJsError, report, { timeout: 10_000 });
}
