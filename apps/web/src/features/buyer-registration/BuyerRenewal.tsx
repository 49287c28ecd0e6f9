import { Alert, Anchor, Stack } from "@mantine/core";
import { useState } from "react";
import { Link } from "react-router";
import { PageTitle } from "../../ui/page/PageTitle";
import { BodySection } from "./BodySection";
import { RegistrationGate, WizardSections } from "./BuyerRegistrationPage";
import type { SectionKey } from "./buyer-form-model";
import { RegistrationStatusPanel } from "./RegistrationStatusPanel";
import { BUYER_REGISTRATION_TEXTS as T } from "./texts";
import { UsersSection } from "./UsersSection";
import { useBuyerRegistration } from "./useBuyerRegistration";

const RENEWAL_SECTIONS = ["body", "users"] as const satisfies readonly SectionKey[];

/**
 * /renovacao-de-cadastro for a body's user: the edit variant of the wizard, with only its first two
 * sections (§2.11). The saved CNPJ is shown as loaded: nothing is looked up on load (§2.2); the
 * status stays (an approved body stays approved).
 */
export function BuyerRenewal() {
  const state = useBuyerRegistration();
  const { view, refresh } = state;
  const [active, setActive] = useState<SectionKey | null>("body");
  return (
    <>
      <PageTitle
        title={T.renewalTitle}
        description="Dados do órgão, autoridade competente e demais usuários"
      />
      <RegistrationGate state={state}>
        {!view ? (
          <Alert color="yellow">
            {T.noBody}{" "}
            <Anchor component={Link} to="/cadastro-de-orgao">
              {T.startRegistration}
            </Anchor>
          </Alert>
        ) : (
          <Stack gap="lg">
            <RegistrationStatusPanel view={view} />
            <WizardSections
              view={view}
              keys={RENEWAL_SECTIONS}
              unlocked={new Set<SectionKey>(RENEWAL_SECTIONS)}
              active={active}
              onActive={setActive}
              render={(key) =>
                key === "body" ? (
                  <BodySection key={view.id} view={view} onSaved={(saved) => void refresh(saved)} />
                ) : (
                  <UsersSection view={view} onChanged={() => refresh()} />
                )
              }
            />
          </Stack>
        )}
      </RegistrationGate>
    </>
  );
}
