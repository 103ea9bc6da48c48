// Seeds the checkout services' tables from fixtures/ when they are empty (architecture: "seeded from
// fixtures/ when empty"). Runs after the payers are seeded: approved depositors name payers by email.
import { loadApprovedDepositors, loadUnifiedWallets, loadVoicemailOffers } from './checkout-fixtures.ts';
import { toCents } from './money.ts';
import type { Store } from './repo/repos.ts';

export async function seedCheckoutServicesIfEmpty(store: Store): Promise<void> {
  await store.transaction(async (repos) => {
    if ((await repos.voicemailOffers.list()).length === 0) {
      for (const o of loadVoicemailOffers()) {
        await repos.voicemailOffers.insert({ tier_cents: toCents(o.tier), voicemails: o.voicemails });
      }
    }
    if ((await repos.unifiedWallets.count()) === 0) {
      for (const w of loadUnifiedWallets()) {
        // A database seeded with other facilities has no such facility: no wallet for it.
        if (!(await repos.facilities.findById(w.facility_id))) continue;
        await repos.unifiedWallets.insert(
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
    if ((await repos.approvedDepositors.count()) === 0) {
      for (const a of loadApprovedDepositors()) {
        const user = await repos.users.findByEmail(a.email.toLowerCase());
        // A database seeded with other payers has no such user: nothing to approve.
        if (!user) continue;
        await repos.approvedDepositors.insert({
          user_id: user.id,
          facility_id: a.facility_id,
          inmate_id: a.inmate_id,
          approved: a.approved,
        });
      }
    }
  });
}
