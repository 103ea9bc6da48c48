// §7 GET /pay/get_voicemail_offers: one pair (deposit tier, free voicemails) per §9 tier.
import type { Db } from '../db.ts';
import { int } from './rows.ts';

export interface VoicemailOfferRow {
  tier_cents: number;
  voicemails: number;
}

export function createVoicemailOfferRepo(db: Db) {
  const insert = db.prepare('INSERT INTO voicemail_offers (tier_cents, voicemails) VALUES (?, ?)');
  const list = db.prepare('SELECT tier_cents, voicemails FROM voicemail_offers ORDER BY tier_cents');

  return {
    insert(r: VoicemailOfferRow): void {
      insert.run(r.tier_cents, r.voicemails);
    },
    list(): VoicemailOfferRow[] {
      return list.all().map((r) => ({ tier_cents: int(r, 'tier_cents'), voicemails: int(r, 'voicemails') }));
    },
  };
}

export type VoicemailOfferRepo = ReturnType<typeof createVoicemailOfferRepo>;
