import type { ReferenceTermAddress } from "@certame/domain";
import { Button, Group, Stack, Table, Text } from "@mantine/core";
import { useId, useState } from "react";
import { ScrollTable } from "../../../ui/data-table/ScrollTable";
import { AddressModal } from "./AddressModal";
import { formatAddress } from "./address";
import { type FieldErrorProp, firstError } from "./errors";

export interface AddressListFieldProps {
  label: string;
  addLabel?: string;
  value: ReferenceTermAddress[];
  onChange: (next: ReferenceTermAddress[]) => void;
  error?: FieldErrorProp;
}

/**
 * A list of addresses (planning §2.10, §2.11): each shown as 'street, number, district -
 * city/state, postalCode' with 'Excluir'; the add button opens the address form.
 */
export function AddressListField({
  label,
  addLabel = "+ Adicionar endereço",
  value,
  onChange,
  error,
}: AddressListFieldProps) {
  const [opened, setOpened] = useState(false);
  const titleId = useId();
  const errorId = useId();
  const message = firstError(error);
  return (
    <Stack gap="xs" role="group" aria-labelledby={titleId}>
      <Group justify="space-between" wrap="wrap" gap="xs">
        <Text id={titleId} fw={600} c={message ? "var(--mantine-color-error)" : undefined}>
          {label}
        </Text>
        <Button
          variant="light"
          size="xs"
          onClick={() => setOpened(true)}
          aria-describedby={message ? errorId : undefined}
        >
          {addLabel}
        </Button>
      </Group>
      <ScrollTable label={label} minWidth={320} striped withTableBorder>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Endereço</Table.Th>
            <Table.Th>Excluir</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {value.length === 0 ? (
            <Table.Tr>
              <Table.Td colSpan={2}>
                <Text size="sm" c="dimmed">
                  Nenhum endereço adicionado
                </Text>
              </Table.Td>
            </Table.Tr>
          ) : (
            value.map((address, index) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: addresses have no id of their own
              <Table.Tr key={index}>
                <Table.Td style={{ wordBreak: "break-word" }}>{formatAddress(address)}</Table.Td>
                <Table.Td>
                  <Button
                    variant="subtle"
                    color="red"
                    size="xs"
                    onClick={() => onChange(value.filter((_, i) => i !== index))}
                    aria-label={`Excluir endereço ${index + 1}`}
                  >
                    Excluir
                  </Button>
                </Table.Td>
              </Table.Tr>
            ))
          )}
        </Table.Tbody>
      </ScrollTable>
      {message && (
        <Text id={errorId} size="sm" c="var(--mantine-color-error)">
          {message}
        </Text>
      )}
      <AddressModal
        opened={opened}
        onClose={() => setOpened(false)}
        onSave={(address) => {
          onChange([...value, address]);
          setOpened(false);
        }}
      />
    </Stack>
  );
}
