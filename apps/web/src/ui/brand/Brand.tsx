import { Group, Stack, Text, VisuallyHidden } from "@mantine/core";
import { Link } from "react-router";
import classes from "./Brand.module.css";

/**
 * The platform's wordmark, a link to `to`. Its accessible name is its visible text followed by
 * where it goes ("Certame Compras públicas — página inicial"), so a speech user can say what they see.
 */
export function Brand({ to, inverted = false }: { to: string; inverted?: boolean }) {
  return (
    <Link to={to} className={classes.link}>
      <Group gap={10} wrap="nowrap">
        <svg width="34" height="34" viewBox="0 0 32 32" aria-hidden="true" className={classes.mark}>
          <rect width="32" height="32" rx="7" fill={inverted ? "#ffffff" : "#0b3d91"} />
          <path
            d="M9 16.5l4.5 4.5L23 11.5"
            fill="none"
            stroke={inverted ? "#0b3d91" : "#ffffff"}
            strokeWidth="3"
            strokeLinecap="round"
            strokeLinejoin="round"
          />
        </svg>
        <Stack gap={0}>
          <Text fw={750} fz={19} lh={1.1} c={inverted ? "white" : "certame.8"} className={classes.name}>
            Certame
          </Text>
          <Text
            fz={11}
            lh={1.2}
            c={inverted ? "certame.1" : "dimmed"}
            tt="uppercase"
            lts="0.06em"
            visibleFrom="xs"
          >
            Compras públicas
          </Text>
        </Stack>
        <VisuallyHidden> — página inicial</VisuallyHidden>
      </Group>
    </Link>
  );
}
