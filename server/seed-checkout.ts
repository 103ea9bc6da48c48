// Seeds the checkout services' tables from fixtures/ when they are empty (architecture: "seeded from
// fixtures/ when empty"). Runs after the payers are seeded: approved depositors name payers by email.
import { loadApprovedDepositors, loadUnifiedWallets, loadVoicemailOffers } from './checkout-fixtures.ts';
import { transaction, type Db } from './db.ts';
import { toCents } from './money.ts';
import type { Repos } from './repo/repos.ts';

export function seedCheckoutServicesIfEmpty(db: Db, repos: Repos): void {
  transaction(db, () => {
    if (repos.voicemailOffers.list().length === 0) {
      for (const o of loadVoicemailOffers()) {
        repos.voicemailOffers.insert({ tier_cents: toCents(o.tier), voicemails: o.voicemails });
      }
    }
    if (repos.unifiedWallets.count() === 0) {
      for (const w of loadUnifiedWallets()) {
        // A database seeded with other facilities has no such facility: no wallet for it.
        if (!repos.facilities.findById(w.facility_id)) continue;
        repos.unifiedWallets.insert(
          {
            facility_id: w.facility_id,
            oc_facility_id: w.oc_facility_id,
            uw_visitor: w.uwVisitor,
            uw_inmate: w.uwInmate,
            uw_trust: w.uwTrust,
          },
          w.facilityServices,
        );
      }
    }
    if (repos.approvedDepositors.count() === 0) {
      for (const a of loadApprovedDepositors()) {
        const user = repos.users.findByEmail(a.email.toLowerCase());
        // A database seeded with other payers has no such user: nothing to approve.
        if (!user) continue;
        repos.approvedDepositors.insert({
          user_id: user.id,
          facility_id: a.facility_id,
          inmate_id: a.inmate_id,
          approved: a.approved,
        });
      }
    }
  });
}
