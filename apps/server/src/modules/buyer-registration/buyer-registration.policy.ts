import { canPlanProcesses, hasOnlyRestrictedRoles } from "@certame/domain";
import { forbidden } from "../../http/errors";
import type { SessionUser } from "../auth/auth.service";

export const BUYER_ONLY_MESSAGE = "Ação disponível apenas para órgãos compradores.";
export const NO_BODY_MESSAGE =
  "Seu usuário ainda não tem um órgão cadastrado. Preencha os dados do órgão primeiro.";
export const RESTRICTED_PROFILE_MESSAGE = "Seu perfil de acesso não permite alterar o cadastro do órgão.";

/** A public body's user (kind BUYER), with or without a body yet (the registrant of §2.11). */
export function requireBuyerKind(user: SessionUser): SessionUser {
  if (user.kind !== "BUYER") throw forbidden(BUYER_ONLY_MESSAGE);
  return user;
}

/**
 * Who edits a body's registration (§2.11; §2.2 hides 'Renovação de cadastro' from the restricted
 * profiles, and the server enforces it): the body's own account, its competent authority, or a staff
 * member with at least one unrestricted profile.
 */
export function requireRegistrationEditor(user: SessionUser): { buyerId: string; user: SessionUser } {
  requireBuyerKind(user);
  const buyer = user.buyer;
  if (!buyer) throw forbidden(NO_BODY_MESSAGE);
  if (!buyer.isBuyerAccount && !buyer.isCompetentAuthority && hasOnlyRestrictedRoles(buyer.staffRoles))
    throw forbidden(RESTRICTED_PROFILE_MESSAGE);
  if (!buyer.isBuyerAccount && !buyer.isCompetentAuthority && buyer.staffRoles.length === 0)
    throw forbidden(RESTRICTED_PROFILE_MESSAGE);
  return { buyerId: buyer.id, user };
}

/** The one profile a planner may give a responsible person (planning §6: SECRETARY_MEMBER by default). */
export const PLANNER_GRANTABLE_ROLE = "SECRETARY_MEMBER" as const;
export const PLANNER_STAFF_MESSAGE =
  "No planejamento, responsáveis são cadastrados e alterados apenas com o perfil de membro de secretaria.";

/**
 * Who registers requesting areas and responsible people: a registration editor, or a planner of the
 * body (planning §2.5 and §2.11 put 'Cadastrar Área Requisitante' and 'Cadastrar Responsável' in the
 * wizards the restricted profiles use). A planner alone only creates and edits responsibles whose
 * profile is SECRETARY_MEMBER, so planning never hands out a wider access than its own.
 */
export function requirePeopleEditor(user: SessionUser): {
  buyerId: string;
  user: SessionUser;
  plannerOnly: boolean;
} {
  requireBuyerKind(user);
  const buyer = user.buyer;
  if (!buyer) throw forbidden(NO_BODY_MESSAGE);
  try {
    return { ...requireRegistrationEditor(user), plannerOnly: false };
  } catch (error) {
    if (!canPlanProcesses(buyer)) throw error;
    return { buyerId: buyer.id, user, plannerOnly: true };
  }
}

/** Exactly the profile a planner may give: SECRETARY_MEMBER alone. */
export const isPlannerGrant = (roles: readonly string[]) =>
  roles.length === 1 && roles[0] === PLANNER_GRANTABLE_ROLE;

export function assertPlannerGrant(roles: readonly string[]) {
  if (!isPlannerGrant(roles)) throw forbidden(PLANNER_STAFF_MESSAGE);
}

/**
 * A staff row's profiles are grantable by the caller: a planner (whatever else it is) may give
 * SECRETARY_MEMBER alone — the responsible of the planning wizards —; a planner only may give nothing
 * else; otherwise `grantable` (the registration rule) decides.
 */
export function assertStaffGrant(
  user: SessionUser,
  plannerOnly: boolean,
  roles: readonly string[],
  grantable: () => void,
) {
  if (user.buyer && canPlanProcesses(user.buyer) && isPlannerGrant(roles)) return;
  if (plannerOnly) throw forbidden(PLANNER_STAFF_MESSAGE);
  grantable();
}
