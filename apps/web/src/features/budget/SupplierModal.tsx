import { CNPJ_LOOKUP_FAILED_MESSAGE, isValidCnpj, isValidCpf } from "@certame/domain";
import { Button, Checkbox, Group, Loader, Stack, TextInput } from "@mantine/core";
import { type FormEvent, useEffect, useRef, useState } from "react";
import { useFocusFirstInvalid } from "../../ui/form-errors";
import { MaskedInput } from "../../ui/inputs/MaskedInput";
import { AppModal } from "../../ui/modal/AppModal";
import { notifyError } from "../../ui/notify";
import { getCompanyInformation } from "../notices/api";
import type { BudgetSupplier } from "./budget.api";
import { BUDGET_TEXTS } from "./texts";

const T = BUDGET_TEXTS.supplierModal;

/** The kind of a document by its digits: 11 → CPF (individual), 14 → CNPJ (legal person); null when invalid. */
export function supplierKindOf(document: string): BudgetSupplier["credentialKind"] | null {
  const digits = document.replace(/\D/g, "");
  if (digits.length === 11) return isValidCpf(digits) ? "INDIVIDUAL" : null;
  if (digits.length === 14) return isValidCnpj(digits) ? "LEGAL_PERSON" : null;
  return null;
}

/** '+ Fornecedor' (§2.8): the CPF/CNPJ (check digits verified), the name and the small-business mark. */
export function SupplierModal({
  opened,
  title,
  onClose,
  onAdd,
}: {
  opened: boolean;
  title: string;
  onClose: () => void;
  onAdd: (supplier: BudgetSupplier) => void;
}) {
  const [document, setDocument] = useState("");
  const [name, setName] = useState("");
  const [small, setSmall] = useState(false);
  const [errors, setErrors] = useState<{ document?: string; name?: string }>({});
  const [lookingUp, setLookingUp] = useState(false);
  const { ref: formRef, refused } = useFocusFirstInvalid();
  // The CNPJ whose lookup is awaited (a later keystroke makes an older answer stale) and whether the
  // name shown came from a lookup (then a new CNPJ replaces it; a typed name is kept).
  const lookupFor = useRef<string | null>(null);
  const nameFromLookup = useRef(false);

  useEffect(() => {
    if (!opened) return;
    setDocument("");
    setName("");
    setSmall(false);
    setErrors({});
    lookupFor.current = null;
    nameFromLookup.current = false;
    setLookingUp(false);
  }, [opened]);

  // §2.8 "lookup by CNPJ": a complete, valid CNPJ fills the corporate name from the registry.
  const lookup = async (cnpj: string) => {
    lookupFor.current = cnpj;
    setLookingUp(true);
    try {
      const company = await getCompanyInformation(cnpj);
      if (lookupFor.current !== cnpj || !company.corporateName) return;
      setName(company.corporateName);
      nameFromLookup.current = true;
      setErrors((x) => ({ ...x, name: undefined }));
    } catch {
      if (lookupFor.current === cnpj) notifyError(undefined, CNPJ_LOOKUP_FAILED_MESSAGE);
    } finally {
      if (lookupFor.current === cnpj) setLookingUp(false);
    }
  };

  const changeDocument = (masked: string) => {
    setDocument(masked);
    setErrors((e) => ({ ...e, document: undefined }));
    lookupFor.current = null;
    setLookingUp(false);
    if (nameFromLookup.current) {
      setName("");
      nameFromLookup.current = false;
    }
    if (supplierKindOf(masked) === "LEGAL_PERSON") void lookup(masked);
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const kind = supplierKindOf(document);
    const next = {
      document: document.trim() === "" ? T.required : kind ? undefined : T.invalidDocument,
      name: name.trim() === "" ? T.required : undefined,
    };
    setErrors(next);
    if (!kind || next.name) return refused();
    onAdd({
      documentNumber: document.replace(/\D/g, ""),
      corporateName: name.trim(),
      credentialKind: kind,
      isSmallBusiness: small,
    });
  };

  return (
    <AppModal opened={opened} onClose={onClose} title={title} size="md">
      <form ref={formRef} onSubmit={submit} noValidate>
        <Stack gap="md">
          <MaskedInput
            mask="cpfCnpj"
            label={T.document}
            withAsterisk
            aria-required
            value={document}
            error={errors.document}
            rightSection={lookingUp ? <Loader size="xs" aria-label="Consultando CNPJ" /> : null}
            onChange={changeDocument}
          />
          <TextInput
            label={T.name}
            withAsterisk
            aria-required
            maxLength={500}
            value={name}
            error={errors.name}
            onChange={(e) => {
              setName(e.currentTarget.value);
              // A name typed while the registry answers wins over the answer.
              nameFromLookup.current = false;
              lookupFor.current = null;
              setLookingUp(false);
              setErrors((x) => ({ ...x, name: undefined }));
            }}
          />
          <Checkbox
            label={T.smallBusiness}
            checked={small}
            onChange={(e) => setSmall(e.currentTarget.checked)}
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              Cancelar
            </Button>
            <Button type="submit">{T.add}</Button>
          </Group>
        </Stack>
      </form>
    </AppModal>
  );
}
