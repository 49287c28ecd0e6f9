import { REGISTRATION_STATUS_LABELS } from "@certame/domain";
import { Alert, Anchor, Badge, Center, Group, Loader, Paper, Stack, Text } from "@mantine/core";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { Link } from "react-router";
import { errorMessageOf } from "../../ui/notify";
import { PageTitle } from "../../ui/page/PageTitle";
import { SESSION_QUERY_KEY, useSession } from "../auth/session";
import { readRegistration, SUPPLIER_REGISTRATION_QUERY_KEY, type SupplierRegistration } from "./api";
import { SupplierDataForm } from "./SupplierDataForm";
import { SUPPLIER_REGISTRATION_TEXTS as T } from "./texts";

/**
 * The supplier's /renovacao-de-cadastro: its registration data, editable as the renewal rule allows
 * (domain SUPPLIER_ANALYSED_FIELDS: contact and address at once; name, ME/EPP or legal representative
 * only through a new analysis, confirmed first). No CNPJ lookup on load: the saved data is kept.
 */
export function SupplierRenewal() {
  const { user } = useSession();
  const client = useQueryClient();
  const started = Boolean(user?.supplier);
  const query = useQuery({
    queryKey: SUPPLIER_REGISTRATION_QUERY_KEY,
    queryFn: readRegistration,
    enabled: started,
  });
  const head = <PageTitle title={T.renewalTitle} description={T.renewalDescription} />;

  if (!started)
    return (
      <>
        {head}
        <Alert color="yellow">
          {T.renewalNotStarted}{" "}
          <Anchor component={Link} to="/cadastro-de-fornecedor">
            {T.renewalBackToRegistration}
          </Anchor>
        </Alert>
      </>
    );
  if (query.isPending)
    return (
      <Center py="xl">
        <Loader role="progressbar" aria-label="Carregando" />
      </Center>
    );
  if (query.isError || !query.data)
    return (
      <>
        {head}
        <Alert color="red">{errorMessageOf(query.error)}</Alert>
      </>
    );
  const registration = query.data;
  const saved = (next: SupplierRegistration) => {
    client.setQueryData(SUPPLIER_REGISTRATION_QUERY_KEY, next);
    if (next.registrationStatus !== registration.registrationStatus)
      void client.invalidateQueries({ queryKey: SESSION_QUERY_KEY });
  };
  const unfinished = registration.registrationStatus !== "APPROVED";

  return (
    <Stack gap="lg">
      {head}
      <Group gap="xs">
        <Text size="sm">Situação do cadastro:</Text>
        <Badge variant="light">{REGISTRATION_STATUS_LABELS[registration.registrationStatus]}</Badge>
      </Group>
      <div aria-live="polite">
        {unfinished && (
          <Alert color="blue" variant="light">
            {REGISTRATION_STATUS_LABELS[registration.registrationStatus]}.{" "}
            <Anchor component={Link} to="/cadastro-de-fornecedor">
              {registration.registrationStatus === "PENDING" ? "Ver o cadastro" : T.renewalBackToRegistration}
            </Anchor>
          </Alert>
        )}
      </div>
      <Paper withBorder radius="md" p={{ base: "sm", sm: "lg" }}>
        <SupplierDataForm
          key={registration.id}
          registration={registration}
          lookupOnLoad={false}
          renewal
          onSaved={saved}
        />
      </Paper>
    </Stack>
  );
}
