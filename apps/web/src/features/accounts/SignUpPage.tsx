import { ACCOUNT_KIND_LABELS, ACCOUNT_KINDS, type AccountKind, signUpSchema } from "@certame/domain";
import {
  Alert,
  Anchor,
  Button,
  Container,
  Paper,
  PasswordInput,
  Radio,
  Stack,
  Text,
  TextInput,
  Title,
} from "@mantine/core";
import { IconAlertCircle, IconMailCheck, IconUserPlus } from "@tabler/icons-react";
import { useMutation } from "@tanstack/react-query";
import { type FormEvent, useEffect, useRef, useState } from "react";
import { Link } from "react-router";
import { serverFieldErrors, useFocusFirstInvalid } from "../../ui/form-errors";
import { MaskedInput } from "../../ui/inputs/MaskedInput";
import { errorMessageOf } from "../../ui/notify";
import { usePageTitle } from "../../ui/page-title";
import { type SignUpPayload, signUp } from "./api";
import { issuesToFieldErrors } from "./form";
import { PasswordChecklist } from "./PasswordChecklist";
import { ResendConfirmation } from "./ResendConfirmation";

const EMPTY: SignUpPayload = {
  name: "",
  cpf: "",
  email: "",
  password: "",
  passwordConfirmation: "",
  kind: "",
};

/**
 * 'Criar conta' (/cadastro, issue 13 item 1): name, CPF (mask, check digits), e-mail, password with
 * the rule and its live checklist, confirmation, and what the person is ('Sou'). The domain schema
 * checks the form before it goes; the server's 400 errors land on their fields. Then: check the e-mail.
 */
export function SignUpPage() {
  usePageTitle("Criar conta");
  const [form, setForm] = useState<SignUpPayload>(EMPTY);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const { ref: formRef, refused } = useFocusFirstInvalid();
  const doneRef = useRef<HTMLHeadingElement>(null);
  const mutation = useMutation({ mutationFn: signUp });

  const set = (change: Partial<SignUpPayload>) => {
    setForm((f) => ({ ...f, ...change }));
    setErrors((e) => {
      const next = { ...e };
      for (const key of Object.keys(change)) delete next[key];
      return next;
    });
  };

  useEffect(() => {
    if (mutation.isSuccess) doneRef.current?.focus();
  }, [mutation.isSuccess]);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = signUpSchema.safeParse(form);
    if (!parsed.success) {
      setErrors(issuesToFieldErrors(parsed.error));
      refused();
      return;
    }
    mutation.mutate(form, {
      onError: (error) => {
        const fields = serverFieldErrors(error);
        if (fields) {
          setErrors(fields);
          refused();
        }
      },
    });
  };

  if (mutation.isSuccess) {
    const email = form.email.trim().toLowerCase();
    return (
      <Container size={520} py={48}>
        <Paper withBorder shadow="sm" radius="md" p={{ base: "lg", sm: 32 }}>
          <Stack gap="md">
            <IconMailCheck size={40} color="var(--mantine-color-teal-7)" aria-hidden />
            <Title order={1} fz={24} c="certame.9" ref={doneRef} tabIndex={-1}>
              Confirme o seu e-mail
            </Title>
            <Text>
              Enviamos um link de confirmação para <strong>{email}</strong>. Abra o e-mail e siga o link para
              ativar o seu acesso; depois, entre com o seu e-mail e senha.
            </Text>
            <Text size="sm" c="dimmed">
              Não recebeu? Verifique a caixa de spam ou peça um novo envio.
            </Text>
            <ResendConfirmation email={email} />
            <Anchor component={Link} to="/login" underline="always">
              Ir para o login
            </Anchor>
          </Stack>
        </Paper>
      </Container>
    );
  }

  const generalError = mutation.isError && !serverFieldErrors(mutation.error);

  return (
    <Container size={560} py={40}>
      <Paper withBorder shadow="sm" radius="md" p={{ base: "lg", sm: 32 }}>
        <form ref={formRef} onSubmit={submit} aria-label="Criar conta" noValidate>
          <Stack gap="md">
            <Stack gap={4}>
              <Title order={1} fz={26} c="certame.9">
                Criar conta
              </Title>
              <Text size="sm" c="dimmed">
                Cadastre-se para participar das compras públicas no Certame.
              </Text>
            </Stack>
            {generalError && (
              <Alert
                color="red"
                icon={<IconAlertCircle size={18} />}
                role="alert"
                title="Não foi possível criar a conta"
              >
                {errorMessageOf(mutation.error)}
              </Alert>
            )}
            <Radio.Group
              label="Sou"
              withAsterisk
              value={form.kind}
              onChange={(value) => set({ kind: value as AccountKind })}
              error={errors.kind}
            >
              <Stack gap={8} mt={6}>
                {ACCOUNT_KINDS.map((kind) => (
                  <Radio
                    key={kind}
                    value={kind}
                    label={ACCOUNT_KIND_LABELS[kind]}
                    aria-invalid={Boolean(errors.kind)}
                  />
                ))}
              </Stack>
            </Radio.Group>
            <TextInput
              label="Nome completo"
              withAsterisk
              autoComplete="name"
              maxLength={300}
              value={form.name}
              error={errors.name}
              onChange={(e) => set({ name: e.currentTarget.value })}
            />
            <MaskedInput
              mask="cpf"
              label="CPF"
              withAsterisk
              value={form.cpf}
              error={errors.cpf}
              onChange={(masked) => set({ cpf: masked })}
            />
            <TextInput
              label="E-mail"
              type="email"
              withAsterisk
              autoComplete="email"
              maxLength={254}
              value={form.email}
              error={errors.email}
              onChange={(e) => set({ email: e.currentTarget.value })}
            />
            <div>
              <PasswordInput
                label="Senha"
                withAsterisk
                autoComplete="new-password"
                visibilityToggleButtonProps={{ "aria-label": "Mostrar ou ocultar a senha" }}
                value={form.password}
                error={errors.password}
                // PasswordInput does not mark its field invalid itself.
                aria-invalid={Boolean(errors.password)}
                onChange={(e) => set({ password: e.currentTarget.value })}
              />
              <PasswordChecklist
                id="regra-da-senha"
                password={form.password}
                email={form.email.trim()}
                cpf={form.cpf}
              />
            </div>
            <PasswordInput
              label="Confirmação da senha"
              withAsterisk
              autoComplete="new-password"
              visibilityToggleButtonProps={{ "aria-label": "Mostrar ou ocultar a confirmação" }}
              value={form.passwordConfirmation}
              error={errors.passwordConfirmation}
              // PasswordInput does not mark its field invalid itself.
              aria-invalid={Boolean(errors.passwordConfirmation)}
              onChange={(e) => set({ passwordConfirmation: e.currentTarget.value })}
            />
            <Button
              type="submit"
              size="md"
              loading={mutation.isPending}
              leftSection={<IconUserPlus size={18} />}
            >
              Criar conta
            </Button>
            <Text size="sm" c="dimmed" ta="center">
              Já tem conta?{" "}
              <Anchor component={Link} to="/login" underline="always">
                Entrar
              </Anchor>
            </Text>
          </Stack>
        </form>
      </Paper>
    </Container>
  );
}
