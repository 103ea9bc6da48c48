// The country and state lists are fetched once per page load; a failure is not kept.
import { describe, expect, it } from 'vitest';
import { allowedCountries, facility, facilityAhead, stateList } from '../../src/api/facilities.ts';
import { createApiClient } from '../../src/api/client.ts';

function countingClient(failFirst = false) {
  const seen: string[] = [];
  const fetch = async (input: RequestInfo | URL) => {
    const url = new URL(input instanceof Request ? input.url : String(input));
    seen.push(url.pathname + url.search);
    if (failFirst && seen.length === 1) return new Response('{}', { status: 503 });
    const body = url.pathname.endsWith('allowed_countries')
      ? { countries: [] }
      : url.pathname.startsWith('/pay/facility/')
        ? { facility: { id: Number(url.pathname.split('/').at(-1)), asked: seen.length } }
        : { states: [] };
    return new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } });
  };
  return { api: createApiClient({ baseUrl: 'http://127.0.0.1/', fetch: fetch as typeof globalThis.fetch }), seen };
}

describe('facility lists', () => {
  it('asks for the countries once and for each country’s states once', async () => {
    const { api, seen } = countingClient();
    await Promise.all([allowedCountries(api), allowedCountries(api), stateList(api, 'US')]);
    await stateList(api, 'US');
    await stateList(api, 'CA');
    expect(seen).toEqual([
      '/pay/allowed_countries',
      '/pay/get_state_list?country=US',
      '/pay/get_state_list?country=CA',
    ]);
  });

  it('asks again after a failure', async () => {
    const { api, seen } = countingClient(true);
    await expect(allowedCountries(api)).rejects.toBeDefined();
    await expect(allowedCountries(api)).resolves.toEqual({ countries: [] });
    expect(seen).toHaveLength(2);
  });

  it('a facility asked for ahead is the next read of it, once; another facility is asked for anew', async () => {
    const { api, seen } = countingClient();
    facilityAhead(api, 1001);
    facilityAhead(api, 1001);
    expect(seen).toEqual(['/pay/facility/1001']);
    expect(await facility(api, 1001)).toEqual({ id: 1001, asked: 1 });
    expect(await facility(api, 1001)).toEqual({ id: 1001, asked: 2 });
    facilityAhead(api, 1002);
    expect(await facility(api, 1001)).toEqual({ id: 1001, asked: 4 });
    expect(seen).toEqual(['/pay/facility/1001', '/pay/facility/1001', '/pay/facility/1002', '/pay/facility/1001']);
  });

  it('a facility asked for ahead that failed is asked again by the read', async () => {
    const { api, seen } = countingClient(true);
    facilityAhead(api, 1001);
    expect(await facility(api, 1001)).toEqual({ id: 1001, asked: 2 });
    expect(seen).toEqual(['/pay/facility/1001', '/pay/facility/1001']);
  });
});
