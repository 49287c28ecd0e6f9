import { Button, Stack, Text } from "@mantine/core";
import { useMediaQuery } from "@mantine/hooks";
import { IconFileTypeDocx } from "@tabler/icons-react";
import { useMutation } from "@tanstack/react-query";
import { useEffect, useMemo, useState } from "react";
import { saveFile } from "../../api/files";
import { AppModal } from "../../ui/modal/AppModal";
import { ConfirmModal } from "../../ui/modal/ConfirmModal";
import { notifyApiError, notifySuccess } from "../../ui/notify";
import { downloadBasketReport } from "./budget.api";
import { basketReportBody, type SelectedPrice } from "./budget-model";
import { PriceSearchPanel, type Selection } from "./PriceSearchPanel";
import { BUDGET_TEXTS, PRICE_SEARCH_TEXTS as T } from "./texts";

export interface PriceSearchModalProps {
  opened: boolean;
  /** 'Lote N - product': the lot the selected prices go to. */
  lotLabel: string;
  objectOfInterest: string;
  /** Portal item ids already on the lot (§4: merged when the search reopens). */
  knownItemIds: string[];
  /** Closed: with the selected prices to turn into columns, or null when they are dropped. */
  onClose: (selected: SelectedPrice[] | null) => void;
  /** 'Limpar itens' (§4): the lot's columns tied to portal items are cleared too. */
  onClear: () => void;
}

/** 'Pesquisa de Preços' (planning §2.9) opened from a lot of the budget screen. */
export function PriceSearchModal({
  opened,
  lotLabel,
  objectOfInterest,
  knownItemIds,
  onClose,
  onClear,
}: PriceSearchModalProps) {
  const [selected, setSelected] = useState<Map<string, Selection>>(new Map());
  const [confirmClose, setConfirmClose] = useState(false);
  // On a phone the search takes the whole screen; its tables scroll sideways inside it.
  const phone = useMediaQuery("(max-width: 48em)") ?? false;

  // A fresh selection each time the modal opens for a lot.
  useEffect(() => {
    if (opened) setSelected(new Map());
  }, [opened]);

  const selectedList = useMemo(() => [...selected.values()], [selected]);

  // §7 "Report": the basket of the selected prices (checked by the server against the portal).
  const report = useMutation({
    mutationFn: () => downloadBasketReport(basketReportBody(selectedList, [], objectOfInterest, "AVERAGE")),
    onSuccess: (file) => {
      saveFile(file);
      notifySuccess(BUDGET_TEXTS.downloaded);
    },
    onError: (e) => notifyApiError(e),
  });

  const requestClose = () => (selected.size > 0 ? setConfirmClose(true) : onClose(null));

  return (
    <>
      <AppModal opened={opened} onClose={requestClose} title={T.title} size="90rem" fullScreen={phone}>
        <Stack gap="md">
          <Text size="sm" c="dimmed">
            {lotLabel}
          </Text>
          <PriceSearchPanel
            active={opened}
            objectOfInterest={objectOfInterest}
            knownItemIds={knownItemIds}
            selected={selected}
            onSelectedChange={setSelected}
            toolbar={
              <>
                <Button
                  variant="default"
                  onClick={() => {
                    setSelected(new Map());
                    onClear();
                  }}
                  disabled={selected.size === 0 && knownItemIds.length === 0}
                >
                  {T.clear}
                </Button>
                <Button
                  variant="light"
                  leftSection={<IconFileTypeDocx size={16} aria-hidden />}
                  disabled={selected.size === 0}
                  loading={report.isPending}
                  onClick={() => report.mutate()}
                >
                  {T.report}
                </Button>
                <Button disabled={selected.size === 0} onClick={() => onClose(selectedList)}>
                  {T.useSelection}
                </Button>
              </>
            }
          />
        </Stack>
      </AppModal>
      <ConfirmModal
        opened={confirmClose}
        title={T.title}
        confirmLabel={T.leave}
        cancelLabel={T.cancel}
        color="red"
        onClose={() => setConfirmClose(false)}
        onConfirm={() => {
          setConfirmClose(false);
          onClose(null);
        }}
      >
        {T.closeQuestion}
      </ConfirmModal>
    </>
  );
}
