import { hasOnlyRestrictedRoles } from "@certame/domain";
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
