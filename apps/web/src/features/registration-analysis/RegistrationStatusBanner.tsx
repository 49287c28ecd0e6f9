import {
  BUYER_NOT_APPROVED_MESSAGE,
  REGISTRATION_STATUS_LABELS,
  SUPPLIER_NOT_APPROVED_MESSAGE,
  type SupplierRegistrationStatus,
} from "@certame/domain";
import { Alert, Anchor, Stack, Text } from "@mantine/core";
import { IconAlertTriangle } from "@tabler/icons-react";
import { Link } from "react-router";
import type { SessionUser } from "../auth/types";

interface BannerState {
  status: SupplierRegistrationStatus;
  blocks: string;
  to: string;
  action: string;
}

const ACTION: Record<"BUYER" | "SUPPLIER", Partial<Record<SupplierRegistrationStatus, string>>> = {
  BUYER: {
    IN_PROGRESS: "Concluir o cadastro do órgão",
    REJECTED: "Corrigir o cadastro do órgão",
    PENDING: "Ver o cadastro do órgão",
  },
  SUPPLIER: {
    NONE: "Fazer o cadastro de fornecedor",
    IN_PROGRESS: "Concluir o cadastro de fornecedor",
    REJECTED: "Corrigir o cadastro de fornecedor",
    PENDING: "Ver o cadastro de fornecedor",
  },
};

/**
 * What a user whose registration is not approved cannot do yet, and why (issue 13: "until approved,
 * a body cannot publish and a supplier cannot bid; the screens say why"). A body's session without a
 * status is an older answer and counts as approved; a BUYER or SUPPLIER without its row has none yet.
 */
export function registrationBanner(user: SessionUser): BannerState | null {
  if (user.kind === "BUYER") {
    const status = user.buyer ? (user.buyer.registrationStatus ?? "APPROVED") : "IN_PROGRESS";
    if (status === "APPROVED") return null;
    return {
      status,
      blocks: BUYER_NOT_APPROVED_MESSAGE,
      to: "/cadastro-de-orgao",
      action: ACTION.BUYER[status] ?? "Ver o cadastro do órgão",
    };
  }
  if (user.kind === "SUPPLIER") {
    const status = user.supplier ? (user.supplier.registrationStatus ?? "APPROVED") : "NONE";
    if (status === "APPROVED") return null;
    return {
      status,
      blocks: SUPPLIER_NOT_APPROVED_MESSAGE,
      to: "/cadastro-de-fornecedor",
      action: ACTION.SUPPLIER[status] ?? "Ver o cadastro de fornecedor",
    };
  }
  return null;
}

export function RegistrationStatusBanner({ user }: { user: SessionUser }) {
  const banner = registrationBanner(user);
  if (!banner) return null;
  return (
    <Alert
      variant="light"
      color={banner.status === "REJECTED" ? "red" : "yellow"}
      icon={<IconAlertTriangle size={18} aria-hidden />}
      title={REGISTRATION_STATUS_LABELS[banner.status]}
      mb="lg"
      data-testid="registration-status-banner"
      // The light variant's own title colour (yellow) is too pale on its background (WCAG AA).
      styles={{
        title: { color: "var(--mantine-color-text)" },
        icon: {
          color:
            banner.status === "REJECTED" ? "var(--mantine-color-red-9)" : "var(--mantine-color-orange-9)",
        },
      }}
    >
      <Stack gap={4}>
        <Text size="sm">{banner.blocks}</Text>
        {banner.status === "PENDING" && (
          <Text size="sm">A análise é feita em até 24 horas úteis após a conclusão do cadastro.</Text>
        )}
        {banner.status === "REJECTED" && (
          <Text size="sm">
            O motivo da reprovação foi enviado por e-mail. Corrija o cadastro e conclua-o novamente.
          </Text>
        )}
        <Anchor component={Link} to={banner.to} size="sm" fw={600}>
          {banner.action}
        </Anchor>
      </Stack>
    </Alert>
  );
}
