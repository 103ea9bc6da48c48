// Reads the checkout services' sample data: fixtures/approved-depositors.json,
// fixtures/voicemail-offers.json and fixtures/unified-wallets.json (same checks as server/fixtures.ts: a broken row fails at start).
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { FACILITY_SERVICE_NAMES, type FacilityService } from '../contract/unified-wallet.ts';
import { FIXTURES_DIR } from './fixtures.ts';

export interface ApprovedDepositorFixture {
  email: string;
  facility_id: number;
  inmate_id: string;
  approved: boolean;
}

export interface VoicemailOfferFixture {
  /** Dollars. */
  tier: number;
  voicemails: number;
}

function rows(file: string): unknown[] {
  const v = JSON.parse(readFileSync(join(FIXTURES_DIR, file), 'utf8')) as unknown;
  if (!Array.isArray(v)) throw new Error(`fixtures/${file}: expected an array`);
  return v;
}

function isObject(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

export function loadApprovedDepositors(): ApprovedDepositorFixture[] {
  return rows('approved-depositors.json').map((r, i) => {
    if (
      !isObject(r) ||
      typeof r.email !== 'string' ||
      typeof r.facility_id !== 'number' ||
      typeof r.inmate_id !== 'string' ||
      typeof r.approved !== 'boolean'
    ) {
      throw new Error(`fixtures/approved-depositors.json: row ${i}`);
    }
    return r as unknown as ApprovedDepositorFixture;
  });
}

export function loadVoicemailOffers(): VoicemailOfferFixture[] {
  return rows('voicemail-offers.json').map((r, i) => {
    if (!isObject(r) || typeof r.tier !== 'number' || !Number.isInteger(r.voicemails) || Number(r.voicemails) < 0) {
      throw new Error(`fixtures/voicemail-offers.json: row ${i}`);
    }
    return r as unknown as VoicemailOfferFixture;
  });
}

/** §3 Unified wallet with its facility services, keyed by facility. */
export interface UnifiedWalletFixture {
  facility_id: number;
  oc_facility_id: string;
  uwVisitor: string;
  uwInmate: string;
  uwTrust: string;
  facilityServices: FacilityService[];
}

function isService(v: unknown): v is FacilityService {
  return (
    isObject(v) &&
    typeof v.serviceId === 'string' &&
    v.serviceId !== '' &&
    (FACILITY_SERVICE_NAMES as readonly unknown[]).includes(v.serviceName)
  );
}

export function loadUnifiedWallets(): UnifiedWalletFixture[] {
  return rows('unified-wallets.json').map((r, i) => {
    if (
      !isObject(r) ||
      typeof r.facility_id !== 'number' ||
      typeof r.oc_facility_id !== 'string' ||
      r.oc_facility_id === '' ||
      typeof r.uwVisitor !== 'string' ||
      typeof r.uwInmate !== 'string' ||
      typeof r.uwTrust !== 'string' ||
      !Array.isArray(r.facilityServices) ||
      !r.facilityServices.every(isService)
    ) {
      throw new Error(`fixtures/unified-wallets.json: row ${i}`);
    }
    return r as unknown as UnifiedWalletFixture;
  });
}
