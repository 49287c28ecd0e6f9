// The planning wizards' shared frame and steps (planning §2.4, §2.5 people steps, §2.11 modals).

export { PEOPLE_TEXTS, ResponsiblesStep, SecretariesStep } from "./PeopleSteps";
export { PlanningWizard, type WizardSection, type WizardStep } from "./PlanningWizard";
export { useProcessHeader } from "./useProcessHeader";
export { useWizardSteps } from "./useWizardSteps";
export { WizardStepPage } from "./WizardStepPage";
export { isFilled, nextStepKey, processAdminPath, WIZARD_TEXTS } from "./wizard-model";
