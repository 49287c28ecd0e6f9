import {
  hasOnlyRestrictedRoles,
  NOTICE_STATUS_LABELS,
  PROCESS_STEP_SLUGS,
  type ProcessStepKind,
} from "@certame/domain";
import { Alert, Anchor, Button, List, Stack, Text } from "@mantine/core";
import { IconAlertTriangle, IconRefresh } from "@tabler/icons-react";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useEffect, useRef, useState } from "react";
import { Link, useNavigate } from "react-router";
import { ApiError, type PropertyError } from "../../api/client";
import { useDisabledReason } from "../../ui/disabled-reason/DisabledReason";
import { ConfirmModal } from "../../ui/modal/ConfirmModal";
import { notifyApiError, notifySuccess } from "../../ui/notify";
import { useSession } from "../auth/session";
import {
  createProcessNotice,
  noticeWizardPath,
  type ProcessDetail,
  processKeys,
  processNoticeDocxUrl,
  processNoticePdfUrl,
  syncProcessNotice,
} from "./api";
import { DocumentTable, DownloadButton, StepActions, type StepProps } from "./DocumentStep";
import { SignatureActions } from "./SignDocument";
import { PROCESS_TEXTS as T } from "./texts";

/** The edital made from the process's notice (the docs' model), in Word and PDF. */
const NOTICE_FILES = [
  ["word", processNoticeDocxUrl],
  ["pdf", processNoticePdfUrl],
] as const;

/**
 * The parts of the plan app/process/notice/create names as missing (issue 35 contract) and the step
 * that fills each: the lots are the DFD's, and so is the object (its description); the modality is
 * the ETP's; the reference prices are the budget's.
 */
const MISSING_PART_STEP: Record<string, ProcessStepKind> = {
  demandFormalization: "DEMAND_FORMALIZATION",
  description: "DEMAND_FORMALIZATION",
  preliminaryTechnicalStudy: "PRELIMINARY_TECHNICAL_STUDY",
  budget: "BUDGET",
};

/** 'budget.lots[0]' → 'budget': a property's root names the part. */
const partOf = (property: string) => property.split(/[.[]/)[0] ?? property;

/** What is missing to make the notice, each with a link to the step that fills it; read on arrival. */
function MissingParts({ process, parts }: Pick<StepProps, "process"> & { parts: PropertyError[] }) {
  const ref = useRef<HTMLDivElement>(null);
  // The refusal is announced (role alert) and takes the focus, so the keyboard starts from its links.
  useEffect(() => {
    if (parts.length > 0) ref.current?.focus();
  }, [parts]);
  return (
    <Alert
      ref={ref}
      tabIndex={-1}
      color="red"
      variant="light"
      icon={<IconAlertTriangle size={18} />}
      title={T.notice.missingTitle}
    >
      <List size="sm" spacing={6}>
        {parts.map(({ property, errorMessages }) => {
          const kind = MISSING_PART_STEP[partOf(property)];
          const index = kind ? process.steps.findIndex((s) => s.kind === kind) : -1;
          const target = index >= 0 ? process.steps[index] : undefined;
          const slug = kind ? PROCESS_STEP_SLUGS[kind] : undefined;
          return (
            <List.Item key={property}>
              <Text size="sm" span>
                {errorMessages.join(" ")}{" "}
              </Text>
              {target && slug && (
                // Underlined: inside the sentence, colour alone would not tell the link (WCAG 1.4.1).
                <Anchor
                  component={Link}
                  size="sm"
                  underline="always"
                  to={`/cadastrar/processos/${process.id}/${slug}`}
                >
                  {T.notice.goToStep(index + 1, target.label)}
                </Anchor>
              )}
            </List.Item>
          );
        })}
      </List>
    </Alert>
  );
}

/**
 * Whether the user edits notices: a body's restricted profiles plan the process but do not create,
 * update or publish its notice (the server refuses them: notices-and-accounts §6), nor open the notice
 * wizard (its menu entry is hidden from them by the same rule).
 */
export function useEditsNotices() {
  const { user } = useSession();
  return user?.kind === "BUYER" && !hasOnlyRestrictedRoles(user.buyer?.staffRoles ?? []);
}

/** The plan changed after the notice, which is still pending: carrying the change over is offered. */
export const offersSync = ({ auctionNotice: notice, status, isDeleted }: ProcessDetail) =>
  notice?.outOfDate === true && notice.status === "PENDING" && status === "PROCESS_PENDING" && !isDeleted;

/** Why step 6's 'Criar/Editar' cannot act, or null: only notice editors act, and make it on a live process. */
function editBlockedReason(
  { auctionNotice, isDeleted }: ProcessDetail,
  editsNotices: boolean,
): string | null {
  if (!editsNotices) return T.notice.editorsOnly;
  return !auctionNotice && isDeleted ? T.deletedReason : null;
}

/**
 * Step 6 'Edital' (issue 35 item 1): 'Criar/Editar' makes the notice from the process — or opens the
 * one it has — in the notice wizard; a refusal names what the plan lacks. While the notice is still
 * pending, a change of the plan is offered to be carried over ('Levar ao edital'), never after.
 */
export function NoticeStep({ process, step, n }: StepProps) {
  const navigate = useNavigate();
  const client = useQueryClient();
  const notice = process.auctionNotice;
  const editsNotices = useEditsNotices();
  const [missing, setMissing] = useState<PropertyError[]>([]);
  const [confirming, setConfirming] = useState(false);

  const refresh = () => {
    void client.invalidateQueries({ queryKey: processKeys.detail(process.id) });
    void client.invalidateQueries({ queryKey: ["notices"] });
  };

  const create = useMutation({
    mutationFn: () => createProcessNotice(process.id),
    onSuccess: ({ id, created }) => {
      setMissing([]);
      if (created) notifySuccess(T.notice.created);
      refresh();
      navigate(noticeWizardPath(id, "formulario"));
    },
    onError: (failure) => {
      if (failure instanceof ApiError && failure.status === 400 && failure.properties.length > 0) {
        setMissing(failure.properties);
      } else {
        setMissing([]);
        notifyApiError(failure, T.notice.createError);
      }
    },
  });

  const sync = useMutation({
    mutationFn: () => syncProcessNotice(process.id),
    onSuccess: () => {
      setConfirming(false);
      notifySuccess(T.notice.synced);
      refresh();
    },
    // A 409 (published meanwhile) or another refusal: said, and the step re-read (the offer goes).
    onError: (failure) => {
      setConfirming(false);
      notifyApiError(failure, T.notice.syncError);
      refresh();
    },
  });

  // A known notice opens directly (also on a deleted or published process); otherwise it is made.
  const edit = () => {
    if (notice) navigate(noticeWizardPath(notice.id, "formulario"));
    else if (!create.isPending) create.mutate();
  };
  const createBlocked = useDisabledReason(editBlockedReason(process, editsNotices));
  const noFile = useDisabledReason(notice ? null : T.notice.needsNotice);
  const offerSync = offersSync(process);

  return (
    <Stack gap="sm">
      <DocumentTable step={step} n={n} />
      {notice && (
        <Text size="sm">{T.notice.linked(notice.noticeNumber, NOTICE_STATUS_LABELS[notice.status])}</Text>
      )}
      {offerSync && (
        <Alert
          color="yellow"
          variant="light"
          role="status"
          icon={<IconRefresh size={18} />}
          title={T.notice.outOfDateTitle}
        >
          <Stack gap="xs" align="flex-start">
            <Text size="sm">{T.notice.outOfDateText}</Text>
            <Button
              size="xs"
              disabled={!editsNotices}
              aria-describedby={editsNotices ? undefined : createBlocked.describedBy}
              onClick={() => setConfirming(true)}
            >
              {T.notice.sync}
            </Button>
          </Stack>
        </Alert>
      )}
      {missing.length > 0 && <MissingParts process={process} parts={missing} />}
      <StepActions>
        <Button
          size="xs"
          variant="light"
          aria-label={`${T.createOrEdit} ${step.label}`}
          loading={create.isPending}
          disabled={Boolean(createBlocked.describedBy)}
          aria-describedby={createBlocked.describedBy}
          onClick={edit}
        >
          {T.createOrEdit}
        </Button>
        {NOTICE_FILES.map(([kind, url]) => (
          <DownloadButton
            key={kind}
            kind={kind}
            file={{ url }}
            processId={process.id}
            stepLabel={step.label}
            disabledBy={noFile.describedBy}
          />
        ))}
        <SignatureActions
          process={process}
          step={step}
          kind="AUCTION_NOTICE"
          disabledReason={notice ? null : T.sign.needsNotice}
        />
      </StepActions>
      {createBlocked.hint}
      {noFile.hint}
      <ConfirmModal
        opened={confirming}
        title={T.notice.sync}
        confirmLabel={T.notice.sync}
        loading={sync.isPending}
        onConfirm={() => sync.mutate()}
        onClose={() => setConfirming(false)}
      >
        {T.notice.syncText}
      </ConfirmModal>
    </Stack>
  );
}
