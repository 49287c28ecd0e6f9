import { INITIAL_BIDS_TEXTS } from "@certame/domain";
import { Button, FileButton, Group } from "@mantine/core";
import type { DocSlot } from "./InitialBidsDocumentModal";
import type { InitialBidsRead } from "./types";

const T = INITIAL_BIDS_TEXTS;

export interface InitialBidsToolbarProps {
  notice: InitialBidsRead["auctionNotice"];
  isNew: boolean;
  importDisabled: boolean;
  /** Until the terms are accepted (§5 "Terms"). */
  attachDisabled: boolean;
  /** ' (n)' after a button whose slot has documents. */
  count: (slot: DocSlot) => string;
  onTemplate: () => void;
  onImport: (file: File | null) => void;
  onAttach: (slot: DocSlot) => void;
}

/** The top buttons (trading-room §2.8): the spreadsheet template and import, and the attach buttons. */
export function InitialBidsToolbar({
  notice,
  isNew,
  importDisabled,
  attachDisabled,
  count,
  onTemplate,
  onImport,
  onAttach,
}: InitialBidsToolbarProps) {
  const attachButton = (slot: DocSlot, label: string) => (
    <Button variant="light" disabled={attachDisabled} onClick={() => onAttach(slot)}>
      {`${label}${count(slot)}`}
    </Button>
  );
  return (
    <Group gap="sm">
      <Button variant="default" onClick={onTemplate}>
        {T.downloadTemplate}
      </Button>
      <FileButton onChange={onImport} accept=".erp,.xlsx">
        {(props) => (
          <Button variant="default" disabled={importDisabled} {...props}>
            {T.importTemplate}
          </Button>
        )}
      </FileButton>
      {attachButton("qualification", T.attachQualification)}
      {isNew && attachButton("initialProposal", T.attachProposal)}
      {isNew && notice.isProposalGuaranteeRequired && attachButton("guarantee", T.attachGuarantee)}
      {!isNew &&
        notice.isTechnicalDataSheetAttachmentRequired === 1 &&
        attachButton("dataSheet", T.attachDataSheet)}
      {notice.dispensationForm === "TECHNIQUE_AND_PRICE" &&
        attachButton("technical", T.attachTechnicalProposal)}
    </Group>
  );
}
