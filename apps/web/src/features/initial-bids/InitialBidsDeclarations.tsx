import { INITIAL_BIDS_TEXTS } from "@certame/domain";
import { Checkbox, Radio, Stack } from "@mantine/core";
import {
  BIG_COMPANY_AUTOMATIC_LABEL,
  REGIONAL_PREFERENCE_LABEL,
  SECRET_PHASE_LABEL,
  SMALL_COMPANY_QUESTION,
} from "./texts";

const T = INITIAL_BIDS_TEXTS;

interface Declaration {
  checked: boolean;
  onChange: (checked: boolean) => void;
}

export interface InitialBidsDeclarationsProps {
  /** The ME/EPP question (null when not asked). */
  small: { answer: boolean | null; onAnswer: (yes: boolean) => void } | null;
  /** The regional preference (null when not shown; disabled unless it applies). */
  regional: (Declaration & { enabled: boolean }) | null;
  /** The big company's automatic-bid declaration (null when not required). */
  bigCompany: Declaration | null;
  /** The closed phase declaration (null when not required). */
  secretPhase: Declaration | null;
}

/** The supplier's declarations under the lot table (trading-room §2.8, §5). */
export function InitialBidsDeclarations({
  small,
  regional,
  bigCompany,
  secretPhase,
}: InitialBidsDeclarationsProps) {
  return (
    <Stack gap="sm">
      {small && (
        <Radio.Group
          label={SMALL_COMPANY_QUESTION}
          value={small.answer === null ? "" : small.answer ? "yes" : "no"}
          onChange={(v) => small.onAnswer(v === "yes")}
        >
          <Stack mt="xs" gap={6}>
            <Radio value="yes" label={T.yes} />
            <Radio value="no" label={T.smallCompanyNo} />
          </Stack>
        </Radio.Group>
      )}
      {regional && (
        <Checkbox
          label={REGIONAL_PREFERENCE_LABEL}
          checked={regional.checked}
          disabled={!regional.enabled}
          onChange={(e) => regional.onChange(e.currentTarget.checked)}
        />
      )}
      {bigCompany && (
        <Checkbox
          label={BIG_COMPANY_AUTOMATIC_LABEL}
          checked={bigCompany.checked}
          onChange={(e) => bigCompany.onChange(e.currentTarget.checked)}
        />
      )}
      {secretPhase && (
        <Checkbox
          label={SECRET_PHASE_LABEL}
          checked={secretPhase.checked}
          onChange={(e) => secretPhase.onChange(e.currentTarget.checked)}
        />
      )}
    </Stack>
  );
}
