import { DOCUMENT_CLASS_NAME_MAX_LENGTH, QUALIFICATION_DOCUMENT_CLASSES } from "@certame/domain";
import {
  Accordion,
  Button,
  Checkbox,
  Group,
  Loader,
  ScrollArea,
  Stack,
  Text,
  TextInput,
} from "@mantine/core";
import { IconPlus } from "@tabler/icons-react";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useEffect, useState } from "react";
import { AppModal } from "../../ui/modal/AppModal";
import { notifyApiError, notifyError, notifySuccess } from "../../ui/notify";
import {
  createDocumentClass,
  listDocumentClasses,
  readDocumentsRequired,
  readKinds,
  saveDocumentsRequired,
} from "./api";
import { DOCUMENT_TEXTS } from "./texts";

/** §2.10 'Selecione os documentos que deseja solicitar': fixed qualification classes plus the body's own classes. */
export function DocumentsRequiredModal({
  noticeId,
  opened,
  onClose,
}: {
  noticeId: string;
  opened: boolean;
  onClose: () => void;
}) {
  const client = useQueryClient();
  const current = useQuery({
    queryKey: ["notices", "documentsRequired", noticeId],
    queryFn: () => readDocumentsRequired(noticeId),
    enabled: opened,
  });
  const classes = useQuery({ queryKey: ["documentClasses"], queryFn: listDocumentClasses, enabled: opened });
  const [kinds, setKinds] = useState<string[]>([]);
  const [others, setOthers] = useState<string[]>([]);
  const [newClass, setNewClass] = useState("");
  const [saving, setSaving] = useState(false);

  useEffect(() => {
    if (current.data) {
      setKinds(readKinds(current.data.qualificationDocumentRequired));
      setOthers(current.data.othersDocumentsClassesRequired.map((c) => String(c.id)));
    }
  }, [current.data]);

  const toggle = (list: string[], value: string, on: boolean) =>
    on ? [...new Set([...list, value])] : list.filter((v) => v !== value);

  const addClass = async () => {
    try {
      const created = await createDocumentClass(newClass.trim());
      setNewClass("");
      setOthers((o) => [...o, String(created.id)]);
      await client.invalidateQueries({ queryKey: ["documentClasses"] });
    } catch {
      notifyError(undefined, DOCUMENT_TEXTS.classCreateError);
    }
  };

  const confirm = async () => {
    setSaving(true);
    try {
      await saveDocumentsRequired(noticeId, {
        qualificationDocumentRequired: kinds,
        othersDocumentsClassesRequired: others.map((id) => ({ id })),
      });
      notifySuccess("Documentos solicitados atualizados");
      await client.invalidateQueries({ queryKey: ["notices"] });
      onClose();
    } catch (error) {
      notifyApiError(error);
    } finally {
      setSaving(false);
    }
  };

  return (
    <AppModal
      opened={opened}
      onClose={onClose}
      title="Selecione os documentos que deseja solicitar"
      size="xl"
    >
      {current.isPending || classes.isPending ? (
        <Group justify="center" py="lg">
          <Loader role="progressbar" aria-label="Carregando" />
        </Group>
      ) : (
        <Stack gap="md">
          <Text size="sm" c="dimmed">
            Selecione os documentos que deseja solicitar
          </Text>
          <ScrollArea.Autosize mah={420}>
            <Accordion
              multiple
              defaultValue={[QUALIFICATION_DOCUMENT_CLASSES[0]?.id ?? ""]}
              variant="separated"
            >
              {QUALIFICATION_DOCUMENT_CLASSES.map((c) => {
                const chosen = c.kinds.filter((k) => kinds.includes(k.kind)).length;
                return (
                  <Accordion.Item key={c.id} value={c.id}>
                    <Accordion.Control>
                      {c.name}
                      {chosen > 0 && (
                        <Text span c="dimmed" size="sm">
                          {" "}
                          ({chosen})
                        </Text>
                      )}
                    </Accordion.Control>
                    <Accordion.Panel>
                      <Stack gap={8}>
                        {c.kinds.map((k) => (
                          <Checkbox
                            key={k.kind}
                            label={k.name}
                            checked={kinds.includes(k.kind)}
                            onChange={(e) =>
                              setKinds((list) => toggle(list, k.kind, e.currentTarget.checked))
                            }
                          />
                        ))}
                      </Stack>
                    </Accordion.Panel>
                  </Accordion.Item>
                );
              })}
              <Accordion.Item value="OTHERS_DOCUMENTS">
                <Accordion.Control>Outras classes de documentos</Accordion.Control>
                <Accordion.Panel>
                  <Stack gap={8}>
                    {(classes.data ?? []).map((c) => (
                      <Checkbox
                        key={c.id}
                        label={c.className}
                        checked={others.includes(String(c.id))}
                        onChange={(e) =>
                          setOthers((list) => toggle(list, String(c.id), e.currentTarget.checked))
                        }
                      />
                    ))}
                    <Group gap="xs" align="flex-end" mt="xs">
                      <TextInput
                        flex={1}
                        label="Nova classe de documento"
                        value={newClass}
                        maxLength={DOCUMENT_CLASS_NAME_MAX_LENGTH}
                        onChange={(e) => setNewClass(e.currentTarget.value)}
                      />
                      <Button
                        variant="light"
                        leftSection={<IconPlus size={16} />}
                        disabled={!newClass.trim()}
                        onClick={() => void addClass()}
                      >
                        Criar classe
                      </Button>
                    </Group>
                  </Stack>
                </Accordion.Panel>
              </Accordion.Item>
            </Accordion>
          </ScrollArea.Autosize>
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              Cancelar
            </Button>
            <Button
              disabled={kinds.length === 0 && others.length === 0}
              loading={saving}
              onClick={() => void confirm()}
            >
              Confirmar
            </Button>
          </Group>
        </Stack>
      )}
    </AppModal>
  );
}
