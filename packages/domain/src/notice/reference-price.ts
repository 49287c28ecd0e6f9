/**
 * Who may see a notice's reference price (Lei 14.133/2021 art. 24): a secret one
 * (shouldDiscloseReferencePrice false) only the notice's own body until it is disclosed (the room's
 * 'Divulgar preço de referência', isReferencePriceDisclosed); a public one everyone. Every read of
 * lots, items, winners, exports and live views decides with this rule and masks with
 * maskReferencePrice, so a new read cannot forget a field.
 */
export interface ReferencePriceNotice {
  shouldDiscloseReferencePrice: boolean;
  isReferencePriceDisclosed?: boolean | null;
}

export function isReferencePricePublic(notice: ReferencePriceNotice): boolean {
  return notice.shouldDiscloseReferencePrice || notice.isReferencePriceDisclosed === true;
}

/** `isNoticeBody`: the viewer is staff of the body that owns the notice. */
export function maySeeReferencePrice(notice: ReferencePriceNotice, isNoticeBody: boolean): boolean {
  return isNoticeBody || isReferencePricePublic(notice);
}

/** The fields of a lot row that carry the reference price or amounts derived from it. */
export const REFERENCE_PRICE_FIELDS = ["referencePrice", "unitReferencePrice", "totalAmount"] as const;
type ReferencePriceField = (typeof REFERENCE_PRICE_FIELDS)[number];

/** The row as the viewer may see it: each reference-price field it has is null when hidden. */
export function maskReferencePrice<T extends Partial<Record<ReferencePriceField, unknown>>>(
  row: T,
  visible: boolean,
): T | (Omit<T, ReferencePriceField> & Partial<Record<ReferencePriceField, null>>) {
  if (visible) return row;
  const masked: Record<string, unknown> = { ...row };
  for (const field of REFERENCE_PRICE_FIELDS) if (field in masked) masked[field] = null;
  return masked as Omit<T, ReferencePriceField> & Partial<Record<ReferencePriceField, null>>;
}
