// §7 GET /pay/get_voicemail_offers: one pair (deposit tier, free voicemails) per §9 tier.
import type { Executor } from '../db.ts';

export interface VoicemailOfferRow {
  tier_cents: number;
  voicemails: number;
}

export function createVoicemailOfferRepo(db: Executor) {
  return {
    async insert(r: VoicemailOfferRow): Promise<void> {
      await db.insertInto('voicemail_offers').values({ tier_cents: r.tier_cents, voicemails: r.voicemails }).execute();
    },
    async list(): Promise<VoicemailOfferRow[]> {
      return db.selectFrom('voicemail_offers').select(['tier_cents', 'voicemails']).orderBy('tier_cents').execute();
    },
  };
}
