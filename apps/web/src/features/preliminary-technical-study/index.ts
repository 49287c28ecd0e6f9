export { PreliminaryTechnicalStudyPage } from "./PreliminaryTechnicalStudyPage";
