import {
  asksAutomaticBid,
  asksSmallCompanyDeclaration,
  automaticFieldsShown,
  bigCompanyDeclarationRequired,
  DOCUMENT_BLOCKERS,
  defaultSmallCompanyAnswer,
  EXCLUSIVE_LOT_WARNING_MS,
  formatBRL,
  INITIAL_BIDS_MODALITIES,
  INITIAL_BIDS_TEXTS,
  isNewModality,
  regionalPreference,
  SMALL_COMPANY_WARNING_MS,
  SUPPLIER_NOT_APPROVED_MESSAGE,
  saveBlockers,
  secretPhaseDeclarationRequired,
  termsRequired,
} from "@certame/domain";
import { ActionIcon, Alert, Button, Center, Group, Loader, Radio, Stack, Text, Title } from "@mantine/core";
import { IconArrowLeft } from "@tabler/icons-react";
import { useCallback, useEffect, useMemo, useState } from "react";
import { useNavigate, useParams } from "react-router";
import { serverMessageOr } from "../../api/client";
import { type DownloadedFile, saveFile } from "../../api/files";
import { ConfirmModal } from "../../ui/modal/ConfirmModal";
import { notifyError, notifySuccess, notifyWarning } from "../../ui/notify";
import { usePageTitle } from "../../ui/page-title";
import {
  downloadBidTemplate,
  fetchAssociations,
  fetchInitialBidLots,
  fetchInitialBidsNotice,
  fetchIsEnabledSupplier,
  fetchIsPreQualifiedSupplier,
  fetchQualificationDocuments,
  importBidSheet,
  saveInitialBids,
} from "./api";
import { InitialBidsDeclarations } from "./InitialBidsDeclarations";
import { type DocSlot, InitialBidsDocumentModal } from "./InitialBidsDocumentModal";
import { InitialBidsNotes } from "./InitialBidsNotes";
import { InitialBidsToolbar } from "./InitialBidsToolbar";
import {
  blockedExclusiveLots,
  buildBidData,
  grandTotal,
  initialRows,
  isZeroProposalState,
  type RowState,
  type RowsState,
} from "./initial-bids-model";
import { LotBidsTable } from "./LotBidsTable";
import { TermsModal } from "./TermsModal";
import { IMPORT_ERROR, newModalityNotes, OLD_MODALITY_NOTES, REMOVE_PROPOSAL_TEXT } from "./texts";
import type { InitialBidLotRow, InitialBidsRead, LibraryDocument } from "./types";

const T = INITIAL_BIDS_TEXTS;
/**
 * 'Cadastro de lances iniciais' (trading-room §2.8): the load sequence and its access checks, the
 * top buttons, the notes, the automatic-bid choice, the lot table, the declarations, the terms and
 * document modals, and the save with its receipt.
 */
export function InitialBidsPage() {
  const { id = "" } = useParams();
  const navigate = useNavigate();
  usePageTitle(T.title);
  const goBack = useCallback(() => {
    const idx = (window.history.state as { idx?: number } | null)?.idx ?? 0;
    if (idx > 0) navigate(-1);
    else navigate("/editais-publicados");
  }, [navigate]);

  const [data, setData] = useState<InitialBidsRead | null>(null);
  const [lots, setLots] = useState<InitialBidLotRow[]>([]);
  const [rows, setRows] = useState<RowsState>({});
  const [library, setLibrary] = useState<LibraryDocument[]>([]);
  const [automatic, setAutomatic] = useState(false);
  const [smallAnswer, setSmallAnswer] = useState<boolean | null>(null);
  const [regional, setRegional] = useState(false);
  const [bigCompany, setBigCompany] = useState(false);
  const [secretPhase, setSecretPhase] = useState(false);
  const [termsAccepted, setTermsAccepted] = useState(false);
  const [termsOpen, setTermsOpen] = useState(false);
  const [docs, setDocs] = useState<Record<DocSlot, string[]>>({
    qualification: [],
    dataSheet: [],
    initialProposal: [],
    guarantee: [],
    technical: [],
  });
  const [docModal, setDocModal] = useState<DocSlot | null>(null);
  const [removeOpen, setRemoveOpen] = useState(false);
  const [saving, setSaving] = useState(false);

  // §2.8 "On load": supplier and notice, modality, lots, access checks, documents.
  useEffect(() => {
    let cancelled = false;
    (async () => {
      let read: InitialBidsRead;
      let list: InitialBidLotRow[];
      try {
        read = await fetchInitialBidsNotice(id);
        if (cancelled) return;
        if (!INITIAL_BIDS_MODALITIES.includes(read.auctionNotice.modality)) return goBack();
        list = await fetchInitialBidLots(id);
        if (cancelled) return;
        const [enabled, preQualified] = await Promise.all([
          fetchIsEnabledSupplier(id),
          fetchIsPreQualifiedSupplier(id),
        ]);
        if (cancelled) return;
        if (!enabled) {
          // Not approved yet says so (issue 13); otherwise it is the plan or the credit.
          const approved = (read.supplier.registrationStatus ?? "APPROVED") === "APPROVED";
          notifyWarning(T.accessDenied, approved ? T.notEnabled : SUPPLIER_NOT_APPROVED_MESSAGE);
          return goBack();
        }
        if (!preQualified) {
          notifyWarning(T.accessDenied, T.notPreQualified);
          return goBack();
        }
      } catch (error) {
        if (cancelled) return;
        notifyError(undefined, serverMessageOr(error, T.loadError));
        return goBack();
      }
      const n = read.auctionNotice;
      const hasBid = list.some((l) => l.bids.length > 0);
      setData(read);
      setLots(list);
      setRows(initialRows(list, n.offerKind));
      setAutomatic(read.proposal.canApplyAutomaticBid);
      setSmallAnswer(
        defaultSmallCompanyAnswer({
          isDeclared: n.smallCompanyDeclarations.includes(read.supplier.id),
          hasNonZeroProposal: hasBid,
        }),
      );
      setRegional(n.regionalPreferenceDeclarations.some((d) => d.id === read.supplier.id));
      setBigCompany(read.proposal.hasBigCompanyAutomaticBidDeclaration);
      setSecretPhase(read.proposal.hasSecretPhaseDeclaration);
      const accepted = Boolean(read.proposal.termsAcceptedAt) || read.proposal.hasProposal;
      setTermsAccepted(accepted);
      // §5 "Terms": the modal opens by itself when no term is accepted and there is no earlier bid.
      if (!accepted && !hasBid && termsRequired(n.modality)) setTermsOpen(true);
      try {
        const [qualification, linked] = await Promise.all([
          fetchQualificationDocuments(id),
          fetchAssociations(id),
        ]);
        if (cancelled) return;
        setLibrary([...qualification, ...linked.processDocuments]);
        const ids = (pick: (a: (typeof linked.qualificationDocumentsAssociated)[number]) => boolean) =>
          linked.qualificationDocumentsAssociated.filter(pick).map((a) => a.document.id);
        setDocs({
          qualification: ids((a) => a.kindAssociation === "QUALIFICATION_DOCUMENT"),
          dataSheet: ids((a) => a.kindAssociation === "TECHNICAL_DATA_SHEET"),
          initialProposal: ids((a) => a.document.kind === "INITIAL_PROPOSAL"),
          guarantee: ids((a) => a.document.kind === "PROPOSAL_GUARANTEE"),
          technical: ids((a) => a.kindAssociation === "TECHNICAL_PROPOSAL_DOCUMENT"),
        });
      } catch {
        // §8: a failure of the documents list does not go back.
      }
    })();
    return () => {
      cancelled = true;
    };
  }, [id, goBack]);

  const notice = data?.auctionNotice;
  const isSmall = data?.supplier.isSmallBusiness ?? false;
  const modality = notice?.modality ?? "NEW_ELECTRONIC_REVERSED_AUCTION";
  const isNew = isNewModality(modality);
  const automaticShown = notice ? automaticFieldsShown(modality, notice.closingKind, automatic) : false;
  const bigRequired = bigCompanyDeclarationRequired({
    automaticOn: automaticShown,
    isSmallBusiness: isSmall,
    smallCompanyAnswer: smallAnswer,
  });
  const secretRequired = notice ? secretPhaseDeclarationRequired(notice.closingKind, automaticShown) : false;
  const regionalState = regionalPreference({
    modality,
    canApplyRegionalPreference: notice?.canApplyRegionalPreference ?? false,
    isSmallBusiness: isSmall,
    smallCompanyAnswer: smallAnswer,
  });
  const zero = isZeroProposalState(lots, rows);

  const blockers = useMemo(() => {
    if (!notice) return [];
    const all = saveBlockers({
      modality,
      licensePhase: notice.auctionLicensePhase,
      criterion: notice.dispensationForm,
      isInitialProposalsRequired: notice.isInitialProposalsRequired,
      isTechnicalDataSheetAttachmentRequired: notice.isTechnicalDataSheetAttachmentRequired === 1,
      termsAccepted,
      lotCount: lots.length,
      hasQualificationDocuments: docs.qualification.length > 0,
      hasInitialProposal: docs.initialProposal.length > 0,
      hasTechnicalProposal: docs.technical.length > 0,
      hasDataSheet: docs.dataSheet.length > 0,
      bigCompanyRequired: bigRequired,
      bigCompanyChecked: bigCompany,
      secretPhaseRequired: secretRequired,
      secretPhaseChecked: secretPhase,
    });
    // A removal attaches nothing: the document rules do not hold it back.
    return zero ? all.filter((b) => !DOCUMENT_BLOCKERS.includes(b)) : all;
  }, [
    notice,
    modality,
    termsAccepted,
    lots.length,
    docs,
    bigRequired,
    bigCompany,
    secretRequired,
    secretPhase,
    zero,
  ]);

  if (!data || !notice) {
    return (
      <Center py="xl">
        <Loader role="progressbar" aria-label="Carregando" />
      </Center>
    );
  }

  const open = data.canSendInitialBids;
  const saveDisabled = blockers.length > 0 || !open;
  const attachDisabled = termsRequired(modality) && !termsAccepted;
  const total = grandTotal(lots, rows, notice.offerKind);

  const changeRow = (lotId: string, patch: Partial<RowState>) =>
    setRows((r) => ({ ...r, [lotId]: { ...(r[lotId] as RowState), ...patch } }));

  const changeSmallAnswer = (value: boolean) => {
    setSmallAnswer(value);
    if (!value) setRegional(false);
  };

  const fields = () => ({
    auctionNoticeId: notice.id,
    qualificationDocuments: docs.qualification,
    technicalDataSheet: docs.dataSheet[0] ?? null,
    initialProposal: docs.initialProposal,
    proposalGuarantee: docs.guarantee,
    technicalProposal: docs.technical,
    // §5: sent as true only if the proposal is not zero and the answer is yes.
    hasSmallCompanyDeclaration: zero ? false : smallAnswer,
    hasRegionalPreferenceDeclaration: !zero && regionalState.enabled && regional,
    canApplyAutomaticBid: automaticShown,
    hasBigCompanyAutomaticBidDeclaration: bigRequired && bigCompany,
    hasSecretPhaseDeclaration: secretRequired && secretPhase,
  });

  /** The checks shared by the save and the import (§5); true when they pass. */
  const precheck = (): boolean => {
    if (!zero && asksSmallCompanyDeclaration(modality, isSmall) && smallAnswer === null) {
      notifyWarning(T.attentionTitle, T.smallCompanyUnanswered, {
        duration: SMALL_COMPANY_WARNING_MS,
      });
      return false;
    }
    if (
      blockedExclusiveLots(lots, rows, {
        modality,
        isSmallBusiness: isSmall,
        smallCompanyAnswer: smallAnswer,
      }).length
    ) {
      notifyWarning(T.attentionTitle, T.exclusiveLot, { duration: EXCLUSIVE_LOT_WARNING_MS });
      return false;
    }
    return true;
  };

  const afterSave = (receipt: DownloadedFile, message: string) => {
    saveFile(receipt);
    notifySuccess(message);
    navigate(`/sala-de-negociacao/${notice.id}`);
  };

  const doSave = async () => {
    setRemoveOpen(false);
    setSaving(true);
    try {
      const bidData = buildBidData(lots, rows, {
        modality,
        closingKind: notice.closingKind,
        offerKind: notice.offerKind,
        canApplyAutomaticBid: automatic,
      });
      const receipt = await saveInitialBids({ ...fields(), bidData });
      afterSave(receipt, T.saved);
    } catch (error) {
      notifyError(undefined, serverMessageOr(error));
    } finally {
      setSaving(false);
    }
  };

  const onSave = () => {
    if (!precheck()) return;
    if (zero) setRemoveOpen(true);
    else void doSave();
  };

  const onImport = async (file: File | null) => {
    if (!file || !precheck()) return;
    setSaving(true);
    try {
      const receipt = await importBidSheet(file, fields());
      afterSave(receipt, T.imported);
    } catch (error) {
      notifyError(undefined, serverMessageOr(error, IMPORT_ERROR));
    } finally {
      setSaving(false);
    }
  };

  const onTemplate = async () => {
    try {
      saveFile(await downloadBidTemplate(notice.id, automaticShown));
    } catch {
      notifyError(T.templateErrorTitle, T.templateErrorText);
    }
  };

  const count = (slot: DocSlot) => (docs[slot].length ? ` (${docs[slot].length})` : "");
  const notes = isNew ? newModalityNotes(notice.auctionLicensePhase === "BEFORE_BID") : OLD_MODALITY_NOTES;

  return (
    <Stack gap="md" p="md">
      <Group gap="sm">
        <ActionIcon variant="subtle" aria-label="Voltar" onClick={goBack}>
          <IconArrowLeft size={20} />
        </ActionIcon>
        <Title order={1} size="h2">
          {T.title}
        </Title>
      </Group>
      <Text size="sm" c="dimmed">
        {`${notice.noticeNumber} · ${notice.processNumber} · ${notice.buyer.corporateName}`}
      </Text>

      <InitialBidsToolbar
        notice={notice}
        isNew={isNew}
        importDisabled={saveDisabled || saving}
        attachDisabled={attachDisabled}
        count={count}
        onTemplate={onTemplate}
        onImport={onImport}
        onAttach={setDocModal}
      />

      <InitialBidsNotes notes={notes} />

      {!open && (
        <Alert color="yellow" title="Prazo de propostas">
          O prazo de envio de propostas deste processo não está aberto.
        </Alert>
      )}

      {asksAutomaticBid(modality, notice.closingKind) && (
        <Radio.Group
          label={T.automaticQuestion}
          value={automatic ? "yes" : "no"}
          onChange={(v) => setAutomatic(v === "yes")}
        >
          <Group mt="xs">
            <Radio value="yes" label={T.yes} />
            <Radio value="no" label={T.no} />
          </Group>
        </Radio.Group>
      )}

      <LotBidsTable
        lots={lots}
        rows={rows}
        onChange={changeRow}
        modality={modality}
        offerKind={notice.offerKind}
        shouldDiscloseReferencePrice={notice.shouldDiscloseReferencePrice}
        automaticShown={automaticShown}
        isSmallBusiness={isSmall}
        smallCompanyAnswer={smallAnswer}
        disabled={!open}
      />
      <Text fw={600} ta="right">{`Valor total da proposta: ${formatBRL(total.scaled, total.decimals)}`}</Text>

      <InitialBidsDeclarations
        small={
          asksSmallCompanyDeclaration(modality, isSmall)
            ? { answer: smallAnswer, onAnswer: changeSmallAnswer }
            : null
        }
        regional={
          regionalState.shown
            ? { checked: regional, enabled: regionalState.enabled, onChange: setRegional }
            : null
        }
        bigCompany={bigRequired ? { checked: bigCompany, onChange: setBigCompany } : null}
        secretPhase={secretRequired ? { checked: secretPhase, onChange: setSecretPhase } : null}
      />

      {blockers.includes("INITIAL_PROPOSAL") && (
        <Text size="sm" c="red">
          {T.initialProposalRequired}
        </Text>
      )}
      <Group justify="flex-end">
        {termsRequired(modality) && !termsAccepted && (
          <Button variant="outline" onClick={() => setTermsOpen(true)}>
            {T.acceptTerms}
          </Button>
        )}
        <Button onClick={onSave} disabled={saveDisabled} loading={saving}>
          {T.save}
        </Button>
      </Group>

      <TermsModal
        opened={termsOpen}
        onConfirm={() => {
          setTermsAccepted(true);
          setTermsOpen(false);
        }}
        onClose={() => setTermsOpen(false)}
      />
      <ConfirmModal
        opened={removeOpen}
        title={T.removeTitle}
        confirmLabel={T.confirm}
        cancelLabel={T.back}
        color="red"
        onConfirm={() => void doSave()}
        onClose={() => setRemoveOpen(false)}
      >
        {REMOVE_PROPOSAL_TEXT}
      </ConfirmModal>
      {docModal && (
        <InitialBidsDocumentModal
          slot={docModal}
          library={library}
          required={notice.canIndicateQualificationDocument ? notice.qualificationDocumentRequired : []}
          selected={docs[docModal]}
          onUploaded={(doc) => setLibrary((l) => [doc, ...l])}
          onConfirm={(ids) => {
            setDocs((d) => ({ ...d, [docModal]: ids }));
            setDocModal(null);
          }}
          onClose={() => setDocModal(null)}
        />
      )}
    </Stack>
  );
}
