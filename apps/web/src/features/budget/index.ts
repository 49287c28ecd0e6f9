// The budget (price research report) screen and the price search modal (planning §2.8, §2.9).
export { BudgetPage } from "./BudgetPage";
