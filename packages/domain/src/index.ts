export * from "./enums/judgement";
export * from "./enums/lot-phase";
export * from "./enums/modality";
export * from "./enums/notice-status";
export * from "./enums/staff-role";
export * from "./enums/user-kind";
