import { ActionIcon, Stack, Tooltip } from "@mantine/core";
import { IconArrowLeft } from "@tabler/icons-react";
import { useNavigate } from "react-router";
import { PageTitle } from "../../ui/page/PageTitle";
import { CreatedNotices } from "./CreatedNotices";
import { ModalityChooser } from "./ModalityChooser";

/** /cadastrar/editais ('Criar Processo', §2.4): the modality choice and the 'Processos criados' table. */
export function NoticesPage() {
  const navigate = useNavigate();
  return (
    <>
      <PageTitle
        title="Criar Processo"
        description="Escolha a modalidade e a submodalidade do novo processo."
        actions={
          <Tooltip label="Voltar">
            <ActionIcon variant="default" size="lg" aria-label="Voltar" onClick={() => navigate(-1)}>
              <IconArrowLeft size={18} />
            </ActionIcon>
          </Tooltip>
        }
      />
      <Stack gap="xl">
        <ModalityChooser
          onAdvance={({ modality, subModality }) =>
            navigate(
              `/cadastrar/editais/formulario?modalidade=${encodeURIComponent(modality)}&submodalidade=${encodeURIComponent(subModality)}`,
            )
          }
        />
        <CreatedNotices />
      </Stack>
    </>
  );
}
