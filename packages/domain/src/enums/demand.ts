// Demand formalization (planning §2.5, §3 "Demand formalization", §4 "Purchase priority").
export const DEMAND_PRIORITIES = ["LOW", "MEDIUM", "HIGH"] as const;
export type DemandPriority = (typeof DEMAND_PRIORITIES)[number];

export const DEMAND_PRIORITY_LABELS: Record<DemandPriority, string> = {
  LOW: "Baixa",
  MEDIUM: "Média",
  HIGH: "Alta",
};

/** The priority justification is required only for a high priority. */
export const isPriorityJustificationRequired = (priority: DemandPriority): boolean => priority === "HIGH";

export const ITEM_TYPES = ["MATERIAL", "SERVICE"] as const;
export type ItemType = (typeof ITEM_TYPES)[number];

export const ITEM_TYPE_LABELS: Record<ItemType, string> = {
  MATERIAL: "Material",
  SERVICE: "Serviço",
};
