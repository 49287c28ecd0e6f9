export * from "./auth.schema";
export * from "./notice-list.schema";
export * from "./reference.schema";
export { z } from "./zod";
