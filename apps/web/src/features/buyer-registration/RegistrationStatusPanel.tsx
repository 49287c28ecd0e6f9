import { formatBrasiliaDateTime } from "@certame/domain";
import { Alert, Text } from "@mantine/core";
import { IconAlertTriangle, IconCircleCheck, IconClockHour4 } from "@tabler/icons-react";
import type { BuyerRegistrationView } from "./api";
import { READABLE_TITLE } from "./TermsSections";
import { BUYER_REGISTRATION_TEXTS as T } from "./texts";

/** The registration's state (§4 "Buyer registration"): under analysis with its due time, approved, or rejected with the reason. */
export function RegistrationStatusPanel({ view }: { view: BuyerRegistrationView }) {
  if (view.registrationStatus === "PENDING")
    return (
      <Alert
        color="blue"
        variant="light"
        icon={<IconClockHour4 size={20} />}
        title={T.pendingTitle}
        role="status"
      >
        {view.analysisDueAt ? T.pendingText(formatBrasiliaDateTime(view.analysisDueAt)) : null}
      </Alert>
    );
  if (view.registrationStatus === "APPROVED")
    return (
      <Alert
        color="teal"
        variant="light"
        icon={<IconCircleCheck size={20} />}
        title={T.approvedTitle}
        styles={READABLE_TITLE}
      >
        {T.approvedText}
      </Alert>
    );
  if (view.registrationStatus === "REJECTED")
    return (
      <Alert
        color="red"
        variant="light"
        icon={<IconAlertTriangle size={20} />}
        title={T.rejectedTitle}
        styles={READABLE_TITLE}
      >
        <Text size="sm">{T.rejectedText}</Text>
        <Text size="sm" mt={6} style={{ whiteSpace: "pre-wrap" }} data-testid="rejection-reason">
          {view.rejection?.reason}
        </Text>
      </Alert>
    );
  return null;
}
