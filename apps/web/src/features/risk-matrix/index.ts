// The Risk Matrix wizard (planning §2.7).
export { RiskMatrixPage } from "./RiskMatrixPage";
