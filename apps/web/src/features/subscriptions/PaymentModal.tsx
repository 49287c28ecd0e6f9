import {
  creditUsedMessage,
  formatBRL,
  formatBrasiliaDate,
  formatBrasiliaDateTime,
  formatCivilDateBR,
  formatDigitableLine,
  PAYMENT_METHOD_LABELS,
  parseCivilDateKey,
} from "@certame/domain";
import { Anchor, Badge, Button, Center, Group, Image, Stack, Text, TextInput } from "@mantine/core";
import { IconCopy, IconDownload } from "@tabler/icons-react";
import { AppModal } from "../../ui/modal/AppModal";
import { notifyError, notifySuccess } from "../../ui/notify";
import type { Credit, PaymentData, Subscription } from "./api";
import { CHARGE_STATUS_LABELS, SUBSCRIPTION_TEXTS as T } from "./texts";

/** The purchase whose modal is open: a history row (or the one just bought). */
export type Purchase = { kind: "subscription"; row: Subscription } | { kind: "credit"; row: Credit };

/** A used credit has no charge of its own: its modal tells where it went (§2.15). */
export const isUsedCredit = (purchase: Purchase) =>
  purchase.kind === "credit" && purchase.row.status === "USED";

/** A row the modal can show: a used credit, or one whose charge the server sent. */
export const hasPaymentData = (purchase: Purchase) =>
  isUsedCredit(purchase) || purchase.row.chargeId !== null;

export const civilDateText = (key: string | null | undefined) => {
  const date = key ? parseCivilDateKey(key) : null;
  return date ? formatCivilDateBR(date) : "—";
};

async function copy(text: string) {
  try {
    await navigator.clipboard.writeText(text);
    notifySuccess(T.codeCopied);
  } catch {
    notifyError(T.copyFailedTitle, T.copyFailed);
  }
}

/** 'Pague até …': a boleto by its due day, a Pix by the minute it expires. */
function payUntil(data: PaymentData): string | null {
  if (data.paymentMethod === "pix")
    return data.expiresAt ? T.payUntil(formatBrasiliaDateTime(data.expiresAt)) : null;
  return data.dueDate ? T.payUntil(civilDateText(data.dueDate)) : null;
}

function ChargeDetails({ data, price }: { data: PaymentData; price: number }) {
  const status = data.chargeStatus ?? null;
  const pending = status === "PENDING";
  const due = pending ? payUntil(data) : null;
  return (
    <Stack gap="md">
      <Group gap="xs" wrap="wrap">
        {status && (
          <Badge
            autoContrast
            color={status === "PAID" ? "teal.9" : status === "EXPIRED" ? "gray.7" : "yellow.9"}
          >
            {CHARGE_STATUS_LABELS[status]}
          </Badge>
        )}
        {data.paymentMethod && <Text size="sm">{PAYMENT_METHOD_LABELS[data.paymentMethod]}</Text>}
        <Text size="sm" fw={600}>
          {formatBRL(price, 2)}
        </Text>
      </Group>
      {due && (
        <Text size="sm" fw={600}>
          {due}
        </Text>
      )}
      {status === "PAID" && data.paidAt && (
        <Text size="sm">{T.paidAt(formatBrasiliaDateTime(data.paidAt))}</Text>
      )}

      {/* The codes only while they can still be paid; the boleto's PDF stays as a record. */}
      {pending && data.pix && (
        <Stack gap="sm">
          {data.pix.qrCodeUrl && (
            <Center>
              <Image src={data.pix.qrCodeUrl} alt={T.pixQrAlt} w={220} h={220} fit="contain" />
            </Center>
          )}
          <TextInput
            label={T.pixCodeLabel}
            value={data.pix.qrCode}
            readOnly
            onFocus={(event) => event.currentTarget.select()}
            styles={{ input: { fontFamily: "monospace" } }}
          />
          <Button
            leftSection={<IconCopy size={16} aria-hidden />}
            onClick={() => copy(data.pix?.qrCode ?? "")}
            style={{ alignSelf: "flex-start" }}
          >
            {T.copyCode}
          </Button>
        </Stack>
      )}
      {pending && data.barCode && (
        <Stack gap="sm">
          <Text size="sm" c="dimmed">
            {T.digitableLineLabel}
          </Text>
          <Text ff="monospace" fw={600} style={{ overflowWrap: "anywhere", userSelect: "all" }}>
            {formatDigitableLine(data.barCode)}
          </Text>
          <Button
            leftSection={<IconCopy size={16} aria-hidden />}
            onClick={() => copy(data.barCode ?? "")}
            style={{ alignSelf: "flex-start" }}
          >
            {T.copyCode}
          </Button>
        </Stack>
      )}
      {data.link && (
        <Anchor href={data.link} download style={{ alignSelf: "flex-start" }}>
          <Group gap={6} wrap="nowrap" component="span">
            <IconDownload size={16} aria-hidden />
            {T.downloadPdf}
          </Group>
        </Anchor>
      )}
    </Stack>
  );
}

/**
 * The payment modal (§2.15): 'Crédito Utilizado' with where the credit went, else 'Forma de
 * pagamento' with the Pix QR code and copy-and-paste code, or the boleto's line and PDF.
 */
export function PaymentModal({ purchase, onClose }: { purchase: Purchase | null; onClose: () => void }) {
  const used = purchase !== null && isUsedCredit(purchase);
  return (
    <AppModal
      opened={purchase !== null}
      onClose={onClose}
      title={used ? T.creditUsedTitle : T.paymentModal}
      size="md"
    >
      {purchase && used && purchase.kind === "credit" && (
        <Text>
          {creditUsedMessage(
            formatBrasiliaDate(purchase.row.createdDate),
            purchase.row.auction?.noticeNumber ?? "—",
          )}
        </Text>
      )}
      {purchase && !used && <ChargeDetails data={purchase.row} price={purchase.row.price} />}
    </AppModal>
  );
}
