// Who a lot goes to after the bidding when the auctioneer disqualifies or disables a bidder, or
// reverses that (trading-room §2.6 'Desclassificar/Reclassificar', 'Habilitar/Inabilitar'). When the
// winner's proposal is refused or the winner fails qualification, the next proposal in the
// classification order is examined, and so on (Lei 14.133/2021 art. 59 and 63; Decreto 10.024/2019
// art. 43; IN SEGES/ME 73/2022): the lot passes to the best-placed bidder still qualified and enabled.

export interface HandoverInput<Id> {
  /** The bidders by their final classification, best first (finalRanking). */
  ranking: readonly Id[];
  /** Whether a bidder is, after the change, both qualified and enabled in the lot. */
  eligible: (id: Id) => boolean;
  /** The lot's winner before the change (negotiatingSupplierId), or null when none was left. */
  current: Id | null;
  /** The bidder whose standing just changed. */
  changed: Id;
  /** The lot went to a regional-preference bidder (LC 123/2006 art. 48 §3): a better-ranked one does not take it back. */
  preferenceApplied?: boolean;
}

/**
 * The lot's winner after one bidder's standing changed. Only that bidder can move the lot: a
 * winner who is no longer eligible hands it to the next eligible bidder in the ranking (null when
 * none is left); a bidder made eligible again takes it back when it ranks before the winner (or
 * the lot had none) — unless a regional preference gave the lot away from the ranking. Otherwise the
 * winner stays.
 */
export function winnerAfterStandingChange<Id>(input: HandoverInput<Id>): Id | null {
  const { ranking, eligible, current, changed, preferenceApplied } = input;
  if (current === changed && !eligible(changed))
    return ranking.find((id) => id !== changed && eligible(id)) ?? null;
  if (current !== changed && eligible(changed) && !(preferenceApplied && current !== null)) {
    const at = ranking.indexOf(changed);
    if (at < 0) return current;
    if (current === null) return changed;
    const currentAt = ranking.indexOf(current);
    if (currentAt < 0 || at < currentAt) return changed;
  }
  return current;
}
