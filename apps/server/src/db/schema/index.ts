export * from "./buyers";
export * from "./catalog";
export * from "./event-log";
export * from "./files";
export * from "./notices";
export * from "./reference";
export * from "./suppliers";
export * from "./users";
