import { ActionIcon, Grid, NavLink, Paper, Stack, Text, Tooltip, VisuallyHidden } from "@mantine/core";
import { IconArrowLeft, IconCircleCheckFilled } from "@tabler/icons-react";
import type { ReactNode } from "react";
import { useNavigate } from "react-router";
import { PageTitle } from "../../ui/page/PageTitle";
import { processAdminPath, WIZARD_TEXTS as T } from "./wizard-model";

export interface WizardStep {
  key: string;
  label: string;
  filled: boolean;
}

export interface WizardSection {
  label: string;
  /** false for an unnumbered group (the risk matrix's 'Acompanhamento'). */
  numbered?: boolean;
  steps: WizardStep[];
}

/**
 * The frame of a planning wizard (planning §2.4): the page title, a left panel with the numbered step
 * menu (a section only groups; its sub-steps are picked, and show a check once they hold data), and the
 * current sub-step's page beside it. On a phone the menu sits above the page.
 */
export function PlanningWizard({
  processId,
  title,
  menuTitle,
  leftPanel,
  sections,
  current,
  onSelect,
  children,
}: {
  processId: string;
  title: string;
  menuTitle?: string;
  leftPanel?: ReactNode;
  sections: WizardSection[];
  current: string;
  onSelect: (key: string) => void;
  children: ReactNode;
}) {
  const navigate = useNavigate();
  const back = (
    <Tooltip label={T.back}>
      <ActionIcon
        variant="default"
        size="lg"
        aria-label={T.back}
        onClick={() => navigate(processAdminPath(processId))}
      >
        <IconArrowLeft size={18} />
      </ActionIcon>
    </Tooltip>
  );
  let n = 0;
  return (
    <>
      <PageTitle title={title} actions={back} />
      <Grid>
        <Grid.Col span={{ base: 12, md: 4, lg: 3 }}>
          <Paper withBorder radius="md" p="md">
            <Stack gap="md">
              {leftPanel}
              <nav aria-label={menuTitle ?? T.steps}>
                {menuTitle && (
                  <Text fw={700} size="sm" c="certame.9" mb="xs">
                    {menuTitle}
                  </Text>
                )}
                <Stack gap={6}>
                  {sections.map((section) => {
                    if (section.numbered !== false) n += 1;
                    const heading = section.numbered === false ? section.label : `${n}. ${section.label}`;
                    return (
                      <div key={section.label + n}>
                        <Text size="sm" fw={600} c="certame.8" px={4}>
                          {heading}
                        </Text>
                        {section.steps.map((step) => (
                          <NavLink
                            key={step.key}
                            component="button"
                            type="button"
                            label={step.label}
                            active={step.key === current}
                            aria-current={step.key === current ? "step" : undefined}
                            onClick={() => onSelect(step.key)}
                            rightSection={
                              step.filled ? (
                                <IconCircleCheckFilled
                                  size={16}
                                  color="var(--mantine-color-green-8)"
                                  aria-hidden
                                />
                              ) : null
                            }
                            description={
                              <VisuallyHidden>{step.filled ? T.filled : T.notFilled}</VisuallyHidden>
                            }
                            styles={{ label: { whiteSpace: "normal" } }}
                          />
                        ))}
                      </div>
                    );
                  })}
                </Stack>
              </nav>
            </Stack>
          </Paper>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 8, lg: 9 }}>{children}</Grid.Col>
      </Grid>
    </>
  );
}
