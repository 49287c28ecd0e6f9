import { useState } from "react";
import { useNavigate } from "react-router";
import { nextStepKey, processAdminPath } from "./wizard-model";

/**
 * The current sub-step of a planning wizard (§2.4): picking a sub-step selects it; after a save the
 * wizard moves to the next one in menu order, or to the process administration page after the last.
 * When the menu changes (an ETP or a matrix dispensed) and the chosen step left it, the first is current.
 */
export function useWizardSteps(processId: string, orderedKeys: readonly string[], initialKey?: string) {
  const navigate = useNavigate();
  const [chosen, setChosen] = useState<string>(initialKey ?? orderedKeys[0] ?? "");
  const current = orderedKeys.includes(chosen) ? chosen : (orderedKeys[0] ?? "");
  const next = () => {
    const following = nextStepKey(orderedKeys, current);
    if (following) setChosen(following);
    else navigate(processAdminPath(processId));
  };
  return { current, select: setChosen, next };
}
