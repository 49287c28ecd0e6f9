export * from "./enums/lot-phase";
export * from "./enums/modality";
export * from "./enums/notice-status";
