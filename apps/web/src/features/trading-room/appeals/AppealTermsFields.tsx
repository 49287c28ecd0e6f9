import { DUE_DATE_TYPE_LABELS, DUE_DATE_TYPES, type DueDateType, type LotPhase } from "@certame/domain";
import { NumberInput, Radio, Stack, TextInput } from "@mantine/core";
import { APPEAL_TEXTS, type AppealMoveFields, appealFieldsFor, interestMinimum } from "./appeal-model";

export interface AppealTermsFieldsProps {
  nextPhase: LotPhase | null;
  value: AppealMoveFields;
  onChange: (value: AppealMoveFields) => void;
  /** The notice's disputeInterestManifestationMinimumDuration (the window is never under 10 min). */
  noticeMinimum?: number | null;
}

/**
 * The next-phase modal's appeal fields (trading-room §2.6, §4 "Next-phase modal rules", §5): the
 * interest window's duration kind (and minutes when FIXED) for an interest phase; the reasons
 * due-date type for DISPUTE_RECEIVEMENT, with the reasons and counter-arguments dates when FIXED
 * (§4: a FIXED documents type makes the counter-arguments type FIXED too).
 */
export function AppealTermsFields({ nextPhase, value, onChange, noticeMinimum }: AppealTermsFieldsProps) {
  const kind = appealFieldsFor(nextPhase);
  const minimum = interestMinimum(noticeMinimum);
  if (kind === "INTEREST")
    return (
      <Stack gap="xs">
        <Radio.Group
          label={APPEAL_TEXTS.interestKind}
          required
          value={value.interestKind}
          onChange={(v) =>
            onChange({
              ...value,
              interestKind: v as DueDateType,
              interestMinutes: v === "FIXED" ? (value.interestMinutes ?? minimum) : null,
            })
          }
        >
          <Stack gap={6} mt={4}>
            <Radio value="LOOSE" label={APPEAL_TEXTS.interestLoose(minimum)} />
            <Radio value="FIXED" label={APPEAL_TEXTS.interestFixed} />
          </Stack>
        </Radio.Group>
        {value.interestKind === "FIXED" && (
          <NumberInput
            label={APPEAL_TEXTS.interestMinutes}
            required
            min={minimum}
            step={1}
            allowDecimal={false}
            allowNegative={false}
            value={value.interestMinutes ?? ""}
            onChange={(v) => onChange({ ...value, interestMinutes: typeof v === "number" ? v : null })}
            error={
              value.interestMinutes !== null && value.interestMinutes < minimum
                ? APPEAL_TEXTS.interestTooShort(minimum)
                : null
            }
          />
        )}
      </Stack>
    );
  if (kind === "REASONS")
    return (
      <Stack gap="xs">
        <Radio.Group
          label={APPEAL_TEXTS.reasonsDueType}
          required
          value={value.reasonsDueType}
          onChange={(v) => onChange({ ...value, reasonsDueType: v as DueDateType })}
        >
          <Stack gap={6} mt={4}>
            {[...DUE_DATE_TYPES].reverse().map((t) => (
              <Radio key={t} value={t} label={DUE_DATE_TYPE_LABELS[t]} />
            ))}
          </Stack>
        </Radio.Group>
        {value.reasonsDueType === "FIXED" && (
          <>
            <TextInput
              type="datetime-local"
              label={APPEAL_TEXTS.reasonsDueDate}
              required
              value={value.reasonsDueAt}
              onChange={(e) => onChange({ ...value, reasonsDueAt: e.currentTarget.value })}
            />
            <TextInput
              type="datetime-local"
              label={APPEAL_TEXTS.counterDueDate}
              required
              value={value.counterDueAt}
              onChange={(e) => onChange({ ...value, counterDueAt: e.currentTarget.value })}
            />
          </>
        )}
      </Stack>
    );
  return null;
}
