import { Alert, List } from "@mantine/core";
import { useQuery } from "@tanstack/react-query";
import { checkPncpNotice, pncpKeys } from "./api";
import { PNCP_TEXTS } from "./texts";

/**
 * In the notice wizard, before publication: why the national portal would refuse the notice as it
 * is saved (its codes against the portal's conformity tables, manual §5.18, §5.19, §5.22). Nothing
 * when it conforms or does not go to the portal.
 */
export function PncpCheckAlert({ noticeId }: { noticeId: string }) {
  const check = useQuery({ queryKey: pncpKeys.check(noticeId), queryFn: () => checkPncpNotice(noticeId) });
  const problems = check.data?.problems ?? [];
  if (problems.length === 0) return null;
  return (
    <Alert color="orange" variant="light" title={PNCP_TEXTS.checkTitle}>
      <List size="sm" spacing={4}>
        {problems.map((p) => (
          <List.Item key={p}>{p}</List.Item>
        ))}
      </List>
    </Alert>
  );
}
