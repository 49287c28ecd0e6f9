import { PASSWORD_RULE_TEXT, passwordProblems } from "@certame/domain";
import { Group, List, Text, ThemeIcon, VisuallyHidden } from "@mantine/core";
import { IconCheck, IconX } from "@tabler/icons-react";

/** The rule's items as the domain words them: every problem of an empty password. */
const BASE_ITEMS = passwordProblems("");

/**
 * The password rule (domain PASSWORD_RULE_TEXT) and a live checklist of its items, computed by the
 * domain's passwordProblems as the person types; problems beyond the base items (too long, the
 * e-mail, the CPF) join the list while they apply. Only the summary line is announced (aria-live),
 * not every keystroke's list.
 */
export function PasswordChecklist({
  id,
  password,
  email,
  cpf,
}: {
  id: string;
  password: string;
  email?: string;
  cpf?: string;
}) {
  const problems = passwordProblems(password, { email, cpf });
  const extra = problems.filter((p) => !BASE_ITEMS.includes(p));
  const items = [
    ...BASE_ITEMS.map((text) => ({ text, ok: password !== "" && !problems.includes(text) })),
    ...extra.map((text) => ({ text, ok: false })),
  ];
  const pending = password === "" ? BASE_ITEMS.length : problems.length;
  return (
    <div id={id}>
      <Text size="sm" c="dimmed">
        {PASSWORD_RULE_TEXT}
      </Text>
      <List spacing={2} size="sm" mt={6} center aria-label="Requisitos da senha">
        {items.map((item) => (
          <List.Item
            key={item.text}
            icon={
              <ThemeIcon
                color={item.ok ? "teal" : "gray"}
                size={18}
                radius="xl"
                variant={item.ok ? "filled" : "light"}
              >
                {item.ok ? <IconCheck size={12} aria-hidden /> : <IconX size={12} aria-hidden />}
              </ThemeIcon>
            }
          >
            <Group gap={4} wrap="nowrap">
              <Text size="sm" c={item.ok ? "teal.9" : undefined}>
                {item.text}
              </Text>
              <VisuallyHidden>{item.ok ? "(atendido)" : "(pendente)"}</VisuallyHidden>
            </Group>
          </List.Item>
        ))}
      </List>
      <Text size="sm" mt={6} fw={500} c={pending === 0 ? "teal.9" : "dimmed"} aria-live="polite">
        {pending === 0
          ? "A senha atende à regra."
          : `Falta${pending > 1 ? "m" : ""} ${pending} requisito${pending > 1 ? "s" : ""}.`}
      </Text>
    </div>
  );
}
