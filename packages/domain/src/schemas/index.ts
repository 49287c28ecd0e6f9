export * from "./auth.schema";
export * from "./lots.schema";
export * from "./notice-list.schema";
export * from "./products.schema";
export * from "./reference.schema";
export * from "./suppliers.schema";
export * from "./winners.schema";
export { z } from "./zod";
