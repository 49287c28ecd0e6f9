import {
  Accordion,
  Alert,
  Badge,
  Center,
  Group,
  List,
  Loader,
  Paper,
  Stack,
  Text,
  Title,
} from "@mantine/core";
import { IconLock } from "@tabler/icons-react";
import { type ReactNode, useState } from "react";
import { PageTitle } from "../../ui/page/PageTitle";
import { CONNECTION_ERROR_MESSAGE } from "../../ui/texts";
import type { BuyerRegistrationView } from "./api";
import { BodySection } from "./BodySection";
import { isEditableStatus, SECTION_KEYS, type SectionKey, unlockedSections } from "./buyer-form-model";
import { RegistrationStatusPanel } from "./RegistrationStatusPanel";
import { AttachSection, FinishSection, SignatureSection } from "./TermsSections";
import { BUYER_REGISTRATION_TEXTS as T } from "./texts";
import { UsersSection } from "./UsersSection";
import { useBuyerRegistration } from "./useBuyerRegistration";

/** Why the page shows no form (not a body's user, a restricted profile, loading, a failed read). */
export function RegistrationGate({
  state,
  children,
}: {
  state: ReturnType<typeof useBuyerRegistration>;
  children: ReactNode;
}) {
  if (state.loading)
    return (
      <Center py="xl">
        <Loader role="progressbar" aria-label="Carregando" />
      </Center>
    );
  if (!state.isBuyerUser) return <Alert color="yellow">{T.notBuyer}</Alert>;
  if (state.restricted) return <Alert color="yellow">{T.restricted}</Alert>;
  if (state.failed) return <Alert color="red">{CONNECTION_ERROR_MESSAGE}</Alert>;
  return <>{children}</>;
}

function Introduction() {
  return (
    <Paper withBorder radius="md" p="lg">
      <Title order={2} fz="md" c="certame.8" mb="xs">
        {T.introTitle}
      </Title>
      <List type="ordered" size="sm" spacing={4}>
        {T.introSteps.map((step) => (
          <List.Item key={step}>{step}</List.Item>
        ))}
      </List>
      <Text size="sm" fw={600} mt="sm">
        Análise do cadastro
      </Text>
      <List size="sm" spacing={4}>
        {T.analysisRules.map((rule) => (
          <List.Item key={rule}>{rule}</List.Item>
        ))}
      </List>
    </Paper>
  );
}

/**
 * The sections of the wizard as an accordion: a locked section cannot be opened (§2.11: only the
 * first is active at the start; each unlocks as the previous one is saved).
 */
export function WizardSections({
  view,
  keys,
  unlocked,
  active,
  onActive,
  render,
}: {
  view: BuyerRegistrationView | null;
  keys: readonly SectionKey[];
  unlocked: Set<SectionKey>;
  active: SectionKey | null;
  onActive: (key: SectionKey | null) => void;
  render: (key: SectionKey) => ReactNode;
}) {
  return (
    <Accordion
      variant="separated"
      radius="md"
      value={active}
      onChange={(value) => onActive(value as SectionKey | null)}
      chevronPosition="right"
    >
      {keys.map((key, i) => {
        const open = unlocked.has(key);
        const next = keys[i + 1];
        const done = Boolean(view) && next !== undefined && unlocked.has(next);
        return (
          <Accordion.Item key={key} value={key}>
            <Accordion.Control disabled={!open} icon={open ? undefined : <IconLock size={16} aria-hidden />}>
              <Group gap="xs" wrap="wrap">
                <Text fw={600}>{`${i + 1}. ${T.sections[key]}`}</Text>
                {done && (
                  <Badge size="sm" color="teal" variant="light" c="gray.9">
                    {T.done}
                  </Badge>
                )}
                {!open && (
                  <Text size="xs" c="dimmed">
                    {T.locked}
                  </Text>
                )}
              </Group>
            </Accordion.Control>
            <Accordion.Panel>{open && active === key ? render(key) : null}</Accordion.Panel>
          </Accordion.Item>
        );
      })}
    </Accordion>
  );
}

/**
 * /cadastro-de-orgao: the public body's accreditation wizard (notices-and-accounts §2.11) — the
 * introduction with the steps and the analysis rules (§9), then 'Preenchimento Órgãos', 'Demais
 * usuários', 'Assinatura do Termo', 'Anexar Termo de Adesão' and 'Finalização'. Once completed the
 * page shows the analysis and its due time; a rejected registration shows the reason and opens again.
 */
export function BuyerRegistrationPage() {
  const state = useBuyerRegistration();
  const { view, refresh } = state;
  const [termsHandled, setTermsHandled] = useState(false);
  const [active, setActive] = useState<SectionKey | null>("body");
  const unlocked = unlockedSections(view, termsHandled);
  const editable = !view || isEditableStatus(view.registrationStatus);

  const render = (key: SectionKey) => {
    switch (key) {
      case "body":
        return (
          <BodySection
            key={view?.id ?? "new"}
            view={view}
            onSaved={async (saved) => {
              // Move on at once: a click on another section during the refresh must not be undone.
              setActive("users");
              await refresh(saved);
            }}
          />
        );
      case "users":
        return view && <UsersSection view={view} onChanged={() => refresh()} />;
      case "signature":
        return (
          view && (
            <SignatureSection
              view={view}
              onHandled={async () => {
                setTermsHandled(true);
                await refresh();
              }}
            />
          )
        );
      case "attach":
        return view && <AttachSection view={view} onChanged={() => refresh()} />;
      case "finish":
        return <FinishSection onFinished={() => refresh()} />;
    }
  };

  return (
    <>
      <PageTitle title={T.pageTitle} description="Credenciamento do órgão público na plataforma" />
      <RegistrationGate state={state}>
        <Stack gap="lg">
          {view && <RegistrationStatusPanel view={view} />}
          {editable && (
            <>
              <Introduction />
              <WizardSections
                view={view}
                keys={SECTION_KEYS}
                unlocked={unlocked}
                active={active}
                onActive={setActive}
                render={render}
              />
            </>
          )}
        </Stack>
      </RegistrationGate>
    </>
  );
}
