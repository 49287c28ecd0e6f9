import { RISK_MATRIX_NUMBER_MAX_LENGTH, RISK_TEXT_MAX_LENGTH, riskMatrixMenu } from "@certame/domain";
import { Anchor, Center, Group, Loader, Radio, Stack, Textarea, TextInput } from "@mantine/core";
import { IconFileTypePdf } from "@tabler/icons-react";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useEffect, useState } from "react";
import { useNavigate, useParams } from "react-router";
import { ApiError, serverMessageOr } from "../../api/client";
import { CountedTextarea } from "../../ui/counted-textarea/CountedTextarea";
import { notifyError, notifySuccess } from "../../ui/notify";
import { BUYER_REGISTRATION_KEY } from "../buyer-registration/useBuyerRegistration";
import {
  isFilled,
  PlanningWizard,
  processAdminPath,
  useProcessHeader,
  useWizardSteps,
  WIZARD_TEXTS,
  type WizardSection,
  WizardStepPage,
} from "../planning-wizard";
import { processKeys } from "../processes/api";
import { AttachmentsStep } from "./AttachmentsStep";
import {
  type RiskMatrix,
  readCategories,
  readRiskMatrix,
  riskKeys,
  riskMapPdfUrl,
  saveRiskMatrix,
} from "./api";
import { PanelStep, RevisionHistoryStep } from "./FollowUpSteps";
import { HiringRiskStep } from "./HiringRiskStep";
import { RiskResponsiblesStep } from "./RiskResponsiblesStep";
import { RISK_TEXTS as T } from "./texts";

type SavePart = Parameters<typeof saveRiskMatrix>[1];

/**
 * 'Criar Matriz de Risco' (planning §2.7; route /cadastrar/processos/:id/gerenciamento-de-risco): the
 * left panel (process number, dispensation, matrix number saved on blur, DFD categories, the PDF), the
 * 'Preenchimento' steps and the unnumbered 'Acompanhamento' ones — or, dispensed, the justification
 * alone. Nothing changes while the process is deleted; once it is no longer pending only the risks
 * (their catalogue, selection and responsibles) read only (§4) — the number, the dispensation, the
 * justification and the attachments stay editable.
 */
export function RiskMatrixPage() {
  const { id = "" } = useParams();
  const navigate = useNavigate();
  const client = useQueryClient();
  const header = useProcessHeader(id);
  // Read afresh on every visit: the process's state and the DFD's categories change in other screens.
  const query = useQuery({
    queryKey: riskKeys.matrix(id),
    queryFn: () => readRiskMatrix(id),
    refetchOnMount: "always",
  });
  const categories = useQuery({
    queryKey: riskKeys.categories(id),
    queryFn: () => readCategories(id),
    refetchOnMount: "always",
  });
  const matrix = query.data;
  const dispensed = matrix?.canDispenseRisk ?? false;
  const keys = riskMatrixMenu(dispensed);
  const steps = useWizardSteps(id, keys);
  const [number, setNumber] = useState("");
  useEffect(() => setNumber(matrix?.number ?? ""), [matrix?.number]);

  useEffect(() => {
    if (!query.isError) return;
    notifyError(undefined, serverMessageOr(query.error));
    navigate(processAdminPath(id), { replace: true });
  }, [query.isError, query.error, navigate, id]);

  if (!matrix || header.isLoading)
    return (
      <Center mih={240}>
        <Loader aria-label="Carregando" role="progressbar" />
      </Center>
    );

  const readOnly = !matrix.editable;
  const risksReadOnly = !matrix.risksEditable;
  const readOnlyReason = matrix.process.isDeleted ? WIZARD_TEXTS.readOnlyDeleted : T.readOnlyPublished;
  const reload = () => client.invalidateQueries({ queryKey: riskKeys.matrix(id) });

  /** One of §7's save shapes; the answer is the matrix as it now stands. */
  const save = async (part: SavePart, { quiet = false } = {}): Promise<RiskMatrix | null> => {
    try {
      const saved = await saveRiskMatrix(id, part);
      client.setQueryData(riskKeys.matrix(id), saved);
      void client.invalidateQueries({ queryKey: processKeys.detail(id) });
      if (!quiet) notifySuccess(T.saved);
      return saved;
    } catch (error) {
      const first = error instanceof ApiError ? error.properties[0] : undefined;
      notifyError(T.saveError, first?.errorMessages[0] ?? serverMessageOr(error));
      return null;
    }
  };

  const selectionOf = (m: RiskMatrix) => m.risks.map((s) => s.risk.id);
  const sections: WizardSection[] = dispensed
    ? [
        {
          label: T.justification,
          steps: [{ key: "JUSTIFICATION", label: T.justification, filled: isFilled(matrix.justification) }],
        },
      ]
    : [
        {
          label: T.fillGroup,
          steps: [
            { key: "HIRING_RISK", label: T.hiringRisk, filled: isFilled(matrix.risks) },
            {
              key: "RESPONSIBLES",
              label: T.responsibles,
              filled: isFilled(matrix.risks.flatMap((r) => r.responsible)),
            },
            { key: "ATTACHMENTS", label: T.attachments, filled: isFilled(matrix.documents) },
          ],
        },
        {
          label: T.followGroup,
          numbered: false,
          steps: [
            { key: "REVISION_HISTORY", label: T.revisionHistory, filled: isFilled(matrix.revisionHistory) },
            { key: "PANEL", label: T.panel, filled: isFilled(matrix.risks) },
          ],
        },
      ];

  const leftPanel = (
    <Stack gap="sm">
      <TextInput label={T.processNumber} value={matrix.process.processNumber} readOnly />
      <Radio.Group
        label={T.dispenseQuestion}
        value={dispensed ? "yes" : "no"}
        onChange={(value) => {
          void save({ number: number.trim() || null, canDispenseRisk: value === "yes" }).then((saved) => {
            if (saved) steps.select(riskMatrixMenu(saved.canDispenseRisk)[0] ?? "");
          });
        }}
      >
        <Group gap="lg" mt={6}>
          <Radio value="no" label={T.no} disabled={readOnly} />
          <Radio value="yes" label={T.yes} disabled={readOnly} />
        </Group>
      </Radio.Group>
      <TextInput
        label={T.matrixNumber}
        value={number}
        maxLength={RISK_MATRIX_NUMBER_MAX_LENGTH}
        readOnly={readOnly}
        onChange={(e) => setNumber(e.currentTarget.value)}
        onBlur={() => {
          if (readOnly || number.trim() === (matrix.number ?? "")) return;
          void save({ number: number.trim() || null, canDispenseRisk: dispensed });
        }}
      />
      <Textarea label={T.category} value={categories.data ?? "-"} readOnly autosize minRows={1} />
      <Anchor href={riskMapPdfUrl(id)} download size="sm">
        <Group gap={6} component="span">
          <IconFileTypePdf size={16} aria-hidden />
          {T.downloadPdf}
        </Group>
      </Anchor>
    </Stack>
  );

  let page: React.ReactNode = null;
  switch (steps.current) {
    case "HIRING_RISK":
      page = (
        <HiringRiskStep
          processId={id}
          selected={selectionOf(matrix)}
          readOnly={risksReadOnly}
          readOnlyReason={readOnlyReason}
          onChanged={reload}
          onSave={async (riskIds) => {
            const bySelection = new Map(matrix.risks.map((s) => [s.risk.id, s.id]));
            const saved = await save({
              risks: riskIds.map((riskId) => ({
                ...(bySelection.has(riskId) ? { id: bySelection.get(riskId) as string } : {}),
                risk: { id: riskId },
              })),
            });
            if (saved) steps.next();
          }}
        />
      );
      break;
    case "RESPONSIBLES":
      page = (
        <RiskResponsiblesStep
          risks={matrix.risks}
          staff={matrix.staff}
          readOnly={risksReadOnly}
          readOnlyReason={readOnlyReason}
          onSaveRisk={async (selectionId, staffIds) =>
            Boolean(
              await save({ risks: [{ id: selectionId, responsible: staffIds.map((s) => ({ id: s })) }] }),
            )
          }
          onSaveAll={async () => {
            const saved = await save({
              risks: matrix.risks.map((s) => ({
                id: s.id,
                responsible: s.responsible.map((p) => ({ id: p.id })),
              })),
            });
            if (saved) steps.next();
          }}
          onStaffCreated={async () => {
            await client.invalidateQueries({ queryKey: BUYER_REGISTRATION_KEY });
            await reload();
          }}
        />
      );
      break;
    case "ATTACHMENTS":
      page = (
        <AttachmentsStep
          documents={matrix.documents}
          readOnly={readOnly}
          readOnlyReason={readOnlyReason}
          onSave={async (documents) => {
            const saved = await save({
              documents: documents.map((d) => ({ description: d.description, fileId: d.fileId })),
            });
            // §4: after the attachments there is no next step.
            if (saved) navigate(processAdminPath(id));
          }}
        />
      );
      break;
    case "REVISION_HISTORY":
      page = <RevisionHistoryStep rows={matrix.revisionHistory} />;
      break;
    case "PANEL":
      page = <PanelStep panel={matrix.panel} risks={matrix.risks} />;
      break;
    case "JUSTIFICATION":
      page = (
        <JustificationStep
          initial={matrix.justification ?? ""}
          readOnly={readOnly}
          readOnlyReason={readOnlyReason}
          onSave={async (justification) => {
            const saved = await save({ justification });
            if (saved) navigate(processAdminPath(id));
          }}
        />
      );
      break;
  }

  return (
    <PlanningWizard
      processId={id}
      title={T.title}
      leftPanel={leftPanel}
      sections={sections}
      current={steps.current}
      onSelect={steps.select}
      menuTitle={undefined}
    >
      {page}
    </PlanningWizard>
  );
}

/** Dispensed: the justification alone, required (§5), with 'Salvar e Finalizar'. */
function JustificationStep({
  initial,
  readOnly,
  readOnlyReason,
  onSave,
}: {
  initial: string;
  readOnly: boolean;
  readOnlyReason: string;
  onSave: (justification: string) => Promise<void>;
}) {
  const [text, setText] = useState(initial);
  useEffect(() => setText(initial), [initial]);
  const [saving, setSaving] = useState(false);
  return (
    <WizardStepPage
      title={T.justification}
      tip={T.justificationTip}
      saveLabel={WIZARD_TEXTS.saveAndFinish}
      saveDisabled={!text.trim()}
      saving={saving}
      readOnly={readOnly}
      readOnlyReason={readOnlyReason}
      onSave={() => {
        setSaving(true);
        void onSave(text.trim()).finally(() => setSaving(false));
      }}
    >
      <CountedTextarea
        label={T.justification}
        required
        autosize
        minRows={5}
        value={text}
        readOnly={readOnly}
        onChange={setText}
        maxLength={RISK_TEXT_MAX_LENGTH}
      />
    </WizardStepPage>
  );
}
