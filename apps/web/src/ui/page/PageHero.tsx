import { Container, Text, Title } from "@mantine/core";
import type { ReactNode } from "react";
import { usePageTitle } from "../page-title";
import classes from "./PageHero.module.css";

/** The title band at the top of a public page; it also names the browser tab. */
export function PageHero({
  title,
  lead,
  children,
}: {
  title: string;
  lead?: ReactNode;
  children?: ReactNode;
}) {
  usePageTitle(title);
  return (
    <section className={classes.hero}>
      <Container size="xl">
        <Title order={1} className={classes.title}>
          {title}
        </Title>
        {lead && (
          <Text className={classes.lead} mt="xs">
            {lead}
          </Text>
        )}
        {children}
      </Container>
    </section>
  );
}
