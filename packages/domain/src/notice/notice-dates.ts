// The dates of a notice: the legal minimum term between publication and the session, the default
// dates of a new notice, and the rules on the date fields (issue 12: a new notice defaulted all its
// dates to 'now', so its proposal window had already closed and its lots were locked).
//
// Legal minimum terms (Lei 14.133/2021 art. 55, counted in business days from the publication of
// the notice, art. 183): goods 8 (lowest price / biggest discount) or 15; common services and
// common engineering services or works 10, special ones 25; auctions (leilão) 15; best technique,
// technique and price or artistic content 35. Competitive dialogue: 25 (art. 32 §1 I). Electronic
// dispenser: 3 (IN SEGES 67/2021 art. 8 §1). The legacy reversed auction (Lei 10.520 art. 4 V): 8.
// CHOICES: the other direct modalities (accreditation, pre-qualification, non-enforcement with
// proposals) take the dispenser's 3; the legacy price submission (Lei 8.666 art. 21 §2 III, 15 days)
// is counted as 15 business days; formalizations of finished processes have no term (0).

import { addBusinessDaysToDate, previousBusinessDay } from "../calendar/business-days";
import { addDays, compareCivilDates } from "../calendar/civil-date";
import type { JudgementCriterion } from "../enums/judgement";
import { type Modality, modalityGroup } from "../enums/modality";
import { type SubModality, subModalityGroup } from "../enums/sub-modality";
import { brasiliaCivilDate, brasiliaToInstant, type InstantInput, toInstant } from "../format/dates";
import { noticeDateOrderViolations } from "./notice-rules";

const SPECIAL_SUB_MODALITIES: readonly SubModality[] = [
  "SPECIAL_GOODS_ACQUISITION",
  "HIRING_SPECIAL_SERVICES",
  "HIRING_SPECIAL_ENGINEERING_SERVICES",
  "SPECIAL_CONSTRUCTION",
];

/** The legal minimum number of business days between the publication and the session. */
export function minimumProposalBusinessDays(
  modality: Modality,
  subModality: SubModality,
  criterion: JudgementCriterion = "LOWEST_PRICE",
): number {
  const group = modalityGroup(modality);
  if (group === "FORMALIZATION") return 0;
  if (modality === "ELECTRONIC_DISPENSER" || group === "DIRECT") return 3;
  if (modality === "COMPETITIVE_DIALOGUE") return 25;
  if (modality === "ELECTRONIC_AUCTION" || modality === "AUCTION_IN_PERSON" || subModality === "SALE")
    return 15;
  if (modality === "PRICES_SUBMISSION") return 15;
  if (
    criterion === "TECHNIQUE_AND_PRICE" ||
    criterion === "BEST_TECHNICAL" ||
    criterion === "ARTISTIC_CONTENT"
  )
    return 35;
  const lowest = criterion === "LOWEST_PRICE" || criterion === "BIGGEST_DISCOUNT";
  const special = SPECIAL_SUB_MODALITIES.includes(subModality);
  if (subModalityGroup(subModality) === "GOODS" || modality === "ELECTRONIC_REVERSED_AUCTION")
    return lowest && !special ? 8 : 15;
  return lowest && !special ? 10 : 25;
}

/** Business hours used by the default dates (Brasília wall time). */
export const DEFAULT_PROPOSALS_START_TIME = { hour: 8, minute: 0 } as const;
export const DEFAULT_PROPOSALS_END_TIME = { hour: 17, minute: 0 } as const;
export const DEFAULT_SESSION_TIME = { hour: 9, minute: 0 } as const;

export interface NoticeDefaultDates {
  proposalsStartDateTime: Date;
  proposalsEndDateTime: Date;
  startDateTime: Date;
}

/**
 * Valid default dates for a notice created `now`: proposals from the next day at 08:00; the session
 * at 09:00 on the business day after the legal minimum counted from today (one day of slack for
 * the publication); proposals close at 17:00 on the business day before the session.
 */
export function defaultNoticeDates(
  modality: Modality,
  subModality: SubModality,
  now: InstantInput,
  criterion: JudgementCriterion = "LOWEST_PRICE",
): NoticeDefaultDates {
  const today = brasiliaCivilDate(now);
  const minimum = minimumProposalBusinessDays(modality, subModality, criterion);
  const sessionDay = addBusinessDaysToDate(today, Math.max(minimum, 1) + 1);
  const proposalsStartDay = addDays(today, 1);
  let proposalsEndDay = previousBusinessDay(sessionDay);
  if (compareCivilDates(proposalsEndDay, proposalsStartDay) < 0) proposalsEndDay = proposalsStartDay;
  return {
    proposalsStartDateTime: brasiliaToInstant(proposalsStartDay, DEFAULT_PROPOSALS_START_TIME),
    proposalsEndDateTime: brasiliaToInstant(proposalsEndDay, DEFAULT_PROPOSALS_END_TIME),
    startDateTime: brasiliaToInstant(sessionDay, DEFAULT_SESSION_TIME),
  };
}

/**
 * Whether the dates a user sets must lie ahead: the electronic processes that receive proposals
 * (bidding and direct groups). Formalizations and in-person processes record what already happened.
 */
export function noticeDatesMustBeFuture(modality: Modality): boolean {
  const group = modalityGroup(modality);
  return group === "BIDDING" || group === "DIRECT";
}

export const NOTICE_DATE_IN_PAST_MESSAGE = "A data e o horário devem ser posteriores ao momento atual";

export interface NoticeDatesInput {
  proposalsStartDateTime: Date | null;
  proposalsEndDateTime: Date | null;
  startDateTime: Date | null;
  clarificationEndDateTime: Date | null;
}

export type NoticeDateField = keyof NoticeDatesInput;

/**
 * The errors of the date fields, by payload field: the order the server refuses too
 * (noticeRuleViolations: proposals start ≤ end ≤ session, clarification ≤ session), and — for the
 * dates the user is setting (`checkPast`) — a date already in the past. The server does not refuse
 * past dates: a process may be registered after the fact (imports, formalizations, test clocks).
 */
export function noticeDateErrors(
  dates: NoticeDatesInput,
  now: InstantInput,
  checkPast: ReadonlySet<NoticeDateField> = new Set(),
): Partial<Record<NoticeDateField, string>> {
  const errors: Partial<Record<NoticeDateField, string>> = {};
  const nowMs = toInstant(now).getTime();
  for (const field of checkPast) {
    const value = dates[field];
    if (value && value.getTime() <= nowMs) errors[field] = NOTICE_DATE_IN_PAST_MESSAGE;
  }
  for (const v of noticeDateOrderViolations(dates)) {
    const field = v.property as NoticeDateField;
    if (!errors[field]) errors[field] = v.message;
  }
  return errors;
}
